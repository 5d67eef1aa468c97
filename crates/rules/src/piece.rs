//! The pieces: the two sides' soldiers and the neutral treasure.

use crate::color::Color;

/// Soldiers each side starts with, and the most a side can have.
pub const MAX_SOLDIERS: u32 = 7;

/// What can stand on a point.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Piece {
    RedSoldier = 0,
    BlackSoldier = 1,
    Treasure = 2,
}

impl Piece {
    pub const fn soldier(color: Color) -> Piece {
        match color {
            Color::Red => Piece::RedSoldier,
            Color::Black => Piece::BlackSoldier,
        }
    }

    /// The side owning this piece; the treasure is neutral.
    pub const fn color(self) -> Option<Color> {
        match self {
            Piece::RedSoldier => Some(Color::Red),
            Piece::BlackSoldier => Some(Color::Black),
            Piece::Treasure => None,
        }
    }
}
