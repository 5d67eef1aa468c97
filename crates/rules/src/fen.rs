//! Positions as text (FEN): `BBB/BB.BB/..T../RR.RR/RRR r - 0` — the points from row 5 down to
//! row 1, the side to move, the treasure lock and the quiet-ply count.

use std::fmt;
use std::str::FromStr;

use crate::board::{Point, PointSet};
use crate::color::Color;
use crate::error::SetupError;
use crate::position::Position;

/// The start position in FEN.
pub const START_FEN: &str = "BBB/BB.BB/..T../RR.RR/RRR r - 0";

/// Why a FEN was rejected.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum FenError {
    /// Not four fields separated by single spaces.
    FieldCount(usize),
    /// Not five rows separated by `/`.
    RowCount(usize),
    /// A row (1 = bottom) of the wrong length.
    RowLength {
        row: u8,
        expected: usize,
        found: usize,
    },
    /// A character other than `R`, `B`, `T`, `.` in the placement.
    UnknownPiece(char),
    TooManyTreasures,
    /// Side to move other than `r` or `b`.
    BadSide(String),
    /// Treasure lock other than `L` or `-`.
    BadLock(String),
    /// Quiet-ply count that is not a decimal number.
    BadCounter(String),
    /// Well-formed, but not a position a game can reach.
    Setup(SetupError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(
                f,
                "FEN needs 4 fields separated by single spaces (placement, side, lock, counter), found {n}"
            ),
            FenError::RowCount(n) => write!(f, "FEN placement needs 5 rows separated by '/', found {n}"),
            FenError::RowLength { row, expected, found } => write!(
                f,
                "FEN row {row} needs {expected} points, found {found}"
            ),
            FenError::UnknownPiece(c) => write!(
                f,
                "FEN placement has unknown character '{c}' (expected R, B, T or .)"
            ),
            FenError::TooManyTreasures => f.write_str("FEN has more than one treasure"),
            FenError::BadSide(s) => write!(f, "FEN side to move must be r or b, found '{s}'"),
            FenError::BadLock(s) => write!(f, "FEN treasure lock must be L or -, found '{s}'"),
            FenError::BadCounter(s) => write!(
                f,
                "FEN quiet-ply counter must be a decimal number, found '{s}'"
            ),
            FenError::Setup(error) => write!(f, "FEN position cannot arise in a game: {error}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<SetupError> for FenError {
    fn from(error: SetupError) -> FenError {
        FenError::Setup(error)
    }
}

/// The points of a row (0 = row 1) from left to right.
fn row_points(row: u8) -> impl Iterator<Item = Point> {
    (0..5).filter_map(move |file| Point::new(file, row))
}

impl Position {
    /// Reads a position from FEN, naming the first problem found.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split(' ').collect();
        if fields.len() != 4 {
            return Err(FenError::FieldCount(fields.len()));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 5 {
            return Err(FenError::RowCount(rows.len()));
        }
        let mut soldiers = [PointSet::EMPTY; 2];
        let mut treasure = None;
        for (text, row) in rows.iter().zip((0..5u8).rev()) {
            let points: Vec<Point> = row_points(row).collect();
            let found = text.chars().count();
            if found != points.len() {
                return Err(FenError::RowLength {
                    row: row + 1,
                    expected: points.len(),
                    found,
                });
            }
            for (c, point) in text.chars().zip(points) {
                match c {
                    'R' => soldiers[Color::Red as usize] |= point.set(),
                    'B' => soldiers[Color::Black as usize] |= point.set(),
                    'T' if treasure.is_some() => return Err(FenError::TooManyTreasures),
                    'T' => treasure = Some(point),
                    '.' => {}
                    other => return Err(FenError::UnknownPiece(other)),
                }
            }
        }
        let turn = match fields[1] {
            "r" => Color::Red,
            "b" => Color::Black,
            other => return Err(FenError::BadSide(other.to_string())),
        };
        let locked = match fields[2] {
            "L" => true,
            "-" => false,
            other => return Err(FenError::BadLock(other.to_string())),
        };
        let counter = fields[3];
        let quiet_plies = if counter.bytes().all(|b| b.is_ascii_digit()) {
            counter.parse().ok()
        } else {
            None
        }
        .ok_or_else(|| FenError::BadCounter(counter.to_string()))?;
        Ok(Position::new(
            soldiers[0],
            soldiers[1],
            treasure,
            turn,
            locked,
            quiet_plies,
        )?)
    }

    /// The position in FEN.
    pub fn to_fen(&self) -> String {
        self.to_string()
    }
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..5u8).rev() {
            for point in row_points(row) {
                let c = match self.piece_at(point).and_then(|p| p.color()) {
                    Some(Color::Red) => 'R',
                    Some(Color::Black) => 'B',
                    None if self.treasure() == Some(point) => 'T',
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            if row > 0 {
                f.write_str("/")?;
            }
        }
        write!(
            f,
            " {} {} {}",
            self.turn().letter(),
            if self.treasure_locked() { 'L' } else { '-' },
            self.quiet_plies()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_fen_round_trips() {
        assert_eq!(Position::start().to_fen(), START_FEN);
        assert_eq!(Position::from_fen(START_FEN).unwrap(), Position::start());
    }

    #[test]
    fn malformed_fens_name_the_problem() {
        let cases: &[(&str, FenError)] = &[
            ("BBB/BB.BB/..T../RR.RR/RRR r -", FenError::FieldCount(3)),
            ("BBB/BB.BB/..T../RR.RR/RRR r  - 0", FenError::FieldCount(5)),
            ("BBB/BB.BB/..T../RR.RR r - 0", FenError::RowCount(4)),
            (
                "BBB/BB.BB/..T./RR.RR/RRR r - 0",
                FenError::RowLength {
                    row: 3,
                    expected: 5,
                    found: 4,
                },
            ),
            (
                "BBB/BB.BB/..X../RR.RR/RRR r - 0",
                FenError::UnknownPiece('X'),
            ),
            (
                "BBB/BBBBB/..T../RR.RR/RRR r - 0",
                FenError::Setup(SetupError::TooManySoldiers(Color::Black)),
            ),
            (
                "BBB/BB.BB/R.T../RRRRR/RRR r - 0",
                FenError::Setup(SetupError::TooManySoldiers(Color::Red)),
            ),
            (
                "BBB/BB.BB/..TT./RR.RR/RRR r - 0",
                FenError::TooManyTreasures,
            ),
            (
                "BBB/BB.BB/..T../RR.RR/RRR w - 0",
                FenError::BadSide("w".into()),
            ),
            (
                "BBB/BB.BB/..T../RR.RR/RRR r x 0",
                FenError::BadLock("x".into()),
            ),
            (
                "BBB/BB.BB/..T../RR.RR/RRR r - -3",
                FenError::BadCounter("-3".into()),
            ),
            (
                "BBB/BB.BB/..T../RR.RR/RRR r - +3",
                FenError::BadCounter("+3".into()),
            ),
            (
                "BBB/BB.BB/..T../RR.RR/RRR r - ",
                FenError::BadCounter("".into()),
            ),
            (
                "BBB/BB.BB/..T../RR.RR/RRR r - 99999999999",
                FenError::BadCounter("99999999999".into()),
            ),
            (
                "BBB/BB.BB/..T../RR.RR/RRR r - 4294967295",
                FenError::Setup(SetupError::QuietPliesBeyondLimit(u32::MAX)),
            ),
            (
                "BBB/BB.BB/..T../RR.RR/RRR r - 101",
                FenError::Setup(SetupError::QuietPliesBeyondLimit(101)),
            ),
            (
                "BBB/BB.BB/...../RR.RR/RRR b L 0",
                FenError::Setup(SetupError::LockWithoutTreasure),
            ),
            (
                ".../...../..T../RR.RR/RRR r - 0",
                FenError::Setup(SetupError::MoverWithoutSoldiers(Color::Black)),
            ),
            (
                ".../...../..T../...../... b - 0",
                FenError::Setup(SetupError::MoverWithoutSoldiers(Color::Red)),
            ),
        ];
        for (fen, expected) in cases {
            assert_eq!(Position::from_fen(fen).unwrap_err(), *expected, "{fen}");
            assert!(!expected.to_string().is_empty());
        }
    }

    #[test]
    fn finished_positions_parse_and_have_no_moves() {
        // The treasure was captured; the side to move lost its last soldier.
        for fen in [
            "BBB/BB.BB/...../RR.RR/RRR b - 0",
            "BBB/BB.BB/..T../...../... r - 0",
        ] {
            let position = Position::from_fen(fen).unwrap();
            assert!(position.win().is_some(), "{fen}");
            assert!(position.legal_moves().is_empty(), "{fen}");
        }
    }

    #[test]
    fn a_treasure_captured_by_moving_it_takes_its_lock_along() {
        let mut position = Position::from_fen("B../...../.R.R./..T../... r - 0").unwrap();
        position.play("c2c3".parse().unwrap()).unwrap();
        assert_eq!(position.to_fen(), "B../...../.R.R./...../... b - 0");
        assert_eq!(position.hash(), position.compute_hash());
        assert_eq!(Position::from_fen(&position.to_fen()), Ok(position));
    }

    #[test]
    fn the_quiet_limit_itself_parses() {
        let fen = "BBB/BB.BB/..T../RR.RR/RRR r - 100";
        assert_eq!(Position::from_fen(fen).unwrap().to_fen(), fen);
    }
}
