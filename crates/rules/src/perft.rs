//! Perft: counting the leaf positions of the move tree to a fixed depth, the backbone of move
//! generation testing. The draw rules are ignored and a won position has no moves, as in
//! RULES.md; the last ply is counted in bulk rather than played.

use crate::moves::Move;
use crate::position::Position;

/// The number of positions reached after exactly `depth` plies. It recurses `depth` deep: callers
/// taking the depth from users bound it (each ply costs about ten times the one before anyway).
pub fn perft(position: &Position, depth: u32) -> u64 {
    perft_until(position, depth, &|| false).expect("perft that is never stopped completes")
}

/// Perft that can be abandoned: `None` once `stopped` returns true. It is asked at every node
/// with three or more plies to go, hundreds of leaves apart, so asking costs nothing measurable
/// and a stop takes effect within microseconds.
pub fn perft_until(position: &Position, depth: u32, stopped: &impl Fn() -> bool) -> Option<u64> {
    match depth {
        0 => Some(1),
        1 => Some(u64::from(position.count_moves())),
        2 => Some(position.count_replies()),
        _ => {
            if stopped() {
                return None;
            }
            let mut total = Some(0);
            position.for_each_move(|m| {
                if let Some(sum) = total {
                    let mut child = *position;
                    child.play_unchecked(m);
                    total = perft_until(&child, depth - 1, stopped).map(|count| sum + count);
                }
            });
            total
        }
    }
}

/// Perft split by root move, sorted by move notation.
pub fn perft_divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = position.legal_moves();
    moves.sort_by_key(|m| m.to_string());
    moves
        .iter()
        .map(|&m| {
            let mut child = *position;
            child.play_unchecked(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_reference_counts() {
        let start = Position::start();
        let expected = [1, 13, 147, 1696, 18178, 203715, 2205650];
        for (depth, &count) in expected.iter().enumerate() {
            assert_eq!(perft(&start, depth as u32), count, "depth {depth}");
        }
    }

    #[test]
    fn bulk_replies_equal_replies_played_out() {
        let fens = [
            "BBB/BB.BB/..T../RR.RR/RRR r - 0",
            "B../...../..T../RB.R./... r - 5",
            ".../...../.RT.R/...B./..R r - 0",
            "B../.RT../...../R..../... r - 0",
            "BBB/BB.BB/...../RRTRR/RRR b L 1",
            "..R/.RR../.T.../.B.../RRR r - 35",
        ];
        for fen in fens {
            let position = Position::from_fen(fen).unwrap();
            let played_out: u64 = position
                .legal_moves()
                .iter()
                .map(|&m| {
                    let mut child = position;
                    child.play_unchecked(m);
                    u64::from(child.count_moves())
                })
                .sum();
            assert_eq!(position.count_replies(), played_out, "{fen}");
        }
    }

    #[test]
    fn a_stopped_perft_gives_up() {
        let start = Position::start();
        assert_eq!(perft_until(&start, 5, &|| false), Some(203715));
        assert_eq!(perft_until(&start, 5, &|| true), None);
        // Stopping happens only where three or more plies are left.
        assert_eq!(perft_until(&start, 2, &|| true), Some(147));
        let asked = std::cell::Cell::new(0);
        let stop_on_third_question = || {
            asked.set(asked.get() + 1);
            asked.get() >= 3
        };
        assert_eq!(perft_until(&start, 6, &stop_on_third_question), None);
        assert_eq!(asked.get(), 3, "nothing is asked once stopped");
    }

    #[test]
    fn divide_adds_up() {
        let start = Position::start();
        let divided = perft_divide(&start, 3);
        assert_eq!(divided.len(), 13);
        assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), 1696);
    }
}
