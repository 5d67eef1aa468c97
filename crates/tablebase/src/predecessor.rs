//! Un-moving: the placements one quiet move before a given one. Retrograde analysis walks the
//! game backwards with them; only quiet moves are walked back, since a capture leaves the
//! slice (its positions are looked up forwards in the smaller slices instead).

use duobao_rules::{Move, PointSet, ALL_POINTS};

use crate::placement::Placement;

/// Calls `f` with every placement from which a move that captures nothing leads to `after`.
/// The lock tells which piece moved last: the treasure when it is locked (and it was free
/// before), else one of the soldiers of the side that just moved (with the treasure locked or
/// free before).
pub(crate) fn for_each_predecessor(after: Placement, mut f: impl FnMut(Placement)) {
    let empty = PointSet::from_bits(ALL_POINTS.bits() & !after.occupied());
    let captures_nothing = |before: Placement, m: Move| {
        let mut position = before.position().expect("the side that moved has soldiers");
        position.play_unchecked(m).is_empty()
    };
    if after.locked {
        let to = after.treasure_point();
        for from in to.neighbours() & empty {
            let before = Placement {
                mover: after.opponent,
                opponent: after.mover,
                treasure: from.set().bits(),
                locked: false,
            };
            if captures_nothing(before, Move::new(from, to)) {
                f(before);
            }
        }
        return;
    }
    for to in PointSet::from_bits(after.opponent) {
        for from in to.neighbours() & empty {
            let before = Placement {
                mover: after.opponent ^ to.set().bits() ^ from.set().bits(),
                opponent: after.mover,
                treasure: after.treasure,
                locked: false,
            };
            // What a soldier's move captures does not depend on the lock.
            if captures_nothing(before, Move::new(from, to)) {
                f(before);
                f(Placement {
                    locked: true,
                    ..before
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use duobao_rules::Position;

    use super::*;

    /// Every quiet move of every predecessor leads back, and every quiet move into `after`
    /// is found: checked against forward move generation on a few positions.
    #[test]
    fn predecessors_are_exactly_the_quiet_moves_backwards() {
        for fen in [
            "B.B/B..B./.RTB./R.R.R/.R. r - 6",
            "B../...../..T../.R.../... b L 3",
            ".B./B...B/..RT./.R..R/R.. b - 2",
            ".../.B.../.RT.B/...R./... r L 0",
        ] {
            let after = Placement::of(&Position::from_fen(fen).unwrap()).unwrap();
            let mut found = Vec::new();
            for_each_predecessor(after, |before| found.push(before));
            for before in &found {
                let position = before.position().unwrap();
                let leads_back = position.legal_moves().iter().any(|&m| {
                    let mut child = position;
                    child.play_unchecked(m).is_empty() && Placement::of(&child) == Some(after)
                });
                assert!(leads_back, "{before:?} does not lead to {fen}");
            }
            // Forwards: from every placement one soldier or treasure step away.
            let mut expected = 0;
            for mover_before in candidate_befores(after) {
                let position = mover_before.position().unwrap();
                expected += position
                    .legal_moves()
                    .iter()
                    .filter(|&&m| {
                        let mut child = position;
                        child.play_unchecked(m).is_empty() && Placement::of(&child) == Some(after)
                    })
                    .count();
            }
            assert_eq!(found.len(), expected, "{fen}");
        }
    }

    /// Placements that differ from `after` by one piece of the side that moved (or the
    /// treasure) standing on another empty point, in both lock states.
    fn candidate_befores(after: Placement) -> Vec<Placement> {
        let empty = ALL_POINTS.bits() & !after.occupied();
        let mut befores = Vec::new();
        for point in PointSet::from_bits(empty) {
            let bit = point.set().bits();
            for locked in [false, true] {
                for moved in PointSet::from_bits(after.opponent) {
                    befores.push(Placement {
                        mover: after.opponent ^ moved.set().bits() ^ bit,
                        opponent: after.mover,
                        treasure: after.treasure,
                        locked,
                    });
                }
                befores.push(Placement {
                    mover: after.opponent,
                    opponent: after.mover,
                    treasure: bit,
                    locked,
                });
            }
        }
        befores
    }
}
