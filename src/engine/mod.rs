//! Where the engine works: never on the thread that draws the app. [`work`] hands a
//! [`Job`] to the engine and hands its findings back as they come: natively on a thread of its
//! own ([`native`]), on the web in a Web Worker ([`web`]) holding the rules, the AI and the
//! endgame tables in a WebAssembly module of its own. A job whose future is dropped is stopped
//! at once; an engine that dies (a panic, out of memory) fails that job with
//! [`failure`]'s finding, and the next job gets a fresh one.
//!
//! Below the features: it imports nothing from the app but the log, the platform and the
//! endgame tables' files.

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(target_arch = "wasm32")]
mod web;

use std::future::Future;
use std::pin::Pin;

use dioxus::prelude::*;
use duobao_engine::{CancelToken, ThinkError};
use duobao_study::{Finding, Job};
use futures_util::future;

use crate::platform::after_next_paint;

/// Gets the engine ready once the first screen is painted, so that the first screen never
/// waits for it and the computer's first move seldom does: natively the endgame tables are
/// read; on the web a worker is started, which loads the engine's module and the tables.
pub fn use_engine() {
    use_hook(|| {
        spawn(async {
            after_next_paint().await;
            #[cfg(not(target_arch = "wasm32"))]
            crate::endgames::read_in_background().await;
            #[cfg(target_arch = "wasm32")]
            web::warm_up();
        })
    });
}

/// The most threads (workers on the web) one search is split between.
const MAX_THREADS: usize = 4;

/// How many threads (workers on the web) Master's move and the analysis board's search are
/// split between: `chosen` in Settings, else the device's cores less one (the page, or the app,
/// keeps one); at most [`MAX_THREADS`], at least one. On the web only a cross-origin isolated
/// page gets more than one (the server sends COOP/COEP), as a page that may share memory
/// between its workers: elsewhere one worker.
pub fn threads(chosen: Option<u8>) -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    let (cores, isolated) = (
        std::thread::available_parallelism().map_or(1, usize::from),
        true,
    );
    #[cfg(target_arch = "wasm32")]
    let (cores, isolated) = web::cores_and_isolation();
    if !isolated {
        return 1;
    }
    chosen
        .map_or(cores.saturating_sub(1), usize::from)
        .clamp(1, MAX_THREADS)
}

/// Works `job` out off this thread, handing each finding to `found` on this thread, and returns
/// when the job has said all it has to say (or failed, `found` then being handed its
/// [`failure`]). Dropping the future stops the job; so does raising `cancel`.
pub async fn work(job: Job, cancel: CancelToken, mut found: impl FnMut(Finding)) {
    if cancel.is_cancelled() {
        return;
    }
    let on_failure = failure(&job);
    #[cfg(not(target_arch = "wasm32"))]
    let ended = native::work(job, cancel, &mut found).await;
    #[cfg(target_arch = "wasm32")]
    let ended = web::work(job, &mut found).await;
    if let Err(why) = ended {
        crate::log::warning!("the engine stopped: {why}");
        found(on_failure(why));
    }
}

/// While the player steps through a review: its analysis takes no next step for `time` from
/// now, leaving the device's cores to the screen (a step under way ends first); a job in one
/// step (a move, the analysis board's search) goes on.
pub fn hold_steps(time: std::time::Duration) {
    #[cfg(not(target_arch = "wasm32"))]
    native::hold_steps(time);
    #[cfg(target_arch = "wasm32")]
    web::hold_steps(time);
}

/// Works `jobs` out side by side, each as [`work`] does (on threads or workers of their own),
/// handing each finding to `found` with the index of its job, and returns when all have said
/// all they have to say: the shares of one search. Joined in pairs rather than by `join_all`,
/// whose machinery would weigh on the download.
pub async fn work_side_by_side(
    jobs: Vec<Job>,
    cancel: CancelToken,
    found: impl Fn(usize, Finding),
) {
    let found = &found;
    let mut all: Pin<Box<dyn Future<Output = ()> + '_>> = Box::pin(async {});
    for (index, job) in jobs.into_iter().enumerate() {
        let one = work(job, cancel.clone(), move |finding| found(index, finding));
        all = Box::pin(async move {
            future::join(all, one).await;
        });
    }
    all.await;
}

/// The last finding of a job that the engine could not finish: the move, a share of it or the
/// hint failed ([`ThinkError::Failed`], which the game answers by asking again, then asking the
/// player), any other job simply done with what it found.
fn failure(job: &Job) -> impl FnOnce(String) -> Finding {
    let asked_for_a_move = matches!(job, Job::Move { .. });
    let asked_for_a_share = matches!(job, Job::MoveShare { .. });
    let asked_for_a_hint = matches!(job, Job::Hint { .. });
    move |why| {
        if asked_for_a_move {
            Finding::Move(Err(ThinkError::Failed(why)))
        } else if asked_for_a_share {
            Finding::ShareMove(Err(ThinkError::Failed(why)))
        } else if asked_for_a_hint {
            Finding::Hint {
                best: Err(ThinkError::Failed(why)),
                forced: None,
                wins_by_force: None,
            }
        } else {
            Finding::Done
        }
    }
}

/// Whether `finding` is the job's last: a move, a share's move, a hint and a puzzle move's
/// judgement are one finding, the others end with [`Finding::Done`].
fn is_last(finding: &Finding) -> bool {
    matches!(
        finding,
        Finding::Move(_)
            | Finding::ShareMove(_)
            | Finding::Hint { .. }
            | Finding::Puzzle { .. }
            | Finding::Done
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_engine::Level;
    use duobao_rules::Game;

    #[test]
    fn a_failed_move_asks_again_a_failed_hint_shows_none_and_a_failed_review_ends() {
        let game = Game::new();
        let failed_move = failure(&Job::Move {
            game: game.clone(),
            level: Level::Easy,
            seed: 0,
        })("gone".into());
        assert_eq!(
            failed_move,
            Finding::Move(Err(ThinkError::Failed("gone".into())))
        );
        assert!(is_last(&failed_move));
        let failed_share = failure(&Job::MoveShare {
            game: game.clone(),
            level: Level::Master,
            share: duobao_engine::RootShare::new(1, 3),
        })("gone".into());
        assert_eq!(
            failed_share,
            Finding::ShareMove(Err(ThinkError::Failed("gone".into())))
        );
        assert!(is_last(&failed_share));
        let failed_hint = failure(&Job::Hint {
            game: game.clone(),
            level: Level::Master,
            seed: 0,
        })("gone".into());
        assert!(matches!(
            failed_hint,
            Finding::Hint {
                best: Err(_),
                forced: None,
                wins_by_force: None
            }
        ));
        assert_eq!(
            failure(&Job::Review {
                game,
                known: Vec::new()
            })("gone".into()),
            Finding::Done
        );
    }

    /// Reviews the game of `moves` through [`work`], handing each finding to `found`.
    fn review(moves: &[&str], found: impl FnMut(Finding)) {
        let mut game = Game::new();
        for m in moves {
            game.play(duobao_rules::Ply::Move(m.parse().unwrap()))
                .unwrap();
        }
        let job = Job::Review {
            game,
            known: Vec::new(),
        };
        futures_executor::block_on(work(job, CancelToken::new(), found));
    }

    #[test]
    fn a_held_review_takes_its_next_step_only_once_the_hold_is_over() {
        use std::time::{Duration, Instant};
        let hold = Duration::from_millis(400);
        let held_at = Instant::now();
        hold_steps(hold);
        let mut found = Vec::new();
        review(&["c3c2", "c5c4"], |f| found.push((f, held_at.elapsed())));
        // A hold is read between two steps: the first ply is judged at once, the second (and
        // then the end) only once the hold is over.
        assert!(
            matches!(
                found.as_slice(),
                [(Finding::Ply(_), _), (Finding::Ply(_), second), (Finding::Done, _)] if *second >= hold
            ),
            "{found:?}"
        );
    }

    #[test]
    fn a_job_is_worked_out_off_this_thread_and_ends_with_its_last_finding() {
        let mut found = Vec::new();
        review(&["c3c2"], |f| found.push(f));
        assert!(
            matches!(found.as_slice(), [Finding::Ply(_), Finding::Done]),
            "{found:?}"
        );
    }
}
