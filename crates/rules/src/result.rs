//! How a game ended: a win, with its winner and reason, or a draw, with its reason.

use std::fmt;

use crate::color::Color;
use crate::draw::DrawReason;
use crate::win::Win;

/// How a game ended.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum GameResult {
    Win(Win),
    Draw(DrawReason),
}

impl GameResult {
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::Win(win) => Some(win.winner),
            GameResult::Draw(_) => None,
        }
    }
}

impl fmt::Display for GameResult {
    /// `red treasure`, `black blockade`, `draw repetition`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win(win) => write!(f, "{} {}", win.winner, win.reason.name()),
            GameResult::Draw(reason) => write!(f, "draw {}", reason.name()),
        }
    }
}
