//! The engine natively: each job on a thread of its own, reading the endgame tables the app
//! has read ([`crate::endgames`]).

use std::panic::{catch_unwind, AssertUnwindSafe};

use duobao_ai::{run_job, CancelToken, Finding, Job};
use futures_channel::mpsc;
use futures_util::StreamExt;

use crate::endgames;

/// Runs `job` on a new thread, its findings sent back over a channel. Dropping the future
/// raises `cancel`, which the search polls every few thousand nodes.
pub(super) async fn work(
    job: Job,
    cancel: CancelToken,
    found: &mut impl FnMut(Finding),
) -> Result<(), String> {
    struct StopOnDrop(CancelToken);
    impl Drop for StopOnDrop {
        fn drop(&mut self) {
            self.0.cancel();
        }
    }
    let _stop = StopOnDrop(cancel.clone());
    let (sender, mut findings) = mpsc::unbounded();
    let tables = endgames::loaded();
    let worked = move || {
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            run_job(job, tables, &cancel, &mut |finding| {
                // Gone only when the job's future was dropped: nobody wants the finding.
                let _ = sender.unbounded_send(Ok(finding));
            })
        }));
        if let Err(panic) = outcome {
            let _ = sender.unbounded_send(Err(panic_text(panic.as_ref())));
        }
    };
    std::thread::Builder::new()
        .name("duobao-engine".into())
        .spawn(worked)
        .map_err(|error| format!("no engine thread: {error}"))?;
    while let Some(next) = findings.next().await {
        let finding = next?;
        let last = super::is_last(&finding);
        found(finding);
        if last {
            return Ok(());
        }
    }
    Err("the engine's thread ended without its last finding".into())
}

/// The text a panic was raised with, when it has one.
fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    let text = panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str));
    format!("the engine panicked: {}", text.unwrap_or("(no message)"))
}
