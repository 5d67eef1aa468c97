//! The one-shot subcommands: perft, moves, play (and match and bench from their modules).

use std::fmt::Write;
use std::io::{stdin, stdout, BufWriter};

use duobao_rules::{perft, perft_divide, BadNotation, Game, PlayedPly, Ply, Position};

use crate::args::{parse_depth, Failure, Words};
use crate::engine::Engine;

/// Runs a command line and returns what to print on stdout.
pub fn run(args: &[String]) -> Result<String, Failure> {
    let mut words = Words::new(args);
    match words.next() {
        Some("perft") => perft_command(&mut words),
        Some("moves") => moves_command(&mut words),
        Some("play") => play_command(&mut words),
        Some("match") => crate::matches::match_command(&mut words),
        Some("bench") => crate::bench::bench_command(&mut words),
        Some("engine") => {
            expect_end(&mut words)?;
            Engine::new()
                .run(stdin().lock(), BufWriter::new(stdout()))
                .map_err(|e| Failure::Input(format!("engine i/o: {e}")))?;
            Ok(String::new())
        }
        Some(other) => Err(Failure::Usage(format!("unknown command '{other}'"))),
        None => Err(Failure::Usage("no command given".into())),
    }
}

fn expect_end(words: &mut Words) -> Result<(), Failure> {
    match words.next() {
        None => Ok(()),
        Some(extra) => Err(Failure::Usage(format!("unexpected argument '{extra}'"))),
    }
}

fn perft_command(words: &mut Words) -> Result<String, Failure> {
    let depth = parse_depth(words.next())?;
    let mut position = Position::start();
    let mut divide = false;
    while let Some(flag) = words.next() {
        match flag {
            "--fen" => position = words.fen()?,
            "--divide" => divide = true,
            other => return Err(Failure::Usage(format!("unknown perft option '{other}'"))),
        }
    }
    Ok(perft_report(&position, depth, divide))
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

fn moves_command(words: &mut Words) -> Result<String, Failure> {
    let mut position = Position::start();
    while let Some(flag) = words.next() {
        match flag {
            "--fen" => position = words.fen()?,
            other => return Err(Failure::Usage(format!("unknown moves option '{other}'"))),
        }
    }
    Ok(moves_report(&position))
}

/// The legal moves, sorted, one a line.
pub fn moves_report(position: &Position) -> String {
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    moves.sort();
    moves.iter().map(|m| format!("{m}\n")).collect()
}

fn play_command(words: &mut Words) -> Result<String, Failure> {
    let mut position = Position::start();
    if words.peek() == Some("--fen") {
        words.next();
        position = words.fen()?;
    }
    let mut game = Game::from_position(position);
    let last = play_all(&mut game, words.rest()).map_err(Failure::Input)?;
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
    use super::*;

    fn run_words(line: &str) -> Result<String, Failure> {
        let args: Vec<String> = line.split_whitespace().map(String::from).collect();
        run(&args)
    }

    #[test]
    fn fen_may_come_as_four_words() {
        let quoted = run(&[
            "moves".into(),
            "--fen".into(),
            "BBB/BB.BB/..T../RR.RR/RRR b - 0".into(),
        ]);
        assert_eq!(
            quoted,
            run_words("moves --fen BBB/BB.BB/..T../RR.RR/RRR b - 0")
        );
        assert!(quoted.unwrap().starts_with("a4a3\n"));
    }

    #[test]
    fn play_reports_fen_capture_and_result() {
        let out = run_words("play --fen B../...../..T../RB.R./... r - 7 d2c2").unwrap();
        assert_eq!(
            out,
            "B../...../..T../R.R../... b - 0\ncaptured b2\nresult ongoing\n"
        );
        let out = run_words("play --fen B../...../..T../RB.R./... r - 7 d2c2 b5c5 c2b2").unwrap();
        assert_eq!(out.lines().nth(1), Some("captured -"));
    }

    #[test]
    fn bad_input_is_an_input_failure() {
        assert!(matches!(run_words("play c1c3"), Err(Failure::Input(_))));
        assert!(matches!(run_words("play c1"), Err(Failure::Input(_))));
        assert!(matches!(
            run_words("moves --fen BBB/BB.BB r - 0"),
            Err(Failure::Input(_))
        ));
        assert!(matches!(run_words("perft x"), Err(Failure::Usage(_))));
        assert!(matches!(run_words("frobnicate"), Err(Failure::Usage(_))));
    }
}
