//! One-move tactics: capturing the treasure, letting it be captured, winning at once, and what
//! the opponent threatens. The search uses them to answer treasure threats in its quiescence
//! step, the solver to try threatening moves first; an app can use them to warn a player.

use duobao_rules::{Move, Position};

/// A move of the side to move that captures the treasure, if there is one.
pub fn treasure_capture(position: &Position) -> Option<Move> {
    let treasure = position.treasure()?;
    // A capture is judged on the lines through the points a move leaves and reaches, so only a
    // move touching a line through the treasure (or moving the treasure itself) can take it.
    let reach = treasure.line_reach().bits();
    let mut capture = None;
    position.for_each_move(|m| {
        let touches = (m.from().set().bits() | m.to().set().bits()) & reach != 0;
        if capture.is_none() && touches {
            let mut child = *position;
            child.play_unchecked(m);
            if child.treasure().is_none() {
                capture = Some(m);
            }
        }
    });
    capture
}

/// The move with which the side not to move would capture the treasure if it were its turn
/// now: a threat the side to move has to answer.
pub fn treasure_threat(position: &Position) -> Option<Move> {
    treasure_capture(&opponent_to_move(position))
}

/// True when the side to move can win with one move.
pub(crate) fn wins_at_once(position: &Position) -> bool {
    let mut found = false;
    position.for_each_move(|m| {
        if !found {
            let mut child = *position;
            child.play_unchecked(m);
            found = child.count_moves() == 0;
        }
    });
    found
}

/// True when the side not to move would win with one move if it were its turn now: a threat
/// the side to move has to answer, wider than the treasure's.
pub(crate) fn win_threatened(position: &Position) -> bool {
    wins_at_once(&opponent_to_move(position))
}

/// `position` with the turn handed to the other side: what that side threatens is what it could
/// do there.
fn opponent_to_move(position: &Position) -> Position {
    let mut passed = *position;
    passed.pass();
    passed
}

/// True when after `m` the opponent can capture the treasure at once.
pub fn allows_treasure_capture(position: &Position, m: Move) -> bool {
    let mut child = *position;
    child.play_unchecked(m);
    treasure_capture(&child).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn finds_a_sandwich_of_the_treasure_and_only_a_real_one() {
        // c4d4 closes the b2-c3-d4 diagonal around the treasure, b2c2 column c.
        let p = position("B.B/..R../..T../.R.../... r - 0");
        let m = treasure_capture(&p).unwrap();
        assert!(["c4d4", "b2c2"].contains(&m.to_string().as_str()), "{m}");
        let threat = treasure_threat(&position("B.B/..R../..T../.R.../... b - 0"));
        assert!(["c4d4", "b2c2"].contains(&threat.unwrap().to_string().as_str()));
        assert_eq!(
            treasure_threat(&p),
            None,
            "Black has no soldier near the treasure"
        );
        // c2c3 closes a3-b3-c3 around the treasure unless another piece stands on row 3.
        let open = position("B../...../RT.../..R../... r - 0");
        assert_eq!(treasure_capture(&open), Some("c2c3".parse().unwrap()));
        let blocked = position("B../...../RT..B/..R../... r - 0");
        assert_eq!(treasure_capture(&blocked), None);
    }

    #[test]
    fn a_win_at_once_and_a_threat_of_one() {
        // d2d3 takes the treasure, and with Black to move Red threatens it.
        assert!(wins_at_once(&position("BBB/BB.BB/.RT../...R./... r - 0")));
        assert!(win_threatened(&position("BBB/BB.BB/.RT../...R./... b - 0")));
        assert!(!wins_at_once(&Position::start()));
        assert!(!win_threatened(&Position::start()));
    }

    #[test]
    fn moving_the_treasure_between_own_soldiers_captures_it() {
        let p = position("..B/...../R.R../.T.../B.. r - 0");
        let m = treasure_capture(&p).unwrap();
        assert_eq!(m.to_string(), "b2b3");
        let locked = position("..B/...../R.R../.T.../B.. r L 0");
        assert_eq!(treasure_capture(&locked), None);
    }
}
