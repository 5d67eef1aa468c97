//! `duobao engine`: a line protocol on stdin/stdout for long-running clients, its commands as
//! `duobao engine --help` lists them (the search commands are in the `go` module). A command
//! that cannot be carried out answers `error <why>` and the engine keeps running.

use std::io::{self, BufRead, Write};
use std::sync::Mutex;

use duobao_rules::{Game, Position};

use crate::commands::{moves_report, perft_report, play_all};
use crate::go::{self, Go};

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

    /// Reads commands until `quit` or the end of input. A `go` search runs on its own thread
    /// meanwhile; at the end of input a search with limits is waited for.
    pub fn run(&mut self, input: impl BufRead, output: impl Write + Send) -> io::Result<()> {
        let output = Mutex::new(output);
        std::thread::scope(|scope| {
            let mut running: Option<go::Running> = None;
            for line in input.lines() {
                let line = line?;
                let words: Vec<&str> = line.split_whitespace().collect();
                if let Some((&command @ ("go" | "stop"), rest)) = words.split_first() {
                    if let Some(search) = running.take() {
                        search.stop();
                    }
                    if command == "go" {
                        match Go::parse(rest) {
                            Ok(request) => {
                                let game = self.game.clone();
                                running = Some(go::spawn(scope, request, game, &output));
                            }
                            Err(why) => {
                                let mut out = lock(&output);
                                writeln!(out, "error {why}")?;
                                out.flush()?;
                            }
                        }
                    }
                    continue;
                }
                let mut out = lock(&output);
                let flow = self.execute(&line, &mut *out)?;
                out.flush()?;
                if flow == Flow::Quit {
                    drop(out);
                    if let Some(search) = running.take() {
                        search.stop();
                    }
                    return Ok(());
                }
            }
            if let Some(search) = running.take() {
                search.finish();
            }
            Ok(())
        })
    }

    /// Carries out one command line, writing its answer.
    pub fn execute(&mut self, line: &str, output: &mut impl Write) -> io::Result<Flow> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let answer = match words.split_first() {
            None => Ok(String::new()),
            Some((&"quit", _)) => return Ok(Flow::Quit),
            Some((&"position", rest)) => self.set_position(rest).map(|()| String::new()),
            Some((&"moves", [])) => Ok(moves_report(self.game.position())),
            Some((&"perft", [depth])) => depth
                .parse()
                .map(|depth| perft_report(self.game.position(), depth, false))
                .map_err(|_| format!("'{depth}' is not a depth")),
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
        play_all(&mut game, plies)?;
        self.game = game;
        Ok(())
    }
}

fn lock<W>(output: &Mutex<W>) -> std::sync::MutexGuard<'_, W> {
    output
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
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
        // 13 moves from the start, 14 after the two moves.
        assert_eq!(out, "total 1696\ntotal 14\n", "nothing after quit");
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

    #[test]
    fn go_prints_info_then_a_legal_bestmove() {
        let out = session("position startpos moves c1c2\ngo depth 4\n");
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].starts_with("info depth 1 score "), "{out}");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 4 ")),
            "{out}"
        );
        let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
        let game = Game::from_fen("BBB/BB.BB/..T../RRRRR/R.R b - 1").unwrap();
        assert!(game.position().is_legal(best.parse().unwrap()), "{out}");
        assert_eq!(
            session("position fen BBB/BB.BB/...../RR.RR/RRR b - 0\ngo level easy\n"),
            "bestmove none\n"
        );
    }

    #[test]
    fn stop_interrupts_an_infinite_search() {
        let out = session("go infinite\nisready\nstop\nquit\n");
        assert!(
            out.lines().last().unwrap().starts_with("bestmove "),
            "{out}"
        );
        assert!(session("go level godlike\n").starts_with("error "));
    }
}
