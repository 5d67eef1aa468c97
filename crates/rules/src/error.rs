//! Why a position cannot be set up or a move cannot be played.

use std::fmt;

use crate::board::Point;
use crate::color::Color;
use crate::moves::Move;
use crate::piece::MAX_SOLDIERS;

/// A piece placement that cannot arise in a game.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum SetupError {
    TooManySoldiers(Color),
    SharedPoint(Point),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::TooManySoldiers(color) => {
                write!(f, "{color} has more than {MAX_SOLDIERS} soldiers")
            }
            SetupError::SharedPoint(point) => write!(f, "two pieces on {point}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// Why a move is not legal.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum IllegalReason {
    GameOver,
    NoPiece,
    NotYourPiece,
    TreasureLocked,
    NotAdjacent,
    Occupied,
}

/// A move that is not legal in the position it was played in.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct IllegalMove {
    pub mv: Move,
    pub reason: IllegalReason,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (from, to) = (self.mv.from(), self.mv.to());
        write!(f, "illegal move {}: ", self.mv)?;
        match self.reason {
            IllegalReason::GameOver => f.write_str("the game is over"),
            IllegalReason::NoPiece => write!(f, "no piece on {from}"),
            IllegalReason::NotYourPiece => write!(f, "the soldier on {from} is not yours"),
            IllegalReason::TreasureLocked => f.write_str("the treasure is locked"),
            IllegalReason::NotAdjacent => write!(f, "{to} is not next to {from} on a line"),
            IllegalReason::Occupied => write!(f, "{to} is not empty"),
        }
    }
}

impl std::error::Error for IllegalMove {}
