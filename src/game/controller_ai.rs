//! The controller's side of the computer's turn: what it asks the computer, the answer it plays
//! or drops as stale, the player's say when the computer is stuck, the level, and the swap the
//! computer takes. The turn's own state is `computer_turn.rs`'s `ComputerTurn`.

use duobao_engine::{Level, ThinkError};
use duobao_rules::{Move, Ply};

use super::clock::PauseReason;
use super::computer_turn::{AiOutcome, AiRequest};
use super::controller::Controller;
use crate::session::events::GameEvent;
use crate::session::{Mode, SwapRule};

/// The controller's side of the computer's turn: the request, the answer, and the player's
/// say when it is stuck.
impl Controller {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_support::{mv, tap_move, vs_ai};
    use crate::session::GameSetup;
    use duobao_rules::{Color, Position};

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
}
