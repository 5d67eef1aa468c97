//! `duobao tablebase`: building the endgame tables into files, probing them, and their
//! benchmark (the build's figures, then Master with the tables against Master without).
//!
//! The unit of a build is a slice pair (a slice and its twin, built together) in a directory:
//! `build-slice` builds one from the files of the smaller slices its captures lead to, mapped
//! rather than read, and `build` runs every unit in order, so that machines sharing the
//! directory can build the pairs in parallel (`plan` tells which pair waits for which, and the
//! memory each takes) and get the very files one machine would. A unit keeps the sound files it
//! finds and builds again the missing or damaged ones, so a stopped build resumes.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use duobao_tablebase::{file, BuildEvent, Slice, SliceStats, SliceTable, Tablebase};

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
    /// Build one slice and its twin (--slice 2v3 builds 2v3 and 3v2) into DIR from the files of
    /// the smaller slices their captures lead to, which must be there. Sound files already there
    /// are kept, damaged ones built again. It tells the memory it needs first (on stderr) and
    /// refuses when --max-memory is less. Prints a line per slice as build does, then one JSON
    /// line: {"pair", "built" (false when kept), "seconds", "memory" (bytes needed),
    /// "peak_memory" (bytes, or null where unknown), "slices": [{"slice", "positions", "bytes",
    /// "wins", "losses", "draws", "longest_win", "longest_loss", "quiet_limited"}]}
    BuildSlice(BuildSliceArgs),
    /// The units of a build of every slice with at most N soldiers, as one JSON line:
    /// {"max_soldiers", "pairs": [{"pair", "slices", "positions", "memory" (bytes building it
    /// takes), "prerequisites" (the pairs it is built from)}]}, each pair after its prerequisites
    Plan(PlanArgs),
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
    /// The directory the table files go to (created if need be); sound files already there are
    /// kept
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Refuse to start a slice that needs more memory than this: bytes, or with a unit (KB, MB,
    /// GB, KiB, MiB, GiB)
    #[arg(long, value_name = "BYTES", value_parser = memory)]
    max_memory: Option<u64>,
}

#[derive(clap::Args, Debug)]
struct BuildSliceArgs {
    /// The slice, MvO: M soldiers to move against O, like 2v3; its twin is built with it
    #[arg(long, value_name = "MvO", value_parser = slice)]
    slice: Slice,
    /// The directory of the table files: the smaller slices are read from it, the pair's files
    /// are written to it (created if need be)
    #[arg(long, value_name = "DIR")]
    dir: PathBuf,
    /// Refuse to start when the pair needs more memory than this: bytes, or with a unit (KB, MB,
    /// GB, KiB, MiB, GiB)
    #[arg(long, value_name = "BYTES", value_parser = memory)]
    max_memory: Option<u64>,
}

#[derive(clap::Args, Debug)]
struct PlanArgs {
    /// The most soldiers in all, from 2 to 8
    #[arg(long, value_name = "N", value_parser = table_soldiers)]
    max_soldiers: u32,
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

fn slice(text: &str) -> Result<Slice, String> {
    let counts = text
        .split_once('v')
        .and_then(|(mover, opponent)| Some((mover.parse().ok()?, opponent.parse().ok()?)));
    counts
        .and_then(|(mover, opponent)| Slice::new(mover, opponent))
        .filter(|slice| TABLE_SOLDIERS.contains(&u64::from(slice.soldiers())))
        .ok_or_else(|| {
            format!(
                "a slice is MvO, M soldiers to move against O, each at least 1 and at most {} in \
                 all, like 2v3; found '{text}'",
                TABLE_SOLDIERS.end()
            )
        })
}

/// A number of bytes, with an optional unit.
fn memory(text: &str) -> Result<u64, String> {
    const UNITS: [(&str, u64); 7] = [
        ("KiB", 1 << 10),
        ("MiB", 1 << 20),
        ("GiB", 1 << 30),
        ("KB", 1_000),
        ("MB", 1_000_000),
        ("GB", 1_000_000_000),
        ("B", 1),
    ];
    let (number, unit) = UNITS
        .iter()
        .find_map(|&(name, bytes)| Some((text.strip_suffix(name)?, bytes)))
        .unwrap_or((text, 1));
    number
        .trim()
        .parse::<u64>()
        .ok()
        .and_then(|number| number.checked_mul(unit))
        .ok_or_else(|| {
            format!("memory is a number of bytes, or of KB, MB, GB, KiB, MiB or GiB (like 16GB); found '{text}'")
        })
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
            let started = Instant::now();
            let mut finished = Vec::new();
            for pair in Slice::pairs(args.max_soldiers) {
                // Each pair's tables are dropped once counted: the files hold them.
                finished.extend(build_unit(pair, &args.out, args.max_memory)?.finished());
            }
            Ok(report(&finished, started.elapsed()))
        }
        TablebaseCommand::BuildSlice(args) => {
            let unit = build_unit(args.slice.pair(), &args.dir, args.max_memory)?;
            let finished = unit.finished();
            let mut report: String = finished.iter().map(slice_line).collect();
            report += &unit.json(&finished);
            Ok(report)
        }
        TablebaseCommand::Plan(args) => Ok(plan(args.max_soldiers)),
        TablebaseCommand::Probe(args) => probe(args),
        TablebaseCommand::Bench(args) => {
            let (tables, mut report) = build_in_memory(args.max_soldiers)?;
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

/// A slice's line of a build's report: the slice, its figures, the bytes of its table and the
/// time of its pair.
type Finished = (Slice, SliceStats, usize, Duration);

/// Builds the tables in memory, reporting progress on stderr; the tables and the per-slice
/// report.
fn build_in_memory(max_soldiers: u32) -> Result<(Tablebase, String), Failure> {
    let started = Instant::now();
    let mut finished: Vec<Finished> = Vec::new();
    let tables = Tablebase::build(max_soldiers, |event| {
        if let BuildEvent::Finished { table, elapsed } = event {
            finished.push((table.slice(), table.stats(), table.bytes(), elapsed));
        } else {
            show_progress(&event);
        }
    })
    .map_err(|e| Failure::Input(e.to_string()))?;
    Ok((tables, report(&finished, started.elapsed())))
}

/// A build's progress, on stderr.
fn show_progress(event: &BuildEvent<'_>) {
    match event {
        BuildEvent::Started { slices, positions } => {
            let names: Vec<String> = slices.iter().map(Slice::to_string).collect();
            eprintln!("duobao: {} ({positions} positions)", names.join(" and "));
        }
        BuildEvent::Level { level, decided } if level % 10 == 0 => {
            eprintln!("duobao:   level {level}: {decided} decided");
        }
        BuildEvent::Level { .. } | BuildEvent::Finished { .. } => {}
    }
}

/// A line per slice, then the totals.
fn report(finished: &[Finished], elapsed: Duration) -> String {
    let mut report: String = finished.iter().map(slice_line).collect();
    let positions: usize = finished
        .iter()
        .map(|(_, stats, _, _)| stats.positions)
        .sum();
    let bytes: usize = finished.iter().map(|(_, _, bytes, _)| bytes).sum();
    let _ = writeln!(
        report,
        "total positions {positions} bytes {bytes} time {:.1} s",
        elapsed.as_secs_f64()
    );
    report
}

fn slice_line((slice, stats, bytes, elapsed): &Finished) -> String {
    format!(
        "{slice} positions {} bytes {bytes} time {:.2} s wins {} losses {} draws {} \
         longest-win {} longest-loss {} quiet-limited {}\n",
        stats.positions,
        elapsed.as_secs_f64(),
        stats.wins,
        stats.losses,
        stats.draws,
        stats.longest_win,
        stats.longest_loss,
        stats.quiet_limited,
    )
}

/// A slice pair built into a directory, or found there already.
struct Unit {
    pair: Slice,
    tables: Vec<SliceTable>,
    built: bool,
    elapsed: Duration,
}

impl Unit {
    fn finished(&self) -> Vec<Finished> {
        self.tables
            .iter()
            .map(|table| (table.slice(), table.stats(), table.bytes(), self.elapsed))
            .collect()
    }

    /// The JSON line of `build-slice`, with the unit's `finished` lines.
    fn json(&self, finished: &[Finished]) -> String {
        let slices: Vec<String> = finished
            .iter()
            .map(|(slice, stats, bytes, _)| {
                format!(
                    "{{\"slice\":\"{slice}\",\"positions\":{},\"bytes\":{bytes},\"wins\":{},\
                     \"losses\":{},\"draws\":{},\"longest_win\":{},\"longest_loss\":{},\
                     \"quiet_limited\":{}}}",
                    stats.positions,
                    stats.wins,
                    stats.losses,
                    stats.draws,
                    stats.longest_win,
                    stats.longest_loss,
                    stats.quiet_limited
                )
            })
            .collect();
        let peak = peak_memory().map_or("null".to_string(), |bytes| bytes.to_string());
        format!(
            "{{\"pair\":\"{}\",\"built\":{},\"seconds\":{:.3},\"memory\":{},\"peak_memory\":{peak},\
             \"slices\":[{}]}}\n",
            self.pair,
            self.built,
            self.elapsed.as_secs_f64(),
            self.pair.build_memory(),
            slices.join(",")
        )
    }
}

/// The most memory this process has held so far (its peak resident set, mapped files' pages
/// included), where the system tells it.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kilobytes: u64 = line
        .trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kilobytes * 1024)
}

/// Builds `pair` (a slice and its twin) into `dir` from the smaller slices' files there,
/// keeping its files when they are already there and sound.
fn build_unit(pair: Slice, dir: &Path, max_memory: Option<u64>) -> Result<Unit, Failure> {
    let started = Instant::now();
    let io = |e: file::FileError| Failure::Io(std::io::Error::other(e.to_string()));
    let slices = if pair.twin() == pair {
        vec![pair]
    } else {
        vec![pair, pair.twin()]
    };
    let names: Vec<String> = slices.iter().map(Slice::to_string).collect();
    let found: Vec<Option<SliceTable>> = slices
        .iter()
        .map(|&slice| {
            let path = dir.join(file::file_name(slice));
            if !path.exists() {
                return None;
            }
            file::map(&path, slice)
                .inspect_err(|e| eprintln!("duobao: {e}: building it again"))
                .ok()
        })
        .collect();
    if found.iter().all(Option::is_some) {
        eprintln!(
            "duobao: {} already built and sound in {}: kept",
            names.join(" and "),
            dir.display()
        );
        return Ok(Unit {
            pair,
            tables: found.into_iter().flatten().collect(),
            built: false,
            elapsed: started.elapsed(),
        });
    }
    let needed = pair.build_memory();
    let needs = format!(
        "building {} needs {needed} bytes of memory ({:.2} GB)",
        names.join(" and "),
        needed as f64 / 1e9
    );
    if let Some(limit) = max_memory.filter(|&limit| limit < needed) {
        return Err(Failure::Input(format!(
            "{needs}, more than --max-memory {limit}"
        )));
    }
    eprintln!("duobao: {needs}");
    let mut smaller = Tablebase::new();
    for needed in pair.prerequisites() {
        let path = dir.join(file::file_name(needed));
        if !path.exists() {
            return Err(Failure::Input(format!(
                "{}: missing: slice {needed} must be built first (build-slice --slice {})",
                path.display(),
                needed.pair()
            )));
        }
        smaller.insert(file::map(&path, needed).map_err(|e| Failure::Input(e.to_string()))?);
    }
    let tables = smaller
        .build_pair(pair, |event| show_progress(&event))
        .map_err(|e| Failure::Input(e.to_string()))?;
    std::fs::create_dir_all(dir).map_err(Failure::Io)?;
    for table in &tables {
        file::write(table, dir).map_err(io)?;
    }
    Ok(Unit {
        pair,
        tables,
        built: true,
        elapsed: started.elapsed(),
    })
}

/// The JSON line of `plan`.
fn plan(max_soldiers: u32) -> String {
    let quoted = |slices: &mut dyn Iterator<Item = Slice>| {
        slices
            .map(|slice| format!("\"{slice}\""))
            .collect::<Vec<_>>()
            .join(",")
    };
    let pairs: Vec<String> = Slice::pairs(max_soldiers)
        .into_iter()
        .map(|pair| {
            let mut prerequisites: Vec<Slice> =
                pair.prerequisites().iter().map(|s| s.pair()).collect();
            prerequisites.sort_by_key(|slice| (slice.soldiers(), *slice));
            prerequisites.dedup();
            let mut slices = vec![pair];
            if pair.twin() != pair {
                slices.push(pair.twin());
            }
            format!(
                "{{\"pair\":\"{pair}\",\"slices\":[{}],\"positions\":{},\"memory\":{},\
                 \"prerequisites\":[{}]}}",
                quoted(&mut slices.iter().copied()),
                slices.iter().map(|s| s.size()).sum::<usize>(),
                pair.build_memory(),
                quoted(&mut prerequisites.into_iter())
            )
        })
        .collect();
    format!(
        "{{\"max_soldiers\":{max_soldiers},\"pairs\":[{}]}}\n",
        pairs.join(",")
    )
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
