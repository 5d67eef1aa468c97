//! The engine's judgement of a puzzle move, off the page's thread: whenever a move of the
//! player's waits ([`PuzzleSession::judging`]), it goes to the engine through the one
//! engine-task hook, and the verdict comes back to the session.

use dioxus::prelude::*;
use duobao_engine::CancelToken;
use duobao_rules::Move;
use duobao_study::{Finding, Job, PuzzleStep};

use super::model::{Played, PuzzleSession};
use crate::engine;
use crate::engine_task::{use_engine_task, Answers, EngineJob};

/// A puzzle move to judge, after the moves so far.
struct Judging(Job);

impl EngineJob for Judging {
    /// Another move, or the same move after other moves, is another judgement.
    type Key = Job;
    /// The move judged, what it did and its refutation; `None` when the engine failed.
    type Answer = Option<(Move, PuzzleStep, Vec<Move>)>;

    fn key(&self) -> Job {
        self.0.clone()
    }

    async fn run(self, cancel: CancelToken, answers: Answers<Self::Answer>) {
        let Job::PuzzleMove { m, .. } = self.0 else {
            return;
        };
        engine::work(self.0, cancel, |found| match found {
            Finding::Puzzle { step, refutation } => answers.send(Some((m, step, refutation))),
            Finding::Done => answers.send(None),
            _ => {}
        })
        .await;
    }
}

/// Judges each move of the player's as it is made, and hands `on_played` what it did.
pub fn use_puzzle_judge(
    mut session: Signal<PuzzleSession>,
    mut on_played: impl FnMut(Played) + 'static,
) {
    use_engine_task(
        move || session.read().judging().map(Judging),
        move |answer| match answer {
            Some((m, step, refutation)) => {
                let played = session.write().judged(m, step, refutation);
                if let Some(played) = played {
                    on_played(played);
                }
            }
            None => session.write().unjudged(),
        },
    );
}
