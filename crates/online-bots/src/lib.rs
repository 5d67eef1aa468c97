//! Bots that play live games on duobao-serve (crates/online) as docs/PROTOCOL.md describes
//! them, written from that page alone: the load benchmark (`duobao-bots`,
//! scripts/bench-online.sh) and the tests that kill servers under them (tests/).

mod abuse;
mod bots;
pub mod http;
pub mod protocol;
mod record;
pub mod socket;

use duobao_rules::{Game, PlayError, Ply};

pub use abuse::Abuse;
pub use bots::{run, Config};
pub use record::{AckedPly, Latency, Report, Summary};

/// A game's moves (`c3c2`, `pass`) played from the start: the position, or what is wrong with
/// the moves.
pub fn replay(moves: &[String]) -> Result<Game, String> {
    let mut game = Game::new();
    for (ply, text) in moves.iter().enumerate() {
        let parsed: Ply = text
            .parse()
            .map_err(|e| format!("ply {ply}: {text} unreadable ({e})"))?;
        game.play(parsed)
            .map_err(|e: PlayError| format!("ply {ply}: {text} not playable ({e})"))?;
    }
    Ok(game)
}

/// Raises the soft limit of open files towards `wanted`, as far as the hard limit allows (a
/// bot's socket is a file); the limit in force after.
#[cfg(unix)]
pub fn raise_open_files(wanted: u64) -> Option<u64> {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let limit = getrlimit(Resource::Nofile);
    let current = limit.current?;
    let raised = limit.maximum.map_or(wanted, |hard| hard.min(wanted));
    if raised > current {
        let wanted = Rlimit {
            current: Some(raised),
            maximum: limit.maximum,
        };
        if setrlimit(Resource::Nofile, wanted).is_ok() {
            return Some(raised);
        }
    }
    Some(current)
}

#[cfg(not(unix))]
pub fn raise_open_files(_wanted: u64) -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_names_the_first_bad_ply() {
        let moves = |list: &[&str]| list.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        let game = replay(&moves(&["pass", "pass"])).unwrap();
        assert_eq!(game.plies().len(), 2);
        let first = Game::new().position().legal_moves()[0].to_string();
        assert!(replay(&moves(&[&first, "zz"]))
            .unwrap_err()
            .starts_with("ply 1: zz"));
    }
}
