//! `duobao engine`: a line protocol on stdin/stdout for long-running clients.
//!
//! ```text
//! position startpos|fen <FEN> [moves <MOVE>...]   set the game (moves may include `pass`)
//! moves                                           the legal moves, sorted, one a line
//! perft <N>                                       answers `total <N>`
//! d                                               draws the board as text
//! isready                                         answers `readyok` (to sync with the output)
//! quit
//! ```
//! A command that cannot be carried out answers `error <why>` and the engine keeps running.

use std::io::{self, BufRead, Write};

use duobao_rules::{BadNotation, Game, Ply, Position};

use crate::args::parse_depth;
use crate::commands::{moves_report, perft_report};

/// Whether to keep reading commands.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

pub struct Engine {
    game: Game,
}

impl Engine {
    pub fn new() -> Engine {
        Engine { game: Game::new() }
    }

    /// Reads commands until `quit` or the end of input.
    pub fn run(&mut self, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        for line in input.lines() {
            let flow = self.execute(&line?, &mut output)?;
            output.flush()?;
            if flow == Flow::Quit {
                break;
            }
        }
        Ok(())
    }

    /// Carries out one command line, writing its answer.
    pub fn execute(&mut self, line: &str, output: &mut impl Write) -> io::Result<Flow> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let answer = match words.split_first() {
            None => Ok(String::new()),
            Some((&"quit", _)) => return Ok(Flow::Quit),
            Some((&"position", rest)) => self.set_position(rest).map(|()| String::new()),
            Some((&"moves", [])) => Ok(moves_report(self.game.position())),
            Some((&"perft", [depth])) => parse_depth(Some(depth))
                .map(|depth| perft_report(self.game.position(), depth, false))
                .map_err(|f| f.to_string()),
            Some((&"d", [])) => Ok(format!(
                "{}fen {}\n",
                self.game.position().diagram(),
                self.game.position()
            )),
            Some((&"isready", [])) => Ok("readyok\n".to_string()),
            Some((command, _)) => Err(format!("unknown command or arguments: {command}")),
        };
        match answer {
            Ok(text) => output.write_all(text.as_bytes())?,
            Err(why) => writeln!(output, "error {why}")?,
        }
        Ok(Flow::Continue)
    }

    /// `startpos|fen <FEN> [moves <MOVE>...]`; on any error the game is left unchanged.
    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let (start, rest) = match words {
            ["startpos", rest @ ..] => (Position::start(), rest),
            ["fen", a, b, c, d, rest @ ..] => {
                let fen = [*a, *b, *c, *d].join(" ");
                let position = Position::from_fen(&fen).map_err(|e| format!("bad FEN: {e}"))?;
                (position, rest)
            }
            _ => return Err("position needs startpos or fen <FEN>".into()),
        };
        let plies = match rest {
            [] => &[][..],
            ["moves", plies @ ..] => plies,
            _ => {
                return Err(format!(
                    "expected 'moves' after the position, found '{}'",
                    rest[0]
                ))
            }
        };
        let mut game = Game::from_position(start);
        for text in plies {
            let ply: Ply = text.parse().map_err(|e: BadNotation| e.to_string())?;
            game.play(ply)
                .map_err(|e| format!("cannot play {ply}: {e}"))?;
        }
        self.game = game;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(input: &str) -> String {
        let mut output = Vec::new();
        Engine::new().run(input.as_bytes(), &mut output).unwrap();
        String::from_utf8(output).unwrap()
    }

    #[test]
    fn perft_and_moves_follow_the_position() {
        let out = session("perft 3\nposition startpos moves c1c2 b4c4\nperft 1\nquit\nperft 1\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "total 1696");
        assert_eq!(lines.len(), 2, "nothing after quit: {out}");
    }

    #[test]
    fn errors_keep_the_engine_running_and_the_game_unchanged() {
        let out = session(
            "position startpos moves c1c2\nfoo\nposition fen BBB/BB.BB r - 0\n\
             position startpos moves c1c3\nd\n",
        );
        let errors = out.lines().filter(|l| l.starts_with("error ")).count();
        assert_eq!(errors, 3, "{out}");
        assert!(out.contains("fen BBB/BB.BB/..T../RRRRR/R.R b - 1"), "{out}");
    }

    #[test]
    fn moves_lists_sorted_moves() {
        let out = session("position fen BBB/BB.BB/..T../RR.RR/RRR b - 0\nmoves\nisready\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 14);
        let mut sorted = lines[..13].to_vec();
        sorted.sort();
        assert_eq!(sorted, lines[..13]);
        assert_eq!(lines[13], "readyok");
    }
}
