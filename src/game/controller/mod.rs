//! The live game's turn flow, free of any UI: who may tap what, playing, undo (per mode), the
//! turn clock (`clock.rs`). Its other parts are kept apart, each with its tests, as the clock
//! is: the computer's turns (`computer.rs`), the hint (`hint.rs`), what the players agree on
//! besides their moves (`agreements.rs`) and the saved game both ways (`saved.rs`). What a game
//! against an opponent on this device and one online do differently is one seam
//! (`opponent.rs`), its online side `online.rs` over `online_play.rs`.
//!
//! The controller's fields are this folder's alone: the rest of the game screen reads and
//! changes the game through its methods.
//!
//! Every change of the game bumps a generation number. A request to the computer or for a hint
//! carries the generation it was made in, and an answer is only played if nothing has changed
//! since, so an answer that arrives after an undo, a new game or leaving the screen is dropped.
//!
//! What happened is recorded as events ([`crate::session::events`]), each with its generation,
//! for the parts that follow the game; picking up or putting down a piece records none.

mod agreements;
mod clock;
mod computer;
mod hint;
mod online;
mod online_play;
mod opponent;
mod saved;
#[cfg(test)]
pub(super) mod test_support;

use duobao_rules::{Color, Concession, Game, Move, Ply};

use crate::platform::now_ms;
use crate::session::events::{EventLog, GameEvent};
use crate::session::{GameSetup, Mode, Records};
use agreements::Agreements;
use clock::TurnClock;
use computer::ComputerTurn;
use hint::Hints;
use online::OnlineOpponent;
use opponent::{LocalOpponent, Opponent};

pub use clock::{format_seconds, PauseReason, Tick};
pub use computer::{AiOutcome, AiRequest, SwapTurn};
pub use hint::{Hint, HintAnswer, HintRequest, HINT_LEVEL};
pub use online::Heard;
pub use online_play::{Connection, Lost, OnlinePlay, Status};

/// Something the players should be told about.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Notice {
    /// This side's time ran out and its turn was passed.
    TimedOut(Color),
    /// This side offered a draw: the other answers after its move.
    DrawOffered(Color),
    /// This side declined the draw the other offered.
    DrawDeclined(Color),
    /// Black took over Red's side by the swap rule: the player who opened now plays Black.
    SidesSwapped,
}

#[derive(Clone, Debug)]
pub struct Controller {
    game: Game,
    mode: Mode,
    generation: u64,
    clock: TurnClock,
    notice: Option<Notice>,
    computer: ComputerTurn,
    hints: Hints,
    /// When the game started (see [`crate::session::SavedGame::started_ms`]).
    started_ms: u64,
    agreements: Agreements,
    events: EventLog,
    /// The game's side on the server, in a game played online.
    online: Option<OnlinePlay>,
}

impl Controller {
    pub fn new(setup: GameSetup) -> Controller {
        let mut controller = Controller::unstarted(setup);
        controller.after_change();
        controller.began(Records {
            counted: controller.game.is_over(),
            kept_as: None,
        });
        controller
    }

    fn unstarted(setup: GameSetup) -> Controller {
        Controller {
            game: Game::from_position(setup.start),
            mode: setup.mode,
            clock: TurnClock::new(setup.turn_seconds),
            generation: 0,
            notice: None,
            computer: ComputerTurn::default(),
            hints: Hints::default(),
            started_ms: now_ms(),
            agreements: Agreements::new(setup.swap),
            events: EventLog::default(),
            online: None,
        }
    }

    /// Starts another game on this screen. Generations keep counting up, so that no answer
    /// meant for the previous game can be taken for one in this game.
    pub fn start(&mut self, setup: GameSetup) {
        self.replace_game(setup);
        let counted = self.game.is_over();
        self.began(Records {
            counted,
            kept_as: None,
        });
    }

    /// Another game in place of this one, not yet told as begun: the page's hidden pause, the
    /// generation and the events go on.
    fn replace_game(&mut self, setup: GameSetup) {
        let next_generation = self.generation + 1;
        let hidden = self.clock.is_paused_by(PauseReason::Hidden);
        let events = std::mem::take(&mut self.events);
        *self = Controller::unstarted(setup);
        self.after_change();
        self.generation = next_generation;
        self.events = events;
        self.clock.set_paused(PauseReason::Hidden, hidden);
    }

    /// Records that a game began, with what the app had done with it before, and that it is
    /// over already if it is.
    fn began(&mut self, records: Records) {
        self.record(GameEvent::Started(records));
        if let Some(result) = self.game.result() {
            self.record(GameEvent::Ended(result));
        }
    }

    fn record(&mut self, event: GameEvent) {
        self.events.record(self.generation, event);
    }

    /// What happened, for the parts that react to the game.
    pub fn events(&self) -> &EventLog {
        &self.events
    }

    /// A new game from the start with the colours swapped, under the same swap rule; online,
    /// offered to the opponent (or accepted, when the opponent offered it first).
    pub fn rematch(&mut self) {
        self.opponent().rematch(self);
    }

    /// The opponent's kind: online once the game is the server's, else on this device.
    fn opponent(&self) -> &'static dyn Opponent {
        if self.online.is_some() {
            &OnlineOpponent
        } else {
            &LocalOpponent
        }
    }

    /// When the game started, in milliseconds since 1970.
    pub fn started_ms(&self) -> u64 {
        self.started_ms
    }

    /// See [`Mode::flipped`].
    pub fn flip_sides(&mut self) {
        let flipped = self.mode.flipped();
        if flipped != self.mode {
            self.mode = flipped;
            self.record(GameEvent::SidesFlipped);
        }
    }

    /// The screen is left: any answer still on its way is stale.
    pub fn leave(&mut self) {
        self.generation += 1;
    }

    /// Changes whenever the game does (a ply, an undo, a new game).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn clock(&self) -> &TurnClock {
        &self.clock
    }

    pub fn notice(&self) -> Option<Notice> {
        self.notice
    }

    /// The side shown at the bottom of the screen.
    pub fn bottom(&self) -> Color {
        self.mode.bottom()
    }

    pub fn is_ai_turn(&self) -> bool {
        !self.game.is_over() && self.mode.is_computer(self.turn())
    }

    /// Whether the board answers taps now: on a side played on this phone.
    pub fn is_human_turn(&self) -> bool {
        !self.game.is_over()
            && self.mode.plays_here(self.turn())
            && self.opponent().takes_moves(self)
    }

    /// Whether the player has something to send the friend who plays by link: on the friend's
    /// turn (the player's move, or the invitation before Red's first move), and after the
    /// player's move or resignation that ended the game.
    pub fn can_send(&self) -> bool {
        let Mode::ByLink { me } = self.mode else {
            return false;
        };
        match self.game.concession() {
            Some(Concession::Resigned(side)) => side == me,
            Some(Concession::DrawAgreed | Concession::Abandoned(_)) => false,
            None if self.game.is_over() => self.game.plies().last().is_some_and(|p| p.mover == me),
            None => self.turn() != me,
        }
    }

    /// Records the end of the game if the change just recorded ended it.
    fn record_the_end(&mut self) {
        if let Some(result) = self.game.result() {
            self.record(GameEvent::Ended(result));
        }
    }

    fn turn(&self) -> Color {
        self.game.position().turn()
    }

    /// The player's move, as the board offers it: played on the player's turn when legal. True
    /// when it was played.
    pub fn play_move(&mut self, m: Move) -> bool {
        let plies = self.game.plies().len();
        if self.is_human_turn() {
            self.play(Ply::Move(m));
        }
        let played = self.game.plies().len() > plies;
        if played {
            self.opponent().moved(self, m);
        }
        played
    }

    /// Actions (plies, and the swap once taken) the undo button takes back: against the
    /// computer, back to before the player's own last action (with the computer's after it); in
    /// pass-and-play, one; by link, none (a move is sent as it is played).
    pub fn undo_count(&self) -> usize {
        if !self.game.can_undo() {
            return 0;
        }
        let actions = self.agreements.actions_by(&self.game);
        match self.mode {
            Mode::VsAi { human, .. } => actions
                .iter()
                .rposition(|&seat| seat == human)
                .map_or(0, |last| actions.len() - last),
            Mode::PassAndPlay { .. } => actions.len().min(1),
            Mode::ByLink { .. } | Mode::Online { .. } => 0,
        }
    }

    pub fn undo(&mut self) -> bool {
        let count = self.undo_count();
        for _ in 0..count {
            if self.agreements.take_back_swap(&self.game) {
                self.mode = self.mode.swapped();
            } else {
                self.game.undo();
            }
        }
        if count > 0 {
            self.notice = None;
            self.after_change();
            self.record(GameEvent::Undone);
        }
        count > 0
    }

    /// A reason for the clock to stand still came (`paused`) or went; online the server's clock
    /// runs whatever this device does.
    pub fn set_paused(&mut self, reason: PauseReason, paused: bool) {
        self.opponent().set_paused(self, reason, paused);
    }

    /// Lets real time go by on the turn clock; at zero the turn passes, but online, where the
    /// server passes it.
    pub fn tick(&mut self, elapsed_ms: u64) -> Tick {
        let tick = self.opponent().tick(self, elapsed_ms);
        if tick == Tick::Expired {
            let mover = self.turn();
            if self.game.play(Ply::Pass).is_ok() {
                self.notice = Some(Notice::TimedOut(mover));
                self.after_ply(true);
            }
        }
        tick
    }

    /// While the menu (or a page opened from it) covers the board, the clock waits and no piece
    /// stays picked up.
    pub fn set_covered(&mut self, covered: bool) {
        self.set_paused(PauseReason::Overlay, covered);
    }

    fn play(&mut self, ply: Ply) {
        if self.game.play(ply).is_ok() {
            self.notice = None;
            self.after_ply(false);
        }
    }

    /// After a ply added to the game (a turn that ran out if `timed_out`): a new turn, and the
    /// ply recorded, and the end if it ended the game.
    fn after_ply(&mut self, timed_out: bool) {
        self.after_change();
        if let Some(played) = self.game.plies().last().copied() {
            self.record(match played.ply {
                Ply::Move(_) => GameEvent::Moved {
                    by: played.mover,
                    captured: !played.captured.is_empty(),
                },
                Ply::Pass => GameEvent::Passed {
                    by: played.mover,
                    timed_out,
                },
            });
        }
        self.record_the_end();
    }

    fn after_change(&mut self) {
        self.generation += 1;
        self.computer = ComputerTurn::default();
        self.clock.set_paused(PauseReason::AiStuck, false);
        self.clock.restart();
        let over = self.game.is_over();
        self.clock.set_paused(PauseReason::GameOver, over);
        self.agreements.after_change(self.game.plies().len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feedback::{Happening, Played};
    use crate::session::events::Follower;
    use crate::session::SavedGame;
    use crate::session::SwapRule;
    use duobao_engine::Level;
    use duobao_rules::{GameResult, WinReason};
    use test_support::{game_from, hint_of, mv, pass_and_play, tap_move, to_count, vs_ai};

    #[test]
    fn a_tap_move_plays_and_resets_the_clock() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        controller.tick(2_500);
        assert_eq!(controller.clock().seconds_left(), Some(3));
        tap_move(&mut controller, "b2c2");
        assert_eq!(controller.game().plies().len(), 1);
        assert_eq!(controller.game().position().turn(), Color::Black);
        assert_eq!(controller.clock().seconds_left(), Some(5));
    }

    #[test]
    fn a_capture_is_recorded_with_its_mark() {
        // A black soldier on c2 between b2 and the empty d2; red c1 steps to d2.
        let mut controller = pass_and_play("BBB/.B.B./..T../.RB../.R. r - 0");
        tap_move(&mut controller, "c1d2");
        let played = controller.game().plies()[0];
        assert_eq!(played.to_string(), "c1d2x(c2)");
        assert_eq!(controller.game().soldiers_captured_by(Color::Red), 1);
    }

    #[test]
    fn the_clock_passes_the_turn_at_zero_with_a_notice() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        assert_eq!(controller.tick(5_000), Tick::Expired);
        assert_eq!(controller.game().position().turn(), Color::Black);
        assert_eq!(controller.game().plies()[0].ply, Ply::Pass);
        assert_eq!(controller.notice(), Some(Notice::TimedOut(Color::Red)));
        assert_eq!(controller.clock().seconds_left(), Some(5));
        tap_move(&mut controller, "b4b3");
        assert_eq!(controller.notice(), None);
    }

    #[test]
    fn the_clock_stands_still_while_the_board_is_covered_or_the_page_hidden() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        controller.set_covered(true);
        assert_eq!(controller.tick(60_000), Tick::Quiet);
        controller.set_paused(PauseReason::Hidden, true);
        controller.set_covered(false);
        assert_eq!(controller.tick(60_000), Tick::Quiet);
        assert_eq!(controller.game().plies().len(), 0);
        controller.set_paused(PauseReason::Hidden, false);
        assert_eq!(controller.tick(5_000), Tick::Expired);
    }

    #[test]
    fn a_new_game_keeps_the_page_hidden_pause() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        controller.set_paused(PauseReason::Hidden, true);
        controller.set_covered(true);
        controller.rematch();
        assert!(controller.clock().is_paused_by(PauseReason::Hidden));
        assert!(!controller.clock().is_paused_by(PauseReason::Overlay));
    }

    #[test]
    fn pass_and_play_undoes_one_ply() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        assert_eq!(controller.undo_count(), 0);
        assert!(!controller.undo());
        tap_move(&mut controller, "b2c2");
        tap_move(&mut controller, "b4c4");
        assert!(controller.undo());
        assert_eq!(controller.game().plies().len(), 1);
        assert_eq!(controller.game().position().turn(), Color::Black);
    }

    #[test]
    fn vs_ai_undo_takes_back_the_reply_and_the_players_move() {
        let mut controller = vs_ai(Color::Red);
        tap_move(&mut controller, "b2c2");
        let request = controller.ai_request().unwrap();
        controller.ai_answer(request.generation, Ok(mv("b4b3")));
        assert_eq!(controller.undo_count(), 2);
        assert!(controller.undo());
        assert_eq!(controller.game().plies().len(), 0);
        assert!(controller.is_human_turn());
    }

    #[test]
    fn vs_ai_undo_never_takes_back_only_the_computers_opening_move() {
        let mut controller = vs_ai(Color::Black);
        let request = controller.ai_request().unwrap();
        controller.ai_answer(request.generation, Ok(mv("b2c2")));
        assert_eq!(controller.undo_count(), 0);
        tap_move(&mut controller, "b4b3");
        assert_eq!(controller.undo_count(), 1);
    }

    #[test]
    fn a_treasure_capture_ends_the_game_and_stops_the_clock() {
        // Red soldiers on b3 and d2; the treasure on c3 would be sandwiched by d3.
        let mut controller = pass_and_play("BBB/BB.BB/.RT../...R./... r - 0");
        tap_move(&mut controller, "d2d3");
        let result = controller.game().result();
        assert!(matches!(
            result,
            Some(GameResult::Win(win)) if win.winner == Color::Red && win.reason == WinReason::Treasure
        ));
        assert!(controller.clock().is_paused_by(PauseReason::GameOver));
        assert!(!controller.play_move(mv("b4b3")), "the game is over");
    }

    #[test]
    fn rematch_swaps_the_colours() {
        let mut controller = vs_ai(Color::Red);
        tap_move(&mut controller, "b2c2");
        controller.rematch();
        assert_eq!(controller.bottom(), Color::Black);
        assert!(controller.is_ai_turn());
        assert_eq!(controller.game().plies().len(), 0);
        let mut friends = pass_and_play(duobao_rules::START_FEN);
        friends.rematch();
        assert_eq!(friends.bottom(), Color::Black);
        assert_eq!(
            friends.clock().limit_seconds(),
            Some(5),
            "the same turn time"
        );
    }

    fn by_link(me: Color, plies: &[&str]) -> Controller {
        let mut controller = vs_ai(Color::Red);
        controller.resume(SavedGame {
            online: None,
            mode: Mode::ByLink { me },
            turn_seconds: None,
            game: game_from(duobao_rules::START_FEN, plies),
            hints: 0,
            counted: false,
            time_left_ms: None,
            started_ms: 77,
            kept_as: None,
            swap: SwapRule::Off,
            draw_offer: None,
        });
        controller
    }

    #[test]
    fn by_link_the_board_takes_the_players_own_side_only_and_then_the_move_is_sent() {
        let mut controller = by_link(Color::Black, &[]);
        assert!(!controller.is_human_turn() && !controller.is_ai_turn());
        assert!(
            !controller.play_move(mv("b2c2")),
            "Red's move, the friend's turn"
        );
        assert!(controller.can_send(), "the invitation");
        assert!(controller.ai_request().is_none(), "nobody thinks here");
        let mut controller = by_link(Color::Black, &["b2c2"]);
        assert!(!controller.can_send());
        assert!(!controller.play_move(mv("c2b2")), "Red's soldier");
        tap_move(&mut controller, "b4b3");
        assert!(controller.can_send());
        assert_eq!(
            controller.undo_count(),
            0,
            "a move by link is not taken back"
        );
        assert!(!controller.undo());
        assert!(!controller.can_hint() && controller.request_hint().is_none());
        assert!(!controller.can_offer_draw());
        assert_eq!(controller.clock().limit_seconds(), None, "no clock");
        assert_eq!(
            controller
                .saved_game(Records::default())
                .unwrap()
                .started_ms,
            77,
            "the game's id"
        );
        assert_eq!(
            controller.resigning_side(),
            Some(Color::Black),
            "on either turn"
        );
        controller.resign();
        assert!(controller.can_send(), "the resignation is sent");
        assert_eq!(
            controller.game().result().unwrap().winner(),
            Some(Color::Red)
        );
    }

    #[test]
    fn by_link_the_winning_move_is_sent_and_the_friends_is_not() {
        let mut winner = by_link(Color::Red, &[]);
        winner.resume(SavedGame {
            game: game_from("BBB/BB.BB/.RT../...R./... r - 0", &[]),
            ..winner.saved_game(Records::default()).unwrap()
        });
        tap_move(&mut winner, "d2d3");
        assert!(winner.game().is_over() && winner.can_send());
        let loser = Controller {
            mode: Mode::ByLink { me: Color::Black },
            ..winner.clone()
        };
        assert!(!loser.can_send());
        let (mode, _) = to_count(&loser).unwrap();
        assert_eq!(mode, Mode::ByLink { me: Color::Black });
    }

    /// The events `action` records in `controller`.
    fn recorded(
        controller: &mut Controller,
        action: impl FnOnce(&mut Controller),
    ) -> Vec<GameEvent> {
        let mut follower = Follower::from_now(controller.events());
        action(controller);
        follower.news(controller.events())
    }

    #[test]
    fn covering_the_board_and_leaving_record_nothing() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        let generation = controller.generation();
        let events = recorded(&mut controller, |controller| {
            assert!(!controller.play_move(mv("b2b2")), "not a move");
            controller.set_covered(true);
            controller.set_covered(false);
            controller.leave();
        });
        assert!(events.is_empty(), "{events:?}");
        assert_eq!(
            controller.generation(),
            generation + 1,
            "leaving alone bumps it"
        );
    }

    #[test]
    fn each_change_of_the_game_is_recorded_with_its_generation() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        let moved = |by| GameEvent::Moved {
            by,
            captured: false,
        };
        assert_eq!(
            recorded(&mut controller, |c| tap_move(c, "b2c2")),
            [moved(Color::Red)]
        );
        assert_eq!(
            controller
                .events()
                .since(0)
                .last()
                .map(|logged| logged.generation),
            Some(controller.generation())
        );
        assert_eq!(
            recorded(&mut controller, |c| {
                c.tick(5_000);
            }),
            [GameEvent::Passed {
                by: Color::Black,
                timed_out: true
            }]
        );
        assert_eq!(
            recorded(&mut controller, |c| {
                c.undo();
            }),
            [GameEvent::Undone]
        );
        assert_eq!(
            recorded(&mut controller, Controller::flip_sides),
            [GameEvent::SidesFlipped]
        );
        assert_eq!(
            recorded(&mut controller, Controller::offer_draw),
            [GameEvent::DrawOffered(Color::Black)]
        );
        assert!(
            recorded(&mut controller, |c| c.set_level(Level::Hard)).is_empty(),
            "no level between friends"
        );
        let ended = recorded(&mut controller, Controller::resign);
        assert!(matches!(
            ended.as_slice(),
            [GameEvent::Resigned(Color::Black), GameEvent::Ended(result)]
                if result.winner() == Some(Color::Red)
        ));
        let started = recorded(&mut controller, Controller::rematch);
        assert_eq!(started, [GameEvent::Started(Records::default())]);
    }

    #[test]
    fn a_capture_a_win_a_hint_and_a_level_are_recorded() {
        let mut controller = pass_and_play("BBB/BB.BB/.RT../...R./... r - 0");
        let won = recorded(&mut controller, |c| tap_move(c, "d2d3"));
        assert!(matches!(
            won.as_slice(),
            [GameEvent::Moved { by: Color::Red, captured: true }, GameEvent::Ended(result)]
                if result.winner() == Some(Color::Red)
        ));
        let mut controller = vs_ai(Color::Red);
        assert_eq!(
            recorded(&mut controller, |c| c.set_level(Level::Master)),
            [GameEvent::LevelChanged(Level::Master)]
        );
        let request = controller.request_hint().unwrap();
        assert_eq!(
            recorded(&mut controller, |c| {
                c.hint_answer(request.generation, Some(hint_of(mv("b2c2"))));
            }),
            [GameEvent::HintShown]
        );
    }

    #[test]
    fn a_saved_game_begins_with_its_records_and_its_end_if_it_had_one() {
        let records = Records {
            counted: true,
            kept_as: Some(4),
        };
        let saved = SavedGame {
            online: None,
            mode: Mode::ByLink { me: Color::Black },
            turn_seconds: None,
            game: game_from("BBB/BB.BB/.RT../...R./... r - 0", &["d2d3"]),
            hints: 0,
            counted: true,
            time_left_ms: None,
            started_ms: 77,
            kept_as: Some(4),
            swap: SwapRule::Off,
            draw_offer: None,
        };
        let mut controller = vs_ai(Color::Red);
        let events = recorded(&mut controller, |c| c.resume(saved));
        assert!(matches!(
            events.as_slice(),
            [GameEvent::Started(started), GameEvent::Ended(result)]
                if *started == records && result.winner() == Some(Color::Red)
        ));
    }

    // What the sounds and vibrations hear of the controller's events.

    /// What the player notices of `action` on `controller`.
    fn event(controller: &mut Controller, action: impl FnOnce(&mut Controller)) -> Happening {
        let mut follower = Follower::from_now(controller.events());
        action(controller);
        Happening::of(&follower.news(controller.events()))
    }

    #[test]
    fn one_more_ply_is_a_move_or_a_capture() {
        let fen = "BBB/.B.B./..T../.RB../.R. r - 0";
        let mut controller = pass_and_play(fen);
        let mut played = |text: &str| event(&mut controller, |c| tap_move(c, text)).played;
        assert_eq!(played("c1d2"), Some(Played::Capture));
        assert_eq!(played("b4a4"), Some(Played::Move));
    }

    #[test]
    fn undo_pass_and_a_restored_game_are_silent() {
        let fen = "BBB/.B.B./..T../.RB../.R. r - 0";
        let quiet = Happening::default();
        let mut controller = pass_and_play(fen);
        tap_move(&mut controller, "c1d2");
        tap_move(&mut controller, "b4a4");
        let saved = controller.saved_game(Records::default()).unwrap();
        assert_eq!(
            event(&mut controller, |c| {
                c.undo();
            }),
            quiet,
            "undo"
        );
        assert_eq!(
            event(&mut controller, |c| {
                c.tick(5_000);
            }),
            quiet,
            "a turn ran out"
        );
        let mut fresh = pass_and_play(fen);
        assert_eq!(
            event(&mut fresh, |c| c.resume(saved)),
            quiet,
            "a saved game came back"
        );
        assert_eq!(
            Happening::of(&[
                GameEvent::Moved {
                    by: duobao_rules::Color::Red,
                    captured: false
                },
                GameEvent::Undone
            ]),
            quiet,
            "a move taken back before it was heard"
        );
    }

    #[test]
    fn the_winning_move_also_ends_the_game() {
        // d2d3 sandwiches the treasure on c3.
        let mut controller = pass_and_play("BBB/BB.BB/.RT../...R./... r - 0");
        assert_eq!(
            event(&mut controller, |c| tap_move(c, "d2d3")),
            Happening {
                played: Some(Played::Capture),
                ended: true,
            }
        );
    }
}
