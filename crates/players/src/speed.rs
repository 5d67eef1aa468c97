//! The two speeds a player has a rating for, by the game's time for a turn.

use std::fmt;
use std::str::FromStr;

/// A rating's speed: fast games (turns of 15 and 30 s) and standard ones (60 and 120 s) call
/// for different skills, so each has its own rating, as Lichess keeps one per time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Speed {
    Fast,
    Standard,
}

/// Below this many seconds for a turn, a game is fast.
const STANDARD_FROM_SECONDS: u32 = 60;

impl Speed {
    pub const BOTH: [Speed; 2] = [Speed::Fast, Speed::Standard];

    /// The speed of a game with `turn_seconds` for each turn.
    pub fn of_turn(turn_seconds: u32) -> Speed {
        if turn_seconds < STANDARD_FROM_SECONDS {
            Speed::Fast
        } else {
            Speed::Standard
        }
    }

    /// Its name on the wire and in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            Speed::Fast => "fast",
            Speed::Standard => "standard",
        }
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A speed's name that is neither `fast` nor `standard`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSpeed(pub String);

impl fmt::Display for BadSpeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no speed is called {:?} (fast or standard)", self.0)
    }
}

impl std::error::Error for BadSpeed {}

impl FromStr for Speed {
    type Err = BadSpeed;

    fn from_str(text: &str) -> Result<Speed, BadSpeed> {
        Speed::BOTH
            .into_iter()
            .find(|speed| speed.as_str() == text)
            .ok_or_else(|| BadSpeed(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_of_15_and_30_seconds_are_fast_60_and_120_standard() {
        assert_eq!(Speed::of_turn(15), Speed::Fast);
        assert_eq!(Speed::of_turn(30), Speed::Fast);
        assert_eq!(Speed::of_turn(59), Speed::Fast);
        assert_eq!(Speed::of_turn(60), Speed::Standard);
        assert_eq!(Speed::of_turn(120), Speed::Standard);
    }

    #[test]
    fn names_read_back() {
        for speed in Speed::BOTH {
            assert_eq!(speed.to_string().parse::<Speed>(), Ok(speed));
        }
        assert_eq!("blitz".parse::<Speed>(), Err(BadSpeed("blitz".into())));
    }
}
