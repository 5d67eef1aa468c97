//! The live game's state machine, free of any UI: who may tap what, playing, undo (per mode),
//! the turn clock, the computer's turns ([`super::computer_turn`]), the hint
//! ([`super::hint`]), resigning, a draw offered and answered between friends, and the swap rule.
//!
//! Every change of the game bumps a generation number. A request to the computer or for a hint
//! carries the generation it was made in, and an answer is only played if nothing has changed
//! since, so an answer that arrives after an undo, a new game or leaving the screen is dropped.

use duobao_ai::{Level, ThinkError};
use duobao_rules::{Color, Concession, Game, GameResult, Move, Ply, Point, Position};

use super::clock::{PauseReason, Tick, TurnClock};
use super::computer_turn::{AiOutcome, AiRequest, ComputerTurn};
use super::hint::{Hint, HintRequest, Hints};
use crate::board::{Marks, Pick, Picker};
use crate::platform::now_ms;
use crate::session::{DrawOffer, GameSetup, Mode, SavedGame, SwapRule};

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

/// What a tap on a point did.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum TapOutcome {
    Ignored,
    Selected,
    Deselected,
    Played,
}

#[derive(Clone, Debug)]
pub struct Controller {
    game: Game,
    mode: Mode,
    picker: Picker,
    generation: u64,
    clock: TurnClock,
    notice: Option<Notice>,
    computer: ComputerTurn,
    hints: Hints,
    /// Whether this game's result went into the statistics (or needs not: it started over).
    counted: bool,
    /// When the game started (see [`SavedGame::started_ms`]).
    started_ms: u64,
    /// Its number in "Your games", once kept there.
    kept_as: Option<u64>,
    draw_offer: Option<DrawOffer>,
    swap: SwapRule,
    /// The player to move chose to answer rather than swap: the question is not asked again
    /// this turn.
    swap_declined: bool,
}

impl Controller {
    pub fn new(setup: GameSetup) -> Controller {
        let mut controller = Controller {
            game: Game::from_position(setup.start),
            mode: setup.mode,
            clock: TurnClock::new(setup.turn_seconds),
            picker: Picker::default(),
            generation: 0,
            notice: None,
            computer: ComputerTurn::default(),
            hints: Hints::default(),
            counted: false,
            started_ms: now_ms(),
            kept_as: None,
            draw_offer: None,
            swap: setup.swap,
            swap_declined: false,
        };
        controller.counted = controller.game.is_over();
        controller.after_change();
        controller
    }

    /// Starts another game on this screen. Generations keep counting up, so that no answer
    /// meant for the previous game can be taken for one in this game.
    pub fn start(&mut self, setup: GameSetup) {
        let next_generation = self.generation + 1;
        let hidden = self.clock.is_paused_by(PauseReason::Hidden);
        *self = Controller::new(setup);
        self.generation = next_generation;
        self.clock.set_paused(PauseReason::Hidden, hidden);
    }

    /// A new game from the start with the colours swapped, under the same swap rule.
    pub fn rematch(&mut self) {
        self.start(GameSetup {
            mode: self.mode.swapped(),
            start: Position::start(),
            turn_seconds: self.clock.limit_seconds(),
            swap: SwapRule::chosen(self.swap.is_played()),
        });
    }

    /// Carries on with a saved game.
    pub fn resume(&mut self, saved: SavedGame) {
        self.start(GameSetup {
            mode: saved.mode,
            start: *saved.game.start_position(),
            turn_seconds: saved.turn_seconds,
            swap: saved.swap,
        });
        self.game = saved.game;
        self.hints = Hints::with_used(saved.hints);
        self.counted = saved.counted;
        self.started_ms = saved.started_ms;
        self.kept_as = saved.kept_as;
        self.after_change();
        if let Some(time_left_ms) = saved.time_left_ms {
            self.clock.carry_on(time_left_ms);
        }
        self.resume_draw_offer(saved.draw_offer);
    }

    /// Takes back a draw offer kept with the game, if it still fits it: made by the side to move
    /// on this very ply, or to be answered by it; a kept offer that does not fit lapses.
    fn resume_draw_offer(&mut self, offer: Option<DrawOffer>) {
        let plies = self.game.plies().len();
        let turn = self.turn();
        let between_friends = matches!(self.mode, Mode::PassAndPlay { .. });
        self.draw_offer = offer.filter(|offer| {
            between_friends
                && !self.game.is_over()
                && match *offer {
                    DrawOffer::Made { by, plies: offered } => by == turn && offered == plies,
                    DrawOffer::ToAnswer { by } => by == turn.other(),
                }
        });
        if let Some(DrawOffer::Made { by, .. }) = self.draw_offer {
            self.notice = Some(Notice::DrawOffered(by));
        }
    }

    /// What to keep on the device so that the game can be continued: nothing once it is over.
    pub fn saved_game(&self) -> Option<SavedGame> {
        (!self.game.is_over()).then(|| SavedGame {
            mode: self.mode,
            turn_seconds: self.clock.limit_seconds(),
            game: self.game.clone(),
            hints: self.hints.used(),
            counted: self.counted,
            time_left_ms: self.clock.remaining_ms(),
            started_ms: self.started_ms,
            kept_as: self.kept_as,
            swap: self.swap,
            draw_offer: self.draw_offer,
        })
    }

    /// When the game started, in milliseconds since 1970.
    pub fn started_ms(&self) -> u64 {
        self.started_ms
    }

    /// Its number in "Your games", once kept there.
    pub fn kept_as(&self) -> Option<u64> {
        self.kept_as
    }

    /// The game is kept in "Your games" as `number`: kept again, it replaces that entry.
    pub fn set_kept_as(&mut self, number: u64) {
        self.kept_as = Some(number);
    }

    /// See [`Mode::flipped`].
    pub fn flip_sides(&mut self) {
        self.mode = self.mode.flipped();
    }

    /// Whether Black may take over Red's side now: on its first turn of a game from the start,
    /// with the swap rule played and not taken.
    fn swap_open(&self) -> bool {
        self.swap == SwapRule::On && !self.game.is_over() && duobao_ai::is_first_reply(&self.game)
    }

    /// Whether the player to move may swap now, instead of replying.
    pub fn can_swap(&self) -> bool {
        self.swap_open() && self.is_human_turn()
    }

    /// Whether the player to move is asked now whether to swap.
    pub fn swap_offered(&self) -> bool {
        self.can_swap() && !self.swap_declined
    }

    /// The player to move keeps Black and answers Red's first move.
    pub fn decline_swap(&mut self) {
        self.swap_declined = true;
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
        if generation != self.generation || !self.is_ai_turn() || !self.swap_open() {
            return AiOutcome::Stale;
        }
        self.take_over_red();
        AiOutcome::Played
    }

    /// The position stays and Black is still to move: only who plays which side changes.
    fn take_over_red(&mut self) {
        self.mode = self.mode.swapped();
        self.swap = SwapRule::Taken;
        self.after_change();
        self.notice = Some(Notice::SidesSwapped);
    }

    /// The screen is left: any answer still on its way is stale.
    pub fn leave(&mut self) {
        self.generation += 1;
        self.picker.clear();
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

    /// What the board shows over the position: the piece picked up, its destinations, the hint.
    pub fn marks(&self) -> Marks {
        Marks {
            hint: match self.hint() {
                Some(Hint::Move(m)) => Some(m),
                _ => None,
            },
            ..self.picker.marks(self.game.position())
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
    pub fn hint_answer(&mut self, generation: u64, answer: Option<Move>) -> bool {
        generation == self.generation && self.hints.answer(generation, answer, self.game.position())
    }

    /// The finished game's mode and result, once, for the statistics: `None` while the game
    /// goes on, once it has been counted, and for a game that was over from its start.
    pub fn uncounted_result(&self) -> Option<(Mode, GameResult)> {
        let result = self.game.result().filter(|_| !self.counted)?;
        Some((self.mode, result))
    }

    /// The result went into the statistics: an undo and another ending will not count again.
    pub fn mark_counted(&mut self) {
        self.counted = true;
    }

    /// Who would resign now: the player against the computer or a friend by link (on either
    /// side's turn), the side to move between friends on one phone; nobody once the game is over.
    pub fn resigning_side(&self) -> Option<Color> {
        if self.game.is_over() {
            return None;
        }
        Some(match self.mode {
            Mode::VsAi { human, .. } | Mode::ByLink { me: human } => human,
            Mode::PassAndPlay { .. } => self.turn(),
        })
    }

    /// The [`Controller::resigning_side`] gives the game up: the game is over, for good.
    pub fn resign(&mut self) {
        if let Some(side) = self.resigning_side() {
            self.conclude(Concession::Resigned(side));
        }
    }

    /// Whether the side to move may offer a draw now: between friends, once a turn.
    pub fn can_offer_draw(&self) -> bool {
        matches!(self.mode, Mode::PassAndPlay { .. })
            && self.is_human_turn()
            && self.draw_offer.is_none()
    }

    /// The side to move offers a draw; the other side is asked once this turn is over.
    pub fn offer_draw(&mut self) {
        if self.can_offer_draw() {
            let by = self.turn();
            let plies = self.game.plies().len();
            self.draw_offer = Some(DrawOffer::Made { by, plies });
            self.notice = Some(Notice::DrawOffered(by));
        }
    }

    /// The side that offered the draw the side to move must answer now, if any.
    pub fn draw_offered_by(&self) -> Option<Color> {
        match self.draw_offer {
            Some(DrawOffer::ToAnswer { by }) if !self.game.is_over() => Some(by),
            _ => None,
        }
    }

    /// The side to move answers the draw offered: accepted, the game ends drawn; declined, play
    /// goes on and the offerer is told.
    pub fn answer_draw(&mut self, accept: bool) {
        let Some(by) = self.draw_offered_by() else {
            return;
        };
        self.draw_offer = None;
        if accept {
            self.conclude(Concession::DrawAgreed);
        } else {
            self.notice = Some(Notice::DrawDeclined(by.other()));
        }
    }

    fn conclude(&mut self, concession: Concession) {
        if self.game.concede(concession).is_ok() {
            self.notice = None;
            self.after_change();
        }
    }

    fn turn(&self) -> Color {
        self.game.position().turn()
    }

    pub fn tap(&mut self, point: Point) -> TapOutcome {
        if !self.is_human_turn() {
            return TapOutcome::Ignored;
        }
        match self.picker.tap(self.game.position(), point) {
            Pick::Ignored => TapOutcome::Ignored,
            Pick::Selected => TapOutcome::Selected,
            Pick::Deselected => TapOutcome::Deselected,
            Pick::Move(m) => {
                self.play(Ply::Move(m));
                TapOutcome::Played
            }
        }
    }

    pub fn deselect(&mut self) {
        self.picker.clear();
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
                    swap_rule: self.swap == SwapRule::On,
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
                    self.after_change();
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
            *level = new_level;
        }
    }

    /// Actions (plies, and the swap once taken) the undo button takes back: against the
    /// computer, back to before the player's own last action (with the computer's after it); in
    /// pass-and-play, one; by link, none (a move is sent as it is played).
    pub fn undo_count(&self) -> usize {
        if !self.game.can_undo() {
            return 0;
        }
        let actions = self.actions_by();
        match self.mode {
            Mode::VsAi { human, .. } => actions
                .iter()
                .rposition(|&seat| seat == human)
                .map_or(0, |last| actions.len() - last),
            Mode::PassAndPlay { .. } => actions.len().min(1),
            Mode::ByLink { .. } => 0,
        }
    }

    /// Who made each action of the game, oldest first, as the colour they play now: each ply's
    /// mover, except that once Black took over Red's side, Red's first move was made by the
    /// player now playing Black, and the swap (after it) by the one now playing Red.
    fn actions_by(&self) -> Vec<Color> {
        let mut actions: Vec<Color> = self
            .game
            .plies()
            .iter()
            .map(|played| played.mover)
            .collect();
        if self.swap == SwapRule::Taken && !actions.is_empty() {
            actions[0] = Color::Black;
            actions.insert(1, Color::Red);
        }
        actions
    }

    pub fn undo(&mut self) -> bool {
        let count = self.undo_count();
        for _ in 0..count {
            if self.swap == SwapRule::Taken && self.game.plies().len() == 1 {
                self.mode = self.mode.swapped();
                self.swap = SwapRule::On;
            } else {
                self.game.undo();
            }
        }
        if count > 0 {
            self.notice = None;
            self.after_change();
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
                self.after_change();
            }
        }
        tick
    }

    /// While the menu (or a page opened from it) covers the board, the clock waits and no piece
    /// stays picked up.
    pub fn set_covered(&mut self, covered: bool) {
        self.picker.clear();
        self.clock.set_paused(PauseReason::Overlay, covered);
    }

    fn play(&mut self, ply: Ply) {
        if self.game.play(ply).is_ok() {
            self.notice = None;
            self.after_change();
        }
    }

    fn after_change(&mut self) {
        self.generation += 1;
        self.picker.clear();
        self.computer = ComputerTurn::default();
        self.clock.set_paused(PauseReason::AiStuck, false);
        self.clock.restart();
        self.swap_declined = false;
        let over = self.game.is_over();
        self.clock.set_paused(PauseReason::GameOver, over);
        // An offer goes to the other side when the offerer's turn is over, and lapses with any
        // other change (its answer not given on that turn, an undo, a new game).
        let plies = self.game.plies().len();
        self.draw_offer = match self.draw_offer {
            Some(DrawOffer::Made { by, plies: offered }) if plies == offered + 1 => {
                Some(DrawOffer::ToAnswer { by })
            }
            _ => None,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_support::{mv, pass_and_play, point, tap_move, vs_ai, with_swap_rule};
    use duobao_rules::WinReason;

    #[test]
    fn a_saved_game_resumes_with_its_mode_clock_setting_and_moves() {
        let mut controller = vs_ai(Color::Black);
        assert_eq!(
            controller.ai_answer(controller.generation(), Ok(mv("b2c2"))),
            AiOutcome::Played
        );
        tap_move(&mut controller, "b4c4");
        let saved = controller.saved_game().unwrap();
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
        let saved = controller.saved_game().unwrap();
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
        resumed.resume(friends.saved_game().unwrap());
        assert_eq!(resumed.bottom(), Color::Black);
    }

    #[test]
    fn a_finished_game_is_not_kept() {
        let mut controller = pass_and_play("B../...../.RT../...R./... r - 0");
        assert!(controller.saved_game().is_some());
        tap_move(&mut controller, "d2d3");
        assert!(controller.game().is_over());
        assert_eq!(controller.saved_game(), None);
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
        assert_eq!(controller.marks().selected, None);
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
        controller.tap(point("b2"));
        assert_eq!(controller.tick(5_000), Tick::Expired);
        assert_eq!(controller.game().position().turn(), Color::Black);
        assert_eq!(controller.game().plies()[0].ply, Ply::Pass);
        assert_eq!(controller.notice(), Some(Notice::TimedOut(Color::Red)));
        assert_eq!(
            controller.marks().selected,
            None,
            "the timed-out selection is dropped"
        );
        assert_eq!(controller.clock().seconds_left(), Some(5));
        tap_move(&mut controller, "b4b3");
        assert_eq!(controller.notice(), None);
    }

    #[test]
    fn the_clock_stands_still_while_the_board_is_covered_or_the_page_hidden() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        controller.tap(point("b2"));
        controller.set_covered(true);
        assert_eq!(
            controller.marks().selected,
            None,
            "the covered piece is put down"
        );
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
    fn the_board_ignores_taps_while_the_computer_is_to_move() {
        let mut controller = vs_ai(Color::Black);
        assert!(controller.is_ai_turn());
        assert_eq!(controller.tap(point("b2")), TapOutcome::Ignored);
        assert_eq!(controller.marks().selected, None);
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
    fn a_new_level_applies_from_the_next_request() {
        let mut controller = vs_ai(Color::Black);
        controller.set_level(Level::Master);
        assert_eq!(controller.ai_request().unwrap().level, Level::Master);
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
        assert_eq!(controller.tap(point("b4")), TapOutcome::Ignored);
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

    #[test]
    fn a_finished_game_is_counted_once_even_after_undo() {
        let mut controller = pass_and_play("BBB/BB.BB/.RT../...R./... r - 0");
        assert_eq!(controller.uncounted_result(), None);
        tap_move(&mut controller, "d2d3");
        let (mode, result) = controller.uncounted_result().unwrap();
        assert_eq!(mode, Mode::PassAndPlay { bottom: Color::Red });
        assert_eq!(result.winner(), Some(Color::Red));
        controller.mark_counted();
        assert_eq!(controller.uncounted_result(), None);
        controller.undo();
        let saved = controller.saved_game().unwrap();
        assert!(saved.counted);
        let mut resumed = pass_and_play(duobao_rules::START_FEN);
        resumed.resume(saved);
        tap_move(&mut resumed, "d2d3");
        assert_eq!(resumed.uncounted_result(), None, "not counted again");
        resumed.rematch();
        assert_eq!(resumed.uncounted_result(), None);
    }

    #[test]
    fn against_the_computer_the_player_resigns_even_on_its_turn_and_loses_for_good() {
        let mut controller = vs_ai(Color::Red);
        tap_move(&mut controller, "b2c2");
        let request = controller.ai_request().unwrap();
        assert_eq!(controller.resigning_side(), Some(Color::Red));
        controller.resign();
        let (mode, result) = controller.uncounted_result().unwrap();
        assert_eq!(mode, controller.mode());
        assert_eq!(result.winner(), Some(Color::Black));
        assert_eq!(controller.resigning_side(), None);
        assert_eq!(
            controller.ai_answer(request.generation, Ok(mv("b4b3"))),
            AiOutcome::Stale
        );
        assert_eq!(
            controller.undo_count(),
            0,
            "a resignation is not taken back"
        );
        assert!(!controller.undo());
        assert_eq!(controller.tap(point("c2")), TapOutcome::Ignored);
        assert!(controller.clock().is_paused_by(PauseReason::GameOver));
        assert_eq!(controller.saved_game(), None);
        assert!(!controller.can_offer_draw(), "no draw against the computer");
    }

    #[test]
    fn between_friends_the_side_to_move_resigns() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        tap_move(&mut controller, "b2c2");
        assert_eq!(controller.resigning_side(), Some(Color::Black));
        controller.resign();
        assert_eq!(
            controller.game().result().unwrap().to_string(),
            "red resignation"
        );
    }

    /// Red offers a draw and moves: Black is to answer.
    fn offered_to_black() -> Controller {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        assert!(controller.can_offer_draw());
        controller.offer_draw();
        assert_eq!(controller.notice(), Some(Notice::DrawOffered(Color::Red)));
        assert!(!controller.can_offer_draw(), "once a turn");
        assert_eq!(controller.draw_offered_by(), None, "Red still moves");
        tap_move(&mut controller, "b2c2");
        assert_eq!(controller.draw_offered_by(), Some(Color::Red));
        controller
    }

    #[test]
    fn a_draw_offered_and_accepted_ends_the_game_drawn() {
        let mut controller = offered_to_black();
        controller.answer_draw(true);
        assert_eq!(
            controller.game().result(),
            Some(GameResult::Draw(duobao_rules::DrawReason::Agreement))
        );
        assert_eq!(controller.draw_offered_by(), None);
        assert_eq!(controller.undo_count(), 0);
    }

    #[test]
    fn a_draw_declined_tells_the_offerer_and_play_goes_on() {
        let mut controller = offered_to_black();
        controller.answer_draw(false);
        assert_eq!(controller.game().result(), None);
        assert_eq!(controller.draw_offered_by(), None);
        assert_eq!(
            controller.notice(),
            Some(Notice::DrawDeclined(Color::Black))
        );
        assert!(controller.can_offer_draw(), "Black may offer in turn");
        tap_move(&mut controller, "b4b3");
        assert_eq!(controller.notice(), None);
        assert!(controller.can_offer_draw(), "and Red again later");
    }

    #[test]
    fn a_draw_offer_pending_when_the_game_is_saved_is_kept_by_a_reload() {
        // Offered and to be answered: the reloaded game still asks Black.
        let to_answer = offered_to_black();
        let mut reloaded = pass_and_play(duobao_rules::START_FEN);
        reloaded.resume(to_answer.saved_game().unwrap());
        assert_eq!(reloaded.draw_offered_by(), Some(Color::Red));
        reloaded.answer_draw(true);
        assert!(reloaded.game().is_over());
        // Offered, the offerer still to move: kept, told, and passed on by the move.
        let mut made = pass_and_play(duobao_rules::START_FEN);
        made.offer_draw();
        let mut reloaded = pass_and_play(duobao_rules::START_FEN);
        reloaded.resume(made.saved_game().unwrap());
        assert_eq!(reloaded.notice(), Some(Notice::DrawOffered(Color::Red)));
        assert!(!reloaded.can_offer_draw(), "still once a turn");
        tap_move(&mut reloaded, "b2c2");
        assert_eq!(reloaded.draw_offered_by(), Some(Color::Red));
        // A kept offer that does not fit the game (a move made since, by an older copy) lapses.
        let mut stale = made.saved_game().unwrap();
        stale.game = to_answer.game().clone();
        stale.draw_offer = Some(DrawOffer::Made {
            by: Color::Red,
            plies: 0,
        });
        let mut reloaded = pass_and_play(duobao_rules::START_FEN);
        reloaded.resume(stale);
        assert_eq!(reloaded.draw_offered_by(), None);
        assert!(reloaded.can_offer_draw());
    }

    #[test]
    fn an_offer_not_answered_on_that_turn_lapses() {
        let mut moved_on = offered_to_black();
        tap_move(&mut moved_on, "b4b3");
        assert_eq!(moved_on.draw_offered_by(), None);
        moved_on.answer_draw(true);
        assert_eq!(moved_on.game().result(), None);
        let mut timed_out = offered_to_black();
        assert_eq!(timed_out.tick(5_000), Tick::Expired);
        assert_eq!(timed_out.draw_offered_by(), None);
        let mut undone = offered_to_black();
        undone.undo();
        assert_eq!(undone.draw_offered_by(), None);
        tap_move(&mut undone, "b2c2");
        assert_eq!(undone.draw_offered_by(), None, "an undo withdraws it");
        let mut rematched = pass_and_play(duobao_rules::START_FEN);
        rematched.offer_draw();
        rematched.rematch();
        assert!(rematched.can_offer_draw());
    }

    #[test]
    fn an_offer_follows_the_offerers_turn_even_when_its_time_runs_out() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        controller.offer_draw();
        assert_eq!(controller.tick(5_000), Tick::Expired);
        assert_eq!(controller.draw_offered_by(), Some(Color::Red));
    }

    fn friends() -> Mode {
        Mode::PassAndPlay { bottom: Color::Red }
    }

    #[test]
    fn between_friends_black_may_take_over_red_once_and_undo_takes_the_swap_back() {
        let mut controller = with_swap_rule(friends());
        assert!(!controller.can_swap(), "not before Red's first move");
        tap_move(&mut controller, "c3c2");
        let position = *controller.game().position();
        assert!(controller.swap_offered());
        controller.swap_sides();
        assert_eq!(controller.notice(), Some(Notice::SidesSwapped));
        assert_eq!(
            controller.bottom(),
            Color::Black,
            "the board turns to the opener"
        );
        assert_eq!(*controller.game().position(), position, "nothing moves");
        assert!(!controller.can_swap(), "once");
        assert_eq!(controller.saved_game().unwrap().swap, SwapRule::Taken);
        assert_eq!(controller.undo_count(), 1);
        controller.undo();
        assert_eq!(
            controller.game().plies().len(),
            1,
            "the swap alone is taken back"
        );
        assert_eq!(controller.mode(), friends());
        assert!(controller.swap_offered());
        controller.decline_swap();
        assert!(!controller.swap_offered() && controller.can_swap());
        tap_move(&mut controller, "b4c3");
        assert!(!controller.can_swap(), "a reply gives the swap up");
        controller.undo();
        assert!(controller.swap_offered(), "asked again after an undo");
    }

    #[test]
    fn without_the_rule_or_away_from_the_start_nobody_is_asked() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        tap_move(&mut controller, "c3c2");
        assert!(!controller.can_swap());
        controller.swap_sides();
        assert_eq!(controller.mode(), friends());
        let mut elsewhere = Controller::new(GameSetup {
            mode: friends(),
            start: Position::from_fen("BBB/BB.BB/..T../RR.RR/RRR b - 0").unwrap(),
            turn_seconds: None,
            swap: SwapRule::On,
        });
        tap_move(&mut elsewhere, "b4b3");
        tap_move(&mut elsewhere, "b2c2");
        assert!(
            !elsewhere.can_swap(),
            "only in a game from the starting position"
        );
    }

    #[test]
    fn a_swapped_game_is_saved_counted_and_rematched_as_played() {
        let mut controller = with_swap_rule(friends());
        tap_move(&mut controller, "c3c2");
        controller.swap_sides();
        let saved = controller.saved_game().unwrap();
        let mut resumed = pass_and_play(duobao_rules::START_FEN);
        resumed.resume(saved);
        assert_eq!(resumed.mode().bottom(), Color::Black);
        assert!(!resumed.can_swap());
        resumed.undo();
        assert!(resumed.can_swap(), "the swap is kept as an action");
        resumed.rematch();
        tap_move(&mut resumed, "c3c2");
        assert!(resumed.can_swap(), "a rematch plays the rule too");
        let mut alone = with_swap_rule(Mode::VsAi {
            human: Color::Red,
            level: Level::Easy,
        });
        tap_move(&mut alone, "c3c2");
        alone.ai_swap(alone.generation());
        alone.resign();
        let (mode, result) = alone.uncounted_result().unwrap();
        assert_eq!(mode.bottom(), Color::Black, "counted for the colour played");
        assert_eq!(result.winner(), Some(Color::Red));
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
        assert_eq!(
            controller.tap(point("b2")),
            TapOutcome::Ignored,
            "Red's piece, the friend's turn"
        );
        assert!(controller.can_send(), "the invitation");
        assert!(controller.ai_request().is_none(), "nobody thinks here");
        let mut controller = by_link(Color::Black, &["b2c2"]);
        assert!(!controller.can_send());
        assert_eq!(
            controller.tap(point("c2")),
            TapOutcome::Ignored,
            "Red's soldier"
        );
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
            controller.saved_game().unwrap().started_ms,
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
            ..winner.saved_game().unwrap()
        });
        tap_move(&mut winner, "d2d3");
        assert!(winner.game().is_over() && winner.can_send());
        let loser = Controller {
            mode: Mode::ByLink { me: Color::Black },
            ..winner.clone()
        };
        assert!(!loser.can_send());
        let (mode, _) = loser.uncounted_result().unwrap();
        assert_eq!(mode, Mode::ByLink { me: Color::Black });
    }

    #[test]
    fn a_game_over_from_its_start_is_not_counted() {
        let controller = pass_and_play("BBB/BB.BB/...../RR.RR/RRR b - 0");
        assert!(controller.game().is_over());
        assert_eq!(controller.uncounted_result(), None);
    }
}
