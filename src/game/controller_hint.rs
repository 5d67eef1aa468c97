//! The controller's side of the hint: asked for on the player's turn, the engine's answer shown
//! unless the game changed since, the hints used. The hints' own state is `hint.rs`'s `Hints`.

use super::controller::Controller;
use super::hint::{Hint, HintAnswer, HintRequest};
use crate::session::events::GameEvent;

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
