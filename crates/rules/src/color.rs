//! The two sides.

use std::fmt;
use std::str::FromStr;

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

/// A name that is no colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownColor(pub String);

impl fmt::Display for UnknownColor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is neither red nor black", self.0)
    }
}

impl std::error::Error for UnknownColor {}

impl FromStr for Color {
    type Err = UnknownColor;

    /// `red` or `black`, as [`Color::name`] writes them.
    fn from_str(name: &str) -> Result<Color, UnknownColor> {
        Color::BOTH
            .into_iter()
            .find(|color| color.name() == name)
            .ok_or_else(|| UnknownColor(name.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colour_reads_back_as_written() {
        for color in Color::BOTH {
            assert_eq!(color.to_string().parse(), Ok(color));
        }
        for bad in ["", "Red", "r", "green", "red "] {
            assert!(bad.parse::<Color>().is_err(), "{bad:?}");
        }
    }
}
