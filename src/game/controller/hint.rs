//! The hint in the live game: asking the engine for one, its answer unless the game changed
//! since, and the hints used; then the controller's side of it. What the suggested move does,
//! in words, is the view's (`views/hint_line.rs`).

use duobao_engine::Level;
use duobao_rules::{Game, Move, Position};
use duobao_study::ForcedLine;

use super::Controller;
use crate::session::events::GameEvent;

/// The level whose move a hint suggests. Master, because it plays its best move without the
/// randomness of the lower levels (a hint must not change when asked twice) and sees deepest;
/// its budget (1.5 s at most, searched in slices on the web) is a fair wait for a hint.
pub const HINT_LEVEL: Level = Level::Master;

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

/// The engine's answer to a hint: its move, what the endgame tables say of the position after
/// it, and when it is the move of the proven win from the start, in how many plies it wins.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct HintAnswer {
    pub best: Move,
    pub forced: Option<ForcedLine>,
    pub wins_by_force: Option<u32>,
}

/// A game's hints: the one asked for, in the generation of the game it was asked in (any
/// change of the game drops it), the engine's answer to it, and how many were shown.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Hints {
    asked: Option<(u64, Hint)>,
    answer: Option<HintAnswer>,
    used: u32,
}

impl Hints {
    /// A saved game's hints: `used` so far, none asked for.
    pub fn with_used(used: u32) -> Hints {
        Hints {
            asked: None,
            answer: None,
            used,
        }
    }

    /// Hints shown in this game.
    pub fn used(&self) -> u32 {
        self.used
    }

    /// The hint for the game in `generation`.
    pub fn current(&self, generation: u64) -> Option<Hint> {
        self.asked
            .filter(|(asked_in, _)| *asked_in == generation)
            .map(|(_, hint)| hint)
    }

    /// The engine's answer to the hint of `generation`, once shown.
    pub fn answer_shown(&self, generation: u64) -> Option<&HintAnswer> {
        self.current(generation)?;
        self.answer.as_ref()
    }

    /// A hint is asked for in `generation`.
    pub fn ask(&mut self, generation: u64) {
        self.asked = Some((generation, Hint::Thinking));
        self.answer = None;
    }

    /// Shows the engine's suggestion, if it answers the hint being thought about in
    /// `generation` and is legal in `position`; a shown hint counts as used. Whether it is shown.
    pub fn answer(
        &mut self,
        generation: u64,
        answer: Option<HintAnswer>,
        position: &Position,
    ) -> bool {
        if self.current(generation) != Some(Hint::Thinking) {
            return false;
        }
        match answer.filter(|answer| position.is_legal(answer.best)) {
            Some(answer) => {
                self.asked = Some((generation, Hint::Move(answer.best)));
                self.answer = Some(answer);
                self.used += 1;
                true
            }
            None => {
                self.asked = None;
                false
            }
        }
    }
}

/// The controller's side of the hint: asked for, answered, shown.
impl Controller {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::controller::test_support::{hint_of, mv, pass_and_play, tap_move, vs_ai};
    use duobao_rules::Color;

    #[test]
    fn a_hint_answers_only_its_own_question() {
        let mut hints = Hints::default();
        let start = Position::start();
        assert!(
            !hints.answer(1, Some(hint_of(mv("b2c2"))), &start),
            "not asked"
        );
        hints.ask(1);
        assert!(
            !hints.answer(2, Some(hint_of(mv("b2c2"))), &start),
            "another game"
        );
        assert!(
            !hints.answer(1, Some(hint_of(mv("c1c3"))), &start),
            "illegal"
        );
        assert_eq!(
            hints.current(1),
            None,
            "an illegal answer drops the question"
        );
        hints.ask(1);
        assert!(hints.answer(1, Some(hint_of(mv("b2c2"))), &start));
        assert_eq!(hints.current(1), Some(Hint::Move(mv("b2c2"))));
        assert_eq!(hints.current(2), None, "a move drops it");
        assert_eq!(hints.used(), 1);
        assert_eq!(Hints::with_used(3).used(), 3);
    }

    #[test]
    fn a_hint_is_shown_once_counted_and_dropped_by_a_move() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        let request = controller.request_hint().unwrap();
        assert_eq!(controller.hint(), Some(Hint::Thinking));
        assert!(controller.request_hint().is_none(), "one request at a time");
        assert!(controller.hint_answer(request.generation, Some(hint_of(mv("b2c2")))));
        assert_eq!(controller.hint(), Some(Hint::Move(mv("b2c2"))));
        assert_eq!(
            controller.hint(),
            Some(Hint::Move(mv("b2c2"))),
            "on the board"
        );
        assert_eq!(controller.hints_used(), 1);
        assert!(!controller.can_hint(), "the hint is on the board already");
        tap_move(&mut controller, "b2c2");
        assert_eq!(controller.hint(), None);
        assert!(controller.can_hint());
        assert_eq!(controller.saved_game(Default::default()).unwrap().hints, 1);
    }

    /// The engine thinks about the hint from the moment it is asked for until it answers or
    /// the game changes, and only then (the hint's search runs while this stands).
    #[test]
    fn the_hint_is_searched_for_while_it_is_awaited() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        assert!(controller.hint_request().is_none(), "not asked for");
        let asked = controller.request_hint().unwrap();
        let searched = controller.hint_request().expect("searched for");
        assert_eq!(searched.generation, asked.generation);
        assert_eq!(searched.game, *controller.game());
        controller.hint_answer(asked.generation, Some(hint_of(mv("b2c2"))));
        assert!(controller.hint_request().is_none(), "answered");
        tap_move(&mut controller, "b2c2");
        controller.request_hint().unwrap();
        tap_move(&mut controller, "b4b3");
        assert!(controller.hint_request().is_none(), "the game changed");
    }

    #[test]
    fn a_stale_or_illegal_hint_is_not_shown_and_not_counted() {
        let mut controller = vs_ai(Color::Red);
        let request = controller.request_hint().unwrap();
        tap_move(&mut controller, "b2c2");
        assert!(!controller.hint_answer(request.generation, Some(hint_of(mv("a2a3")))));
        assert!(!controller.can_hint(), "not while the computer is to move");
        assert!(controller.request_hint().is_none());
        let answer = controller.ai_request().unwrap();
        controller.ai_answer(answer.generation, Ok(mv("b4b3")));
        let request = controller.request_hint().unwrap();
        assert!(!controller.hint_answer(request.generation, Some(hint_of(mv("c1c3")))));
        assert_eq!(controller.hint(), None);
        assert_eq!(controller.hints_used(), 0);
        let request = controller.request_hint().unwrap();
        controller.undo();
        assert!(!controller.hint_answer(request.generation, Some(hint_of(mv("b2c2")))));
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
        controller.hint_answer(request.generation, Some(hint_of(mv("b2c2"))));
        let saved = controller.saved_game(Default::default()).unwrap();
        let mut resumed = vs_ai(Color::Red);
        resumed.resume(saved);
        assert_eq!(resumed.hints_used(), 1);
        resumed.rematch();
        assert_eq!(resumed.hints_used(), 0, "a new game starts with none");
    }
}
