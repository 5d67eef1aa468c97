//! How a game is won.

use crate::color::Color;

/// Why a game was won.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum WinReason {
    Treasure,
    Annihilation,
    Blockade,
    /// The other side gave the game up (a game record's end, never a position's: see
    /// [`crate::Concession`]).
    Resignation,
    /// The other side left a game played online, away through two of its turns, and the winner
    /// claimed it (a game record's end, see [`crate::Concession`]).
    Abandonment,
}

impl WinReason {
    pub const fn name(self) -> &'static str {
        match self {
            WinReason::Treasure => "treasure",
            WinReason::Annihilation => "annihilation",
            WinReason::Blockade => "blockade",
            WinReason::Resignation => "resignation",
            WinReason::Abandonment => "abandonment",
        }
    }
}

/// A won position: who won and why.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Win {
    pub winner: Color,
    pub reason: WinReason,
}
