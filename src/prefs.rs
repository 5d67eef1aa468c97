//! The player's preferences: plain serde data, which the storage keeps on the device one
//! setting per key.

use duobao_ai::Level;
use serde::{Deserialize, Serialize};

use crate::i18n::Lang;

/// The turn times a player can choose, in seconds; `None` turns the clock off.
pub const TURN_TIME_CHOICES: [Option<u32>; 5] = [None, Some(15), Some(30), Some(60), Some(120)];

#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub lang: Lang,
    /// The level of the next game against the computer.
    pub level: Level,
    /// Seconds per turn; `None` when the turn clock is off.
    pub turn_seconds: Option<u32>,
    /// Letters and numbers along the board's edges.
    pub coordinates: bool,
    /// In pass-and-play, turn the top player's bar around for the friend across the table.
    pub flip_top: bool,
    pub sound: bool,
    /// The Hint button on the game screen.
    pub hint_button: bool,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            lang: Lang::default(),
            level: Level::Medium,
            turn_seconds: Some(60),
            coordinates: true,
            flip_top: true,
            sound: true,
            hint_button: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_turn_time_is_one_of_the_choices() {
        assert!(TURN_TIME_CHOICES.contains(&Prefs::default().turn_seconds));
    }

    #[test]
    fn missing_fields_take_their_defaults() {
        let prefs: Prefs = serde_json::from_str(r#"{"lang":"en","level":"hard"}"#).unwrap();
        assert_eq!(prefs.lang, Lang::En);
        assert_eq!(prefs.level, Level::Hard);
        assert_eq!(prefs.turn_seconds, Some(60));
    }

    #[test]
    fn round_trips_through_json() {
        let prefs = Prefs {
            lang: Lang::En,
            turn_seconds: None,
            ..Prefs::default()
        };
        let json = serde_json::to_string(&prefs).unwrap();
        assert_eq!(serde_json::from_str::<Prefs>(&json).unwrap(), prefs);
    }
}
