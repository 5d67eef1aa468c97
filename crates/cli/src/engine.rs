//! `duobao engine`: a line protocol on stdin/stdout for long-running clients, its commands as
//! `duobao engine --help` lists them (the search commands are in the `go` module). A command
//! that cannot be carried out answers `error <why>` and the engine keeps running.
//!
//! The long commands, `perft` and `go`, run on their own thread while the engine reads on, so
//! that `stop` can end them; so do `position`, `go`, `perft`, `quit` and the end of input,
//! before anything else. A stopped search still prints its `bestmove`; a stopped perft answers
//! `error perft stopped`. As chess engines do, the engine keeps its search's transposition table
//! from one `go` to the next: setting up a new one would cost more than many short searches.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::{Scope, ScopedJoinHandle};

use duobao_engine::{CancelToken, Searcher};
use duobao_rules::{perft_until, Game, Position};
use duobao_tablebase::Tablebase;

use crate::commands::{moves_report, perft_depth, play_all};
use crate::failure::Failure;
use crate::go::{self, Go};
use crate::tablebase::shared_tables;

/// The longest command line read, in bytes: a whole game of moves takes a few kilobytes.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

#[derive(clap::Args, Debug)]
pub struct EngineArgs {
    /// Endgame tables for `go` (every table file in DIR, as `tablebase build` writes them)
    #[arg(long, value_name = "DIR")]
    tables: Option<PathBuf>,
}

/// The tables the arguments name, read; an error naming a table file that is not sound.
pub fn tables(args: &EngineArgs) -> Result<Option<Arc<Tablebase>>, Failure> {
    shared_tables(args.tables.as_deref())
}

pub struct Engine {
    game: Game,
    /// Read by every `go`.
    tables: Option<Arc<Tablebase>>,
}

impl Engine {
    pub fn new(tables: Option<Arc<Tablebase>>) -> Engine {
        Engine {
            game: Game::new(),
            tables,
        }
    }

    /// Reads commands until `quit` or the end of input, then stops any running work.
    pub fn run(&mut self, mut input: impl BufRead, output: impl Write + Send) -> io::Result<()> {
        let output = Mutex::new(output);
        // Made at the first `go`; one search at a time uses it, so the lock is never contended.
        let searcher = Mutex::new(None);
        std::thread::scope(|scope| {
            let mut running: Option<Job> = None;
            let mut buffer = Vec::new();
            while let Some(line) = read_line(&mut input, &mut buffer)? {
                let line = match line {
                    Ok(line) => line,
                    Err(why) => {
                        say(&output, &format!("error {why}"))?;
                        continue;
                    }
                };
                let words: Vec<&str> = line.split_whitespace().collect();
                let Some((&command, arguments)) = words.split_first() else {
                    continue;
                };
                if ENDS_RUNNING_WORK.contains(&command) {
                    if let Some(job) = running.take() {
                        job.stop();
                    }
                }
                let answer = match command {
                    "quit" => return Ok(()),
                    "go" | "perft" => self
                        .start(scope, &output, &searcher, command, arguments)
                        .map(|job| {
                            running = Some(job);
                            String::new()
                        }),
                    _ => self.answer(command, arguments),
                };
                match answer {
                    Ok(text) if text.is_empty() => {}
                    Ok(text) => say(&output, text.trim_end())?,
                    Err(why) => say(&output, &format!("error {why}"))?,
                }
            }
            if let Some(job) = running.take() {
                job.stop();
            }
            Ok(())
        })
    }

    /// Starts `go` or `perft` on a thread of `scope`.
    fn start<'scope, 'env, W: Write + Send>(
        &self,
        scope: &'scope Scope<'scope, 'env>,
        output: &'env Mutex<W>,
        searcher: &'env Mutex<Option<Searcher>>,
        command: &str,
        arguments: &[&str],
    ) -> Result<Job<'scope>, String> {
        match (command, arguments) {
            ("go", arguments) => {
                let request = Go::parse(arguments)?;
                let game = self.game.clone();
                let tables = self.tables.clone();
                Ok(Job::spawn(scope, output, move |stop, say| {
                    let mut searcher = lock(searcher);
                    let searcher = searcher.get_or_insert_with(|| {
                        let mut searcher = Searcher::new();
                        searcher.set_tablebase(tables);
                        searcher
                    });
                    go::search(&request, &game, searcher, stop, say)
                }))
            }
            ("perft", [depth]) => {
                let depth = perft_depth(depth)?;
                let position = *self.game.position();
                Ok(Job::spawn(scope, output, move |stop, say| {
                    let total = perft_until(&position, depth, &|| stop.is_cancelled());
                    say(total
                        .map_or_else(|| "error perft stopped".into(), |n| format!("total {n}")))
                }))
            }
            _ => Err(unknown(command)),
        }
    }

    /// The answer to a command that is carried out at once.
    fn answer(&mut self, command: &str, arguments: &[&str]) -> Result<String, String> {
        match (command, arguments) {
            ("stop", []) => Ok(String::new()),
            ("position", rest) => self.set_position(rest).map(|()| String::new()),
            ("moves", []) => Ok(moves_report(&self.game)),
            ("d", []) => Ok(format!(
                "{}fen {}\n",
                self.game.position().diagram(),
                self.game.position()
            )),
            ("isready", []) => Ok("readyok".to_string()),
            _ => Err(unknown(command)),
        }
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

/// The commands that end a running `perft` or `go` before anything else.
const ENDS_RUNNING_WORK: [&str; 5] = ["stop", "position", "go", "perft", "quit"];

fn unknown(command: &str) -> String {
    format!("unknown command or arguments: {command}")
}

/// Writes one line of output at once, whole, between other threads' lines.
fn say(output: &Mutex<impl Write>, line: &str) -> io::Result<()> {
    let mut out = lock(output);
    writeln!(out, "{line}")?;
    out.flush()
}

/// Locks `shared`; a thread that panicked while holding it has its panic passed on when joined,
/// so the value is used as it is.
fn lock<T>(shared: &Mutex<T>) -> MutexGuard<'_, T> {
    shared
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Reads the next line into `buffer`: `None` at the end of input, else the line without its
/// end, or why it cannot be read as a command (longer than [`MAX_LINE_BYTES`], which is skipped
/// without being kept, or not UTF-8).
fn read_line(
    input: &mut impl BufRead,
    buffer: &mut Vec<u8>,
) -> io::Result<Option<Result<String, String>>> {
    buffer.clear();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            break;
        }
        read_any = true;
        let end = available.iter().position(|&byte| byte == b'\n');
        let text = &available[..end.unwrap_or(available.len())];
        too_long |= buffer.len() + text.len() > MAX_LINE_BYTES;
        if !too_long {
            buffer.extend_from_slice(text);
        }
        let used = text.len() + usize::from(end.is_some());
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    if too_long {
        return Ok(Some(Err(format!(
            "line longer than {MAX_LINE_BYTES} bytes"
        ))));
    }
    let line = std::str::from_utf8(buffer).map_err(|_| "line is not UTF-8 text".to_string());
    Ok(Some(line.map(str::to_string)))
}

/// Long work (a perft, a search) running on a thread of the engine's scope, writing its lines to
/// the engine's output. Dropping it (on an early return) stops the work, so that the scope never
/// waits for work nobody will stop.
struct Job<'scope> {
    stop: CancelToken,
    handle: Option<ScopedJoinHandle<'scope, ()>>,
}

impl<'scope> Job<'scope> {
    /// Starts `work`, which must end soon once its token is cancelled.
    fn spawn<'env, W: Write + Send>(
        scope: &'scope Scope<'scope, 'env>,
        output: &'env Mutex<W>,
        work: impl FnOnce(&CancelToken, &mut dyn FnMut(String)) + Send + 'scope,
    ) -> Job<'scope> {
        let stop = CancelToken::new();
        let token = stop.clone();
        let handle = scope.spawn(move || {
            // A closed output (the client went away) leaves nothing to do about it; the input
            // thread sees the error on its own next write.
            work(&token, &mut |line| drop(say(output, &line)));
        });
        Job {
            stop,
            handle: Some(handle),
        }
    }

    /// Ends the work (at once if it is still running) and waits for its last line.
    fn stop(mut self) {
        self.stop.cancel();
        if let Some(Err(panic)) = self.handle.take().map(ScopedJoinHandle::join) {
            std::panic::resume_unwind(panic);
        }
    }
}

impl Drop for Job<'_> {
    fn drop(&mut self) {
        self.stop.cancel();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::{channel, Receiver, Sender};
    use std::sync::Arc;
    use std::thread::JoinHandle;
    use std::time::{Duration, Instant};

    use duobao_fuzz::{fuzz, Target};
    use duobao_rules::Move;

    use super::*;

    /// A whole session from a fixed input, which then ends.
    fn session(input: impl AsRef<[u8]>) -> String {
        let mut output = Vec::new();
        Engine::new(None).run(input.as_ref(), &mut output).unwrap();
        String::from_utf8(output).unwrap()
    }

    /// Input that arrives line by line as the test sends it, as from a client waiting for
    /// answers; it ends when the sender is dropped.
    struct ChannelInput {
        lines: Receiver<Vec<u8>>,
        current: Vec<u8>,
        read: usize,
    }

    impl io::Read for ChannelInput {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            let available = self.fill_buf()?;
            let count = available.len().min(buffer.len());
            buffer[..count].copy_from_slice(&available[..count]);
            self.consume(count);
            Ok(count)
        }
    }

    impl BufRead for ChannelInput {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            if self.read == self.current.len() {
                if let Ok(line) = self.lines.recv() {
                    self.current = line;
                    self.read = 0;
                }
            }
            Ok(&self.current[self.read..])
        }

        fn consume(&mut self, count: usize) {
            self.read += count;
        }
    }

    #[derive(Clone, Default)]
    struct SharedOutput(Arc<Mutex<Vec<u8>>>);

    impl SharedOutput {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    impl Write for SharedOutput {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// An engine on its own thread, talked to line by line.
    struct Client {
        input: Sender<Vec<u8>>,
        output: SharedOutput,
        engine: JoinHandle<io::Result<()>>,
    }

    impl Client {
        fn start() -> Client {
            let (input, lines) = channel();
            let output = SharedOutput::default();
            let engine_output = output.clone();
            let engine = std::thread::spawn(move || {
                let input = ChannelInput {
                    lines,
                    current: Vec::new(),
                    read: 0,
                };
                Engine::new(None).run(input, engine_output)
            });
            Client {
                input,
                output,
                engine,
            }
        }

        fn send(&self, line: &str) {
            // An engine that quit reads no more: what is sent then is lost, as from a pipe.
            let _ = self.input.send(format!("{line}\n").into_bytes());
        }

        fn text(&self) -> String {
            self.output.text()
        }

        /// Waits (a few seconds at most) until a line of output starts with `prefix`.
        fn wait_for(&self, prefix: &str) -> String {
            let deadline = Instant::now() + Duration::from_secs(10);
            loop {
                let text = self.text();
                if text.lines().any(|line| line.starts_with(prefix)) {
                    return text;
                }
                assert!(Instant::now() < deadline, "no '{prefix}' in: {text}");
                std::thread::sleep(Duration::from_millis(5));
            }
        }

        /// Ends the input and returns the whole output once the engine has stopped.
        fn finish(self) -> String {
            drop(self.input);
            self.engine.join().unwrap().unwrap();
            self.output.text()
        }
    }

    fn is_legal_in(game: &Game, best: &str) -> bool {
        best.parse().is_ok_and(|m| game.position().is_legal(m))
    }

    #[test]
    fn perft_and_moves_follow_the_position() {
        let client = Client::start();
        client.send("perft 3");
        client.wait_for("total ");
        client.send("position startpos moves c1c2 b4c4");
        client.send("perft 1");
        client.wait_for("total 14");
        client.send("quit");
        client.send("perft 1");
        // 13 moves from the start, 14 after the two moves.
        assert_eq!(
            client.finish(),
            "total 1696\ntotal 14\n",
            "nothing after quit"
        );
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
    fn lines_that_are_not_utf8_or_too_long_are_errors_and_the_session_goes_on() {
        let mut input = b"\xff\xfe moves\n".to_vec();
        input.extend(vec![b'x'; MAX_LINE_BYTES + 1]);
        input.extend(b"\nisready\n");
        input.extend(vec![b' '; MAX_LINE_BYTES]);
        input.extend(b"\nisready");
        let out = session(input);
        assert_eq!(
            out,
            "error line is not UTF-8 text\nerror line longer than 65536 bytes\nreadyok\nreadyok\n"
        );
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
    fn drawn_games_have_no_moves_and_no_bestmove() {
        let repeated = "position startpos moves b2c2 b4c4 c2b2 c4b4 b2c2 b4c4 c2b2 c4b4";
        let quiet = "position fen BBB/BB.BB/..T../RR.RR/RRR r - 100";
        for position in [repeated, quiet] {
            let client = Client::start();
            client.send(position);
            client.send("moves");
            client.send("go depth 3");
            client.wait_for("bestmove");
            assert_eq!(client.finish(), "bestmove none\n", "{position}");
        }
    }

    #[test]
    fn go_prints_info_then_a_legal_bestmove() {
        let client = Client::start();
        client.send("position startpos moves c1c2");
        client.send("go depth 4");
        let out = client.wait_for("bestmove ");
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].starts_with("info depth 1 score "), "{out}");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 4 ")),
            "{out}"
        );
        let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
        let game = Game::from_fen("BBB/BB.BB/..T../RRRRR/R.R b - 1").unwrap();
        assert!(is_legal_in(&game, best), "{out}");
        assert_eq!(
            session("position fen BBB/BB.BB/...../RR.RR/RRR b - 0\ngo level easy\n"),
            "bestmove none\n"
        );
    }

    #[test]
    fn stop_interrupts_an_infinite_search() {
        let client = Client::start();
        client.send("go infinite");
        client.send("isready");
        client.wait_for("readyok");
        client.send("stop");
        client.wait_for("bestmove ");
        client.send("quit");
        let out = client.finish();
        assert!(
            out.lines().last().unwrap().starts_with("bestmove "),
            "{out}"
        );
        assert!(session("go level godlike\n").starts_with("error "));
    }

    #[test]
    fn position_during_a_search_ends_it_with_a_move_legal_before_the_change() {
        let client = Client::start();
        client.send("go infinite");
        client.send("position startpos moves c1c2");
        client.send("go depth 2");
        let out = client.finish();
        let bestmoves: Vec<&str> = out
            .lines()
            .filter_map(|line| line.strip_prefix("bestmove "))
            .collect();
        assert_eq!(bestmoves.len(), 2, "{out}");
        assert!(is_legal_in(&Game::new(), bestmoves[0]), "{out}");
        let after = Game::from_fen("BBB/BB.BB/..T../RRRRR/R.R b - 1").unwrap();
        assert!(is_legal_in(&after, bestmoves[1]), "{out}");
    }

    #[test]
    fn long_work_ends_at_stop_position_quit_and_the_end_of_input() {
        let started = Instant::now();
        for ender in ["stop", "position startpos", "quit", "perft 1", ""] {
            let client = Client::start();
            client.send("perft 10");
            client.send("isready");
            client.wait_for("readyok");
            if !ender.is_empty() {
                client.send(ender);
            }
            let out = client.finish();
            assert!(out.contains("error perft stopped"), "{ender}: {out}");
        }
        let out = session("go depth 95\n");
        assert!(out.ends_with("\n") && out.lines().last().unwrap().starts_with("bestmove "));
        assert!(started.elapsed() < Duration::from_secs(20));
    }

    #[test]
    fn fuzz_engine_protocol() {
        let target = Target {
            name: "engine protocol",
            // The examples of the issue that found the engine's weak doors.
            regressions: &[
                b"perft 40\nisready\n",
                b"perft 1000000\n",
                b"\xff\xfe\nisready\n",
                b"go infinite\nposition startpos moves c1c2\n",
                b"go depth 1000000\n",
                b"position startpos moves b2c2 b4c4 c2b2 c4b4 b2c2 b4c4 c2b2 c4b4\nmoves\ngo\n",
                b"position fen BBB/BB.BB/..T../RR.RR/RRR r - 4294967295 moves pass\n",
            ],
            seeds: &[
                b"position startpos moves c1c2 b4c4\nmoves\nperft 3\nd\nisready\nquit\n",
                b"position fen B../...../.RT../...R./... r - 0 moves d2d3\ngo depth 3\nstop\n",
                b"go level easy\ngo movetime 5 nodes 1000\nstop\ngo infinite\nposition startpos\n",
                b"position fen BBB/BB.BB/..T../RR.RR/RRR r - 99 moves pass\ngo\nmoves\n",
            ],
            tokens: &[
                b"position",
                b"startpos",
                b"fen",
                b"moves",
                b"perft",
                b"go",
                b"stop",
                b"quit",
                b"isready",
                b"d",
                b"level",
                b"easy",
                b"master",
                b"depth",
                b"movetime",
                b"nodes",
                b"infinite",
                b"pass",
                b"c1c2",
                b"c3c2",
                b"BBB/BB.BB/..T../RR.RR/RRR",
                b" r - 0",
                b" b L 100",
                b"0",
                b"1",
                b"10",
                b"11",
                b"95",
                b"3600000",
                b"5000000000",
                b"18446744073709551616",
                b"-1",
                b"\n",
                b"\r\n",
                b" ",
                b"\t",
                b"\xff",
                b"\0",
            ],
        };
        fuzz(&target, |input| {
            let started = Instant::now();
            let out = session(input);
            // Every command takes bounded time: a search or perft is stopped by the next command
            // or the end of input, which takes a debug build some milliseconds.
            let lines = input.iter().filter(|&&byte| byte == b'\n').count() as u32;
            let patience = Duration::from_secs(10) + Duration::from_millis(10) * lines;
            let took = started.elapsed();
            assert!(took < patience, "{} lines took {took:?}", lines);
            for line in out.lines() {
                if let Some(best) = line.strip_prefix("bestmove ") {
                    assert!(best == "none" || best.parse::<Move>().is_ok(), "{line}");
                }
            }
        });
    }

    #[test]
    fn limits_beyond_the_bounds_are_errors() {
        let out = session("perft 11\nperft 1000000\ngo depth 1000000\ngo movetime 3600001\n");
        let errors: Vec<&str> = out.lines().collect();
        assert_eq!(errors.len(), 4, "{out}");
        assert!(
            errors.iter().all(|line| line.starts_with("error ")),
            "{out}"
        );
        assert!(errors[0].contains("from 0 to 10"), "{out}");
    }
}
