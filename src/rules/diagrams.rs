//! The positions the rules show, each with the move it illustrates. A unit test plays every one
//! on the rules engine, so a picture can never claim what the engine does not do.

use duobao_rules::Game;

use crate::i18n::RulesText;

#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Diagram {
    /// Names the diagram for tests (`data-testid="diagram-capture"`).
    pub name: &'static str,
    /// The position before the move.
    pub fen: &'static str,
    /// The move shown with its trail; the picture shows the position after it.
    pub play: Option<&'static str>,
    pub caption: RulesText,
}

impl Diagram {
    /// The diagram's game: its position with the move played, the captured pieces still known.
    pub fn game(&self) -> Game {
        let mut game = Game::from_fen(self.fen).expect("a diagram's position is valid");
        if let Some(play) = self.play {
            game.play(play.parse().expect("a diagram's move is written correctly"))
                .expect("a diagram's move is legal");
        }
        game
    }
}

pub const START: Diagram = Diagram {
    name: "start",
    fen: "BBB/BB.BB/..T../RR.RR/RRR r - 0",
    play: None,
    caption: RulesText::DiagramStart,
};

pub const CAPTURE: Diagram = Diagram {
    name: "capture",
    fen: "B../...../..T../RB.R./... r - 5",
    play: Some("d2c2"),
    caption: RulesText::DiagramCapture,
};

pub const BLOCKED: Diagram = Diagram {
    name: "blocked",
    fen: "B../...../..T../RB.RB/... r - 5",
    play: Some("d2c2"),
    caption: RulesText::DiagramBlocked,
};

/// Red has just moved the treasure from the start: `BBB/BB.BB/...../RRTRR/RRR b L 1`.
pub const LOCK: Diagram = Diagram {
    name: "lock",
    fen: "BBB/BB.BB/..T../RR.RR/RRR r - 0",
    play: Some("c3c2"),
    caption: RulesText::DiagramLock,
};

pub const SELF_DELIVERY: Diagram = Diagram {
    name: "self-delivery",
    fen: "B../..T../.R.R./...../... r - 0",
    play: Some("c4c3"),
    caption: RulesText::DiagramSelfDelivery,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Scene;
    use duobao_rules::{Color, GameResult, Point, PointSet, Win, WinReason};

    fn captured(diagram: &Diagram) -> PointSet {
        diagram.game().plies().last().unwrap().captured
    }

    fn point(name: &str) -> Point {
        name.parse().unwrap()
    }

    /// The start diagram pictures the board a new game opens on: the same pieces on the same
    /// points, the same side to move, and no move's trail or capture drawn over it.
    #[test]
    fn the_start_diagram_is_the_board_a_new_game_opens_on() {
        let prefs = crate::prefs::Prefs::default();
        let opened =
            duobao_rules::Game::from_position(crate::widgets::setup::pass_and_play(&prefs).start);
        let pictured = START.game();
        let drawn = Scene::of_game(&pictured);
        assert_eq!(drawn.standing(), Scene::of_game(&opened).standing());
        assert_eq!(pictured.position(), opened.position());
        assert_eq!(drawn.trail(), None, "no trail");
        assert!(pictured.plies().is_empty(), "no capture");
    }

    #[test]
    fn the_capture_diagram_captures_b2() {
        assert_eq!(
            captured(&CAPTURE).into_iter().collect::<Vec<_>>(),
            [point("b2")]
        );
        assert!(!CAPTURE.game().is_over());
    }

    #[test]
    fn the_blocked_diagram_captures_nothing_with_four_pieces_on_the_row() {
        assert!(captured(&BLOCKED).is_empty());
        let game = BLOCKED.game();
        let row_2 = ["a2", "b2", "c2", "d2", "e2"]
            .iter()
            .filter(|name| game.position().piece_at(point(name)).is_some())
            .count();
        assert_eq!(row_2, 4);
        assert_eq!(BLOCKED.play, CAPTURE.play, "the same move");
    }

    #[test]
    fn the_lock_diagram_locks_the_treasure_on_c2_for_black() {
        let game = LOCK.game();
        let position = game.position();
        assert_eq!(position.to_fen(), "BBB/BB.BB/...../RRTRR/RRR b L 1");
        assert!(position.treasure_locked());
        for m in &position.legal_moves() {
            assert_ne!(m.from(), point("c2"), "black may not move the treasure");
        }
    }

    #[test]
    fn the_self_delivery_diagram_wins_by_treasure() {
        assert_eq!(
            SELF_DELIVERY.game().result(),
            Some(GameResult::Win(Win {
                winner: Color::Red,
                reason: WinReason::Treasure
            }))
        );
        assert_eq!(
            captured(&SELF_DELIVERY).into_iter().collect::<Vec<_>>(),
            [point("c3")]
        );
    }
}
