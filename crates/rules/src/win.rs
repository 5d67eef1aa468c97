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
}

impl WinReason {
    pub const fn name(self) -> &'static str {
        match self {
            WinReason::Treasure => "treasure",
            WinReason::Annihilation => "annihilation",
            WinReason::Blockade => "blockade",
            WinReason::Resignation => "resignation",
        }
    }
}

/// A won position: who won and why.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Win {
    pub winner: Color,
    pub reason: WinReason,
}
