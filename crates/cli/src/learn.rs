//! `duobao review` and `duobao puzzles`: the exact analysis behind the app's game review and
//! its puzzles, as text.

use std::fmt::Write as _;

use duobao_study::{generate, review_game, ReviewSettings};

use crate::commands::{game_after, PlayArgs};
use crate::failure::Failure;

/// The most puzzles one command generates.
pub const MAX_PUZZLE_COUNT: usize = 1000;

/// One line per ply: `<ply> <move> <verdict> <before> <after>`.
pub fn review_command(args: PlayArgs) -> Result<String, Failure> {
    let game = game_after(args)?;
    let mut out = String::new();
    for ply in review_game(&game, ReviewSettings::default()) {
        let _ = writeln!(out, "{ply}");
    }
    Ok(out)
}

#[derive(clap::Args, Debug)]
pub struct PuzzlesArgs {
    /// How many puzzles to generate (1 to 1000)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_PUZZLE_COUNT as u64))]
    count: u64,
    /// The seed of the self-play games the puzzles come from
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// One puzzle a line: `<FEN>;<N>;<solution moves>`.
pub fn puzzles_command(args: PuzzlesArgs) -> String {
    let puzzles = generate(args.count as usize, args.seed);
    if puzzles.len() < args.count as usize {
        eprintln!(
            "duobao: found {} puzzles of the {} asked for",
            puzzles.len(),
            args.count
        );
    }
    puzzles.iter().map(|puzzle| format!("{puzzle}\n")).collect()
}
