//! `GET /api/tablebase?fen=FEN`: the endgame tables' answer for a position, in the spirit of
//! Lichess's tablebase API. A move's category is that of the position after it, for the side
//! then to move; `plies` is the distance to the end under perfect play, `null` for a draw or an
//! unknown position.

use serde::{Deserialize, Serialize};

/// The value of a position for the side to move, as the service names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    Win,
    Loss,
    Draw,
    /// A win the quiet limit may turn into a draw: the tables never claim more.
    WinOrDraw,
    LossOrDraw,
    /// Outside the service's tables.
    Unknown,
}

impl Category {
    /// The same position's value for the other side.
    pub fn for_opponent(self) -> Category {
        match self {
            Category::Win => Category::Loss,
            Category::Loss => Category::Win,
            Category::WinOrDraw => Category::LossOrDraw,
            Category::LossOrDraw => Category::WinOrDraw,
            same => same,
        }
    }

    /// Its name, as the service writes it.
    pub fn code(self) -> &'static str {
        match self {
            Category::Win => "win",
            Category::Loss => "loss",
            Category::Draw => "draw",
            Category::WinOrDraw => "win-or-draw",
            Category::LossOrDraw => "loss-or-draw",
            Category::Unknown => "unknown",
        }
    }
}

/// The answer for a position: its category and distance, and each legal move's, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TablebaseAnswer {
    /// The position as read, written back in full.
    pub fen: String,
    pub category: Category,
    pub plies: Option<u32>,
    #[serde(default)]
    pub game_over: bool,
    pub moves: Vec<TablebaseMove>,
}

/// One legal move and the position it leads to, for the side then to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TablebaseMove {
    pub uci: String,
    pub category: Category,
    pub plies: Option<u32>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_are_written_as_their_codes() {
        use Category::*;
        for category in [Win, Loss, Draw, WinOrDraw, LossOrDraw, Unknown] {
            assert_eq!(
                serde_json::to_string(&category).unwrap(),
                format!("\"{}\"", category.code())
            );
            assert_eq!(category.for_opponent().for_opponent(), category);
        }
    }
}
