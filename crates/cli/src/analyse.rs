//! `duobao analyse`: the app's analysis panel as text, by the same code ([`analyse`]). It prints
//! the exact verdict for the side to move, then the engine's lines, best first, as they stood
//! when the analysis ended:
//!
//! ```text
//! verdict win 3 c3b4 b3b2 a3a2
//! 1 win 3 c3b4 b3b2 a3a2
//! 2 score 180 d4d5 b5c5 d5c5
//! ```
//!
//! Each completed depth goes to stderr as it comes, with the engine's speed, and so does each
//! horizon the solver has searched.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

use duobao_engine::CancelToken;
use duobao_rules::Move;
use duobao_study::{
    analyse, AnalysisEvent, AnalysisLimit, AnalysisSettings, AnalysisVerdict, EngineLines,
    MAX_ANALYSIS_LINES,
};

use crate::commands::{game_after, PlayArgs};
use crate::failure::Failure;
use crate::limits::{number_within, MOVETIMES, SEARCH_DEPTHS};
use crate::tablebase::shared_tables;

/// How long an analysis runs when no limit is given.
const DEFAULT_MOVETIME_MS: u64 = 1000;

#[derive(clap::Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    game: PlayArgs,
    /// Analyse for MS milliseconds in all, the solver included (1 to 3600000) [default: 1000]
    #[arg(long, value_name = "MS", value_parser = movetime, conflicts_with = "depth")]
    movetime: Option<u64>,
    /// Search the lines to depth D instead (1 to 95); the solver still looks to its horizon
    #[arg(long, value_name = "D", value_parser = depth)]
    depth: Option<u32>,
    /// How many engine lines to print, 1 to 3, each beginning with another move
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = lines)]
    lines: usize,
    /// Endgame tables for the verdict and the lines (every table file in DIR, as `tablebase
    /// build` writes them)
    #[arg(long, value_name = "DIR")]
    tables: Option<PathBuf>,
}

fn movetime(text: &str) -> Result<u64, String> {
    number_within("movetime", text, MOVETIMES)
}

fn depth(text: &str) -> Result<u32, String> {
    // Within SEARCH_DEPTHS, so it fits.
    number_within("depth", text, SEARCH_DEPTHS).map(|depth| depth as u32)
}

fn lines(text: &str) -> Result<usize, String> {
    number_within("lines", text, 1..=MAX_ANALYSIS_LINES as u64).map(|lines| lines as usize)
}

pub fn analyse_command(args: AnalyseArgs) -> Result<String, Failure> {
    let game = game_after(args.game)?;
    let tables = shared_tables(args.tables.as_deref())?;
    let limit = match (args.depth, args.movetime) {
        (Some(depth), _) => AnalysisLimit::Depth(depth),
        (None, movetime) => AnalysisLimit::Movetime(Duration::from_millis(
            movetime.unwrap_or(DEFAULT_MOVETIME_MS),
        )),
    };
    let settings = AnalysisSettings {
        lines: args.lines,
        limit,
        ..AnalysisSettings::default()
    };
    let (sender, events) = mpsc::channel();
    let report = move |event: AnalysisEvent| {
        eprintln!("duobao: {}", progress(&event));
        // The receiver outlives the analysis.
        let _ = sender.send(event);
    };
    futures_executor::block_on(analyse(game, settings, tables, CancelToken::new(), report))
        .unwrap_or_else(|error| panic!("the analysis failed: {error}"));
    let (mut verdict, mut lines) = (None, None);
    for event in events.try_iter() {
        match event {
            AnalysisEvent::Verdict(latest) => verdict = Some(latest),
            AnalysisEvent::Lines(latest) => lines = Some(latest),
        }
    }
    let verdict = verdict.expect("an analysis that ran to its end has a verdict");
    Ok(analysis_report(&verdict, lines.as_ref()))
}

/// `verdict <value> [<moves>]`, then `<k> <value> <moves>` for each engine line.
fn analysis_report(verdict: &AnalysisVerdict, lines: Option<&EngineLines>) -> String {
    let mut out = format!("verdict {}", verdict.outcome);
    push_moves(&mut out, &verdict.line);
    out.push('\n');
    for (number, line) in lines.iter().flat_map(|lines| &lines.lines).enumerate() {
        let _ = write!(out, "{} {}", number + 1, line.value);
        push_moves(&mut out, &line.moves);
        out.push('\n');
    }
    out
}

fn push_moves(out: &mut String, moves: &[Move]) {
    for m in moves {
        let _ = write!(out, " {m}");
    }
}

/// `depth <d> nodes <n> nps <n> time <s> s` for the engine, `horizon <h> <value>` for the
/// solver.
fn progress(event: &AnalysisEvent) -> String {
    match event {
        AnalysisEvent::Lines(lines) => format!(
            "depth {} nodes {} nps {} time {:.2} s",
            lines.depth,
            lines.nodes,
            lines.nps,
            lines.elapsed.as_secs_f64()
        ),
        AnalysisEvent::Verdict(verdict) => {
            format!("horizon {} {}", verdict.horizon, verdict.outcome)
        }
    }
}

#[cfg(test)]
mod tests {
    use duobao_engine::Outcome;
    use duobao_study::{EngineLine, LineValue};

    use super::*;

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace()
            .map(|m| m.parse().unwrap())
            .collect()
    }

    #[test]
    fn the_report_is_the_verdict_then_a_numbered_line_each() {
        let verdict = AnalysisVerdict {
            outcome: Outcome::Win { plies: 3 },
            line: moves("c3b4 b3b2 a3a2"),
            horizon: 3,
        };
        let lines = EngineLines {
            depth: 4,
            lines: vec![
                EngineLine {
                    value: LineValue::Win { plies: 3 },
                    moves: moves("c3b4 b3b2 a3a2"),
                },
                EngineLine {
                    value: LineValue::Score(-35),
                    moves: moves("c3c2 b4b3"),
                },
            ],
            nodes: 1200,
            nps: 600_000,
            elapsed: Duration::from_millis(2),
        };
        assert_eq!(
            analysis_report(&verdict, Some(&lines)),
            "verdict win 3 c3b4 b3b2 a3a2\n1 win 3 c3b4 b3b2 a3a2\n2 score -35 c3c2 b4b3\n"
        );
        let unknown = AnalysisVerdict {
            outcome: Outcome::Unknown,
            line: Vec::new(),
            horizon: 11,
        };
        assert_eq!(analysis_report(&unknown, None), "verdict unknown\n");
        assert_eq!(
            progress(&AnalysisEvent::Lines(lines)),
            "depth 4 nodes 1200 nps 600000 time 0.00 s"
        );
        assert_eq!(
            progress(&AnalysisEvent::Verdict(unknown)),
            "horizon 11 unknown"
        );
    }

    #[test]
    fn limits_are_refused_outside_their_ranges() {
        assert_eq!(lines("3"), Ok(3));
        assert_eq!(
            lines("4"),
            Err("lines must be a number from 1 to 3, found '4'".into())
        );
        assert!(depth("0").is_err() && depth("96").is_err());
        assert!(movetime("0").is_err() && movetime("3600001").is_err());
    }
}
