//! The computer's moves, run in the background of the game screen: whenever it is the computer's
//! turn (again after a failure, as the controller says), its request goes to the engine through
//! the one engine-task hook, which stops a search that a change of game made pointless; the
//! controller drops any answer that still comes back stale. Master searches on several threads
//! or workers where allowed (`engine::threads`), each a share of the root moves, and, beyond
//! the tables the app carries, also asks the tablebase service within its budget, playing the
//! tables' best move when the service knows the position.

use std::cell::RefCell;
use std::time::Duration;

use dioxus::prelude::*;
use duobao_engine::{best_of_shares, CancelToken, Level, RootShare, ThinkError};
use duobao_rules::{Game, Move};
use duobao_study::{Finding, Job};
use futures_util::future;
use web_time::Instant;

use crate::engine;
use crate::engine_task::{use_engine_task, Answers, EngineJob};
use crate::game::controller::{AiOutcome, AiRequest, Controller, SwapTurn};
use crate::log::warning;
use crate::platform::{now_ms, sleep};
use crate::prefs::Prefs;
use crate::server_address::ServerAddress;
use crate::tablebase_service::best_move;

/// The computer never answers faster than this, so its reply reads as a move of its own rather
/// than as part of the player's.
const MIN_AI_DELAY: Duration = Duration::from_millis(450);

/// What the computer does with its turn.
pub enum AiReply {
    /// Its move, or why it has none.
    Move(Result<Move, ThinkError>),
    /// It takes over Red's side (the swap rule).
    TakeOver,
}

/// The computer's turn, where the tablebase service is, and how many threads (workers on the
/// web) Master's search is split between.
struct ComputerTurn {
    request: AiRequest,
    service: ServerAddress,
    threads: usize,
}

impl EngineJob for ComputerTurn {
    /// A new turn, or the same turn asked again: the level changed from the menu meanwhile
    /// does not ask again.
    type Key = (u64, u32);
    /// The reply, for the request of this generation.
    type Answer = (u64, AiReply);

    fn key(&self) -> (u64, u32) {
        (self.request.generation, self.request.attempt)
    }

    async fn run(self, cancel: CancelToken, answers: Answers<(u64, AiReply)>) {
        let ComputerTurn {
            request,
            service,
            threads,
        } = self;
        let started = Instant::now();
        let reply = match request.swap_turn(now_ms()) {
            Some(SwapTurn::TakeOver) => AiReply::TakeOver,
            Some(SwapTurn::Open(first)) => AiReply::Move(Ok(first)),
            None if request.level == Level::Master => {
                let position = *request.game.position();
                let (searched, told) = future::join(
                    search_shares(request.game, threads, cancel),
                    best_move(&service, &position, Level::Master.budget()),
                )
                .await;
                AiReply::Move(told.map_or(searched, |told| Ok(told.m)))
            }
            None => AiReply::Move(search(request.game, request.level, cancel).await),
        };
        if let Some(rest) = MIN_AI_DELAY.checked_sub(started.elapsed()) {
            sleep(rest).await;
        }
        answers.send((request.generation, reply));
    }
}

/// The engine's move at `level` in `game`.
async fn search(game: Game, level: Level, cancel: CancelToken) -> Result<Move, ThinkError> {
    let job = Job::Move {
        game,
        level,
        seed: now_ms(),
    };
    let mut reply = Err(ThinkError::Cancelled);
    engine::work(job, cancel, |found| {
        if let Finding::Move(answer) = found {
            reply = answer;
        }
    })
    .await;
    reply
}

/// Master's move in `game`, searched on `threads` threads or workers side by side, each a share
/// of the root moves (they share no memory on the web), the best of their answers played.
async fn search_shares(
    game: Game,
    threads: usize,
    cancel: CancelToken,
) -> Result<Move, ThinkError> {
    if threads <= 1 {
        return search(game, Level::Master, cancel).await;
    }
    let shares = (0..threads)
        .map(|index| Job::MoveShare {
            game: game.clone(),
            level: Level::Master,
            share: RootShare::new(index as u32, threads as u32),
        })
        .collect();
    let answers = RefCell::new(vec![Err(ThinkError::Cancelled); threads]);
    engine::work_side_by_side(shares, cancel, |index, found| {
        if let Finding::ShareMove(answer) = found {
            answers.borrow_mut()[index] = answer;
        }
    })
    .await;
    best_of_shares(&answers.into_inner())
}

/// Asks the computer for a move whenever it is its turn, and plays its answer.
pub fn use_ai_player(mut controller: Signal<Controller>) {
    let service: Signal<ServerAddress> = use_context();
    let prefs: Signal<Prefs> = use_context();
    use_engine_task(
        move || {
            let request = controller.read().ai_request()?;
            Some(ComputerTurn {
                request,
                service: service(),
                threads: engine::threads(prefs.peek().engine_threads),
            })
        },
        move |(generation, reply)| {
            let outcome = match reply {
                AiReply::Move(answer) => controller.write().ai_answer(generation, answer),
                AiReply::TakeOver => controller.write().ai_swap(generation),
            };
            match outcome {
                AiOutcome::AskingAgain(error) => {
                    warning!("the computer could not move ({error}); asking it again");
                }
                AiOutcome::Stuck(error) => {
                    warning!("the computer could not move again ({error}); the player decides");
                }
                AiOutcome::Played | AiOutcome::Stale => {}
            }
        },
    );
}
