//! What the bots saw: every acknowledged ply, the time each move took to be acknowledged, the
//! players registered and what each rated game's end changed, and what went wrong, by kind;
//! and the summary made of them.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::protocol::RatingChanges;

/// A ply the server acknowledged: the server has promised it is stored.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct AckedPly {
    pub game: String,
    pub ply: usize,
    #[serde(rename = "move")]
    pub mv: String,
}

/// Shared by every bot; a lock taken a few thousand times a second at most.
pub struct Recorder {
    /// From when the acknowledgements count in the figures: the end of the ramp-up.
    measured_from: Instant,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    acked: Vec<AckedPly>,
    log: Option<BufWriter<File>>,
    log_error: Option<io::Error>,
    /// Send to `ack`, in microseconds, of the moves sent in the measured time on the socket
    /// that got the `ack`.
    latencies: Vec<u32>,
    measured_moves: u64,
    games: u64,
    reconnects: u64,
    failovers: u64,
    resent: u64,
    errors: BTreeMap<String, u64>,
    abuse: BTreeMap<String, u64>,
    players: Vec<String>,
    rating_changes: BTreeMap<String, RatingChanges>,
}

impl Recorder {
    pub fn new(measured_from: Instant, log: Option<&Path>) -> io::Result<Recorder> {
        let log = log.map(File::create).transpose()?.map(BufWriter::new);
        Ok(Recorder {
            measured_from,
            inner: Mutex::new(Inner {
                log,
                ..Inner::default()
            }),
        })
    }

    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// An acknowledged ply; `sent` is when the move went out, `None` when the `ack` came on
    /// another socket than the move (a resend after a reconnection), which measures the outage
    /// rather than the server.
    pub fn acked(&self, acked: AckedPly, sent: Option<Instant>) {
        let now = Instant::now();
        let mut inner = self.inner();
        if let Some(log) = inner.log.as_mut() {
            let line = serde_json::to_string(&acked).expect("plies serialise");
            if let Err(e) = writeln!(log, "{line}") {
                inner.log = None;
                inner.log_error = Some(e);
            }
        }
        inner.acked.push(acked);
        let counted = sent.unwrap_or(now);
        if counted >= self.measured_from {
            inner.measured_moves += 1;
            if let Some(sent) = sent {
                let micros = now.duration_since(sent).as_micros();
                inner
                    .latencies
                    .push(u32::try_from(micros).unwrap_or(u32::MAX));
            }
        }
    }

    pub fn error(&self, kind: &str) {
        *self.inner().errors.entry(kind.to_string()).or_default() += 1;
    }

    /// What became of an abuser's try: `taken`, `ignored` or `refused <why>`.
    pub fn abuse(&self, abuse: &str, outcome: &str) {
        let kind = format!("{abuse} {outcome}");
        *self.inner().abuse.entry(kind).or_default() += 1;
    }

    /// A player registered under `name`.
    pub fn registered(&self, name: &str) {
        self.inner().players.push(name.to_string());
    }

    /// What rated game `game`'s end changed, as a bot saw it; each bot of the game sees it,
    /// and the same each time, or it is an error.
    pub fn rated_end(&self, game: &str, changes: RatingChanges) {
        let mut inner = self.inner();
        let seen = *inner
            .rating_changes
            .entry(game.to_string())
            .or_insert(changes);
        if seen != changes {
            *inner
                .errors
                .entry("changes_differ".to_string())
                .or_default() += 1;
        }
    }

    pub fn game_started(&self) {
        self.inner().games += 1;
    }

    pub fn reconnected(&self) {
        self.inner().reconnects += 1;
    }

    pub fn failed_over(&self) {
        self.inner().failovers += 1;
    }

    /// A move sent again after a reconnection, its `ack` not having come.
    pub fn resent(&self) {
        self.inner().resent += 1;
    }

    /// The figures, and every acknowledged ply; the log file is flushed.
    pub fn finish(self, concurrent_games: usize, measured: Duration) -> io::Result<Report> {
        let mut inner = self.inner.into_inner().unwrap_or_else(|p| p.into_inner());
        if let Some(e) = inner.log_error.take() {
            return Err(e);
        }
        if let Some(mut log) = inner.log.take() {
            log.flush()?;
        }
        inner.latencies.sort_unstable();
        let percentile = |q: f64| {
            let n = inner.latencies.len();
            if n == 0 {
                return 0.0;
            }
            let rank = ((q * n as f64).ceil() as usize).clamp(1, n);
            f64::from(inner.latencies[rank - 1]) / 1000.0
        };
        let summary = Summary {
            concurrent_games,
            games: inner.games,
            moves_acked: inner.acked.len() as u64,
            measured_seconds: measured.as_secs_f64(),
            measured_moves: inner.measured_moves,
            moves_per_second: inner.measured_moves as f64 / measured.as_secs_f64().max(1e-9),
            ack_ms: Latency {
                p50: percentile(0.5),
                p99: percentile(0.99),
                p999: percentile(0.999),
                max: percentile(1.0),
            },
            errors: inner.errors,
            abuse: inner.abuse,
            reconnects: inner.reconnects,
            failovers: inner.failovers,
            resent: inner.resent,
            players: inner.players.len() as u64,
            rated_games_ended: inner.rating_changes.len() as u64,
        };
        Ok(Report {
            summary,
            acked: inner.acked,
            players: inner.players,
            rating_changes: inner.rating_changes,
        })
    }
}

/// Milliseconds from a move's sending to its `ack`.
#[derive(Clone, Debug, Serialize)]
pub struct Latency {
    pub p50: f64,
    pub p99: f64,
    pub p999: f64,
    pub max: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The games played at once, each by two bots.
    pub concurrent_games: usize,
    /// The games started, rematches included.
    pub games: u64,
    /// Every acknowledged ply, the ramp-up's and the last moves' included.
    pub moves_acked: u64,
    pub measured_seconds: f64,
    /// The acknowledgements of the moves sent in the measured time.
    pub measured_moves: u64,
    pub moves_per_second: f64,
    pub ack_ms: Latency,
    /// The honest players' errors.
    pub errors: BTreeMap<String, u64>,
    /// The abusers' tries, by abuse and outcome (`draw_toggle taken`,
    /// `unknown_games refused no_game`): refusals expected, not errors.
    pub abuse: BTreeMap<String, u64>,
    pub reconnects: u64,
    pub failovers: u64,
    /// Moves sent again after a reconnection.
    pub resent: u64,
    /// The players registered, and the rated games whose end they saw.
    pub players: u64,
    pub rated_games_ended: u64,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "concurrent games: {}", self.concurrent_games)?;
        writeln!(f, "games started: {}", self.games)?;
        writeln!(f, "moves acknowledged: {}", self.moves_acked)?;
        writeln!(
            f,
            "moves/s: {:.1} ({} in {:.0} s measured)",
            self.moves_per_second, self.measured_moves, self.measured_seconds
        )?;
        writeln!(
            f,
            "ack latency ms: p50 {:.2}, p99 {:.2}, p99.9 {:.2}, max {:.2}",
            self.ack_ms.p50, self.ack_ms.p99, self.ack_ms.p999, self.ack_ms.max
        )?;
        writeln!(
            f,
            "reconnects: {}, failovers: {}, moves resent: {}",
            self.reconnects, self.failovers, self.resent
        )?;
        if self.players > 0 {
            writeln!(
                f,
                "players registered: {}, rated games ended: {}",
                self.players, self.rated_games_ended
            )?;
        }
        if !self.abuse.is_empty() {
            writeln!(f, "abusers' tries: {}", counts(&self.abuse))?;
        }
        if self.errors.is_empty() {
            write!(f, "errors: none")
        } else {
            write!(f, "errors: {}", counts(&self.errors))
        }
    }
}

/// `kind n, kind n, …`
fn counts(counts: &BTreeMap<String, u64>) -> String {
    let counts: Vec<String> = counts
        .iter()
        .map(|(kind, n)| format!("{kind} {n}"))
        .collect();
    counts.join(", ")
}

pub struct Report {
    pub summary: Summary,
    pub acked: Vec<AckedPly>,
    /// The names the players registered.
    pub players: Vec<String>,
    /// What each rated game's end changed, by game, as the bots saw it.
    pub rating_changes: BTreeMap<String, RatingChanges>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_of_the_measured_moves_only() {
        let start = Instant::now();
        let recorder = Recorder::new(start + Duration::from_secs(3600), None).unwrap();
        let ply = |n| AckedPly {
            game: "g".to_string(),
            ply: n,
            mv: "pass".to_string(),
        };
        recorder.acked(ply(0), Some(start));
        let report = recorder.finish(1, Duration::from_secs(1)).unwrap();
        assert_eq!(report.acked, [ply(0)]);
        assert_eq!(report.summary.measured_moves, 0);
        assert_eq!(report.summary.ack_ms.max, 0.0);

        let recorder = Recorder::new(start, None).unwrap();
        for n in 0..1000 {
            recorder.acked(ply(n), Some(Instant::now()));
        }
        recorder.acked(ply(1000), None);
        let report = recorder.finish(1, Duration::from_secs(2)).unwrap();
        assert_eq!(report.summary.measured_moves, 1001);
        assert_eq!(report.summary.moves_per_second, 500.5);
        assert!(report.summary.ack_ms.p50 <= report.summary.ack_ms.max);
    }

    #[test]
    fn a_rated_end_seen_twice_differently_is_an_error() {
        let recorder = Recorder::new(Instant::now(), None).unwrap();
        let changes = RatingChanges {
            red: 8.4,
            black: -8.6,
        };
        recorder.rated_end("g1", changes);
        recorder.rated_end("g1", changes);
        recorder.rated_end("g2", changes);
        let other = RatingChanges {
            red: 16.8,
            ..changes
        };
        recorder.rated_end("g2", other);
        let report = recorder.finish(1, Duration::from_secs(1)).unwrap();
        assert_eq!(report.rating_changes.len(), 2);
        assert_eq!(report.rating_changes["g2"], changes);
        assert_eq!(report.summary.errors.get("changes_differ"), Some(&1));
    }
}
