//! `go` in the engine protocol: a search that prints
//! `info depth <d> score <s> nodes <n> nps <n> pv <moves>` after each iteration and then
//! `bestmove <move>` (`bestmove none` when the game is over), run by the engine on its own thread
//! so that `stop` can interrupt it.
//!
//! Master on a line of the proven win from the start plays it at once, as in the app: one `info`
//! line with the proof's line (its depth the plies to the end, its score the win's), then
//! `bestmove`.
//!
//! ```text
//! go [level easy|medium|hard|master]             the level's move (the default: master)
//! go [movetime <ms>] [depth <n>] [nodes <n>]     a plain search to these limits
//! go infinite                                    a plain search until `stop`
//! ```

use std::time::Duration;

use duobao_engine::{
    CancelToken, Level, Outcome, Proven, SearchInfo, SearchLimits, Searcher, MATE,
};
use duobao_rules::Game;

use crate::limits::{number_within, MOVETIMES, NODES, SEARCH_DEPTHS};

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
            let range = match word {
                "movetime" => MOVETIMES,
                "depth" => SEARCH_DEPTHS,
                "nodes" => NODES,
                _ => return Err(format!("unknown go option '{word}'")),
            };
            let Some((&value, after)) = rest.split_first() else {
                return Err(format!("go {word} needs a number"));
            };
            rest = after;
            let number = number_within(&format!("go {word}"), value, range)?;
            match word {
                "movetime" => limits.movetime = Some(Duration::from_millis(number)),
                // Within SEARCH_DEPTHS, so it fits.
                "depth" => limits.depth = Some(number as u32),
                _ => limits.nodes = Some(number),
            }
        }
        Ok(Go::Search(limits))
    }
}

/// Runs the search `go` asks for in `game` with `searcher` until its limits or `stop`, handing
/// each line of output to `say`.
pub fn search(
    go: &Go,
    game: &Game,
    searcher: &mut Searcher,
    stop: &CancelToken,
    say: &mut dyn FnMut(String),
) {
    if let Go::Level(level) = go {
        if let Some(known) = level.proven_line(game) {
            say(proven_info_line(&known));
            say(format!("bestmove {}", known.line[0]));
            return;
        }
    }
    let limits = match go {
        Go::Level(level) => level.limits(),
        Go::Search(limits) => *limits,
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

/// The proof's line as an `info` line: the plies to the end as its depth, the search's score of
/// a win or loss in that many plies, no nodes searched.
fn proven_info_line(known: &Proven) -> String {
    let (plies, score) = match known.outcome {
        Outcome::Win { plies } => (plies, MATE - plies as i32),
        Outcome::Loss { plies } => (plies, -(MATE - plies as i32)),
        // The certificate proves wins and losses only.
        _ => (known.line.len() as u32, 0),
    };
    info_line(&SearchInfo {
        depth: plies,
        score,
        pv: known.line.clone(),
        ..SearchInfo::default()
    })
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
        assert_eq!(
            Go::parse(&["infinite"]),
            Ok(Go::Search(SearchLimits::default()))
        );
        for bad in [
            &["level", "god"][..],
            &["depth"],
            &["depth", "x"],
            &["ponder", "1"],
        ] {
            assert!(Go::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn limits_beyond_the_bounds_are_refused_not_clamped() {
        let cases: [(&[&str], &str); 6] = [
            (
                &["depth", "1000000"],
                "go depth must be a number from 1 to 95",
            ),
            (&["depth", "0"], "from 1 to 95"),
            (&["movetime", "3600001"], "from 1 to 3600000"),
            (&["movetime", "0"], "from 1 to 3600000"),
            (&["nodes", "18446744073709551616"], "from 1 to 5000000000"),
            (&["nodes", "0"], "from 1 to 5000000000"),
        ];
        for (words, why) in cases {
            let error = Go::parse(words).unwrap_err();
            assert!(error.contains(why), "{words:?}: {error}");
        }
        let Ok(Go::Search(limits)) = Go::parse(&["depth", "95", "movetime", "3600000"]) else {
            panic!("the largest limits are allowed");
        };
        assert_eq!(limits.depth, Some(95));
    }
}
