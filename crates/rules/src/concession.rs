//! An end the players choose rather than the board: one side resigns, or both agree to a draw.
//! It belongs to a game record, never to a position, like the repetition draw. In notation it
//! follows the plies: `red-resigns`, `black-resigns`, `draw-agreed`, and for a game played online
//! that the winner claimed after the other side left it, `red-abandons`, `black-abandons`.

use std::fmt;
use std::str::FromStr;

use crate::color::Color;
use crate::draw::DrawReason;
use crate::moves::BadNotation;
use crate::result::GameResult;
use crate::win::{Win, WinReason};

#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Concession {
    /// This side gave the game up: the other wins.
    Resigned(Color),
    DrawAgreed,
    /// This side left a game played online and the other claimed it: the other wins.
    Abandoned(Color),
}

impl Concession {
    /// How the game ends by it.
    pub const fn result(self) -> GameResult {
        match self {
            Concession::Resigned(loser) => GameResult::Win(Win {
                winner: loser.other(),
                reason: WinReason::Resignation,
            }),
            Concession::DrawAgreed => GameResult::Draw(DrawReason::Agreement),
            Concession::Abandoned(loser) => GameResult::Win(Win {
                winner: loser.other(),
                reason: WinReason::Abandonment,
            }),
        }
    }
}

impl fmt::Display for Concession {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Concession::Resigned(color) => write!(f, "{color}-resigns"),
            Concession::DrawAgreed => f.write_str("draw-agreed"),
            Concession::Abandoned(color) => write!(f, "{color}-abandons"),
        }
    }
}

impl FromStr for Concession {
    type Err = BadNotation;

    fn from_str(s: &str) -> Result<Concession, BadNotation> {
        match s {
            "red-resigns" => Ok(Concession::Resigned(Color::Red)),
            "black-resigns" => Ok(Concession::Resigned(Color::Black)),
            "draw-agreed" => Ok(Concession::DrawAgreed),
            "red-abandons" => Ok(Concession::Abandoned(Color::Red)),
            "black-abandons" => Ok(Concession::Abandoned(Color::Black)),
            _ => Err(BadNotation(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_reads_back_and_names_the_result() {
        for concession in [
            Concession::Resigned(Color::Red),
            Concession::Resigned(Color::Black),
            Concession::DrawAgreed,
            Concession::Abandoned(Color::Red),
            Concession::Abandoned(Color::Black),
        ] {
            assert_eq!(concession.to_string().parse(), Ok(concession));
        }
        assert_eq!(
            Concession::Abandoned(Color::Black).result().to_string(),
            "red abandonment"
        );
        assert_eq!(
            Concession::Resigned(Color::Red).result().to_string(),
            "black resignation"
        );
        assert_eq!(
            Concession::DrawAgreed.result().to_string(),
            "draw agreement"
        );
        for bad in ["", "resigns", "green-resigns", "draw", "Red-resigns"] {
            assert!(bad.parse::<Concession>().is_err(), "{bad:?}");
        }
    }
}
