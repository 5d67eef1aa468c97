//! The static evaluation: how good a quiet position is for the side to move, in hundredths of a
//! soldier. Tactics (captures, treasure sandwiches) are left to the search and its quiescence
//! step; this judges what they cannot see: material, freedom to move, the danger of being
//! blockaded and who is gathering around the treasure.

use duobao_rules::{Color, Point, Position, LINES};

/// A soldier.
const SOLDIER: i32 = 100;
/// Each move a side's soldiers have.
const MOBILITY: i32 = 4;
/// Each move short of this many, for a side at risk of having no move at all.
const BLOCKADE_MARGIN: i32 = 4;
const BLOCKADE_DANGER: i32 = 25;
/// Each line through a soldier's point: central points reach further and sandwich more.
const PLACEMENT: i32 = 3;
/// Each soldier next to the treasure.
const TREASURE_NEIGHBOUR: i32 = 10;
/// Each half-closed sandwich of the treasure: one end ours, the other empty, no other piece on
/// the line, so one more soldier would take it.
const TREASURE_PINCER: i32 = 30;
/// Having the move.
const TEMPO: i32 = 10;

/// A sandwich shape around a middle point: its two outer points and the rest of its line.
#[derive(Copy, Clone)]
struct Pincer {
    ends: [u32; 2],
    /// The line's other points, which must be empty for a capture.
    rest: u32,
}

/// For each grid index, the sandwich shapes with that point in the middle (at most 4: one per
/// line through the centre).
const PINCERS: [([Pincer; 4], usize); 25] = {
    let none = Pincer {
        ends: [0, 0],
        rest: 0,
    };
    let mut table = [([none; 4], 0usize); 25];
    let mut l = 0;
    while l < LINES.len() {
        let points = LINES[l].mask().bits();
        // Walk the line's points in order: they are the set bits of its mask, and consecutive
        // points of a line are consecutive set bits.
        let mut order = [0usize; 5];
        let mut len = 0;
        let mut index = 0;
        while index < 25 {
            if points & (1 << index) != 0 {
                order[len] = index;
                len += 1;
            }
            index += 1;
        }
        let mut i = 1;
        while i + 1 < len {
            let (a, m, b) = (order[i - 1], order[i], order[i + 1]);
            let shape = (1u32 << a) | (1 << m) | (1 << b);
            let entry = &mut table[m];
            entry.0[entry.1] = Pincer {
                ends: [1 << a, 1 << b],
                rest: points & !shape,
            };
            entry.1 += 1;
            i += 1;
        }
        l += 1;
    }
    table
};

/// The score of `position` for the side to move.
pub fn evaluate(position: &Position) -> i32 {
    let us = position.turn();
    side_score(position, us) - side_score(position, us.other()) + TEMPO
}

fn side_score(position: &Position, color: Color) -> i32 {
    let own = position.soldiers(color);
    let empty = position.occupied().complement();
    let mut mobility = 0;
    let mut placement = 0;
    for soldier in own {
        mobility += (soldier.neighbours() & empty).len() as i32;
        placement += soldier.line_count() as i32;
    }
    let mut score = own.len() as i32 * SOLDIER + mobility * MOBILITY + placement * PLACEMENT;
    score -= (BLOCKADE_MARGIN - mobility).max(0) * BLOCKADE_DANGER;
    if let Some(treasure) = position.treasure() {
        score += (treasure.neighbours() & own).len() as i32 * TREASURE_NEIGHBOUR;
        score += open_pincers(position, color, treasure) * TREASURE_PINCER;
    }
    score
}

fn open_pincers(position: &Position, color: Color, treasure: Point) -> i32 {
    let own = position.soldiers(color).bits();
    let occupied = position.occupied().bits();
    let (pincers, count) = &PINCERS[treasure.index()];
    pincers[..*count]
        .iter()
        .filter(|p| occupied & p.rest == 0)
        .filter(|p| {
            let [a, b] = p.ends;
            (own & a != 0 && occupied & b == 0) || (own & b != 0 && occupied & a == 0)
        })
        .count() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_balanced_but_for_the_move() {
        let start = Position::start();
        assert_eq!(evaluate(&start), TEMPO);
    }

    #[test]
    fn a_soldier_up_is_clearly_better() {
        let p = Position::from_fen("BB./BB.BB/..T../RR.RR/RRR r - 0").unwrap();
        assert!(evaluate(&p) > SOLDIER / 2);
    }

    #[test]
    fn the_centre_has_four_pincers() {
        assert_eq!(PINCERS["c3".parse::<Point>().unwrap().index()].1, 4);
        assert_eq!(PINCERS["b1".parse::<Point>().unwrap().index()].1, 0);
    }
}
