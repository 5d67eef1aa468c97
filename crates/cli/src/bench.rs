//! `duobao bench`: each level's move time against its budget, with the depth it reaches and
//! its speed, over positions from a sample game (always the same ones).

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use duobao_ai::{CancelToken, Level, LevelPlayer};
use duobao_rules::Game;
use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::args::{Failure, Words};

/// Positions sampled every this many plies of the sample game.
const SAMPLE_EVERY: usize = 4;
const SAMPLES: usize = 12;

/// The most a level may take for a move on one thread.
fn budget(level: Level) -> Duration {
    Duration::from_millis(match level {
        Level::Easy | Level::Medium => 200,
        Level::Hard => 500,
        Level::Master => 1500,
    })
}

pub fn bench_command(words: &mut Words) -> Result<String, Failure> {
    let mut levels = Level::ALL.to_vec();
    while let Some(flag) = words.next() {
        match flag {
            "--level" => {
                let name = words
                    .next()
                    .ok_or_else(|| Failure::Usage("--level needs a level".into()))?;
                levels = vec![name
                    .parse()
                    .map_err(|e: duobao_ai::BadLevel| Failure::Usage(e.to_string()))?];
            }
            other => return Err(Failure::Usage(format!("unknown bench option '{other}'"))),
        }
    }
    let games = sample_positions();
    let mut out = format!("positions {}\n", games.len());
    for level in levels {
        let _ = writeln!(out, "{}", bench_level(level, &games));
    }
    Ok(out)
}

/// Positions along games between two Medium players (seeded, so always the same), for a mix
/// of openings, middle games and endings.
fn sample_positions() -> Vec<Game> {
    let mut samples = Vec::new();
    for seed in 0.. {
        let mut game = Game::new();
        let mut player = LevelPlayer::new(Level::Medium, seed);
        let mut next_sample = 0;
        while !game.is_over() {
            if game.plies().len() == next_sample {
                next_sample += SAMPLE_EVERY;
                samples.push(game.clone());
                if samples.len() == SAMPLES {
                    return samples;
                }
            }
            let m = player
                .choose(&game, &CancelToken::new())
                .expect("a game that is not over has a move");
            game.play(m.into()).expect("the player's move is legal");
        }
    }
    unreachable!("the loop returns once it has its samples")
}

/// One line: time per move (mean, max) against the budget, depth (mean, min, max) and speed.
fn bench_level(level: Level, games: &[Game]) -> String {
    let (mut total, mut longest) = (Duration::ZERO, Duration::ZERO);
    let (mut depths, mut nodes, mut searching) = (Vec::new(), 0, Duration::ZERO);
    let mut rng = SmallRng::seed_from_u64(1);
    for game in games {
        // As the app's think does: a fresh searcher, a search, a choice.
        let started = Instant::now();
        let result = level
            .searcher()
            .search(game, level.limits(), &CancelToken::new(), |_| {});
        level.pick(game.position(), &result, &mut rng);
        let took = started.elapsed();
        total += took;
        longest = longest.max(took);
        depths.push(result.info.depth);
        nodes += result.info.nodes;
        searching += result.info.elapsed;
    }
    let n = games.len().max(1) as u32;
    let millis = |d: Duration| d.as_secs_f64() * 1000.0;
    format!(
        "{:<7} mean {:.0} ms max {:.0} ms budget {:.0} ms {} depth mean {:.1} min {} max {} nps {}",
        level.name(),
        millis(total / n),
        millis(longest),
        millis(budget(level)),
        if longest <= budget(level) {
            "ok"
        } else {
            "OVER"
        },
        f64::from(depths.iter().sum::<u32>()) / f64::from(n),
        depths.iter().min().unwrap_or(&0),
        depths.iter().max().unwrap_or(&0),
        (nodes as f64 / searching.as_secs_f64().max(1e-9)) as u64
    )
}
