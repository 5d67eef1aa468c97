//! Who has a socket open on a game.

use duobao_rules::Color;
use serde::{Deserialize, Serialize};

/// Whether each seat has a socket open now, and how many watch.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Presence {
    pub red: bool,
    pub black: bool,
    pub watchers: u32,
}

impl Presence {
    /// Whether `seat` has a socket open.
    pub fn of(&self, seat: Color) -> bool {
        match seat {
            Color::Red => self.red,
            Color::Black => self.black,
        }
    }
}
