//! `duobao tablebase`: building the endgame tables into files, probing them, and their
//! benchmark (the build's figures, then Master with the tables against Master without).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use duobao_tablebase::{file, BuildEvent, Slice, SliceStats, Tablebase};

use crate::endgames::{endgame_match, EndgameSettings};
use crate::failure::Failure;
use crate::fen_arg::{fen_and_rest, no_words_after};
use crate::limits::{number_within, ENDGAME_POSITIONS, MOVETIMES, TABLE_SOLDIERS};

#[derive(clap::Args, Debug)]
pub struct TablebaseArgs {
    #[command(subcommand)]
    command: TablebaseCommand,
}

#[derive(clap::Subcommand, Debug)]
enum TablebaseCommand {
    /// Build the tables of every slice with at most N soldiers in all and write one file per
    /// slice to DIR. Progress goes to stderr; then one line per slice (soldiers to move "v"
    /// soldiers against): its positions, bytes, build time (with its twin, the other side to
    /// move) and how many are won, lost and drawn for the side to move
    Build(BuildArgs),
    /// The exact value of a position for the side to move, from the tables in DIR: "win N",
    /// "loss N" (plies to the forced end, the shortest win or the longest defence; "loss 0" for
    /// a finished game), "draw", or "win-or-draw N" / "loss-or-draw N" when the quiet limit may
    /// draw what would be decided in N. Exit status 2 for a bad FEN or a position outside the
    /// tables
    Probe(ProbeArgs),
    /// Build the tables in memory and report them as build does; then, from won endgame
    /// positions, Master with the tables against Master without, each game played twice with
    /// the sides swapped
    Bench(BenchArgs),
}

#[derive(clap::Args, Debug)]
struct BuildArgs {
    /// The most soldiers in all, from 2 to 8
    #[arg(long, value_name = "N", value_parser = table_soldiers)]
    max_soldiers: u32,
    /// The directory the table files go to (created if need be)
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

#[derive(clap::Args, Debug)]
struct ProbeArgs {
    /// The directory of the table files
    #[arg(long, value_name = "DIR")]
    dir: PathBuf,
    /// The position, as one quoted argument or as its four fields
    #[arg(value_name = "FEN", required = true, num_args = 1..=4)]
    fen: Vec<String>,
}

#[derive(clap::Args, Debug)]
struct BenchArgs {
    /// The most soldiers in all, from 2 to 8; the games start from positions with that many
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = table_soldiers)]
    max_soldiers: u32,
    /// Won positions to play from, 1 to 1000 (two games each)
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = positions)]
    positions: usize,
    /// The shortest win, in plies, a start position may have (1 to 253)
    #[arg(long, value_name = "N", default_value_t = 9, value_parser = min_plies)]
    min_plies: u32,
    /// Master's thinking time a move in milliseconds (the app gives it 1400)
    #[arg(long, value_name = "MS", default_value_t = 200, value_parser = movetime)]
    movetime: u64,
    /// Seed of the positions
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

fn table_soldiers(text: &str) -> Result<u32, String> {
    number_within("soldiers", text, TABLE_SOLDIERS).map(|n| n as u32)
}

fn positions(text: &str) -> Result<usize, String> {
    number_within("positions", text, ENDGAME_POSITIONS).map(|n| n as usize)
}

fn min_plies(text: &str) -> Result<u32, String> {
    number_within("plies", text, 1..=253).map(|n| n as u32)
}

fn movetime(text: &str) -> Result<u64, String> {
    number_within("thinking time (ms)", text, MOVETIMES)
}

pub fn tablebase_command(args: TablebaseArgs) -> Result<String, Failure> {
    match args.command {
        TablebaseCommand::Build(args) => {
            let (tables, report) = build(args.max_soldiers)?;
            file::save(&tables, &args.out)
                .map_err(|e| Failure::Io(std::io::Error::other(e.to_string())))?;
            Ok(report)
        }
        TablebaseCommand::Probe(args) => probe(args),
        TablebaseCommand::Bench(args) => {
            let (tables, mut report) = build(args.max_soldiers)?;
            let settings = EndgameSettings {
                soldiers: args.max_soldiers,
                positions: args.positions,
                min_plies: args.min_plies,
                movetime: Duration::from_millis(args.movetime),
                seed: args.seed,
            };
            report += &endgame_match(tables, &settings);
            Ok(report)
        }
    }
}

/// Builds the tables, reporting progress on stderr; the tables and the per-slice report.
fn build(max_soldiers: u32) -> Result<(Tablebase, String), Failure> {
    let started = Instant::now();
    let mut finished: Vec<(Slice, SliceStats, usize, Duration)> = Vec::new();
    let tables = Tablebase::build(max_soldiers, |event| match event {
        BuildEvent::Started { slices, positions } => {
            let names: Vec<String> = slices.iter().map(Slice::to_string).collect();
            eprintln!("duobao: {} ({positions} positions)", names.join(" and "));
        }
        BuildEvent::Level { level, decided } if level % 10 == 0 => {
            eprintln!("duobao:   level {level}: {decided} decided");
        }
        BuildEvent::Level { .. } => {}
        BuildEvent::Finished { table, elapsed } => {
            let stats = table.stats();
            finished.push((table.slice(), stats, table.bytes(), elapsed));
        }
    })
    .map_err(|e| Failure::Input(e.to_string()))?;
    let mut report = String::new();
    for (slice, stats, bytes, elapsed) in &finished {
        let _ = writeln!(
            report,
            "{slice} positions {} bytes {bytes} time {:.2} s wins {} losses {} draws {} \
             longest-win {} longest-loss {} quiet-limited {}",
            stats.positions,
            elapsed.as_secs_f64(),
            stats.wins,
            stats.losses,
            stats.draws,
            stats.longest_win,
            stats.longest_loss,
            stats.quiet_limited,
        );
    }
    let positions: usize = finished
        .iter()
        .map(|(_, stats, _, _)| stats.positions)
        .sum();
    let bytes: usize = finished.iter().map(|(_, _, bytes, _)| bytes).sum();
    let _ = writeln!(
        report,
        "total positions {positions} bytes {bytes} time {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok((tables, report))
}

/// Every table file in `dir`, read; an error naming a table file that is not sound.
pub fn read_tables(dir: &Path) -> Result<Tablebase, Failure> {
    file::load(dir).map_err(|e| Failure::Input(e.to_string()))
}

/// The tables in `dir` when one is given, read for a search to share.
pub fn shared_tables(dir: Option<&Path>) -> Result<Option<Arc<Tablebase>>, Failure> {
    dir.map(|dir| read_tables(dir).map(Arc::new)).transpose()
}

fn probe(args: ProbeArgs) -> Result<String, Failure> {
    let (position, rest) = fen_and_rest(args.fen)?;
    let position = no_words_after(position, &rest)?;
    let tables = read_tables(&args.dir)?;
    match tables.probe(&position) {
        Some(value) => Ok(format!("{value}\n")),
        None => {
            let turn = position.turn();
            Err(Failure::Input(format!(
                "{} soldiers to move against {}: not in the tables in {} (every slice up to {} soldiers)",
                position.soldiers(turn).len(),
                position.soldiers(turn.other()).len(),
                args.dir.display(),
                tables.max_soldiers()
            )))
        }
    }
}
