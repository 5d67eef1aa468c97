//! The hint's search, run in the background of the game screen: the hint asked for goes to the
//! engine through the one engine-task hook, as the computer's own moves do, at [`HINT_LEVEL`].
//! Beyond the tables the app carries, the tablebase service is asked beside it, within the
//! hint's own time: the tables' best move, where they know the position, is the hint. Any
//! change of the game (a move, an undo, a new game, leaving) stops the search, and the
//! controller drops an answer that comes back stale.

use dioxus::prelude::*;
use duobao_engine::{CancelToken, ThinkError};
use duobao_rules::{Game, Position};
use duobao_study::{Finding, ForcedLine, Job};
use futures_util::future;

use crate::engine;
use crate::engine_task::{use_engine_task, Answers, EngineJob};
use crate::game::controller::{Controller, HintAnswer, HintRequest, HINT_LEVEL};
use crate::log::warning;
use crate::server_address::ServerAddress;
use crate::tablebase_service::{best_move, sure_outcome};

/// The hint asked for, and where the tablebase service is.
struct HintJob {
    request: HintRequest,
    service: ServerAddress,
}

impl EngineJob for HintJob {
    /// The game's generation: a hint is for one position.
    type Key = u64;
    /// The suggestion, if the search found one, and what the endgame tables say of it, for the
    /// request of this generation.
    type Answer = (u64, Option<HintAnswer>);

    fn key(&self) -> u64 {
        self.request.generation
    }

    async fn run(self, cancel: CancelToken, answers: Answers<Self::Answer>) {
        let HintJob { request, service } = self;
        let position = *request.game.position();
        let told = told_by_service(&service, &position);
        let (searched, told) = future::join(search(request.game, cancel), told).await;
        answers.send((request.generation, told.or(searched)));
    }
}

/// Master's suggestion for `game`, with what the app's tables say of it.
async fn search(game: Game, cancel: CancelToken) -> Option<HintAnswer> {
    let job = Job::Hint {
        game,
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
    answer
}

/// The tablebase service's best move in `position`, when it knows the position, with its sure
/// result in the hint's words (the position after the move, for the opponent).
async fn told_by_service(service: &ServerAddress, position: &Position) -> Option<HintAnswer> {
    // Waited for no longer than the hint's own search.
    let best = best_move(service, position, HINT_LEVEL.budget()).await?;
    // The position after the move, for the opponent, one ply nearer the end.
    let outcome = sure_outcome(
        best.category.for_opponent(),
        best.plies.map(|plies| plies.saturating_sub(1)),
    );
    Some(HintAnswer {
        best: best.m,
        forced: outcome.map(|outcome| ForcedLine {
            outcome,
            line: Vec::new(),
        }),
        wins_by_force: None,
    })
}

/// Thinks about the hint the player asked for ([`Controller::request_hint`]) and shows it.
pub fn use_hint_search(mut controller: Signal<Controller>) {
    let service: Signal<ServerAddress> = use_context();
    use_engine_task(
        move || {
            let request = controller.read().hint_request()?;
            Some(HintJob {
                request,
                service: service(),
            })
        },
        move |(generation, answer)| {
            controller.write().hint_answer(generation, answer);
        },
    );
}
