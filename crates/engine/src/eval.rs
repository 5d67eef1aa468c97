//! The static evaluation: how good a quiet position is for the side to move, in hundredths of a
//! soldier. Tactics (captures, treasure sandwiches) are left to the search and its quiescence
//! step; this judges what they cannot see: material, freedom to move, the danger of being
//! blockaded and who is gathering around the treasure.

use duobao_rules::{Color, Point, Position};

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

/// The treasure's sandwiches with one end `color`'s soldier, the other end empty and nothing
/// else on the line.
fn open_pincers(position: &Position, color: Color, treasure: Point) -> i32 {
    let own = position.soldiers(color);
    let occupied = position.occupied();
    treasure
        .sandwiches()
        .iter()
        .filter(|s| (s.line().difference(s.points()) & occupied).is_empty())
        .filter(|s| !(own & s.ends()).is_empty() && !s.ends().difference(occupied).is_empty())
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
    fn a_pincer_is_open_with_one_end_ours_the_other_empty_and_the_line_clear() {
        let pincers = |fen: &str| {
            let position = Position::from_fen(fen).unwrap();
            let treasure = position.treasure().unwrap();
            Color::BOTH.map(|color| open_pincers(&position, color, treasure))
        };
        // Red on b3 half-closes row 3 around the treasure on c3.
        assert_eq!(pincers(".../...../.RT../...../..B r - 0"), [1, 0]);
        // Another piece on the row, even beyond the sandwich, keeps it from closing.
        assert_eq!(pincers(".../...../.RT.B/...../... r - 0"), [0, 0]);
        // Both ends taken: nothing left to close.
        assert_eq!(pincers(".../...../.RTB./...../... r - 0"), [0, 0]);
        assert_eq!(pincers(".../..R../.RT../...../..B r - 0"), [2, 0]);
    }
}
