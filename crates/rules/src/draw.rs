//! The draw rules RULES.md adds so that no game runs for ever: a position seen for the third
//! time, or 100 plies in a row without a capture. Below positions and games, which both count by
//! them.

/// Plies in a row without a capture that draw the game.
pub const QUIET_LIMIT: u32 = 100;
/// Occurrences of the same position that draw the game.
pub const REPETITION_LIMIT: usize = 3;

/// Why a game was drawn.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum DrawReason {
    Repetition,
    Quiet,
    /// Both players agreed (a game record's end: see [`crate::Concession`]).
    Agreement,
}

impl DrawReason {
    pub const fn name(self) -> &'static str {
        match self {
            DrawReason::Repetition => "repetition",
            DrawReason::Quiet => "quiet",
            DrawReason::Agreement => "agreement",
        }
    }
}
