//! Why a position cannot be set up or a move cannot be played.

use std::fmt;

use crate::board::Point;
use crate::color::Color;
use crate::draw::QUIET_LIMIT;
use crate::moves::Move;
use crate::piece::MAX_SOLDIERS;

/// A position that cannot arise in a game. (A side to move without soldiers can: it has lost by
/// annihilation.)
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum SetupError {
    TooManySoldiers(Color),
    SharedPoint(Point),
    /// The side that just moved has no soldiers: without soldiers it could not have moved.
    MoverWithoutSoldiers(Color),
    /// More quiet plies than the quiet limit, where every game has already ended in a draw.
    QuietPliesBeyondLimit(u32),
    /// A treasure lock with no treasure: capturing the treasure ends the game and the lock with it.
    LockWithoutTreasure,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::TooManySoldiers(color) => {
                write!(f, "{color} has more than {MAX_SOLDIERS} soldiers")
            }
            SetupError::SharedPoint(point) => write!(f, "two pieces on {point}"),
            SetupError::MoverWithoutSoldiers(color) => write!(
                f,
                "{color} has no soldiers, so it cannot have made the last move"
            ),
            SetupError::QuietPliesBeyondLimit(plies) => write!(
                f,
                "{plies} quiet plies is more than the {QUIET_LIMIT} that end a game in a draw"
            ),
            SetupError::LockWithoutTreasure => {
                f.write_str("the treasure is locked, but there is no treasure")
            }
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
