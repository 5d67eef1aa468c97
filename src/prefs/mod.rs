//! The player's preferences: plain serde data, which the storage keeps on the device one
//! setting per key.

use duobao_engine::Level;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use crate::appearance::{BoardStyle, Look, PieceSet, Theme};
use crate::choice::Choice;
use crate::i18n::{Key, Lang};

mod saving;
mod stored;

pub use saving::use_saving_prefs;
#[cfg(test)]
pub use stored::tests::changed as changed_prefs;
pub use stored::{load_prefs, save_prefs};

/// The turn times a player can choose, in seconds; `None` turns the clock off.
pub const TURN_TIME_CHOICES: [Option<u32>; 5] = [None, Some(15), Some(30), Some(60), Some(120)];

/// The numbers of threads (workers on the web) the deepest searches may be split between;
/// `None` lets the device decide (its cores less one, at most 4: `engine::threads`).
pub const THREAD_CHOICES: [Option<u8>; 5] = [None, Some(1), Some(2), Some(3), Some(4)];

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
    /// How loud moves and captures sound.
    #[serde(deserialize_with = "name_or_former_switch")]
    pub sound: Volume,
    /// The Hint button on the game screen.
    pub hint_button: bool,
    /// The swap rule in the next game from the start (see [`crate::session::SwapRule`]).
    pub swap_rule: bool,
    /// How hard moves vibrate, where the device can vibrate.
    #[serde(deserialize_with = "name_or_former_switch")]
    pub vibration: VibrationStrength,
    pub theme: Theme,
    pub board: BoardStyle,
    pub pieces: PieceSet,
    /// The most threads (workers on the web) Master's move and the analysis board's search are
    /// split between, one of [`THREAD_CHOICES`].
    pub engine_threads: Option<u8>,
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

/// How loud the game's sounds play.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Volume {
    Off,
    /// For a quiet room: heard, but not across it.
    Soft,
    #[default]
    Normal,
}

impl Choice for Volume {
    const ALL: &'static [Volume] = &[Volume::Off, Volume::Soft, Volume::Normal];

    fn code(self) -> &'static str {
        match self {
            Volume::Off => "off",
            Volume::Soft => "soft",
            Volume::Normal => "normal",
        }
    }

    fn label(self) -> Key {
        match self {
            Volume::Off => Key::SoundAndTouchOff,
            Volume::Soft => Key::VolumeSoft,
            Volume::Normal => Key::VolumeNormal,
        }
    }
}

/// The on/off sound switch this setting replaced: on was the full volume.
impl From<bool> for Volume {
    fn from(on: bool) -> Volume {
        if on {
            Volume::Normal
        } else {
            Volume::Off
        }
    }
}

/// How hard the device vibrates for the game.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VibrationStrength {
    Off,
    /// Every vibration a light tap, captures included.
    Light,
    /// A light tap for a move, a stronger one for a capture and at the end of a game.
    #[default]
    Strong,
}

impl Choice for VibrationStrength {
    const ALL: &'static [VibrationStrength] = &[
        VibrationStrength::Off,
        VibrationStrength::Light,
        VibrationStrength::Strong,
    ];

    fn code(self) -> &'static str {
        match self {
            VibrationStrength::Off => "off",
            VibrationStrength::Light => "light",
            VibrationStrength::Strong => "strong",
        }
    }

    fn label(self) -> Key {
        match self {
            VibrationStrength::Off => Key::SoundAndTouchOff,
            VibrationStrength::Light => Key::VibrationLight,
            VibrationStrength::Strong => Key::VibrationStrong,
        }
    }
}

/// The on/off vibration switch this setting replaced: on vibrated as Strong does.
impl From<bool> for VibrationStrength {
    fn from(on: bool) -> VibrationStrength {
        if on {
            VibrationStrength::Strong
        } else {
            VibrationStrength::Off
        }
    }
}

/// Reads a setting that grew out of an on/off switch: its name (`"soft"`), or the `true` or
/// `false` that an older app saved, so that updating the app keeps the player's choice.
fn name_or_former_switch<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + From<bool>,
{
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Saved<T> {
        Switch(bool),
        Named(T),
    }
    Ok(match Saved::deserialize(deserializer)? {
        Saved::Switch(on) => T::from(on),
        Saved::Named(setting) => setting,
    })
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            lang: Lang::default(),
            level: Level::Medium,
            turn_seconds: Some(60),
            coordinates: true,
            table_mode: TableMode::Auto,
            sound: Volume::Normal,
            hint_button: true,
            swap_rule: false,
            vibration: VibrationStrength::Strong,
            theme: Theme::System,
            board: BoardStyle::Wood,
            pieces: PieceSet::Engraved,
            engine_threads: None,
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
            sound: Volume::Off,
            lang: Lang::Zh,
            ..shown
        };
        assert_eq!(
            kept.with_choices(&shown, &chosen),
            Prefs {
                sound: Volume::Off,
                lang: Lang::Zh,
                ..kept
            }
        );
    }

    /// Each turn time the settings offer, a fresh player's among them, is still stored as it
    /// was saved when the app reads its settings again; a time the settings do not offer is set
    /// aside as unusable and the default takes its place.
    #[test]
    fn the_offered_and_the_default_turn_times_are_kept_across_a_restart() {
        use crate::storage::{full_key, MemoryStore, Store};
        let kept = |prefs: Prefs| {
            let store = MemoryStore::default();
            save_prefs(&store, &prefs).unwrap();
            let key = full_key("prefs.turn_seconds");
            let saved = store.read(&key);
            load_prefs(&store, prefs.lang) == prefs && store.read(&key) == saved
        };
        assert!(kept(Prefs::default()), "a fresh player's turn time");
        for turn_seconds in TURN_TIME_CHOICES {
            let chosen = Prefs {
                turn_seconds,
                ..Prefs::default()
            };
            assert!(kept(chosen), "{turn_seconds:?} s, as the settings offer it");
        }
        let unoffered = Prefs {
            turn_seconds: Some(45),
            ..Prefs::default()
        };
        assert!(!kept(unoffered), "a time the settings do not offer");
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
    fn the_former_switches_read_as_full_or_off() {
        let read = |json: &str| serde_json::from_str::<Prefs>(json).unwrap();
        let on = read(r#"{"sound":true,"vibration":true}"#);
        assert_eq!(on.sound, Volume::Normal);
        assert_eq!(on.vibration, VibrationStrength::Strong);
        let off = read(r#"{"sound":false,"vibration":false}"#);
        assert_eq!(off.sound, Volume::Off);
        assert_eq!(off.vibration, VibrationStrength::Off);
    }

    #[test]
    fn every_volume_and_strength_round_trips_under_its_name() {
        for &sound in Volume::ALL {
            for &vibration in VibrationStrength::ALL {
                let prefs = Prefs {
                    sound,
                    vibration,
                    ..Prefs::default()
                };
                let json = serde_json::to_value(prefs).unwrap();
                assert_eq!(json["sound"], sound.code());
                assert_eq!(json["vibration"], vibration.code());
                assert_eq!(serde_json::from_value::<Prefs>(json).unwrap(), prefs);
            }
        }
    }

    #[test]
    fn an_unknown_volume_or_strength_is_refused() {
        for junk in [r#""loud""#, "1", "null", r#""Soft""#, "[true]"] {
            for field in ["sound", "vibration"] {
                let json = format!(r#"{{"{field}":{junk}}}"#);
                assert!(serde_json::from_str::<Prefs>(&json).is_err(), "{json}");
            }
        }
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
