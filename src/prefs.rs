//! The player's preferences: plain serde data, which the storage keeps on the device one
//! setting per key.

use duobao_ai::Level;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::appearance::{BoardStyle, Look, PieceSet, Theme};
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
    /// In pass-and-play, turn what the top player reads around for the friend across the table.
    pub table_mode: TableMode,
    pub sound: bool,
    /// The Hint button on the game screen.
    pub hint_button: bool,
    /// A short vibration for each move, where the device can vibrate.
    pub vibration: bool,
    pub theme: Theme,
    pub board: BoardStyle,
    pub pieces: PieceSet,
}

/// Table mode: with the phone lying flat between two players, everything the player at the top
/// reads (their bar, the notices about them, their result, their soldiers' characters) turns
/// to face them, as 象棋 table apps do.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableMode {
    /// On for a phone, which two players lay between them; off on a computer's screen, which
    /// faces one way.
    #[default]
    Auto,
    On,
    Off,
}

impl TableMode {
    pub fn is_on(self, handheld: bool) -> bool {
        match self {
            TableMode::Auto => handheld,
            TableMode::On => true,
            TableMode::Off => false,
        }
    }

    /// The player's explicit choice.
    pub fn chosen(on: bool) -> TableMode {
        if on {
            TableMode::On
        } else {
            TableMode::Off
        }
    }
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            lang: Lang::default(),
            level: Level::Medium,
            turn_seconds: Some(60),
            coordinates: true,
            table_mode: TableMode::Auto,
            sound: true,
            hint_button: true,
            vibration: true,
            theme: Theme::System,
            board: BoardStyle::Wood,
            pieces: PieceSet::Engraved,
        }
    }
}

impl Prefs {
    pub fn look(&self) -> Look {
        Look {
            theme: self.theme,
            board: self.board,
            pieces: self.pieces,
        }
    }

    /// The player's own preferences after the ones shown changed from `before` to `after`:
    /// each setting that changed is the player's choice and joins `kept`; the others stay as
    /// kept, so that what a link set for one visit is never saved.
    pub fn with_choices(&self, before: &Prefs, after: &Prefs) -> Prefs {
        let (Ok(Value::Object(mut kept)), Ok(Value::Object(before)), Ok(Value::Object(after))) = (
            serde_json::to_value(self),
            serde_json::to_value(before),
            serde_json::to_value(after),
        ) else {
            unreachable!("Prefs serializes as a JSON object")
        };
        for (field, value) in after {
            if before.get(&field) != Some(&value) {
                kept.insert(field, value);
            }
        }
        serde_json::from_value(Value::Object(kept)).unwrap_or(*self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_what_the_player_changes_joins_the_kept_preferences() {
        let kept = Prefs::default();
        // A link showed English at 5 seconds a turn without coordinates.
        let shown = Prefs {
            lang: Lang::En,
            turn_seconds: Some(5),
            coordinates: false,
            ..kept
        };
        assert_eq!(kept.with_choices(&shown, &shown), kept);
        // The player then turns the sound off and picks Chinese.
        let chosen = Prefs {
            sound: false,
            lang: Lang::Zh,
            ..shown
        };
        assert_eq!(
            kept.with_choices(&shown, &chosen),
            Prefs {
                sound: false,
                lang: Lang::Zh,
                ..kept
            }
        );
    }

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
    fn table_mode_follows_the_device_until_the_player_chooses() {
        assert!(TableMode::Auto.is_on(true));
        assert!(!TableMode::Auto.is_on(false));
        assert!(TableMode::On.is_on(false));
        assert!(!TableMode::Off.is_on(true));
        assert_eq!(TableMode::chosen(true), TableMode::On);
        assert_eq!(TableMode::chosen(false), TableMode::Off);
        assert_eq!(Prefs::default().table_mode, TableMode::Auto);
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
