//! The largest amounts of work the commands and the engine accept, so that no input asks for
//! endless time or memory; and reading a number against such a limit.

use std::ops::RangeInclusive;

use duobao_engine::{Mcts, SearchLimits};

/// Perft depths: from the start, depth 8 takes under a second and each ply about eleven times
/// the one before, so depth 10 takes a minute or two, depth 11 a quarter of an hour.
pub const PERFT_DEPTHS: RangeInclusive<u64> = 0..=10;
/// Search depths: the search's arrays hold no deeper line.
pub const SEARCH_DEPTHS: RangeInclusive<u64> = 1..=SearchLimits::MAX_DEPTH as u64;
/// Thinking time in milliseconds: up to an hour.
pub const MOVETIMES: RangeInclusive<u64> = 1..=3_600_000;
/// Search nodes: at the one to two million a second of a desktop core, five billion take about
/// an hour, like the longest movetime.
pub const NODES: RangeInclusive<u64> = 1..=5_000_000_000;
/// Monte-Carlo playouts a move: the tree keeps a node for each (see [`Mcts::MAX_PLAYOUTS`]).
pub const PLAYOUTS: RangeInclusive<u64> = 1..=Mcts::MAX_PLAYOUTS as u64;
/// The exact solver's table in MiB: up to 16 GiB, the most a desktop can be asked to give.
pub const TABLE_MEGABYTES: RangeInclusive<u64> = 1..=16_384;
/// Soldiers in all for the endgame tables: 2 is the least a slice has; 8 take 1.2 billion
/// positions and 2.3 GB of tables, built a slice pair at a time (the largest, 3v5 with 5v3,
/// needs 2.5 GB while building); past 8 a distance may not fit the tables' byte.
pub const TABLE_SOLDIERS: RangeInclusive<u64> = 2..=8;
/// Won endgame positions for the tables' benchmark: each is two games.
pub const ENDGAME_POSITIONS: RangeInclusive<u64> = 1..=1000;
/// Games in a match: a million take weeks even at the fastest settings.
pub const GAMES: RangeInclusive<u64> = 1..=1_000_000;

/// Reads `text` as a whole number in `range`; the error names `what` and the range.
pub fn number_within(what: &str, text: &str, range: RangeInclusive<u64>) -> Result<u64, String> {
    text.parse()
        .ok()
        .filter(|number| range.contains(number))
        .ok_or_else(|| {
            format!(
                "{what} must be a number from {} to {}, found '{text}'",
                range.start(),
                range.end()
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_outside_the_range_are_refused_with_the_range() {
        assert_eq!(number_within("depth", "10", PERFT_DEPTHS), Ok(10));
        for bad in ["11", "-1", "x", "", "99999999999999999999999"] {
            let why = number_within("depth", bad, PERFT_DEPTHS).unwrap_err();
            assert_eq!(
                why,
                format!("depth must be a number from 0 to 10, found '{bad}'")
            );
        }
    }
}
