//! The computer's turn: what it is asked, what its answer did, and the controller's side of it:
//! the request, the answer played or dropped as stale, the player's say when the computer is
//! stuck, the level, and the swap the computer takes. When it fails to answer (its search broke,
//! or it found no move), it is asked once more; if that fails too, the player chooses: ask
//! again, skip its turn, or a new game. Its turn never passes without the player's say.

use duobao_engine::{first_move_inviting_no_swap, takes_swap, Level, ThinkError};
use duobao_rules::{Game, Move, Ply, Position};

use super::clock::PauseReason;
use super::{Controller, Notice};
use crate::session::events::GameEvent;
use crate::session::{Mode, SwapRule};

/// The computer is asked to move in this game, at this level. `attempt` counts the requests
/// made for this same turn, so that asking again is a new request.
#[derive(Clone, Debug)]
pub struct AiRequest {
    pub generation: u64,
    pub attempt: u32,
    pub game: Game,
    pub level: Level,
    /// Whether the swap rule is played and not yet taken.
    pub swap_rule: bool,
}

/// A turn of the computer's that the swap rule decides, from what is proven about the first
/// moves and with no search, at every level.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum SwapTurn {
    /// As Black: take over Red's side, whose first move is proven to win.
    TakeOver,
    /// As Red: open with a move that invites no swap; `seed` chose which.
    Open(Move),
}

impl AiRequest {
    /// What the swap rule makes of this turn, if it decides it; `seed` varies the opening.
    pub fn swap_turn(&self, seed: u64) -> Option<SwapTurn> {
        if !self.swap_rule {
            None
        } else if takes_swap(&self.game) {
            Some(SwapTurn::TakeOver)
        } else if self.game.plies().is_empty() && *self.game.start_position() == Position::start() {
            Some(SwapTurn::Open(first_move_inviting_no_swap(seed)))
        } else {
            None
        }
    }
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
const FAILURES_BEFORE_ASKING: u32 = 2;

/// One turn of the computer's: its failed answers and the requests made so far. A new turn
/// starts afresh.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct ComputerTurn {
    failures: u32,
    attempt: u32,
}

impl ComputerTurn {
    /// The request number this turn.
    pub fn attempt(self) -> u32 {
        self.attempt
    }

    /// Whether the computer failed twice in a row and the player must choose.
    pub fn is_stuck(self) -> bool {
        self.failures >= FAILURES_BEFORE_ASKING
    }

    /// An answer failed: it is asked again, or, when it is now stuck, it waits for the player.
    pub fn fail(&mut self, error: ThinkError) -> AiOutcome {
        self.failures += 1;
        self.attempt += 1;
        if self.is_stuck() {
            AiOutcome::Stuck(error)
        } else {
            AiOutcome::AskingAgain(error)
        }
    }

    /// The player asks the stuck computer to try again; whether it was stuck.
    pub fn retry(&mut self) -> bool {
        let stuck = self.is_stuck();
        if stuck {
            self.failures = 0;
            self.attempt += 1;
        }
        stuck
    }
}

/// The controller's side of the computer's turn: the request, the answer, and the player's
/// say when it is stuck.
impl Controller {
    /// The computer, as Black, takes over Red's side for the request of `generation`, unless it
    /// is stale (see [`SwapTurn`]).
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
                    // The player's own swap is told until the player moves: the reply comes
                    // within a second, too soon to read why the board turned.
                    if self.notice != Some(Notice::SidesSwapped) {
                        self.notice = None;
                    }
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
    use crate::game::controller::clock::Tick;
    use crate::game::controller::test_support::{mv, tap_move, vs_ai, with_swap_rule};
    use crate::session::GameSetup;
    use duobao_rules::Color;

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
    fn a_turn_is_stuck_after_two_failures_and_each_request_is_new() {
        let mut turn = ComputerTurn::default();
        assert!(matches!(
            turn.fail(ThinkError::NoMove),
            AiOutcome::AskingAgain(_)
        ));
        assert!(!turn.is_stuck());
        assert!(
            !turn.retry(),
            "only a stuck computer is asked again by hand"
        );
        assert!(matches!(turn.fail(ThinkError::NoMove), AiOutcome::Stuck(_)));
        let before = turn.attempt();
        assert!(turn.retry());
        assert!(!turn.is_stuck());
        assert!(turn.attempt() > before);
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
        assert!(!controller.play_move(mv("b4b3")), "the computer's side");
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
        let before = controller.ai_request().unwrap().attempt;
        fail_twice(&mut controller);
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

    fn computer_as(human: Color) -> Controller {
        with_swap_rule(Mode::VsAi {
            human,
            level: Level::Master,
        })
    }

    #[test]
    fn the_computer_as_black_takes_over_a_proven_win_and_undo_gives_it_back() {
        let mut controller = computer_as(Color::Red);
        tap_move(&mut controller, "c3c2");
        let request = controller.ai_request().unwrap();
        assert_eq!(request.swap_turn(7), Some(SwapTurn::TakeOver));
        assert_eq!(controller.ai_swap(request.generation + 1), AiOutcome::Stale);
        assert_eq!(controller.ai_swap(request.generation), AiOutcome::Played);
        assert_eq!(
            controller.mode().bottom(),
            Color::Black,
            "the player now plays Black"
        );
        assert!(controller.is_human_turn() && !controller.can_swap());
        assert_eq!(
            controller.undo_count(),
            2,
            "the player's move and the computer's swap"
        );
        controller.undo();
        assert_eq!(controller.game().plies().len(), 0);
        assert_eq!(controller.mode().bottom(), Color::Red);
        tap_move(&mut controller, "b2a3");
        let request = controller.ai_request().unwrap();
        assert_eq!(
            request.swap_turn(7),
            None,
            "nothing proven: the computer answers"
        );
    }

    #[test]
    fn the_computer_as_red_opens_with_no_proven_win_and_the_player_may_swap() {
        let mut controller = computer_as(Color::Black);
        let request = controller.ai_request().unwrap();
        let Some(SwapTurn::Open(first)) = request.swap_turn(3) else {
            panic!("the opening is the swap rule's");
        };
        assert!(!duobao_engine::first_move_value(first).is_win());
        controller.ai_answer(request.generation, Ok(first));
        assert!(controller.swap_offered());
        controller.swap_sides();
        assert_eq!(controller.mode().bottom(), Color::Red);
        let reply = controller
            .ai_request()
            .expect("the computer answers as Black");
        assert_eq!(reply.swap_turn(3), None);
        controller.ai_answer(reply.generation, Ok(mv("b4b3")));
        assert_eq!(
            controller.notice(),
            Some(Notice::SidesSwapped),
            "told until the player moves"
        );
        let mut moved = controller.clone();
        let next = controller.game().position().legal_moves()[0];
        assert!(moved.play_move(next));
        assert_eq!(moved.notice(), None, "the player's move ends it");
        assert_eq!(
            controller.undo_count(),
            2,
            "the computer's reply and the player's swap"
        );
        controller.undo();
        assert_eq!(controller.game().plies().len(), 1);
        assert!(controller.swap_offered(), "the player decides again");
    }

    #[test]
    fn without_the_rule_the_computer_opens_and_answers_by_searching() {
        let mut controller = vs_ai(Color::Red);
        tap_move(&mut controller, "c3c2");
        assert_eq!(controller.ai_request().unwrap().swap_turn(1), None);
        assert_eq!(vs_ai(Color::Black).ai_request().unwrap().swap_turn(1), None);
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
