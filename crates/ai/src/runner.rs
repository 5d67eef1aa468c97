//! Running the AI's long work without blocking the caller's thread, the same way for the
//! computer's move ([`think`](crate::think)), a review's step
//! ([`review_step`](crate::review_step)) and an analysis ([`analyse`](crate::analyse)):
//! natively on tokio's blocking pool (or a thread of its own outside a runtime), a panic caught
//! and reported as a failure; on the web, which has no threads, in slices of the page's thread
//! that give it back to the browser between them ([`Slicing`]).

use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use web_time::Instant;

use crate::cancel::CancelToken;

/// The longest the web page's thread is held at a time. A page should answer a tap within
/// about 50 ms to feel immediate (the RAIL model's budget for input), so a slice stays below
/// that with room for the browser's own work; much shorter slices would spend more of the
/// time in the yields between them.
#[cfg(target_arch = "wasm32")]
pub(crate) const WEB_SLICE: std::time::Duration = std::time::Duration::from_millis(40);

/// Gives the page's thread back to the browser (its events, rendering, timers) until the next
/// turn of its event loop: the pause between two slices.
#[cfg(target_arch = "wasm32")]
pub(crate) fn yield_to_page() -> gloo_timers::future::TimeoutFuture {
    gloo_timers::future::TimeoutFuture::new(0)
}

/// How sliced work shares its thread: slices of `slice` (none: to the end), `pause` awaited
/// between them, until `cancel` is raised.
pub(crate) struct Slicing<'a, P> {
    pub slice: Option<Duration>,
    pub cancel: &'a CancelToken,
    pub pause: P,
}

impl<P: FnMut() -> F, F: Future<Output = ()>> Slicing<'_, P> {
    /// When the slice that starts now ends.
    pub fn deadline(&self) -> Option<Instant> {
        self.slice.map(|slice| Instant::now() + slice)
    }

    pub async fn pause(&mut self) {
        (self.pause)().await;
    }
}

/// The pause of work that shares no thread: none.
pub(crate) fn unsliced() -> std::future::Ready<()> {
    std::future::ready(())
}

/// Runs sliced work that never waits (its pause is [`unsliced`]) to its end.
pub(crate) fn run_unsliced<T>(work: impl Future<Output = T>) -> T {
    match pin!(work).poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(value) => value,
        Poll::Pending => unreachable!("work whose pauses are ready never waits"),
    }
}

/// Runs `job` on tokio's blocking pool (or a thread of its own outside a runtime) and awaits
/// its result. A panic in `job` (caught where panics unwind) or a thread that ends without an
/// answer (a runtime shutting down drops its queued jobs) is an error, which says how.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) async fn run_off_thread<T: Send + 'static>(
    job: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    let (sender, receiver) = futures_channel::oneshot::channel();
    let job = move || {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))
            .map_err(|panic| panic_message(panic.as_ref()));
        // The receiver is gone when the request was dropped: nobody wants the answer.
        let _ = sender.send(outcome);
    };
    let spawned = match tokio::runtime::Handle::try_current() {
        Ok(runtime) => {
            drop(runtime.spawn_blocking(job));
            Ok(())
        }
        Err(_) => std::thread::Builder::new()
            .name("duobao-ai".into())
            .spawn(job)
            .map(drop),
    };
    if let Err(error) = spawned {
        return Err(format!("no search thread: {error}"));
    }
    receiver
        .await
        .unwrap_or_else(|_| Err("the search thread ended without an answer".into()))
}

/// The text a panic was raised with, when it has one.
#[cfg(not(target_arch = "wasm32"))]
fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let text = panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str));
    format!("the search panicked: {}", text.unwrap_or("(no message)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_panicking_job_is_a_failure_not_an_answer() {
        let failed = run_off_thread(|| -> u8 { panic!("boom") }).await;
        assert_eq!(failed, Err("the search panicked: boom".into()));
        let answered = run_off_thread(|| 7).await;
        assert_eq!(answered, Ok(7));
    }

    #[test]
    fn a_panicking_job_outside_a_runtime_is_a_failure_too() {
        let index = 3;
        let failed = futures_executor::block_on(run_off_thread(move || -> u8 {
            panic!("index {index} out of range")
        }));
        assert_eq!(
            failed,
            Err("the search panicked: index 3 out of range".into())
        );
    }

    #[test]
    fn a_thread_that_ends_without_an_answer_is_a_failure() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .build()
            .unwrap();
        let handle = runtime.handle().clone();
        runtime.shutdown_background();
        // A runtime that has shut down drops the job without running it.
        let answer = futures_executor::block_on(async {
            let _inside = handle.enter();
            run_off_thread(|| 7u8).await
        });
        assert_eq!(
            answer,
            Err("the search thread ended without an answer".into())
        );
    }
}
