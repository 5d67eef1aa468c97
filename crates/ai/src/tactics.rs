//! One-move tactics: capturing the treasure, or letting it be captured. The search uses them to
//! answer treasure threats in its quiescence step; an app can use them to warn a player.

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

/// True when the side not to move could capture the treasure if it were its turn now: a threat
/// the side to move has to answer.
pub fn treasure_threatened(position: &Position) -> bool {
    let mut opponent_turn = *position;
    opponent_turn.pass();
    treasure_capture(&opponent_turn).is_some()
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
        assert!(treasure_threatened(&position(
            "B.B/..R../..T../.R.../... b - 0"
        )));
        // c2c3 closes a3-b3-c3 around the treasure unless another piece stands on row 3.
        let open = position("B../...../RT.../..R../... r - 0");
        assert_eq!(treasure_capture(&open), Some("c2c3".parse().unwrap()));
        let blocked = position("B../...../RT..B/..R../... r - 0");
        assert_eq!(treasure_capture(&blocked), None);
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
