//! `duobao solve`: the exact forced-win search from the command line. It prints what the side
//! to move can force within a horizon, with the proof line, or the same for each of its moves;
//! and it can write the whole proof of a win as a certificate that the rules alone can check.

use std::fmt::Write as _;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::time::Instant;

use duobao_engine::{prove, Budget, Outcome, Solution, Solver, MAX_HORIZON};
use duobao_rules::{Game, Move};

use crate::commands::{game_after, PlayArgs};
use crate::failure::Failure;
use crate::limits::{number_within, TABLE_MEGABYTES};

#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    game: PlayArgs,
    /// The most plies to look ahead, from 1 to 120; a win or loss longer than this is reported
    /// as unknown
    #[arg(long, default_value_t = 21, value_parser = horizon)]
    horizon: u32,
    /// The solver's table in MiB, from 1 to 16384 (16 GiB); it takes from half this to all of it
    /// (a power of two of entries). The default solves the start at horizon 21 in about 1½ minutes
    #[arg(long, value_name = "MB", default_value_t = 1024, value_parser = table_megabytes)]
    table_mb: usize,
    /// Instead, one line per legal move, sorted: "MOVE VALUE", the value for the side to move
    /// if it plays MOVE, its plies counted from this position (the move included)
    #[arg(long, conflicts_with = "certificate")]
    first_moves: bool,
    /// Also write the whole proof of a win of the side to move to FILE, as a certificate that
    /// the rules alone can check (it is checked before it is written)
    #[arg(long, value_name = "FILE")]
    certificate: Option<PathBuf>,
}

fn horizon(text: &str) -> Result<u32, String> {
    number_within("horizon", text, HORIZONS).map(|h| h as u32)
}

/// Horizons: the solver keeps mate distances clear of undecided values up to [`MAX_HORIZON`].
const HORIZONS: RangeInclusive<u64> = 1..=MAX_HORIZON as u64;

fn table_megabytes(text: &str) -> Result<usize, String> {
    number_within("table size in MiB", text, TABLE_MEGABYTES).map(|mb| mb as usize)
}

pub fn solve_command(args: SolveArgs) -> Result<String, Failure> {
    let game = game_after(args.game)?;
    let mut solver = Solver::with_table_megabytes(args.table_mb);
    let started = Instant::now();
    let mut out = String::new();
    let mut nodes = 0;
    if args.first_moves {
        // A drawn game has moves on the board but none to play.
        let mut moves = if game.is_over() {
            Vec::new()
        } else {
            game.position().legal_moves().to_vec()
        };
        moves.sort_by_key(|m| m.to_string());
        for m in moves {
            let solution = solve_deepening(&mut solver, &game, Some(m), args.horizon, started);
            nodes += solution.nodes;
            let _ = writeln!(out, "{m} {}", value(&solution, args.horizon));
        }
    } else {
        let solution = solve_deepening(&mut solver, &game, None, args.horizon, started);
        nodes = solution.nodes;
        let _ = writeln!(out, "{}", value(&solution, args.horizon));
        let line: Vec<String> = solution.line.iter().map(Move::to_string).collect();
        let _ = writeln!(out, "line {}", line.join(" "));
        if let Some(path) = &args.certificate {
            let Outcome::Win { plies } = solution.outcome else {
                return Err(Failure::Input(format!(
                    "no certificate: the side to move has no forced win within {}",
                    args.horizon
                )));
            };
            out += &write_certificate(&mut solver, &game, plies, path, started)?;
        }
    }
    let _ = writeln!(out, "nodes {nodes}");
    let _ = writeln!(out, "time {:.1} s", started.elapsed().as_secs_f64());
    Ok(out)
}

/// The solution at the horizon (for `first`, of playing it, its plies counted from before it),
/// solved one horizon at a time so that each step can be reported on stderr; the table keeps
/// the work of the shorter horizons, so the steps cost little more than one call.
fn solve_deepening(
    solver: &mut Solver,
    game: &Game,
    first: Option<Move>,
    horizon: u32,
    started: Instant,
) -> Solution {
    let mut nodes = 0;
    let mut h = 0;
    loop {
        h += 1;
        let mut solution = match first {
            Some(m) => solver.solve_move(game, m, h - 1, &Budget::default()),
            None => solver.solve(game, h, &Budget::default()),
        };
        nodes += solution.nodes;
        solution.nodes = nodes;
        let named = first.map_or(String::new(), |m| format!("{m} "));
        eprintln!(
            "duobao: {named}horizon {h}: {} ({nodes} nodes, {:.1} s)",
            value(&solution, h),
            started.elapsed().as_secs_f64()
        );
        if solution.outcome != Outcome::Unknown || h >= horizon {
            return solution;
        }
    }
}

/// `win N`, `loss N`, `draw` or `unknown within H`. N is the proof line's length: the plies
/// from the position solved, or, when a first move was given, from before that move.
fn value(solution: &Solution, horizon: u32) -> String {
    let plies = solution.line.len() as u32;
    match solution.outcome {
        Outcome::Win { .. } => format!("win {plies}"),
        Outcome::Loss { .. } => format!("loss {plies}"),
        Outcome::Draw => "draw".to_string(),
        Outcome::Unknown | Outcome::Score(_) => format!("unknown within {horizon}"),
    }
}

/// Proves the win of `plies`, checks the proof by the rules and writes it to `path`; the
/// report's lines.
fn write_certificate(
    solver: &mut Solver,
    game: &Game,
    plies: u32,
    path: &Path,
    started: Instant,
) -> Result<String, Failure> {
    let certificate = prove(game.position(), plies, solver, |grown| {
        if grown.len() % 10_000 == 0 {
            eprintln!(
                "duobao: certificate: {} moves ({:.1} s)",
                grown.len(),
                started.elapsed().as_secs_f64()
            );
        }
    })
    .map_err(|e| Failure::Input(format!("no certificate: {e}")))?;
    let checking = Instant::now();
    let report = certificate
        .check()
        .unwrap_or_else(|e| panic!("the solver's certificate fails the rules check: {e}"));
    let bytes = certificate.to_bytes();
    std::fs::write(path, &bytes).map_err(Failure::Io)?;
    Ok(format!(
        "certificate {} moves {} bytes, checked: {} winner and {} loser positions, longest line {}, {:.1} s\n",
        certificate.len(),
        bytes.len(),
        report.winner_nodes,
        report.loser_nodes,
        report.longest,
        checking.elapsed().as_secs_f64()
    ))
}
