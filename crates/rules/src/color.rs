//! The two sides.

use std::fmt;

/// The two sides. Red starts on rows 1–2 and moves first.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Color {
    Red = 0,
    Black = 1,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::Red, Color::Black];

    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// `r` or `b`, as in FEN.
    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'r',
            Color::Black => 'b',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
