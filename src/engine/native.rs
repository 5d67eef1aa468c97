//! The engine natively: each job on a thread of its own, reading the endgame tables the app
//! has read ([`crate::endgames`]).

use duobao_engine::{CancelToken, StopOnDrop};
use duobao_study::{run_job, run_off_thread, Finding, Job};
use futures_channel::mpsc;
use futures_util::{future, StreamExt};

use crate::endgames;

/// Runs `job` off this thread ([`run_off_thread`]), its findings sent back over a channel as
/// they come. Dropping the future raises `cancel`, which the search polls every few thousand
/// nodes.
pub(super) async fn work(
    job: Job,
    cancel: CancelToken,
    found: &mut impl FnMut(Finding),
) -> Result<(), String> {
    let _stop = StopOnDrop(cancel.clone());
    let (sender, mut findings) = mpsc::unbounded();
    let tables = endgames::loaded();
    let working = run_off_thread(move || {
        run_job(job, tables, &cancel, &mut |finding| {
            // Gone only when the job's future was dropped: nobody wants the finding.
            let _ = sender.unbounded_send(finding);
        })
    });
    // Until the last finding, or until the job's thread ends (and drops the channel's end).
    let reading = async {
        while let Some(finding) = findings.next().await {
            let last = super::is_last(&finding);
            found(finding);
            if last {
                return true;
            }
        }
        false
    };
    let (worked, ended) = future::join(working, reading).await;
    worked?;
    if ended {
        Ok(())
    } else {
        Err("the engine's thread ended without its last finding".into())
    }
}
