//! `duobao`: the command-line engine. Subcommands print plain text for tests, benchmarks and
//! other tools; bad input prints its problem on stderr, nothing on stdout, and exits with 2.

mod analyse;
mod bench;
mod commands;
mod endgames;
mod engine;
mod failure;
mod fen_arg;
mod go;
mod learn;
mod limits;
mod matches;
mod players;
mod solve;
mod tablebase;

use std::io::{stdin, stdout, BufWriter, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::failure::Failure;

/// Duobao Qi Bing · Seven Soldiers on the command line: move generation, games, the engine
/// protocol, matches between players, the levels' benchmark, game review, puzzles, analysis,
/// the exact solver and endgame tables.
///
/// Moves are written origin then destination (c1c2); a timed-out turn is pass. A FEN is
/// "BBB/BB.BB/..T../RR.RR/RRR r - 0": rows 5 to 1, side to move, treasure lock (L or -), quiet
/// plies.
#[derive(Parser, Debug)]
#[command(name = "duobao", version, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the positions reached after exactly DEPTH plies, at most 10 (prints "total N";
    /// with --divide first a "MOVE N" line per root move)
    Perft(commands::PerftArgs),
    /// List the legal moves, sorted, one a line (none when the game is over, drawn included)
    Moves(commands::MovesArgs),
    /// Play moves and print the resulting FEN, what the last move captured and the result
    Play(commands::PlayArgs),
    /// Answer a line protocol on stdin and stdout, one command a line
    ///
    /// position startpos|fen FEN [moves MOVE...]: set the game;
    /// moves: the legal moves, sorted, one a line (none when the game is over);
    /// perft N: answers "total N" (N at most 10);
    /// go [level easy|medium|hard|master]: the level's move (master unless told);
    /// go [movetime MS] [depth N] [nodes N]: a plain search to these limits
    ///   (MS 1 to 3600000, depth 1 to 95, nodes 1 to 5000000000);
    /// go infinite: a plain search until stop;
    /// stop: ends a running perft or search;
    /// d: the board as text;
    /// isready: answers "readyok";
    /// quit.
    /// A search prints "info depth D score S nodes N nps N pv MOVES" lines, then "bestmove MOVE"
    /// (or "bestmove none" when the game is over). perft and go run while the engine reads on;
    /// stop, position, go, perft, quit and the end of input end them first (a stopped perft
    /// answers "error perft stopped"). A command that cannot be carried out, a line that is not
    /// UTF-8 or longer than 65536 bytes, answers "error WHY".
    #[command(verbatim_doc_comment)]
    Engine(engine::EngineArgs),
    /// Play two players against each other from varied openings and print the score and the
    /// Elo difference (each game's line goes to stderr as it ends)
    Match(matches::MatchArgs),
    /// Time each level's moves over sample positions against its budget, with depth and speed
    Bench(bench::BenchArgs),
    /// Review a game: one line per ply "PLY MOVE VERDICT BEFORE AFTER", the verdict best, good,
    /// inaccuracy, mistake or blunder, BEFORE and AFTER the mover's outlook around the move:
    /// "win PLIES" or "loss PLIES" (forced, exact) or "score N" (evaluation)
    Review(commands::PlayArgs),
    /// Generate "win in N moves" puzzles from self-play games, one a line: "FEN;N;SOLUTION"
    Puzzles(learn::PuzzlesArgs),
    /// Analyse a position as the app's analysis panel does: "verdict VALUE [MOVES]", the exact
    /// verdict for the side to move ("win N" or "loss N" in plies with the winner's shortest win
    /// against the longest defence, "draw" or "unknown"), then "K VALUE MOVES" for each engine
    /// line, best first, VALUE "win N", "loss N" or "score S"
    Analyse(analyse::AnalyseArgs),
    /// Solve a position exactly: "win N", "loss N" (plies to the forced end, for the side to
    /// move), "draw" or "unknown within H", then the proof line, the nodes and the time
    Solve(solve::SolveArgs),
    /// Endgame tables: build them into files, probe a position, or measure them
    Tablebase(tablebase::TablebaseArgs),
}

fn run(command: Command) -> Result<String, Failure> {
    match command {
        Command::Perft(args) => commands::perft_command(args),
        Command::Moves(args) => commands::moves_command(args),
        Command::Play(args) => commands::play_command(args),
        Command::Engine(args) => {
            engine::Engine::new(engine::tables(&args)?)
                .run(stdin().lock(), BufWriter::new(stdout()))
                .map_err(Failure::Io)?;
            Ok(String::new())
        }
        Command::Match(args) => matches::match_command(args),
        Command::Bench(args) => Ok(bench::bench_command(args)),
        Command::Review(args) => learn::review_command(args),
        Command::Puzzles(args) => Ok(learn::puzzles_command(args)),
        Command::Analyse(args) => analyse::analyse_command(args),
        Command::Solve(args) => solve::solve_command(args),
        Command::Tablebase(args) => tablebase::tablebase_command(args),
    }
}

fn main() -> ExitCode {
    let printed = run(Cli::parse().command).and_then(|output| {
        let mut out = stdout().lock();
        out.write_all(output.as_bytes())
            .and_then(|()| out.flush())
            .map_err(Failure::Io)
    });
    match printed {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
