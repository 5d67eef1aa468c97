//! Pieces set out on the board by hand, as a position editor holds them: any arrangement, even
//! one no game can reach (eight soldiers a side, no treasure), so that the editor can show it
//! and say what is wrong with it.

use duobao_rules::{Piece, Point, PointSet, Position};

#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Placement {
    pub red: PointSet,
    pub black: PointSet,
    pub treasure: Option<Point>,
    /// The treasure may not move on the next turn.
    pub locked: bool,
}

impl Placement {
    /// `position`'s pieces and treasure lock.
    pub fn of(position: &Position) -> Placement {
        Placement {
            red: position.soldiers(duobao_rules::Color::Red),
            black: position.soldiers(duobao_rules::Color::Black),
            treasure: position.treasure(),
            locked: position.treasure_locked(),
        }
    }

    pub fn piece_at(&self, point: Point) -> Option<Piece> {
        if self.treasure == Some(point) {
            Some(Piece::Treasure)
        } else if self.red.contains(point) {
            Some(Piece::RedSoldier)
        } else if self.black.contains(point) {
            Some(Piece::BlackSoldier)
        } else {
            None
        }
    }

    /// `piece` on `point`, in place of whatever stood there; the treasure leaves its old point.
    pub fn put(&mut self, point: Point, piece: Piece) {
        self.remove(point);
        match piece {
            Piece::RedSoldier => self.red = self.red.with(point),
            Piece::BlackSoldier => self.black = self.black.with(point),
            Piece::Treasure => self.treasure = Some(point),
        }
    }

    /// `point` emptied.
    pub fn remove(&mut self, point: Point) {
        self.red = self.red.without(point);
        self.black = self.black.without(point);
        if self.treasure == Some(point) {
            self.treasure = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(name: &str) -> Point {
        name.parse().unwrap()
    }

    #[test]
    fn the_start_reads_back_piece_by_piece() {
        let start = Placement::of(&Position::start());
        assert_eq!(start.piece_at(point("c3")), Some(Piece::Treasure));
        assert_eq!(start.piece_at(point("b2")), Some(Piece::RedSoldier));
        assert_eq!(start.piece_at(point("b4")), Some(Piece::BlackSoldier));
        assert_eq!(start.piece_at(point("a3")), None);
        assert_eq!((start.red.len(), start.black.len()), (7, 7));
    }

    #[test]
    fn a_piece_put_replaces_what_stood_there_and_the_treasure_moves() {
        let mut placement = Placement::of(&Position::start());
        placement.put(point("b2"), Piece::BlackSoldier);
        assert_eq!(placement.piece_at(point("b2")), Some(Piece::BlackSoldier));
        assert_eq!((placement.red.len(), placement.black.len()), (6, 8));
        placement.put(point("a3"), Piece::Treasure);
        assert_eq!(placement.piece_at(point("c3")), None, "one treasure");
        placement.put(point("a3"), Piece::RedSoldier);
        assert_eq!(placement.treasure, None);
        placement.remove(point("a3"));
        assert_eq!(placement.piece_at(point("a3")), None);
    }
}
