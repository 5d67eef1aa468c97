//! The slices: the positions with a given number of soldiers of the side to move and of its
//! opponent, the treasure on the board. Captures are irreversible, so a slice's moves lead
//! into itself or its twin (the same counts, the other side to move) or, by a capture, into
//! slices with fewer soldiers: the tables are built from the fewest soldiers up.
//!
//! Each slice has a perfect index: the numbers 0 to [`Slice::size`] − 1 are the placements
//! with the treasure on files a–c (its mirror image stands for a placement with the treasure
//! on d or e), numbered by treasure point, then the mover's soldiers among the 20 other points,
//! then the opponent's among the rest, then the lock.

use std::fmt;

use duobao_rules::{Color, Point, Position, ALL_POINTS, GRID_POINTS, MAX_SOLDIERS};

use crate::combination::{binomial, rank, unrank};
use crate::placement::Placement;

/// The treasure's points on files a–c, in grid order.
const TREASURE_POINTS: [u32; 13] = {
    let mut points = [0; 13];
    let mut count = 0;
    let mut index = 0;
    while index < GRID_POINTS {
        if let Some(point) = Point::from_index(index) {
            if point.file() <= 2 {
                points[count] = point.set().bits();
                count += 1;
            }
        }
        index += 1;
    }
    assert!(count == 13);
    points
};

/// For each grid point, its place in [`TREASURE_POINTS`].
const TREASURE_RANK: [u8; GRID_POINTS] = {
    let mut ranks = [u8::MAX; GRID_POINTS];
    let mut i = 0;
    while i < TREASURE_POINTS.len() {
        ranks[TREASURE_POINTS[i].trailing_zeros() as usize] = i as u8;
        i += 1;
    }
    ranks
};

/// The points of the board other than the treasure's.
const SOLDIER_POINTS: u32 = ALL_POINTS.len() - 1;

/// Soldiers of the side to move and of its opponent; each side has 1 to 7.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slice {
    pub mover: u32,
    pub opponent: u32,
}

impl Slice {
    pub fn new(mover: u32, opponent: u32) -> Option<Slice> {
        let sides = 1..=MAX_SOLDIERS;
        (sides.contains(&mover) && sides.contains(&opponent)).then_some(Slice { mover, opponent })
    }

    pub(crate) fn of(placement: Placement) -> Slice {
        Slice {
            mover: placement.mover.count_ones(),
            opponent: placement.opponent.count_ones(),
        }
    }

    pub const fn soldiers(self) -> u32 {
        self.mover + self.opponent
    }

    /// The slice of the same soldiers with the other side to move: the one a quiet move leads to.
    pub const fn twin(self) -> Slice {
        Slice {
            mover: self.opponent,
            opponent: self.mover,
        }
    }

    /// Every slice with at most `soldiers` soldiers in all, fewest first.
    pub fn up_to(soldiers: u32) -> Vec<Slice> {
        let mut slices: Vec<Slice> = (1..=MAX_SOLDIERS)
            .flat_map(|mover| (1..=MAX_SOLDIERS).filter_map(move |opp| Slice::new(mover, opp)))
            .filter(|slice| slice.soldiers() <= soldiers)
            .collect();
        slices.sort_by_key(|slice| (slice.soldiers(), *slice));
        slices
    }

    /// The slice that names the pair of this slice and its twin, which are built together: the
    /// one with fewer soldiers to move (a slice with as many on each side is its own twin).
    pub const fn pair(self) -> Slice {
        if self.mover <= self.opponent {
            self
        } else {
            self.twin()
        }
    }

    /// Every pair with at most `soldiers` soldiers in all, named by [`Slice::pair`], fewest
    /// soldiers first: each after every pair its captures lead to.
    pub fn pairs(soldiers: u32) -> Vec<Slice> {
        let mut pairs = Slice::up_to(soldiers);
        pairs.retain(|&slice| slice.pair() == slice);
        pairs
    }

    /// The slices a capture leads to from this slice or its twin, fewest soldiers first: the
    /// ones the pair is built from. Only the side to move captures, one or more of the
    /// opponent's soldiers, and then the opponent is to move: `2v3` leads to `2v2` and `1v2`,
    /// its twin `3v2` to `1v3`.
    pub fn prerequisites(self) -> Vec<Slice> {
        let mut slices: Vec<Slice> = [self, self.twin()]
            .into_iter()
            .flat_map(|from| {
                (1..from.opponent).filter_map(move |left| Slice::new(left, from.mover))
            })
            .collect();
        slices.sort_by_key(|slice| (slice.soldiers(), *slice));
        slices.dedup();
        slices
    }

    /// The number of placements the slice stores.
    pub const fn size(self) -> usize {
        TREASURE_POINTS.len()
            * binomial(SOLDIER_POINTS, self.mover)
            * binomial(SOLDIER_POINTS - self.mover, self.opponent)
            * 2
    }

    /// The index of a stored placement of this slice.
    #[inline]
    pub(crate) fn index(self, placement: Placement) -> usize {
        debug_assert!(placement.is_stored() && Slice::of(placement) == self);
        let treasure = TREASURE_RANK[placement.treasure.trailing_zeros() as usize] as usize;
        let free = ALL_POINTS.bits() & !placement.treasure;
        let mover = rank(placement.mover, free);
        let opponent = rank(placement.opponent, free & !placement.mover);
        let movers = binomial(SOLDIER_POINTS, self.mover);
        let opponents = binomial(SOLDIER_POINTS - self.mover, self.opponent);
        ((treasure * movers + mover) * opponents + opponent) * 2 + usize::from(placement.locked)
    }

    /// The position stored at `index` (less than [`Slice::size`]) with `turn` to move and no
    /// quiet plies: for sampling a slice.
    pub fn position(self, index: usize, turn: Color) -> Position {
        self.placement(index)
            .position_for(turn)
            .expect("a slice's placements are positions")
    }

    /// The stored placement at `index` (less than [`Slice::size`]).
    pub(crate) fn placement(self, index: usize) -> Placement {
        let movers = binomial(SOLDIER_POINTS, self.mover);
        let opponents = binomial(SOLDIER_POINTS - self.mover, self.opponent);
        let locked = index % 2 == 1;
        let rest = index / 2;
        let (rest, opponent) = (rest / opponents, rest % opponents);
        let (treasure, mover) = (rest / movers, rest % movers);
        let treasure = TREASURE_POINTS[treasure];
        let free = ALL_POINTS.bits() & !treasure;
        let mover = unrank(mover, self.mover, free);
        let opponent = unrank(opponent, self.opponent, free & !mover);
        Placement {
            mover,
            opponent,
            treasure,
            locked,
        }
    }
}

impl fmt::Display for Slice {
    /// `2v3`: two soldiers to move against three.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}v{}", self.mover, self.opponent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_is_perfect_and_keeps_every_placement_up_to_its_mirror_image() {
        for slice in Slice::up_to(3) {
            for index in 0..slice.size() {
                let placement = slice.placement(index);
                assert!(placement.is_stored());
                assert_eq!(Slice::of(placement), slice);
                assert_eq!(placement.occupied().count_ones(), slice.soldiers() + 1);
                assert_eq!(slice.index(placement), index);
                assert!(placement.represented().all(|p| p.stored() == placement));
            }
        }
    }

    #[test]
    fn pairs_come_after_the_slices_their_captures_lead_to() {
        let slice = |mover, opponent| Slice::new(mover, opponent).unwrap();
        assert_eq!(slice(3, 2).pair(), slice(2, 3));
        assert_eq!(slice(2, 2).pair(), slice(2, 2));
        assert_eq!(
            slice(2, 3).prerequisites(),
            [slice(1, 2), slice(1, 3), slice(2, 2)]
        );
        assert_eq!(slice(1, 1).prerequisites(), []);
        let pairs = Slice::pairs(8);
        assert_eq!(pairs.len(), 16);
        for (at, pair) in pairs.iter().enumerate() {
            for needed in pair.prerequisites() {
                assert!(
                    pairs[..at].contains(&needed.pair()),
                    "{pair} needs {needed}"
                );
            }
        }
    }

    #[test]
    fn sizes_count_the_treasure_points_soldier_sets_and_locks() {
        assert_eq!(Slice::new(1, 1).unwrap().size(), 13 * 20 * 19 * 2);
        assert_eq!(Slice::new(3, 3).unwrap().size(), 13 * 1140 * 680 * 2);
        let all: usize = Slice::up_to(6).iter().map(|s| s.size()).sum();
        assert_eq!(all, 76_525_540);
        assert_eq!(Slice::up_to(4).len(), 6);
        assert!(Slice::new(0, 3).is_none() && Slice::new(8, 1).is_none());
    }
}
