//! Search speed: fixed-depth searches (nodes per second) and one full move of each level, whose
//! time must stay within the level's budget (Master 1.5 s, Hard 0.5 s, Medium and Easy 0.2 s).

use criterion::{criterion_group, criterion_main, Criterion};
use duobao_engine::{CancelToken, Level, LevelPlayer, SearchLimits, Searcher};
use duobao_rules::Game;

/// The start and two positions from balanced match openings.
const POSITIONS: [&str; 3] = [
    "BBB/BB.BB/..T../RR.RR/RRR r - 0",
    "BBB/BBTBB/....R/RR.RR/RR. b - 3",
    "BBB/BBT.B/R..BR/.R..R/RRR r - 4",
];

const DEPTH: u32 = 12;

fn fixed_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("depth");
    group.sample_size(10);
    for (index, fen) in POSITIONS.iter().enumerate() {
        let game = Game::from_fen(fen).unwrap();
        let limits = SearchLimits {
            depth: Some(DEPTH),
            ..SearchLimits::default()
        };
        group.bench_function(format!("position {index} depth {DEPTH}"), |b| {
            b.iter(|| Searcher::new().search(&game, limits, &CancelToken::new(), |_| {}))
        });
    }
    group.finish();
}

fn level_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("level move");
    group.sample_size(10);
    let game = Game::from_fen(POSITIONS[1]).unwrap();
    for level in Level::ALL {
        group.bench_function(level.name(), |b| {
            b.iter(|| LevelPlayer::new(level, 7).choose(&game, &CancelToken::new()))
        });
    }
    group.finish();
}

criterion_group!(benches, fixed_depth, level_moves);
criterion_main!(benches);
