//! `duobao bench`: each level's move time against its budget, with the depth it reaches and
//! its speed, over the AI's sample positions.

use std::fmt::Write as _;

use duobao_ai::bench::{measure_level, summary, SAMPLE_POSITIONS};
use duobao_ai::Level;

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Only this level: easy, medium, hard or master [default: all four]
    #[arg(long)]
    level: Option<Level>,
}

pub fn bench_command(args: BenchArgs) -> String {
    let levels = args.level.map_or(Level::ALL.to_vec(), |level| vec![level]);
    let mut out = format!("positions {}\n", SAMPLE_POSITIONS.len());
    for level in levels {
        let _ = writeln!(out, "{}", summary(level, &measure_level(level)));
    }
    out
}
