//! Moves, plies (a move or a timeout pass) and their text notation.

use std::fmt;
use std::str::FromStr;

use crate::board::Point;

/// One step of a piece from a point to an adjacent one, written `c1c2` (also as serde text).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Ord, PartialOrd)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub struct Move {
    from: Point,
    to: Point,
}

impl Move {
    pub const fn new(from: Point, to: Point) -> Move {
        Move { from, to }
    }

    pub const fn from(self) -> Point {
        self.from
    }

    pub const fn to(self) -> Point {
        self.to
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that is not a move or ply in the notation of the rules.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct BadNotation(pub String);

impl fmt::Display for BadNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a move (expected origin and destination like c1c2, or pass)",
            self.0
        )
    }
}

impl std::error::Error for BadNotation {}

impl FromStr for Move {
    type Err = BadNotation;

    fn from_str(s: &str) -> Result<Move, BadNotation> {
        let bad = || BadNotation(s.to_string());
        if s.len() != 4 || !s.is_ascii() {
            return Err(bad());
        }
        let from = s[..2].parse().map_err(|_| bad())?;
        let to = s[2..].parse().map_err(|_| bad())?;
        Ok(Move::new(from, to))
    }
}

/// A turn's action: a move, or a pass when the turn clock ran out (as serde text, `c1c2` or
/// `pass`).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
pub enum Ply {
    Move(Move),
    Pass,
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ply::Move(m) => m.fmt(f),
            Ply::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Ply {
    type Err = BadNotation;

    fn from_str(s: &str) -> Result<Ply, BadNotation> {
        if s == "pass" {
            Ok(Ply::Pass)
        } else {
            s.parse().map(Ply::Move)
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<String> for Move {
    type Error = BadNotation;

    fn try_from(text: String) -> Result<Move, BadNotation> {
        text.parse()
    }
}

#[cfg(feature = "serde")]
impl From<Move> for String {
    fn from(m: Move) -> String {
        m.to_string()
    }
}

#[cfg(feature = "serde")]
impl TryFrom<String> for Ply {
    type Error = BadNotation;

    fn try_from(text: String) -> Result<Ply, BadNotation> {
        text.parse()
    }
}

#[cfg(feature = "serde")]
impl From<Ply> for String {
    fn from(ply: Ply) -> String {
        ply.to_string()
    }
}

impl From<Move> for Ply {
    fn from(m: Move) -> Ply {
        Ply::Move(m)
    }
}

/// The most moves a position can have: 7 soldiers and the treasure, 8 steps each.
pub const MAX_MOVES: usize = 64;

/// A fixed-capacity list of moves, so move generation never allocates.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    pub(crate) fn new() -> MoveList {
        let b2 = Point::new(1, 1).expect("b2 is a point");
        let filler = Move::new(b2, b2);
        MoveList {
            moves: [filler; MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl std::ops::DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let m: Move = "c1c2".parse().unwrap();
        assert_eq!(m.to_string(), "c1c2");
        assert_eq!("pass".parse::<Ply>().unwrap(), Ply::Pass);
        for bad in [
            "", "c1", "c1c", "a1a2", "c1-c2", "C1C2", "c1c2c3", "passs", "é1c2",
        ] {
            assert!(bad.parse::<Ply>().is_err(), "{bad}");
        }
    }
}
