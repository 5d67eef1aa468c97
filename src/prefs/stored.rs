//! The preferences, one key per setting (`prefs.lang`, `prefs.level`, …), so that a damaged or
//! outdated value resets that setting alone.

use serde_json::{Map, Value};

use super::{Prefs, TableMode, THREAD_CHOICES, TURN_TIME_CHOICES};
use crate::i18n::Lang;
use crate::storage::{full_key, load_with, save, SaveError, Store};

fn key(field: &str) -> String {
    format!("prefs.{field}")
}

fn fields(prefs: &Prefs) -> Map<String, Value> {
    match serde_json::to_value(prefs) {
        Ok(Value::Object(fields)) => fields,
        _ => unreachable!("Prefs serializes as a JSON object"),
    }
}

/// A setting value the app can use (serde checks the types; this checks the ranges).
fn usable(prefs: &Prefs) -> bool {
    TURN_TIME_CHOICES.contains(&prefs.turn_seconds)
        && THREAD_CHOICES.contains(&prefs.engine_threads)
}

/// The saved preferences; each missing or unusable setting takes its default (an unusable one
/// is set aside first, see [`Store::set_aside`]), and the language of a first launch is
/// `system_lang`.
pub fn load_prefs(store: &dyn Store, system_lang: Lang) -> Prefs {
    let mut prefs = Prefs {
        lang: system_lang,
        ..Prefs::default()
    };
    let mut accepted = fields(&prefs);
    for field in fields(&prefs).keys() {
        let read = load_with(store, &key(field), |text| {
            let value = serde_json::from_str::<Value>(text).ok()?;
            let mut candidate = accepted.clone();
            candidate.insert(field.clone(), value);
            let read = serde_json::from_value::<Prefs>(Value::Object(candidate.clone())).ok()?;
            usable(&read).then_some((read, candidate))
        });
        if let Some((read, candidate)) = read {
            prefs = read;
            accepted = candidate;
        }
    }
    if store.read(&full_key(&key("table_mode"))).is_none() {
        prefs.table_mode = table_mode_of_old_flip(store);
    }
    prefs
}

/// Table mode from the setting it grew out of, `prefs.flip_top` (turn the top bar around, on by
/// default): switched off, it stays off; on, it was the default and cannot be told from a
/// choice, so it follows the device. The old key is left as it is, for an older app.
fn table_mode_of_old_flip(store: &dyn Store) -> TableMode {
    match store.read(&full_key(&key("flip_top"))).as_deref() {
        Some("false") => TableMode::Off,
        _ => TableMode::Auto,
    }
}

/// Saves every setting under its own key.
pub fn save_prefs(store: &dyn Store, prefs: &Prefs) -> Result<(), SaveError> {
    for (field, value) in fields(prefs) {
        save(store, &key(&field), &value)?;
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::appearance::{BoardStyle, PieceSet, Theme};
    use crate::prefs::{VibrationStrength, Volume};
    use crate::storage::MemoryStore;
    use duobao_engine::Level;

    /// Settings that are none of the defaults.
    pub fn changed() -> Prefs {
        Prefs {
            lang: Lang::En,
            level: Level::Master,
            turn_seconds: Some(15),
            coordinates: false,
            table_mode: TableMode::On,
            sound: Volume::Soft,
            hint_button: false,
            swap_rule: true,
            vibration: VibrationStrength::Light,
            theme: Theme::Light,
            board: BoardStyle::Contrast,
            pieces: PieceSet::Flat,
            engine_threads: Some(2),
        }
    }

    #[test]
    fn saved_preferences_come_back() {
        let store = MemoryStore::default();
        save_prefs(&store, &changed()).unwrap();
        assert_eq!(load_prefs(&store, Lang::Zh), changed());
    }

    #[test]
    fn a_first_launch_follows_the_system_language() {
        let store = MemoryStore::default();
        assert_eq!(
            load_prefs(&store, Lang::En),
            Prefs {
                lang: Lang::En,
                ..Prefs::default()
            }
        );
        assert_eq!(load_prefs(&store, Lang::Zh).lang, Lang::Zh);
    }

    #[test]
    fn garbage_in_one_key_resets_that_setting_only() {
        let garbage = ["{", "\"klingon\"", "42", "null", "[1,2]", "\"\"", "7"];
        for field in fields(&changed()).keys() {
            for junk in garbage {
                let store = MemoryStore::default();
                save_prefs(&store, &changed()).unwrap();
                store.write(&full_key(&key(field)), junk).unwrap();
                let loaded = fields(&load_prefs(&store, Lang::Zh));
                let defaults = fields(&Prefs::default());
                for (name, value) in fields(&changed()) {
                    let expected = if &name != field {
                        &value
                    } else if junk == "null" && name == "turn_seconds" {
                        // `null` is the clock switched off: a valid setting.
                        &Value::Null
                    } else {
                        &defaults[&name]
                    };
                    assert_eq!(&loaded[&name], expected, "{field} = {junk}");
                }
            }
        }
    }

    #[test]
    fn an_unusable_setting_is_kept_aside_and_the_others_stay() {
        let store = MemoryStore::default();
        save_prefs(&store, &changed()).unwrap();
        store.write(&full_key("prefs.lang"), "\"klingon\"").unwrap();
        store.write(&full_key("prefs.turn_seconds"), "7").unwrap();
        store.write(&full_key("prefs.theme"), "\"sepia\"").unwrap();
        let loaded = load_prefs(&store, Lang::Zh);
        assert_eq!(
            loaded,
            Prefs {
                lang: Lang::Zh,
                turn_seconds: Prefs::default().turn_seconds,
                theme: Theme::System,
                ..changed()
            }
        );
        let aside = |name: &str| store.read(&format!("duobao.v1.prefs.{name}.corrupt"));
        assert_eq!(aside("lang").as_deref(), Some("\"klingon\""));
        assert_eq!(aside("turn_seconds").as_deref(), Some("7"));
        assert_eq!(aside("level"), None);
        assert_eq!(store.read(&full_key("prefs.lang")), None);
    }

    #[test]
    fn the_old_flip_setting_carries_over_to_table_mode() {
        for (old, expected) in [
            (Some("false"), TableMode::Off),
            (Some("true"), TableMode::Auto),
            (Some("{"), TableMode::Auto),
            (None, TableMode::Auto),
        ] {
            let store = MemoryStore::default();
            if let Some(old) = old {
                store.write(&full_key("prefs.flip_top"), old).unwrap();
            }
            assert_eq!(load_prefs(&store, Lang::En).table_mode, expected, "{old:?}");
        }
        let store = MemoryStore::default();
        store.write(&full_key("prefs.flip_top"), "false").unwrap();
        store
            .write(&full_key("prefs.table_mode"), "\"on\"")
            .unwrap();
        assert_eq!(
            load_prefs(&store, Lang::En).table_mode,
            TableMode::On,
            "a table mode saved since wins"
        );
    }

    #[test]
    fn the_former_sound_and_vibration_switches_keep_the_players_choice() {
        for (saved, sound, vibration) in [
            ("true", Volume::Normal, VibrationStrength::Strong),
            ("false", Volume::Off, VibrationStrength::Off),
        ] {
            let store = MemoryStore::default();
            store.write(&full_key("prefs.sound"), saved).unwrap();
            store.write(&full_key("prefs.vibration"), saved).unwrap();
            let loaded = load_prefs(&store, Lang::En);
            assert_eq!(
                (loaded.sound, loaded.vibration),
                (sound, vibration),
                "{saved}"
            );
            assert_eq!(store.read("duobao.v1.prefs.sound.corrupt"), None);
        }
    }

    #[test]
    fn an_unknown_volume_or_strength_takes_the_default_and_is_kept_aside() {
        let store = MemoryStore::default();
        store.write(&full_key("prefs.sound"), "\"loud\"").unwrap();
        store.write(&full_key("prefs.vibration"), "3").unwrap();
        let loaded = load_prefs(&store, Lang::En);
        assert_eq!(loaded.sound, Prefs::default().sound);
        assert_eq!(loaded.vibration, Prefs::default().vibration);
        let aside = |name: &str| store.read(&format!("duobao.v1.prefs.{name}.corrupt"));
        assert_eq!(aside("sound").as_deref(), Some("\"loud\""));
        assert_eq!(aside("vibration").as_deref(), Some("3"));
    }

    #[test]
    fn a_turn_time_that_is_not_offered_resets_to_the_default() {
        let store = MemoryStore::default();
        save_prefs(&store, &changed()).unwrap();
        store.write(&full_key("prefs.turn_seconds"), "7").unwrap();
        assert_eq!(
            load_prefs(&store, Lang::En).turn_seconds,
            Prefs::default().turn_seconds
        );
    }
}
