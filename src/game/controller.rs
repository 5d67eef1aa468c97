//! The live game's state machine, free of any UI: who may tap what, playing, undo (per mode),
//! the turn clock ([`super::clock`]), the computer's turns ([`super::computer_turn`]), the hint
//! ([`super::hint`]), and what the players agree on besides their moves: resigning, a draw
//! between friends, the swap rule ([`super::agreements`]).
//!
//! Every change of the game bumps a generation number. A request to the computer or for a hint
//! carries the generation it was made in, and an answer is only played if nothing has changed
//! since, so an answer that arrives after an undo, a new game or leaving the screen is dropped.
//!
//! What happened is recorded as events ([`super::events`]), each with its generation, for the
//! parts that react to the game; picking up or putting down a piece records none.

use duobao_engine::{Level, ThinkError};
use duobao_rules::{Color, Concession, Game, Move, Ply, Position};

use super::agreements::{resigning_side, Agreements};
use super::clock::{PauseReason, Tick, TurnClock};
use super::computer_turn::{AiOutcome, AiRequest, ComputerTurn};
use super::events::{EventLog, GameEvent};
use super::hint::{Hint, HintAnswer, HintRequest, Hints};
use crate::board::Marks;
use crate::platform::now_ms;
use crate::session::{GameSetup, Mode, Records, SavedGame, SwapRule};

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
    /// When the game started (see [`SavedGame::started_ms`]).
    started_ms: u64,
    agreements: Agreements,
    events: EventLog,
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

    /// A new game from the start with the colours swapped, under the same swap rule.
    pub fn rematch(&mut self) {
        self.start(GameSetup {
            mode: self.mode.swapped(),
            start: Position::start(),
            turn_seconds: self.clock.limit_seconds(),
            swap: SwapRule::chosen(self.agreements.swap_rule().is_played()),
        });
    }

    /// Carries on with a saved game.
    pub fn resume(&mut self, saved: SavedGame) {
        self.replace_game(GameSetup {
            mode: saved.mode,
            start: *saved.game.start_position(),
            turn_seconds: saved.turn_seconds,
            swap: saved.swap,
        });
        let records = saved.records();
        self.game = saved.game;
        self.hints = Hints::with_used(saved.hints);
        self.started_ms = saved.started_ms;
        self.after_change();
        if let Some(time_left_ms) = saved.time_left_ms {
            self.clock.carry_on(time_left_ms);
        }
        let between_friends = matches!(self.mode, Mode::PassAndPlay { .. });
        let offered = self
            .agreements
            .resume_draw_offer(saved.draw_offer.filter(|_| between_friends), &self.game);
        if let Some(by) = offered {
            self.notice = Some(Notice::DrawOffered(by));
        }
        self.began(records);
    }

    /// What to keep on the device so that the game can be continued, with what the app has
    /// done with it (`records`): nothing once it is over.
    pub fn saved_game(&self, records: Records) -> Option<SavedGame> {
        (!self.game.is_over()).then(|| SavedGame {
            mode: self.mode,
            turn_seconds: self.clock.limit_seconds(),
            game: self.game.clone(),
            hints: self.hints.used(),
            counted: records.counted,
            time_left_ms: self.clock.remaining_ms(),
            started_ms: self.started_ms,
            kept_as: records.kept_as,
            swap: self.agreements.swap_rule(),
            draw_offer: self.agreements.draw_offer(),
        })
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

    /// Whether the player to move may swap now, instead of replying.
    pub fn can_swap(&self) -> bool {
        self.agreements.swap_open(&self.game) && self.is_human_turn()
    }

    /// Whether the player to move is asked now whether to swap.
    pub fn swap_offered(&self) -> bool {
        self.can_swap() && !self.agreements.swap_declined()
    }

    /// The player to move keeps Black and answers Red's first move.
    pub fn decline_swap(&mut self) {
        self.agreements.decline_swap();
    }

    /// The player to move, Black on its first turn, takes over Red's side.
    pub fn swap_sides(&mut self) {
        if self.can_swap() {
            self.take_over_red();
        }
    }

    /// The computer, as Black, takes over Red's side for the request of `generation`, unless it
    /// is stale (see [`super::computer_turn::SwapTurn`]).
    pub fn ai_swap(&mut self, generation: u64) -> AiOutcome {
        if generation != self.generation
            || !self.is_ai_turn()
            || !self.agreements.swap_open(&self.game)
        {
            return AiOutcome::Stale;
        }
        self.take_over_red();
        AiOutcome::Played
    }

    /// The position stays and Black is still to move: only who plays which side changes.
    fn take_over_red(&mut self) {
        self.mode = self.mode.swapped();
        self.agreements.take_swap();
        self.after_change();
        self.notice = Some(Notice::SidesSwapped);
        self.record(GameEvent::Swapped);
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
        !self.game.is_over() && self.mode.plays_here(self.turn())
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
            Some(Concession::DrawAgreed) => false,
            None if self.game.is_over() => self.game.plies().last().is_some_and(|p| p.mover == me),
            None => self.turn() != me,
        }
    }

    /// What the board shows over the position besides the piece the player picks up: the hint.
    pub fn marks(&self) -> Marks {
        Marks {
            hint: match self.hint() {
                Some(Hint::Move(m)) => Some(m),
                _ => None,
            },
            ..Marks::default()
        }
    }

    /// Hints shown in this game.
    pub fn hints_used(&self) -> u32 {
        self.hints.used()
    }

    /// The hint for the current position, if one was asked for.
    pub fn hint(&self) -> Option<Hint> {
        self.hints.current(self.generation)
    }

    /// The engine's answer to the hint shown.
    pub fn hint_shown(&self) -> Option<&HintAnswer> {
        self.hints.answer_shown(self.generation)
    }

    /// Whether the hint button can be used now: on a player's turn, with no hint yet; never in
    /// a game by link, where the friend plays without an engine too.
    pub fn can_hint(&self) -> bool {
        self.is_human_turn() && self.hint().is_none() && !self.mode.is_by_link()
    }

    /// Asks for a hint; what the engine should think about, if a hint can be had now.
    pub fn request_hint(&mut self) -> Option<HintRequest> {
        if !self.can_hint() {
            return None;
        }
        self.hints.ask(self.generation);
        self.hint_request()
    }

    /// What the engine thinks about for the hint asked for, until it answers or the game changes.
    pub fn hint_request(&self) -> Option<HintRequest> {
        (self.hint() == Some(Hint::Thinking)).then(|| HintRequest {
            generation: self.generation,
            game: self.game.clone(),
        })
    }

    /// Shows the engine's suggestion for the request of `generation`, unless it is stale.
    /// Returns whether it is shown; a shown hint counts as used.
    pub fn hint_answer(&mut self, generation: u64, answer: Option<HintAnswer>) -> bool {
        let shown = generation == self.generation
            && self.hints.answer(generation, answer, self.game.position());
        if shown {
            self.record(GameEvent::HintShown);
        }
        shown
    }

    /// Who would resign now (see [`resigning_side`]).
    pub fn resigning_side(&self) -> Option<Color> {
        resigning_side(self.mode, &self.game)
    }

    /// The [`Controller::resigning_side`] gives the game up: the game is over, for good.
    pub fn resign(&mut self) {
        if let Some(side) = self.resigning_side() {
            self.conclude(Concession::Resigned(side));
        }
    }

    /// Whether the side to move may offer a draw now: between friends, once a turn.
    pub fn can_offer_draw(&self) -> bool {
        self.agreements
            .can_offer_draw(self.mode, self.is_human_turn())
    }

    /// The side to move offers a draw; the other side is asked once this turn is over.
    pub fn offer_draw(&mut self) {
        if self.can_offer_draw() {
            let by = self.turn();
            self.agreements.offer_draw(by, self.game.plies().len());
            self.notice = Some(Notice::DrawOffered(by));
            self.record(GameEvent::DrawOffered(by));
        }
    }

    /// The side that offered the draw the side to move must answer now, if any.
    pub fn draw_offered_by(&self) -> Option<Color> {
        self.agreements.draw_offered_by(&self.game)
    }

    /// The side to move answers the draw offered: accepted, the game ends drawn; declined, play
    /// goes on and the offerer is told.
    pub fn answer_draw(&mut self, accept: bool) {
        let Some(by) = self.agreements.answer_draw(&self.game) else {
            return;
        };
        if accept {
            self.conclude(Concession::DrawAgreed);
        } else {
            let decliner = by.other();
            self.notice = Some(Notice::DrawDeclined(decliner));
            self.record(GameEvent::DrawDeclined(decliner));
        }
    }

    fn conclude(&mut self, concession: Concession) {
        if self.game.concede(concession).is_ok() {
            self.notice = None;
            self.after_change();
            self.record(match concession {
                Concession::Resigned(side) => GameEvent::Resigned(side),
                Concession::DrawAgreed => GameEvent::DrawAgreed,
            });
            self.record_the_end();
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
        self.game.plies().len() > plies
    }

    /// What the computer should think about now, if anything.
    pub fn ai_request(&self) -> Option<AiRequest> {
        match self.mode {
            Mode::VsAi { level, .. } if self.is_ai_turn() && !self.is_ai_stuck() => {
                Some(AiRequest {
                    generation: self.generation,
                    attempt: self.computer.attempt(),
                    game: self.game.clone(),
                    level,
                    swap_rule: self.agreements.swap_rule() == SwapRule::On,
                })
            }
            _ => None,
        }
    }

    /// Plays the computer's answer to the request of `generation`, unless it is stale. A
    /// failure (no move, or a broken search; an illegal move counts as one) asks again once,
    /// then waits for the player: see [`Controller::is_ai_stuck`].
    pub fn ai_answer(&mut self, generation: u64, answer: Result<Move, ThinkError>) -> AiOutcome {
        if generation != self.generation || !self.is_ai_turn() || self.is_ai_stuck() {
            return AiOutcome::Stale;
        }
        let error = match answer {
            Err(ThinkError::Cancelled) => return AiOutcome::Stale,
            Ok(chosen) => match self.game.play(Ply::Move(chosen)) {
                Ok(_) => {
                    self.notice = None;
                    self.after_ply(false);
                    return AiOutcome::Played;
                }
                Err(illegal) => ThinkError::Failed(format!("it chose {chosen}: {illegal}")),
            },
            Err(error) => error,
        };
        let outcome = self.computer.fail(error);
        self.clock
            .set_paused(PauseReason::AiStuck, self.is_ai_stuck());
        outcome
    }

    /// Whether the computer failed to move twice in a row and the player must choose.
    pub fn is_ai_stuck(&self) -> bool {
        self.computer.is_stuck()
    }

    /// The player asks the stuck computer to try again.
    pub fn retry_ai(&mut self) {
        if self.computer.retry() {
            self.clock.set_paused(PauseReason::AiStuck, false);
        }
    }

    /// The player plays on without the stuck computer's move: its turn passes, as when its time
    /// runs out.
    pub fn skip_ai_turn(&mut self) {
        if self.is_ai_stuck() {
            self.play(Ply::Pass);
        }
    }

    /// Takes effect from the computer's next move.
    pub fn set_level(&mut self, new_level: Level) {
        if let Mode::VsAi { level, .. } = &mut self.mode {
            if *level != new_level {
                *level = new_level;
                self.record(GameEvent::LevelChanged(new_level));
            }
        }
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
            Mode::ByLink { .. } => 0,
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

    pub fn set_paused(&mut self, reason: PauseReason, paused: bool) {
        self.clock.set_paused(reason, paused);
    }

    /// Lets real time go by on the turn clock; at zero the turn passes.
    pub fn tick(&mut self, elapsed_ms: u64) -> Tick {
        let tick = self.clock.tick(elapsed_ms);
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
        self.clock.set_paused(PauseReason::Overlay, covered);
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
    use crate::game::events::Follower;
    use crate::game::test_support::{
        game_from, hint_of, mv, pass_and_play, tap_move, to_count, vs_ai,
    };
    use duobao_rules::{GameResult, WinReason};

    #[test]
    fn a_saved_game_resumes_with_its_mode_clock_setting_and_moves() {
        let mut controller = vs_ai(Color::Black);
        assert_eq!(
            controller.ai_answer(controller.generation(), Ok(mv("b2c2"))),
            AiOutcome::Played
        );
        tap_move(&mut controller, "b4c4");
        let saved = controller.saved_game(Records::default()).unwrap();
        let mut resumed = pass_and_play(duobao_rules::START_FEN);
        let before = resumed.generation();
        resumed.resume(saved);
        assert_eq!(resumed.mode(), controller.mode());
        assert_eq!(resumed.game(), controller.game());
        assert_eq!(resumed.clock().limit_seconds(), Some(60));
        assert!(
            resumed.generation() > before,
            "answers for the old game are stale"
        );
        assert!(resumed.is_ai_turn());
    }

    #[test]
    fn leaving_and_continuing_keeps_the_time_left_on_the_clock() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        controller.tick(2_300);
        let saved = controller.saved_game(Records::default()).unwrap();
        assert_eq!(saved.time_left_ms, Some(2_700));
        let json = serde_json::to_string(&saved).unwrap();
        let mut resumed = vs_ai(Color::Red);
        resumed.resume(serde_json::from_str(&json).unwrap());
        assert_eq!(resumed.clock().seconds_left(), Some(3));
        assert_eq!(resumed.tick(700), Tick::Changed);
        assert_eq!(resumed.clock().seconds_left(), Some(2));
        // A game saved before the clock was kept starts the turn afresh.
        let mut old = saved;
        old.time_left_ms = None;
        resumed.resume(old);
        assert_eq!(resumed.clock().seconds_left(), Some(5));
    }

    #[test]
    fn flipped_sides_are_kept_with_the_game() {
        let mut friends = pass_and_play(duobao_rules::START_FEN);
        friends.flip_sides();
        assert_eq!(friends.bottom(), Color::Black);
        let mut resumed = vs_ai(Color::Red);
        resumed.resume(friends.saved_game(Records::default()).unwrap());
        assert_eq!(resumed.bottom(), Color::Black);
    }

    #[test]
    fn a_finished_game_is_not_kept() {
        let mut controller = pass_and_play("B../...../.RT../...R./... r - 0");
        assert!(controller.saved_game(Records::default()).is_some());
        tap_move(&mut controller, "d2d3");
        assert!(controller.game().is_over());
        assert_eq!(controller.saved_game(Records::default()), None);
    }

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
    fn the_players_move_is_refused_while_the_computer_is_to_move() {
        let mut controller = vs_ai(Color::Black);
        assert!(controller.is_ai_turn());
        assert!(!controller.play_move(mv("b2c2")));
        assert!(controller.game().plies().is_empty());
    }

    #[test]
    fn the_computer_is_asked_once_per_turn_and_its_answer_played() {
        let mut controller = vs_ai(Color::Red);
        assert!(controller.ai_request().is_none());
        tap_move(&mut controller, "b2c2");
        let request = controller.ai_request().expect("the computer is to move");
        assert_eq!(request.game.plies().len(), 1);
        assert_eq!(
            controller.ai_answer(request.generation, Ok(mv("b4b3"))),
            AiOutcome::Played
        );
        assert!(controller.ai_request().is_none());
        assert!(controller.is_human_turn());
        assert_eq!(
            controller.ai_answer(request.generation, Ok(mv("d4d3"))),
            AiOutcome::Stale,
            "a second answer to the same request is stale"
        );
    }

    #[test]
    fn an_answer_after_undo_is_discarded() {
        let mut controller = vs_ai(Color::Red);
        tap_move(&mut controller, "b2c2");
        let request = controller.ai_request().unwrap();
        assert!(
            controller.undo(),
            "the player may take back a move while the computer thinks"
        );
        assert_eq!(controller.game().plies().len(), 0);
        assert_eq!(
            controller.ai_answer(request.generation, Ok(mv("b4b3"))),
            AiOutcome::Stale
        );
        assert_eq!(controller.game().plies().len(), 0);
    }

    #[test]
    fn an_answer_after_a_new_game_is_discarded() {
        let mut controller = vs_ai(Color::Red);
        tap_move(&mut controller, "b2c2");
        let request = controller.ai_request().unwrap();
        controller.start(GameSetup {
            mode: Mode::VsAi {
                human: Color::Black,
                level: Level::Easy,
            },
            start: Position::start(),
            turn_seconds: None,
            swap: SwapRule::Off,
        });
        let fresh = controller.ai_request().unwrap();
        assert!(fresh.generation > request.generation);
        assert_eq!(
            controller.ai_answer(request.generation, Ok(mv("b2c2"))),
            AiOutcome::Stale
        );
        assert_eq!(controller.game().plies().len(), 0);
        assert_eq!(
            controller.ai_answer(fresh.generation, Ok(mv("b2c2"))),
            AiOutcome::Played
        );
    }

    #[test]
    fn an_answer_after_leaving_is_discarded() {
        let mut controller = vs_ai(Color::Red);
        tap_move(&mut controller, "b2c2");
        let request = controller.ai_request().unwrap();
        controller.leave();
        assert_eq!(
            controller.ai_answer(request.generation, Ok(mv("b4b3"))),
            AiOutcome::Stale
        );
        let again = controller.ai_request().unwrap();
        assert_eq!(
            controller.ai_answer(again.generation, Ok(mv("b4b3"))),
            AiOutcome::Played
        );
    }

    #[test]
    fn a_new_level_applies_from_the_next_request() {
        let mut controller = vs_ai(Color::Black);
        controller.set_level(Level::Master);
        assert_eq!(controller.ai_request().unwrap().level, Level::Master);
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
            mode: Mode::ByLink { me },
            turn_seconds: None,
            game: crate::game::test_support::game_from(duobao_rules::START_FEN, plies),
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
            game: crate::game::test_support::game_from("BBB/BB.BB/.RT../...R./... r - 0", &[]),
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
}
