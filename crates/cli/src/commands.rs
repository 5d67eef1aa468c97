//! The one-shot subcommands perft, moves and play (whose game `review` reads too), and the reports they share with the engine.

use std::fmt::Write;
use std::io::Read;
use std::path::PathBuf;

use duobao_rules::{
    perft, perft_divide, read_game_text, BadNotation, Game, PlayedPly, Ply, Position,
};

use crate::failure::Failure;
use crate::fen_arg::FenArg;
use crate::limits::{number_within, PERFT_DEPTHS};

#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// Plies to count to (at most 10)
    #[arg(value_parser = perft_depth)]
    depth: u32,
    #[command(flatten)]
    fen: FenArg,
    /// Also count the leaves under each root move
    #[arg(long)]
    divide: bool,
}

/// A perft depth within [`PERFT_DEPTHS`].
pub fn perft_depth(text: &str) -> Result<u32, String> {
    number_within("perft depth", text, PERFT_DEPTHS).map(|depth| depth as u32)
}

pub fn perft_command(args: PerftArgs) -> Result<String, Failure> {
    Ok(perft_report(&args.fen.position()?, args.depth, args.divide))
}

/// `<move> <count>` lines when divided, then `total <N>`.
pub fn perft_report(position: &Position, depth: u32, divide: bool) -> String {
    let mut out = String::new();
    let total = if divide && depth > 0 {
        let split = perft_divide(position, depth);
        for (m, count) in &split {
            let _ = writeln!(out, "{m} {count}");
        }
        split.iter().map(|(_, count)| count).sum()
    } else {
        perft(position, depth)
    };
    let _ = writeln!(out, "total {total}");
    out
}

#[derive(clap::Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    fen: FenArg,
}

pub fn moves_command(args: MovesArgs) -> Result<String, Failure> {
    Ok(moves_report(&Game::from_position(args.fen.position()?)))
}

/// The legal moves, sorted, one a line; none when the game is over, drawn included.
pub fn moves_report(game: &Game) -> String {
    if game.is_over() {
        return String::new();
    }
    let mut moves: Vec<String> = game
        .position()
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    moves.sort();
    moves.iter().map(|m| format!("{m}\n")).collect()
}

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    fen: FenArg,
    /// A game as text, as the app shares it ("-" reads standard input); the moves given after
    /// it are played on from its end
    #[arg(long, value_name = "FILE", conflicts_with = "fen")]
    game: Option<PathBuf>,
    /// Moves (like c1c2) or passes (pass) to play in turn
    #[arg(value_name = "MOVE")]
    plies: Vec<String>,
}

pub fn play_command(args: PlayArgs) -> Result<String, Failure> {
    let (game, last) = play_args(args)?;
    let captured = match last.map(|played| played.captured) {
        Some(points) if !points.is_empty() => {
            let names: Vec<String> = points.into_iter().map(|p| p.to_string()).collect();
            names.join(" ")
        }
        _ => "-".to_string(),
    };
    let result = game
        .result()
        .map_or_else(|| "ongoing".to_string(), |r| r.to_string());
    Ok(format!(
        "{}\ncaptured {captured}\nresult {result}\n",
        game.position()
    ))
}

/// The game from `--fen` (or the start) after the given plies.
pub fn game_after(args: PlayArgs) -> Result<Game, Failure> {
    play_args(args).map(|(game, _)| game)
}

/// The game after the plies, and the last one played.
fn play_args(args: PlayArgs) -> Result<(Game, Option<PlayedPly>), Failure> {
    let (position, mut plies) = args.fen.position_and_rest()?;
    plies.extend(args.plies);
    let mut game = match &args.game {
        Some(path) => game_from_text(path)?,
        None => Game::from_position(position),
    };
    let last = play_all(&mut game, &plies)
        .map_err(Failure::Input)?
        .or_else(|| game.plies().last().copied());
    Ok((game, last))
}

/// The game in the text file at `path` (`-`: standard input).
fn game_from_text(path: &PathBuf) -> Result<Game, Failure> {
    let text = if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(|e| {
            Failure::Input(format!("cannot read the game from standard input: {e}"))
        })?;
        text
    } else {
        std::fs::read_to_string(path)
            .map_err(|e| Failure::Input(format!("cannot read {}: {e}", path.display())))?
    };
    read_game_text(&text)
        .map(|read| read.game)
        .map_err(|e| Failure::Input(format!("{}: {e}", path.display())))
}

/// Plays plies written in notation, stopping at the first that does not parse or is not legal;
/// returns the last one played.
pub fn play_all(game: &mut Game, plies: &[impl AsRef<str>]) -> Result<Option<PlayedPly>, String> {
    let mut last = None;
    for text in plies {
        let ply: Ply = text
            .as_ref()
            .parse()
            .map_err(|e: BadNotation| e.to_string())?;
        last = Some(
            game.play(ply)
                .map_err(|e| format!("cannot play {ply}: {e}"))?,
        );
    }
    Ok(last)
}

#[cfg(test)]
mod tests {
    use duobao_rules::START_FEN;

    use super::*;

    fn play(fen: &str, plies: &[&str]) -> Result<String, Failure> {
        play_command(PlayArgs {
            fen: FenArg::from_words(fen),
            game: None,
            plies: plies.iter().map(|p| p.to_string()).collect(),
        })
    }

    #[test]
    fn play_reports_fen_capture_and_result() {
        let fen = "B../...../..T../RB.R./... r - 7";
        assert_eq!(
            play(fen, &["d2c2"]).unwrap(),
            "B../...../..T../R.R../... b - 0\ncaptured b2\nresult ongoing\n"
        );
        let out = play(fen, &["d2c2", "b5c5", "c2b2"]).unwrap();
        assert_eq!(out.lines().nth(1), Some("captured -"));
    }

    #[test]
    fn bad_moves_are_input_failures_naming_the_move() {
        for (plies, reason) in [(&["c1c3"][..], "c1c3"), (&["c1"], "'c1'")] {
            match play(START_FEN, plies) {
                Err(Failure::Input(why)) => assert!(why.contains(reason), "{why}"),
                other => panic!("{plies:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn a_drawn_game_has_no_moves_to_list() {
        let quiet = Game::from_fen("BBB/BB.BB/..T../RR.RR/RRR r - 100").unwrap();
        assert_eq!(moves_report(&quiet), "");
        let mut repeated = Game::new();
        play_all(&mut repeated, &["b2c2", "b4c4", "c2b2", "c4b4"].repeat(2)).unwrap();
        assert_eq!(moves_report(&repeated), "");
        assert_eq!(moves_report(&Game::new()).lines().count(), 13);
    }

    #[test]
    fn perft_report_divides_then_totals() {
        let start = Position::start();
        assert_eq!(perft_report(&start, 3, false), "total 1696\n");
        let divided = perft_report(&start, 2, true);
        let lines: Vec<&str> = divided.lines().collect();
        assert_eq!(lines.len(), 14);
        assert_eq!(lines[0], "a2a3 11");
        assert_eq!(lines[13], "total 147");
    }
}
