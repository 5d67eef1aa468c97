//! The engine natively: each job on a thread of its own, reading the endgame tables the app
//! has read ([`crate::endgames`]).

use std::sync::Mutex;
use std::time::{Duration, Instant};

use duobao_engine::{CancelToken, StopOnDrop};
use duobao_study::{run_off_thread, Finding, Job, JobRun};
use futures_channel::mpsc;
use futures_util::{future, StreamExt};

use crate::endgames;

/// Until when the jobs' threads take no next step ([`hold_steps`]).
static HELD_UNTIL: Mutex<Option<Instant>> = Mutex::new(None);

/// Every job's thread takes no next step for `time` from now (a step under way ends first).
pub(super) fn hold_steps(time: Duration) {
    let until = Instant::now() + time;
    let mut held = HELD_UNTIL
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    *held = Some(held.map_or(until, |before| before.max(until)));
}

/// Waits while the jobs are held, or until `cancel` is raised.
fn wait_while_held(cancel: &CancelToken) {
    while !cancel.is_cancelled() {
        let until = *HELD_UNTIL
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let Some(left) = until.and_then(|until| until.checked_duration_since(Instant::now()))
        else {
            return;
        };
        // In short naps, so that a job stopped meanwhile ends soon.
        std::thread::sleep(left.min(Duration::from_millis(50)));
    }
}

/// Runs `job` off this thread ([`run_off_thread`]) in its steps, waiting between two while the
/// jobs are held, its findings sent back over a channel as they come. Dropping the future raises
/// `cancel`, which the search polls every few thousand nodes.
pub(super) async fn work(
    job: Job,
    cancel: CancelToken,
    found: &mut impl FnMut(Finding),
) -> Result<(), String> {
    let _stop = StopOnDrop(cancel.clone());
    let (sender, mut findings) = mpsc::unbounded();
    let tables = endgames::loaded();
    let working = run_off_thread(move || {
        let mut run = JobRun::new(job, tables);
        // Gone only when the job's future was dropped: nobody wants the finding.
        while run.step(&cancel, &mut |finding| drop(sender.unbounded_send(finding))) {
            wait_while_held(&cancel);
        }
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
