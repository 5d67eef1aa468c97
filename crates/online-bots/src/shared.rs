//! What every bot and abuser of a run shares: the servers, the pace, the stop, the recorder and
//! the moves still waiting for their `ack`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Notify;

use crate::record::Recorder;

pub(crate) struct Shared {
    pub(crate) servers: Vec<String>,
    pub(crate) move_every: Duration,
    pub(crate) turn_seconds: u32,
    pub(crate) rare_actions: bool,
    pub(crate) rated: bool,
    pub(crate) resign_chance: f64,
    /// This run's mark in its players' names, so that runs on one database do not collide.
    pub(crate) run_mark: String,
    /// When the bots stop starting games and moves.
    pub(crate) stop_at: Instant,
    /// When they stop waiting for the last `ack`s.
    pub(crate) give_up_at: Instant,
    /// Whether each player connects from an address of its own (a loopback address per player).
    pub(crate) own_addresses: bool,
    pub(crate) recorder: Recorder,
    pub(crate) in_flight: Arc<MovesInFlight>,
}

/// Whether `base` (`http://host:port`) is a loopback address, from which every 127.x.y.z
/// address reaches the server.
pub(crate) fn is_loopback(base: &str) -> bool {
    base.strip_prefix("http://")
        .and_then(|rest| rest.split('/').next())
        .and_then(|authority| authority.parse::<std::net::SocketAddr>().ok())
        .is_some_and(|address| address.ip().is_loopback())
}

/// The moves sent and not yet answered, across every bot. After the stop each bot keeps its
/// socket open until none is left (or the grace is over): thousands of sockets closed in the
/// same instant are a load of their own, which the last moves' `ack`s would otherwise be
/// measured in (they made the whole p99.9 of a 5,000-game run).
#[derive(Default)]
pub(crate) struct MovesInFlight {
    count: AtomicUsize,
    none_left: Notify,
}

impl MovesInFlight {
    /// Counts a move sent until the returned mark is dropped.
    pub(crate) fn sent(self: &Arc<Self>) -> InFlight {
        self.count.fetch_add(1, Ordering::SeqCst);
        InFlight(Arc::clone(self))
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.count.load(Ordering::SeqCst) == 0
    }

    /// Returns once no move is waiting for its answer.
    pub(crate) async fn none_left(&self) {
        // Registered before the count is read, so that the last answer cannot slip between.
        let notified = self.none_left.notified();
        if !self.is_empty() {
            notified.await;
        }
    }
}

/// A move counted among the [`MovesInFlight`] for as long as it lives: dropped with its
/// `Pending` however the move was answered (acknowledged, refused, overtaken, given up).
pub(crate) struct InFlight(Arc<MovesInFlight>);

impl Drop for InFlight {
    fn drop(&mut self) {
        if self.0.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.none_left.notify_waiters();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn none_left_waits_for_the_last_move_in_flight() {
        let moves = Arc::new(MovesInFlight::default());
        moves.none_left().await;
        let first = moves.sent();
        let second = moves.sent();
        let waiting = tokio::spawn({
            let moves = Arc::clone(&moves);
            async move { moves.none_left().await }
        });
        drop(first);
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished());
        drop(second);
        tokio::time::timeout(Duration::from_secs(5), waiting)
            .await
            .expect("woken by the last answer")
            .unwrap();
    }
}
