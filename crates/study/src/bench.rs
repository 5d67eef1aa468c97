//! The benchmark of the levels, shared by `duobao bench` and the app's benchmark page: how long
//! each level thinks on a fixed set of positions, how deep it gets and how many nodes it
//! searches, measured as the engine works a player's request out: one blocking search on the
//! thread it is given (natively a thread of the app's, on the web the engine's worker).

use std::time::Duration;

use duobao_rules::Game;
use web_time::Instant;

use duobao_engine::CancelToken;
#[cfg(not(target_arch = "wasm32"))]
use duobao_engine::RootShare;
use duobao_engine::{Level, LevelPlayer};

/// Every fourth position of two games between Medium players, for a mix of openings, middle
/// games and endings: the first game's first 36 plies, then the second game's first 12.
pub const SAMPLE_POSITIONS: [&str; 12] = [
    "BBB/BB.BB/..T../RR.RR/RRR r - 0",
    "BBB/BBT.B/R.RB./R...R/RRR r - 4",
    "BBB/B..TB/RBRBR/R..R./R.R r - 8",
    ".BB/BBT.B/RBRBR/.R.R./RR. r - 12",
    ".BB/BB.RB/RB.BR/.TRR./RR. r L 16",
    "BBB/B..RB/R.RBR/.BTR./RR. r - 20",
    "BBB/...RB/BR..R/RBTR./RR. r - 3",
    "BBB/.R.RB/B...R/RBTR./R.R r L 7",
    "BBB/R...B/.BR.R/R..R./RTR r - 3",
    "BBB/BB.BB/..T../RR.RR/RRR r - 0",
    "BBB/BB.../R..BB/.RTRR/RRR r - 4",
    "BBB/BB.R./R.B.B/.T.RR/RRR r - 8",
];

/// The seed of the measured players: the noisy levels' choice does not change the search.
const SEED: u64 = 1;

/// What a level's thinking on one position took.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Measurement {
    /// From the request to the chosen move, the player's tables set up included: the level's
    /// budget applies to this.
    pub elapsed: Duration,
    /// The last search iteration completed.
    pub depth: u32,
    pub nodes: u64,
    /// The search alone, without setting up its tables and choosing the move.
    pub searching: Duration,
}

/// Thinks as `level` does for the app (a fresh player, its search and its choice) in the game's
/// current position, here on this thread.
pub fn measure(level: Level, game: &Game) -> Measurement {
    let started = Instant::now();
    let (_, info) = LevelPlayer::new(level, SEED).choose_reporting(game, &CancelToken::new());
    Measurement {
        elapsed: started.elapsed(),
        depth: info.depth,
        nodes: info.nodes,
        searching: info.elapsed,
    }
}

/// [`measure`] on each of the [`SAMPLE_POSITIONS`], in order.
pub fn measure_level(level: Level) -> Vec<Measurement> {
    SAMPLE_POSITIONS
        .iter()
        .map(|fen| {
            let game = Game::from_fen(fen).expect("the sample positions are valid FEN");
            measure(level, &game)
        })
        .collect()
}

/// [`measure`] with the root moves split between `threads` threads, each searching its share
/// as Master's workers do in the app (`choose_in_share`), side by side: the time of the slowest,
/// the depth all of them completed, their nodes added. Native only (threads).
#[cfg(not(target_arch = "wasm32"))]
pub fn measure_shared(level: Level, game: &Game, threads: u32) -> Measurement {
    let started = Instant::now();
    let shares: Vec<(u32, u64, Duration)> = std::thread::scope(|scope| {
        let searching: Vec<_> = (0..threads)
            .map(|index| {
                scope.spawn(move || {
                    let mut player = LevelPlayer::new(level, SEED);
                    let share = RootShare::new(index, threads);
                    let (_, info) = player.best_in_share(game, share, &CancelToken::new());
                    (info.depth, info.nodes, info.elapsed)
                })
            })
            .collect();
        searching
            .into_iter()
            .map(|share| share.join().expect("a share's search does not panic"))
            .collect()
    });
    Measurement {
        elapsed: started.elapsed(),
        depth: shares.iter().map(|share| share.0).min().unwrap_or(0),
        nodes: shares.iter().map(|share| share.1).sum(),
        searching: shares.iter().map(|share| share.2).max().unwrap_or_default(),
    }
}

/// [`measure_shared`] on each of the [`SAMPLE_POSITIONS`], in order.
#[cfg(not(target_arch = "wasm32"))]
pub fn measure_level_shared(level: Level, threads: u32) -> Vec<Measurement> {
    SAMPLE_POSITIONS
        .iter()
        .map(|fen| {
            let game = Game::from_fen(fen).expect("the sample positions are valid FEN");
            measure_shared(level, &game, threads)
        })
        .collect()
}

/// One line: time per move (mean, max) against the budget, depth (mean, min, max) and speed
/// (nodes per second of searching), the same words on every target so they can be compared.
pub fn summary(level: Level, measured: &[Measurement]) -> String {
    let total: Duration = measured.iter().map(|m| m.elapsed).sum();
    let longest = measured.iter().map(|m| m.elapsed).max().unwrap_or_default();
    let depths = measured.iter().map(|m| m.depth);
    let nodes: u64 = measured.iter().map(|m| m.nodes).sum();
    let searching: Duration = measured.iter().map(|m| m.searching).sum();
    let n = measured.len().max(1) as u32;
    let millis = |d: Duration| d.as_secs_f64() * 1000.0;
    let budget = level.budget();
    format!(
        "{:<7} mean {:.0} ms max {:.0} ms budget {:.0} ms {} depth mean {:.1} min {} max {} nps {}",
        level.name(),
        millis(total / n),
        millis(longest),
        millis(budget),
        if longest <= budget { "ok" } else { "OVER" },
        f64::from(depths.clone().sum::<u32>()) / f64::from(n),
        depths.clone().min().unwrap_or(0),
        depths.max().unwrap_or(0),
        (nodes as f64 / searching.as_secs_f64().max(1e-9)) as u64
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sample_is_a_game_in_progress() {
        for fen in SAMPLE_POSITIONS {
            let game = Game::from_fen(fen).unwrap();
            assert!(!game.is_over(), "{fen}");
        }
    }

    #[test]
    fn easy_is_measured_at_its_depth_on_every_sample() {
        let measured = measure_level(Level::Easy);
        assert_eq!(measured.len(), SAMPLE_POSITIONS.len());
        for measurement in measured {
            assert_eq!(measurement.depth, Level::Easy.limits().depth.unwrap());
            assert!(measurement.nodes > 0, "{measurement:?}");
            assert!(
                measurement.searching <= measurement.elapsed,
                "{measurement:?}"
            );
        }
    }

    #[test]
    fn summary_gives_time_against_budget_depth_and_speed() {
        let measurement = |millis, depth| Measurement {
            elapsed: Duration::from_millis(millis),
            depth,
            nodes: 1000,
            searching: Duration::from_millis(millis / 2),
        };
        let measured = [measurement(100, 3), measurement(300, 5)];
        assert_eq!(
            summary(Level::Master, &measured),
            "master  mean 200 ms max 300 ms budget 1500 ms ok depth mean 4.0 min 3 max 5 nps 10000"
        );
        assert!(summary(Level::Easy, &measured).contains("budget 200 ms OVER"));
    }
}
