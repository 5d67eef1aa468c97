//! `go` and `stop` in the engine protocol: a search on its own thread that prints
//! `info depth <d> score <s> nodes <n> nps <n> pv <moves>` after each iteration and then
//! `bestmove <move>` (`bestmove none` when there is no legal move), while the engine keeps
//! reading commands so that `stop` can interrupt it.
//!
//! ```text
//! go [level easy|medium|hard|master]             the level's move (the default: master)
//! go [movetime <ms>] [depth <n>] [nodes <n>]     a plain search to these limits
//! go infinite                                    a plain search until `stop`
//! stop                                           ends the search; its best move is printed
//! ```

use std::io::Write;
use std::sync::Mutex;
use std::thread::{Scope, ScopedJoinHandle};
use std::time::Duration;

use duobao_ai::{CancelToken, Level, SearchInfo, SearchLimits, Searcher};
use duobao_rules::Game;

/// What a `go` command asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Go {
    /// The move the level would play, with its own limits and choice.
    Level(Level),
    /// The best move within these limits (none: until `stop`).
    Search(SearchLimits),
}

impl Go {
    /// Parses the words after `go`.
    pub fn parse(words: &[&str]) -> Result<Go, String> {
        if words.is_empty() {
            return Ok(Go::Level(Level::Master));
        }
        if let ["level", name] = words {
            return name.parse().map(Go::Level).map_err(|e| e.to_string());
        }
        let mut limits = SearchLimits::default();
        let mut rest = words;
        while let Some((&word, after)) = rest.split_first() {
            rest = after;
            if word == "infinite" {
                continue;
            }
            let Some((&value, after)) = rest.split_first() else {
                return Err(format!("go {word} needs a number"));
            };
            rest = after;
            let number: u64 = value
                .parse()
                .map_err(|_| format!("go {word}: '{value}' is not a number"))?;
            match word {
                "movetime" => limits.movetime = Some(Duration::from_millis(number)),
                "depth" => limits.depth = Some(number.clamp(1, 64) as u32),
                "nodes" => limits.nodes = Some(number),
                _ => return Err(format!("unknown go option '{word}'")),
            }
        }
        Ok(Go::Search(limits))
    }

    /// True when only `stop` ends the search.
    fn unbounded(&self) -> bool {
        matches!(self, Go::Search(limits) if limits.depth.is_none() && limits.movetime.is_none() && limits.nodes.is_none())
    }
}

/// A search running on a scoped thread. Dropping it (on an early return) stops the search, so
/// that the scope never waits for a search nobody will stop.
pub struct Running<'scope> {
    stop: CancelToken,
    handle: Option<ScopedJoinHandle<'scope, ()>>,
    unbounded: bool,
}

impl Running<'_> {
    /// Interrupts the search and waits for its `bestmove`.
    pub fn stop(mut self) {
        self.stop.cancel();
        self.join();
    }

    /// At the end of input: a search with limits runs to them; an unbounded one is stopped.
    pub fn finish(mut self) {
        if self.unbounded {
            self.stop.cancel();
        }
        self.join();
    }

    fn join(&mut self) {
        if let Some(Err(panic)) = self.handle.take().map(ScopedJoinHandle::join) {
            std::panic::resume_unwind(panic);
        }
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.stop.cancel();
    }
}

/// Starts the search for `go` in `game` on a thread of `scope`, writing to `output`.
pub fn spawn<'scope, 'env, W: Write + Send>(
    scope: &'scope Scope<'scope, 'env>,
    go: Go,
    game: Game,
    output: &'env Mutex<W>,
) -> Running<'scope> {
    let stop = CancelToken::new();
    let unbounded = go.unbounded();
    let token = stop.clone();
    let handle = scope.spawn(move || search(&go, &game, &token, output));
    Running {
        stop,
        handle: Some(handle),
        unbounded,
    }
}

fn search(go: &Go, game: &Game, stop: &CancelToken, output: &Mutex<impl Write>) {
    let (mut searcher, limits) = match go {
        Go::Level(level) => (level.searcher(), level.limits()),
        Go::Search(limits) => (Searcher::new(), *limits),
    };
    let say = |line: String| {
        let mut out = output
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // A closed output (the client went away) leaves nothing to do about it.
        let _ = writeln!(out, "{line}").and_then(|()| out.flush());
    };
    let result = searcher.search(game, limits, stop, |info| say(info_line(info)));
    let best = match go {
        Go::Level(level) => level.pick(game.position(), &result, &mut rand::rng()),
        Go::Search(_) => result.best,
    };
    say(format!(
        "bestmove {}",
        best.map_or_else(|| "none".to_string(), |m| m.to_string())
    ));
}

/// `info depth <d> score <s> nodes <n> nps <n> pv <moves>`.
pub fn info_line(info: &SearchInfo) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "info depth {} score {} nodes {} nps {} pv {}",
        info.depth,
        info.score,
        info.nodes,
        info.nps(),
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_levels_and_limits() {
        assert_eq!(Go::parse(&[]), Ok(Go::Level(Level::Master)));
        assert_eq!(Go::parse(&["level", "easy"]), Ok(Go::Level(Level::Easy)));
        let Ok(Go::Search(limits)) = Go::parse(&["depth", "5", "movetime", "300"]) else {
            panic!("a plain search");
        };
        assert_eq!(limits.depth, Some(5));
        assert_eq!(limits.movetime, Some(Duration::from_millis(300)));
        assert!(Go::parse(&["infinite"]).unwrap().unbounded());
        for bad in [
            &["level", "god"][..],
            &["depth"],
            &["depth", "x"],
            &["ponder", "1"],
        ] {
            assert!(Go::parse(bad).is_err(), "{bad:?}");
        }
    }
}
