//! `duobao`: the command-line engine. Subcommands print plain text for tests, benchmarks and
//! other tools; bad input prints its problem on stderr, nothing on stdout, and exits with 2.

mod args;
mod bench;
mod commands;
mod engine;
mod go;
mod matches;
mod players;

use std::process::ExitCode;

const USAGE: &str = "usage:
  duobao perft <depth> [--fen FEN] [--divide]
  duobao moves [--fen FEN]
  duobao play [--fen FEN] [MOVE...]
  duobao engine
  duobao match --a PLAYER --b PLAYER [--games N] [--seed S] [--unpaired]
               [--opening-plies N] [--natural]
      PLAYER: easy|medium|hard|master|depth:N|movetime:MS|mcts:N
  duobao bench";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match commands::run(&args) {
        Ok(output) => {
            print!("{output}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("duobao: {message}");
            if message.is_usage() {
                eprintln!("{USAGE}");
            }
            ExitCode::from(2)
        }
    }
}
