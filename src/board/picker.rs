//! Picking up a piece and putting it down: the first tap selects a piece of the side to move
//! (or the unlocked treasure), the second plays it to one of its legal destinations. The
//! [`Picker`] is pure; [`use_move_taps`] is how every board that takes moves holds it.

use dioxus::prelude::*;
use duobao_rules::{Move, Piece, Point, PointSet, Position};

use super::Marks;

/// What a tap did.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Pick {
    Ignored,
    Selected,
    Deselected,
    /// The second tap of a move: the move to play (legal in the position tapped on).
    Move(Move),
}

/// The piece picked up, if any.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Picker {
    selected: Option<Point>,
}

impl Picker {
    /// Whether tapping `point` would pick up a piece in `position`.
    pub fn is_selectable(position: &Position, point: Point) -> bool {
        match position.piece_at(point) {
            Some(Piece::Treasure) => !position.treasure_locked(),
            Some(soldier) => soldier.color() == Some(position.turn()),
            None => false,
        }
    }

    /// Where the piece picked up may go in `position`.
    pub fn targets(self, position: &Position) -> PointSet {
        let Some(from) = self.selected else {
            return PointSet::EMPTY;
        };
        position
            .legal_moves()
            .iter()
            .filter(|m| m.from() == from)
            .map(|m| m.to())
            .collect()
    }

    /// The selection and its destinations, for the board.
    pub fn marks(self, position: &Position) -> Marks {
        Marks {
            selected: self.selected,
            targets: self.targets(position),
            ..Marks::default()
        }
    }

    /// A tap on `point` of the board showing `position`. A move puts the piece down: the caller
    /// plays it.
    pub fn tap(&mut self, position: &Position, point: Point) -> Pick {
        if self.selected == Some(point) {
            self.selected = None;
            return Pick::Deselected;
        }
        if let Some(from) = self.selected {
            if self.targets(position).contains(point) {
                self.selected = None;
                return Pick::Move(Move::new(from, point));
            }
        }
        if Picker::is_selectable(position, point) {
            self.selected = Some(point);
            return Pick::Selected;
        }
        match self.selected.take() {
            Some(_) => Pick::Deselected,
            None => Pick::Ignored,
        }
    }
}

/// The one way a board turns two taps into a move: the piece picked up is the board's own
/// state, so a tap that only picks one up redraws the board and nothing else; the second tap
/// offers the move to `on_move`. The piece is put down when the position changes, when
/// `put_down` changes (the screen's tap beside the board), and when the board stops taking moves
/// (`movable`: someone else's turn, a dialog over the board). Returns the selection's marks and
/// the handler for the board's taps.
pub fn use_move_taps(
    position: Position,
    movable: bool,
    put_down: u64,
    on_move: Option<EventHandler<Move>>,
) -> (Marks, EventHandler<Point>) {
    let mut held = use_signal(|| None::<(Position, u64, Picker)>);
    let movable = movable && on_move.is_some();
    let current = move |held: &Option<(Position, u64, Picker)>| match held {
        Some((on, key, picker)) if movable && *on == position && *key == put_down => *picker,
        _ => Picker::default(),
    };
    use_effect(use_reactive((&movable,), move |(movable,)| {
        if !movable && held.peek().is_some() {
            held.set(None);
        }
    }));
    let on_tap = use_callback(move |point| {
        let Some(on_move) = on_move.filter(|_| movable) else {
            return;
        };
        let mut picker = current(&held.peek());
        let pick = picker.tap(&position, point);
        // Nothing held is kept as nothing, so that the piece put down by a move is not put down
        // again, with another drawing, when the board then stops taking moves.
        held.set((picker != Picker::default()).then_some((position, put_down, picker)));
        if let Pick::Move(m) = pick {
            on_move.call(m);
        }
    });
    let marks = current(&held.read()).marks(&position);
    (marks, on_tap)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(name: &str) -> Point {
        name.parse().unwrap()
    }

    fn start() -> Position {
        Position::start()
    }

    #[test]
    fn selecting_shows_the_legal_destinations() {
        let mut picker = Picker::default();
        assert_eq!(picker.tap(&start(), point("b2")), Pick::Selected);
        let targets: Vec<String> = picker
            .targets(&start())
            .into_iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(targets, ["c2", "a3", "b3"], "c3 holds the treasure");
        let marks = picker.marks(&start());
        assert_eq!(marks.selected, Some(point("b2")));
        assert_eq!(marks.targets, picker.targets(&start()));
    }

    #[test]
    fn a_second_tap_on_a_destination_is_the_move() {
        let mut picker = Picker::default();
        picker.tap(&start(), point("b2"));
        assert_eq!(
            picker.tap(&start(), point("c2")),
            Pick::Move("b2c2".parse().unwrap())
        );
        assert_eq!(
            picker.marks(&start()).selected,
            None,
            "the piece is put down"
        );
    }

    #[test]
    fn tapping_the_selection_or_an_empty_point_deselects() {
        let mut picker = Picker::default();
        picker.tap(&start(), point("b2"));
        assert_eq!(picker.tap(&start(), point("b2")), Pick::Deselected);
        assert_eq!(picker.marks(&start()).selected, None);
        picker.tap(&start(), point("b2"));
        assert_eq!(picker.tap(&start(), point("e3")), Pick::Deselected);
        assert_eq!(picker.targets(&start()), PointSet::EMPTY);
    }

    #[test]
    fn taps_on_nothing_or_on_the_other_sides_pieces_do_nothing() {
        let mut picker = Picker::default();
        for name in ["e3", "b4", "c4"] {
            assert_eq!(picker.tap(&start(), point(name)), Pick::Ignored, "{name}");
        }
    }

    #[test]
    fn tapping_another_own_piece_moves_the_selection() {
        let mut picker = Picker::default();
        picker.tap(&start(), point("b2"));
        assert_eq!(picker.tap(&start(), point("d2")), Pick::Selected);
        assert_eq!(picker.marks(&start()).selected, Some(point("d2")));
    }

    #[test]
    fn the_treasure_is_selectable_only_while_unlocked() {
        let mut position = start();
        let mut picker = Picker::default();
        assert_eq!(picker.tap(&position, point("c3")), Pick::Selected);
        let Pick::Move(m) = picker.tap(&position, point("b3")) else {
            panic!("c3b3 is legal");
        };
        position.play(m).unwrap();
        assert!(position.treasure_locked());
        assert!(!Picker::is_selectable(&position, point("b3")));
        assert_eq!(picker.tap(&position, point("b3")), Pick::Ignored);
    }
}
