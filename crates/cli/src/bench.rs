//! `duobao bench`: each level's move time against its budget, with the depth it reaches and
//! its speed, over the AI's sample positions; `--threads N` splits each search's root moves
//! between N threads, as Master's workers do in the app, to measure what each adds.

use std::fmt::Write as _;

use duobao_engine::Level;
use duobao_study::bench::{measure_level, measure_level_shared, summary, SAMPLE_POSITIONS};

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Only this level: easy, medium, hard or master [default: all four]
    #[arg(long)]
    level: Option<Level>,
    /// Split each search's root moves between this many threads, as Master's workers do in the
    /// app (each its own share, side by side), from 1 to 8 [default: 1, one search]
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=8))]
    threads: u32,
}

pub fn bench_command(args: BenchArgs) -> String {
    let levels = args.level.map_or(Level::ALL.to_vec(), |level| vec![level]);
    let mut out = format!("positions {}\n", SAMPLE_POSITIONS.len());
    for level in levels {
        let measured = if args.threads > 1 {
            measure_level_shared(level, args.threads)
        } else {
            measure_level(level)
        };
        let _ = writeln!(out, "{}", summary(level, &measured));
    }
    out
}
