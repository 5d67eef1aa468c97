//! `duobao bench`: each level's move time against its budget, with the depth it reaches and
//! its speed, over the AI's sample positions.

use std::fmt::Write as _;
use std::time::Duration;

use duobao_ai::bench::{measure_level, Measurement, SAMPLE_POSITIONS};
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

/// One line: time per move (mean, max) against the budget, depth (mean, min, max) and speed.
fn summary(level: Level, measured: &[Measurement]) -> String {
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
