//! The players a match can pit against each other: a level, a plain search to a fixed depth or
//! time, or the Monte-Carlo yardstick.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use duobao_engine::{CancelToken, Level, LevelPlayer, Mcts, SearchLimits, Searcher};
use duobao_rules::{Game, Move};
use duobao_tablebase::Tablebase;

use crate::limits::{number_within, MOVETIMES, PLAYOUTS, SEARCH_DEPTHS};

/// A player as written on the command line: `easy`…`master`, `depth:N`, `movetime:MS` or
/// `mcts:N` (N playouts a move).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    Level(Level),
    Depth(u32),
    Movetime(u64),
    Mcts(u32),
}

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        if let Ok(level) = s.parse() {
            return Ok(PlayerSpec::Level(level));
        }
        let bad = || {
            format!("'{s}' is not a player (easy|medium|hard|master|depth:N|movetime:MS|mcts:N)")
        };
        let (kind, number) = s.split_once(':').ok_or_else(bad)?;
        let (what, range) = match kind {
            "depth" => ("search depth", SEARCH_DEPTHS),
            "movetime" => ("thinking time (ms)", MOVETIMES),
            "mcts" => ("playouts", PLAYOUTS),
            _ => return Err(bad()),
        };
        let number = number_within(&format!("{kind}:N: the {what}"), number, range)?;
        // Each range fits in a u32.
        Ok(match kind {
            "depth" => PlayerSpec::Depth(number as u32),
            "movetime" => PlayerSpec::Movetime(number),
            _ => PlayerSpec::Mcts(number as u32),
        })
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Level(level) => write!(f, "{level}"),
            PlayerSpec::Depth(depth) => write!(f, "depth:{depth}"),
            PlayerSpec::Movetime(millis) => write!(f, "movetime:{millis}"),
            PlayerSpec::Mcts(playouts) => write!(f, "mcts:{playouts}"),
        }
    }
}

/// A player with its state for one game.
pub enum Player {
    Level(Box<LevelPlayer>),
    Search(Box<Searcher>, SearchLimits),
    Mcts(Mcts),
}

impl Player {
    /// The player of `spec`; its searches read the endgame `tables` given, as the app's would:
    /// a level only when it is Master, a plain search always, the Monte-Carlo player never.
    pub fn new(spec: PlayerSpec, seed: u64, tables: Option<Arc<Tablebase>>) -> Player {
        let search = |limits| {
            let mut searcher = Searcher::new();
            searcher.set_tablebase(tables.clone());
            Player::Search(Box::new(searcher), limits)
        };
        match spec {
            PlayerSpec::Level(level) => {
                let mut player = LevelPlayer::new(level, seed);
                if level.reads_endgame_tables() {
                    player.set_tablebase(tables.clone());
                }
                Player::Level(Box::new(player))
            }
            PlayerSpec::Depth(depth) => search(SearchLimits {
                depth: Some(depth),
                ..SearchLimits::default()
            }),
            PlayerSpec::Movetime(millis) => search(SearchLimits {
                movetime: Some(Duration::from_millis(millis)),
                ..SearchLimits::default()
            }),
            PlayerSpec::Mcts(playouts) => Player::Mcts(Mcts::new(playouts, seed)),
        }
    }

    /// The player's move in the game's current position, `None` when there is none.
    pub fn choose(&mut self, game: &Game) -> Option<Move> {
        let never = CancelToken::new();
        match self {
            Player::Level(player) => player.choose(game, &never),
            Player::Search(searcher, limits) => searcher.search(game, *limits, &never, |_| {}).best,
            Player::Mcts(mcts) => mcts.choose(game),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for text in ["easy", "master", "depth:6", "movetime:250", "mcts:20000"] {
            assert_eq!(text.parse::<PlayerSpec>().unwrap().to_string(), text);
        }
        for bad in ["", "grand", "depth:", "depth:x", "mcts:-1", "alpha:3"] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn limits_beyond_the_bounds_are_refused_not_clamped() {
        for (bad, why) in [
            ("depth:0", "from 1 to 95"),
            ("depth:96", "from 1 to 95"),
            ("movetime:3600001", "from 1 to 3600000"),
            ("mcts:4294967295", "from 1 to 1000000"),
            ("mcts:0", "from 1 to 1000000"),
        ] {
            let error = bad.parse::<PlayerSpec>().unwrap_err();
            assert!(error.contains(why), "{bad}: {error}");
        }
    }
}
