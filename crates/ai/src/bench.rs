//! The benchmark of the levels, shared by `duobao bench` and the app: how long each level thinks
//! on a fixed set of positions, how deep it gets and how many nodes it searches. Synchronous and
//! single-threaded, so that it measures the same work on every target.

use std::time::Duration;

use duobao_rules::Game;
use web_time::Instant;

use crate::cancel::CancelToken;
use crate::level::{Level, LevelPlayer};

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
    /// From the request to the chosen move, as the app waits for it: the level's budget applies
    /// to this.
    pub elapsed: Duration,
    /// The last search iteration completed.
    pub depth: u32,
    pub nodes: u64,
    /// The search alone, without setting up its tables and choosing the move.
    pub searching: Duration,
}

/// Thinks as `level` does for the app (a fresh player, a search, a choice) in the game's current
/// position.
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
}
