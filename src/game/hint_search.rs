//! The hint's search, run in the background of the game screen: the hint asked for goes to the
//! engine through the one engine-task hook, as the computer's own moves do, at [`HINT_LEVEL`].
//! Any change of the game (a move, an undo, a new game, leaving) stops the search, and the
//! controller drops an answer that comes back stale.

use dioxus::prelude::*;
use duobao_ai::{CancelToken, Finding, Job, ThinkError};

use super::controller::Controller;
use super::hint::{HintAnswer, HintRequest, HINT_LEVEL};
use crate::engine;
use crate::engine_task::{use_engine_task, Answers, EngineJob};
use crate::log::warning;

impl EngineJob for HintRequest {
    /// The game's generation: a hint is for one position.
    type Key = u64;
    /// The suggestion, if the search found one, and what the endgame tables say of it, for the
    /// request of this generation.
    type Answer = (u64, Option<HintAnswer>);

    fn key(&self) -> u64 {
        self.generation
    }

    async fn run(self, cancel: CancelToken, answers: Answers<Self::Answer>) {
        let job = Job::Hint {
            game: self.game,
            level: HINT_LEVEL,
            seed: 0,
        };
        let mut answer = None;
        engine::work(job, cancel, |found| match found {
            Finding::Hint {
                best: Ok(best),
                forced,
                wins_by_force,
            } => {
                answer = Some(HintAnswer {
                    best,
                    forced,
                    wins_by_force,
                })
            }
            Finding::Hint {
                best: Err(ThinkError::Failed(why)),
                ..
            } => warning!("no hint: the search failed ({why})"),
            _ => {}
        })
        .await;
        answers.send((self.generation, answer));
    }
}

/// Thinks about the hint the player asked for ([`Controller::request_hint`]) and shows it.
pub fn use_hint_search(mut controller: Signal<Controller>) {
    use_engine_task(
        move || controller.read().hint_request(),
        move |(generation, answer)| {
            controller.write().hint_answer(generation, answer);
        },
    );
}
