//! Natively, blocking work awaited by an async caller without blocking its thread — an
//! analysis ([`analyse`](crate::analyse)), the app's jobs ([`run_job`](crate::run_job)) — run on
//! tokio's blocking pool (or a thread of its own outside a runtime), a panic caught and reported
//! as a failure. Native only: on the web the app runs its jobs in Web Workers.

/// Runs `job` on tokio's blocking pool (or a thread of its own outside a runtime) and awaits
/// its result. A panic in `job` (caught where panics unwind) or a thread that ends without an
/// answer (a runtime shutting down drops its queued jobs) is an error, which says how.
pub async fn run_off_thread<T: Send + 'static>(
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
            .name("duobao-engine".into())
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
