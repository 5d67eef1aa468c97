//! The game screen's state machine, free of any UI: who may tap what, selection and legal
//! destinations, playing, undo (per mode), the turn clock and the computer's requests.
//!
//! Every change of the game bumps a generation number. A request to the computer carries the
//! generation it was made in, and an answer is only played if nothing has changed since, so an
//! answer that arrives after an undo, a new game or leaving the screen is dropped.
//!
//! When the computer fails to answer (its search broke, or it found no move), it is asked
//! once more; if that fails too, the player chooses: ask again, skip its turn, or a new game.
//! Its turn never passes without the player's say.

use duobao_ai::{Level, ThinkError};
use duobao_rules::{Color, Game, GameResult, Move, Piece, Ply, Point, PointSet, Position};

use super::clock::{PauseReason, Tick, TurnClock};
use crate::session::{GameSetup, Mode, SavedGame};

/// Something the players should be told about.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Notice {
    /// This side's time ran out and its turn was passed.
    TimedOut(Color),
}

/// What a tap on a point did.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum TapOutcome {
    Ignored,
    Selected,
    Deselected,
    Played,
}

/// The computer is asked to move in this game, at this level. `attempt` counts the requests
/// made for this same turn, so that asking again is a new request.
#[derive(Clone, Debug)]
pub struct AiRequest {
    pub generation: u64,
    pub attempt: u32,
    pub game: Game,
    pub level: Level,
}

/// What the computer's answer did.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum AiOutcome {
    Played,
    /// Meant for a game or a turn that has changed since, or cancelled: dropped.
    Stale,
    /// It failed, and the computer is asked once more.
    AskingAgain(ThinkError),
    /// It failed again: the player is asked what to do.
    Stuck(ThinkError),
}

/// Failed answers in a row after which the player is asked what to do.
const AI_FAILURES_BEFORE_ASKING: u32 = 2;
/// The engine is asked for a hint in this game.
#[derive(Clone, Debug)]
pub struct HintRequest {
    pub generation: u64,
    pub game: Game,
}

/// A hint for the current position: being thought about, or the suggested move.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Hint {
    Thinking,
    Move(Move),
}

#[derive(Clone, Debug)]
pub struct Controller {
    game: Game,
    mode: Mode,
    selected: Option<Point>,
    generation: u64,
    clock: TurnClock,
    notice: Option<Notice>,
    /// The computer's failed answers in a row, this turn.
    ai_failures: u32,
    /// The requests made to the computer this turn.
    ai_attempt: u32,
    /// The hint asked for in the generation it was asked in; any change of the game drops it.
    hint: Option<(u64, Hint)>,
    /// Hints shown in this game.
    hints_used: u32,
    /// Whether this game's result went into the statistics (or needs not: it started over).
    counted: bool,
    /// The board takes no more moves once the game has this many plies (a lesson's one move).
    ply_limit: Option<usize>,
}

impl Controller {
    pub fn new(setup: GameSetup) -> Controller {
        let mut controller = Controller {
            game: Game::from_position(setup.start),
            mode: setup.mode,
            clock: TurnClock::new(setup.turn_seconds),
            selected: None,
            generation: 0,
            notice: None,
            ai_failures: 0,
            ai_attempt: 0,
            hint: None,
            hints_used: 0,
            counted: false,
            ply_limit: None,
        };
        controller.counted = controller.game.is_over();
        controller.after_change();
        controller
    }

    /// A lesson: two players' game from `start` on which one move can be made, then the board
    /// rests for the lesson to judge it.
    pub fn lesson(start: Position) -> Controller {
        let mut controller = Controller::new(GameSetup {
            mode: Mode::PassAndPlay {
                bottom: start.turn(),
            },
            start,
            turn_seconds: None,
        });
        controller.ply_limit = Some(1);
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

    /// A new game from the start with the colours swapped.
    pub fn rematch(&mut self) {
        let mode = match self.mode {
            Mode::VsAi { human, level } => Mode::VsAi {
                human: human.other(),
                level,
            },
            Mode::PassAndPlay { bottom } => Mode::PassAndPlay {
                bottom: bottom.other(),
            },
        };
        self.start(GameSetup {
            mode,
            start: Position::start(),
            turn_seconds: self.clock.limit_seconds(),
        });
    }

    /// Carries on with a saved game.
    pub fn resume(&mut self, saved: SavedGame) {
        self.start(GameSetup {
            mode: saved.mode,
            start: *saved.game.start_position(),
            turn_seconds: saved.turn_seconds,
        });
        self.game = saved.game;
        self.hints_used = saved.hints;
        self.counted = saved.counted;
        self.after_change();
        if let Some(time_left_ms) = saved.time_left_ms {
            self.clock.carry_on(time_left_ms);
        }
    }

    /// What to keep on the device so that the game can be continued: nothing once it is over.
    pub fn saved_game(&self) -> Option<SavedGame> {
        (!self.game.is_over()).then(|| SavedGame {
            mode: self.mode,
            turn_seconds: self.clock.limit_seconds(),
            game: self.game.clone(),
            hints: self.hints_used,
            counted: self.counted,
            time_left_ms: self.clock.remaining_ms(),
        })
    }

    /// In pass-and-play, the players swap places: the board turns around. Against the computer
    /// the player's side always sits at the bottom.
    pub fn flip_sides(&mut self) {
        if let Mode::PassAndPlay { bottom } = &mut self.mode {
            *bottom = bottom.other();
        }
    }

    /// The player sitting across the table, facing the phone's top edge: in pass-and-play, the
    /// side not at the bottom; nobody against the computer.
    pub fn across_the_table(&self) -> Option<Color> {
        match self.mode {
            Mode::PassAndPlay { bottom } => Some(bottom.other()),
            Mode::VsAi { .. } => None,
        }
    }

    /// The screen is left: any answer still on its way is stale.
    pub fn leave(&mut self) {
        self.generation += 1;
        self.selected = None;
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

    pub fn selected(&self) -> Option<Point> {
        self.selected
    }

    /// The side shown at the bottom of the screen.
    pub fn bottom(&self) -> Color {
        match self.mode {
            Mode::VsAi { human, .. } => human,
            Mode::PassAndPlay { bottom } => bottom,
        }
    }

    pub fn is_ai_turn(&self) -> bool {
        match self.mode {
            Mode::VsAi { human, .. } => !self.game.is_over() && self.turn() != human,
            Mode::PassAndPlay { .. } => false,
        }
    }

    /// Whether the board answers taps now.
    pub fn is_human_turn(&self) -> bool {
        let within_limit = self
            .ply_limit
            .is_none_or(|limit| self.game.plies().len() < limit);
        !self.game.is_over() && !self.is_ai_turn() && within_limit
    }

    /// Hints shown in this game.
    pub fn hints_used(&self) -> u32 {
        self.hints_used
    }

    /// The hint for the current position, if one was asked for.
    pub fn hint(&self) -> Option<Hint> {
        self.hint
            .filter(|(generation, _)| *generation == self.generation)
            .map(|(_, hint)| hint)
    }

    /// Whether the hint button can be used now: on a player's turn, with no hint yet.
    pub fn can_hint(&self) -> bool {
        self.is_human_turn() && self.hint().is_none()
    }

    /// Asks for a hint; what the engine should think about, if a hint can be had now.
    pub fn request_hint(&mut self) -> Option<HintRequest> {
        if !self.can_hint() {
            return None;
        }
        self.hint = Some((self.generation, Hint::Thinking));
        Some(HintRequest {
            generation: self.generation,
            game: self.game.clone(),
        })
    }

    /// Shows the engine's suggestion for the request of `generation`, unless it is stale.
    /// Returns whether it is shown; a shown hint counts as used.
    pub fn hint_answer(&mut self, generation: u64, answer: Option<Move>) -> bool {
        if generation != self.generation || self.hint() != Some(Hint::Thinking) {
            return false;
        }
        match answer.filter(|&m| self.game.position().is_legal(m)) {
            Some(m) => {
                self.hint = Some((generation, Hint::Move(m)));
                self.hints_used += 1;
                true
            }
            None => {
                self.hint = None;
                false
            }
        }
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

    fn turn(&self) -> Color {
        self.game.position().turn()
    }

    /// Whether tapping this point would pick up a piece.
    pub fn is_selectable(&self, point: Point) -> bool {
        let position = self.game.position();
        self.is_human_turn()
            && match position.piece_at(point) {
                Some(Piece::Treasure) => !position.treasure_locked(),
                Some(soldier) => soldier.color() == Some(position.turn()),
                None => false,
            }
    }

    /// Where the selected piece may go.
    pub fn targets(&self) -> PointSet {
        let Some(from) = self.selected else {
            return PointSet::EMPTY;
        };
        self.game
            .position()
            .legal_moves()
            .iter()
            .filter(|m| m.from() == from)
            .map(|m| m.to())
            .collect()
    }

    pub fn tap(&mut self, point: Point) -> TapOutcome {
        if !self.is_human_turn() {
            return TapOutcome::Ignored;
        }
        if self.selected == Some(point) {
            self.selected = None;
            return TapOutcome::Deselected;
        }
        if let Some(from) = self.selected {
            if self.targets().contains(point) {
                self.play(Ply::Move(Move::new(from, point)));
                return TapOutcome::Played;
            }
        }
        if self.is_selectable(point) {
            self.selected = Some(point);
            return TapOutcome::Selected;
        }
        match self.selected.take() {
            Some(_) => TapOutcome::Deselected,
            None => TapOutcome::Ignored,
        }
    }

    pub fn deselect(&mut self) {
        self.selected = None;
    }

    /// What the computer should think about now, if anything.
    pub fn ai_request(&self) -> Option<AiRequest> {
        match self.mode {
            Mode::VsAi { level, .. } if self.is_ai_turn() && !self.is_ai_stuck() => {
                Some(AiRequest {
                    generation: self.generation,
                    attempt: self.ai_attempt,
                    game: self.game.clone(),
                    level,
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
        self.ai_failures += 1;
        self.ai_attempt += 1;
        if self.is_ai_stuck() {
            self.clock.set_paused(PauseReason::AiStuck, true);
            AiOutcome::Stuck(error)
        } else {
            AiOutcome::AskingAgain(error)
        }
    }

    /// Whether the computer failed to move twice in a row and the player must choose.
    pub fn is_ai_stuck(&self) -> bool {
        self.ai_failures >= AI_FAILURES_BEFORE_ASKING
    }

    /// The player asks the stuck computer to try again.
    pub fn retry_ai(&mut self) {
        if self.is_ai_stuck() {
            self.ai_failures = 0;
            self.ai_attempt += 1;
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

    /// Plies the undo button takes back: against the computer, back to before the player's own
    /// last move (with the computer's reply); in pass-and-play, one ply.
    pub fn undo_count(&self) -> usize {
        let plies = self.game.plies();
        match self.mode {
            Mode::VsAi { human, .. } => plies
                .iter()
                .rposition(|played| played.mover == human)
                .map_or(0, |last| plies.len() - last),
            Mode::PassAndPlay { .. } => plies.len().min(1),
        }
    }

    pub fn undo(&mut self) -> bool {
        let count = self.undo_count();
        for _ in 0..count {
            self.game.undo();
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
        self.selected = None;
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
        self.selected = None;
        self.ai_failures = 0;
        self.ai_attempt = 0;
        self.clock.set_paused(PauseReason::AiStuck, false);
        self.clock.restart();
        let over = self.game.is_over();
        self.clock.set_paused(PauseReason::GameOver, over);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_rules::{GameResult, WinReason};

    fn point(name: &str) -> Point {
        name.parse().unwrap()
    }

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    fn vs_ai(human: Color) -> Controller {
        Controller::new(GameSetup {
            mode: Mode::VsAi {
                human,
                level: Level::Easy,
            },
            start: Position::start(),
            turn_seconds: Some(60),
        })
    }

    fn pass_and_play(fen: &str) -> Controller {
        Controller::new(GameSetup {
            mode: Mode::PassAndPlay { bottom: Color::Red },
            start: Position::from_fen(fen).unwrap(),
            turn_seconds: Some(5),
        })
    }

    fn tap_move(controller: &mut Controller, text: &str) {
        let m = mv(text);
        assert_eq!(controller.tap(m.from()), TapOutcome::Selected);
        assert_eq!(controller.tap(m.to()), TapOutcome::Played);
    }

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
    fn flipping_swaps_the_sides_of_pass_and_play_and_is_kept() {
        let mut friends = pass_and_play(duobao_rules::START_FEN);
        assert_eq!(friends.across_the_table(), Some(Color::Black));
        friends.flip_sides();
        assert_eq!(friends.bottom(), Color::Black);
        assert_eq!(friends.across_the_table(), Some(Color::Red));
        let mut resumed = vs_ai(Color::Red);
        resumed.resume(friends.saved_game().unwrap());
        assert_eq!(resumed.bottom(), Color::Black);
        let mut alone = vs_ai(Color::Black);
        alone.flip_sides();
        assert_eq!(alone.bottom(), Color::Black);
        assert_eq!(alone.across_the_table(), None);
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
    fn selecting_shows_the_legal_destinations() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        assert_eq!(controller.tap(point("b2")), TapOutcome::Selected);
        assert_eq!(controller.selected(), Some(point("b2")));
        let targets: Vec<String> = controller
            .targets()
            .into_iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(targets, ["c2", "a3", "b3"], "c3 holds the treasure");
    }

    #[test]
    fn tapping_the_selection_or_an_empty_point_deselects() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        controller.tap(point("b2"));
        assert_eq!(controller.tap(point("b2")), TapOutcome::Deselected);
        assert_eq!(controller.selected(), None);
        controller.tap(point("b2"));
        assert_eq!(controller.tap(point("e3")), TapOutcome::Deselected);
        assert_eq!(controller.targets(), PointSet::EMPTY);
    }

    #[test]
    fn taps_that_do_nothing_are_harmless() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        let before = controller.game().clone();
        for name in ["e3", "b4", "c4"] {
            assert_eq!(controller.tap(point(name)), TapOutcome::Ignored, "{name}");
        }
        assert_eq!(controller.game(), &before);
    }

    #[test]
    fn tapping_another_own_piece_moves_the_selection() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        controller.tap(point("b2"));
        assert_eq!(controller.tap(point("d2")), TapOutcome::Selected);
        assert_eq!(controller.selected(), Some(point("d2")));
    }

    #[test]
    fn the_treasure_is_selectable_only_while_unlocked() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        assert_eq!(controller.tap(point("c3")), TapOutcome::Selected);
        assert!(controller.targets().contains(point("b3")));
        assert_eq!(controller.tap(point("b3")), TapOutcome::Played);
        assert!(controller.game().position().treasure_locked());
        assert_eq!(controller.tap(point("b3")), TapOutcome::Ignored);
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
        assert_eq!(controller.selected(), None);
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
            controller.selected(),
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
        assert_eq!(controller.selected(), None, "the covered piece is put down");
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
        assert_eq!(controller.selected(), None);
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

    fn failed() -> Result<Move, ThinkError> {
        Err(ThinkError::Failed("the search panicked: boom".into()))
    }

    /// The computer fails twice on its turn, and waits for the player.
    fn fail_twice(controller: &mut Controller) {
        let generation = controller.generation();
        controller.ai_answer(generation, failed());
        controller.ai_answer(generation, failed());
        assert!(controller.is_ai_stuck());
    }

    #[test]
    fn a_failed_answer_asks_the_computer_once_more() {
        let mut controller = vs_ai(Color::Black);
        let first = controller.ai_request().unwrap();
        assert!(matches!(
            controller.ai_answer(first.generation, failed()),
            AiOutcome::AskingAgain(ThinkError::Failed(_))
        ));
        assert!(!controller.is_ai_stuck());
        assert_eq!(controller.game().plies().len(), 0, "no silent pass");
        let second = controller.ai_request().expect("asked again");
        assert_eq!(second.generation, first.generation);
        assert_ne!(second.attempt, first.attempt, "a new request");
        assert_eq!(
            controller.ai_answer(second.generation, Ok(mv("b2c2"))),
            AiOutcome::Played
        );
        assert!(controller.is_human_turn());
        // The next turn starts with a clean slate.
        tap_move(&mut controller, "b4b3");
        let next = controller.ai_request().unwrap();
        assert_eq!(next.attempt, 0);
    }

    #[test]
    fn a_second_failure_waits_for_the_player_with_the_clock_stopped() {
        let mut controller = vs_ai(Color::Black);
        let generation = controller.generation();
        controller.ai_answer(generation, failed());
        assert!(matches!(
            controller.ai_answer(generation, Err(ThinkError::NoMove)),
            AiOutcome::Stuck(ThinkError::NoMove)
        ));
        assert!(controller.is_ai_stuck());
        assert!(
            controller.ai_request().is_none(),
            "not asked again unbidden"
        );
        assert!(controller.clock().is_paused_by(PauseReason::AiStuck));
        assert_eq!(controller.tick(120_000), Tick::Quiet);
        assert_eq!(controller.tap(point("b4")), TapOutcome::Ignored);
        assert_eq!(controller.game().plies().len(), 0, "no silent pass");
        assert_eq!(
            controller.ai_answer(generation, Ok(mv("b2c2"))),
            AiOutcome::Stale,
            "a late answer waits for the player's choice too"
        );
    }

    #[test]
    fn the_player_can_ask_the_stuck_computer_again() {
        let mut controller = vs_ai(Color::Black);
        fail_twice(&mut controller);
        let before = controller.ai_attempt;
        controller.retry_ai();
        assert!(!controller.is_ai_stuck());
        assert!(!controller.clock().is_paused());
        let again = controller.ai_request().unwrap();
        assert!(again.attempt > before);
        assert_eq!(
            controller.ai_answer(again.generation, Ok(mv("b2c2"))),
            AiOutcome::Played
        );
    }

    #[test]
    fn the_player_can_skip_the_stuck_computers_turn() {
        let mut controller = vs_ai(Color::Black);
        controller.skip_ai_turn();
        assert_eq!(controller.game().plies().len(), 0, "only when stuck");
        fail_twice(&mut controller);
        controller.skip_ai_turn();
        assert_eq!(controller.game().plies()[0].ply, Ply::Pass);
        assert!(controller.is_human_turn());
        assert!(!controller.is_ai_stuck());
        assert!(!controller.clock().is_paused());
    }

    #[test]
    fn undo_or_a_new_game_clears_a_stuck_computer() {
        let mut controller = vs_ai(Color::Red);
        tap_move(&mut controller, "b2c2");
        fail_twice(&mut controller);
        assert!(controller.undo());
        assert!(!controller.is_ai_stuck());
        tap_move(&mut controller, "b2c2");
        fail_twice(&mut controller);
        controller.rematch();
        assert!(!controller.is_ai_stuck());
        assert!(controller.ai_request().is_some());
    }

    #[test]
    fn an_illegal_or_cancelled_answer_is_never_played() {
        let mut controller = vs_ai(Color::Black);
        let generation = controller.generation();
        assert_eq!(
            controller.ai_answer(generation, Err(ThinkError::Cancelled)),
            AiOutcome::Stale
        );
        assert!(matches!(
            controller.ai_answer(generation, Ok(mv("b4b3"))),
            AiOutcome::AskingAgain(ThinkError::Failed(_))
        ));
        assert_eq!(controller.game().plies().len(), 0);
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
    fn a_hint_is_shown_once_counted_and_dropped_by_a_move() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        let request = controller.request_hint().unwrap();
        assert_eq!(controller.hint(), Some(Hint::Thinking));
        assert!(controller.request_hint().is_none(), "one request at a time");
        assert!(controller.hint_answer(request.generation, Some(mv("b2c2"))));
        assert_eq!(controller.hint(), Some(Hint::Move(mv("b2c2"))));
        assert_eq!(controller.hints_used(), 1);
        assert!(!controller.can_hint(), "the hint is on the board already");
        tap_move(&mut controller, "b2c2");
        assert_eq!(controller.hint(), None);
        assert!(controller.can_hint());
        assert_eq!(controller.saved_game().unwrap().hints, 1);
    }

    #[test]
    fn a_stale_or_illegal_hint_is_not_shown_and_not_counted() {
        let mut controller = vs_ai(Color::Red);
        let request = controller.request_hint().unwrap();
        tap_move(&mut controller, "b2c2");
        assert!(!controller.hint_answer(request.generation, Some(mv("a2a3"))));
        assert!(!controller.can_hint(), "not while the computer is to move");
        assert!(controller.request_hint().is_none());
        let answer = controller.ai_request().unwrap();
        controller.ai_answer(answer.generation, Ok(mv("b4b3")));
        let request = controller.request_hint().unwrap();
        assert!(!controller.hint_answer(request.generation, Some(mv("c1c3"))));
        assert_eq!(controller.hint(), None);
        assert_eq!(controller.hints_used(), 0);
        let request = controller.request_hint().unwrap();
        controller.undo();
        assert!(!controller.hint_answer(request.generation, Some(mv("b2c2"))));
        assert_eq!(controller.hints_used(), 0);
    }

    #[test]
    fn no_hint_once_the_game_is_over() {
        let mut controller = pass_and_play("BBB/BB.BB/.RT../...R./... r - 0");
        tap_move(&mut controller, "d2d3");
        assert!(controller.request_hint().is_none());
    }

    #[test]
    fn hints_used_come_back_with_a_saved_game() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        let request = controller.request_hint().unwrap();
        controller.hint_answer(request.generation, Some(mv("b2c2")));
        let saved = controller.saved_game().unwrap();
        let mut resumed = vs_ai(Color::Red);
        resumed.resume(saved);
        assert_eq!(resumed.hints_used(), 1);
        resumed.rematch();
        assert_eq!(resumed.hints_used(), 0, "a new game starts with none");
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
    fn a_game_over_from_its_start_is_not_counted() {
        let controller = pass_and_play("BBB/BB.BB/...../RR.RR/RRR b - 0");
        assert!(controller.game().is_over());
        assert_eq!(controller.uncounted_result(), None);
    }

    #[test]
    fn a_lesson_takes_one_move() {
        let mut controller = Controller::lesson(Position::start());
        assert!(controller.is_human_turn());
        tap_move(&mut controller, "b2c2");
        assert!(!controller.is_human_turn());
        assert_eq!(controller.tap(point("b4")), TapOutcome::Ignored);
        assert_eq!(controller.clock().limit_seconds(), None);
    }
}
