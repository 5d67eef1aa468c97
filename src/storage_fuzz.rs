//! Every stored value's decoder (the preferences, the saved game, Your games) against arbitrary
//! bytes and mutated valid values: reading never panics, and a value is either used or set aside
//! whole, its key then taking the default.

use proptest::prelude::*;
use serde_json::Value;

use crate::history::{load_games, next_number, save_kept, KeptGame};
use crate::i18n::Lang;
use crate::prefs::{changed_prefs, load_prefs, save_prefs, Prefs, TURN_TIME_CHOICES};
use crate::session::{load_game, save_game, Mode, SavedGame, SwapRule};
use crate::storage::{aside_key, full_key, MemoryStore, Store};
use duobao_engine::Level;
use duobao_rules::{Color, Game, Ply};

/// Settings that are none of the defaults, an unfinished game and two kept games, as the app
/// saves them.
fn valid_store() -> MemoryStore {
    let store = MemoryStore::default();
    save_prefs(&store, &changed_prefs()).unwrap();
    let mut game = Game::new();
    for ply in ["b2c2", "b4c4", "pass", "c3b3"] {
        game.play(ply.parse::<Ply>().unwrap()).unwrap();
    }
    let saved = SavedGame {
        online: None,
        mode: Mode::VsAi {
            human: Color::Red,
            level: Level::Hard,
        },
        turn_seconds: Some(30),
        game,
        hints: 2,
        counted: false,
        time_left_ms: Some(12_000),
        started_ms: 1_764_600_000_000,
        kept_as: Some(3),
        swap: SwapRule::Off,
        draw_offer: None,
    };
    save_game(&store, Some(&saved)).unwrap();
    for number in 0..2 {
        let kept = KeptGame {
            number,
            started_ms: saved.started_ms,
            kept_ms: saved.started_ms + 60_000,
            mode: saved.mode,
            game: saved.game.clone(),
            verdicts: vec!["B w5 w4 b2c2".into(); number as usize],
            online: None,
        };
        save_kept(&store, &kept).unwrap();
    }
    store
}

/// Every key the app stores, without the prefix.
fn keys() -> Vec<String> {
    let Value::Object(fields) = serde_json::to_value(Prefs::default()).unwrap() else {
        unreachable!()
    };
    let mut keys: Vec<String> = fields.keys().map(|f| format!("prefs.{f}")).collect();
    keys.extend(["game", "games.0", "games.1", "games.next"].map(String::from));
    keys
}

/// Reads everything back from a store where `key` holds `text`, and checks the outcome: the
/// value is used as it is, or it is set aside whole and the others are untouched.
fn check_decoders(key: &str, text: &str) -> Result<(), TestCaseError> {
    let store = valid_store();
    let before = valid_store();
    store.write(&full_key(key), text).unwrap();
    let prefs = load_prefs(&store, Lang::Zh);
    let saved = load_game(&store);
    let kept = load_games(&store);
    prop_assert!(kept.len() <= 2);
    prop_assert!(next_number(&store) >= 1);
    prop_assert!(TURN_TIME_CHOICES.contains(&prefs.turn_seconds));
    if let Some(saved) = &saved {
        prop_assert!(!saved.game.is_over());
    }
    let full = full_key(key);
    match store.read(&full) {
        // Used, or (only the game) a game that decodes but is over, which is no damage.
        Some(kept) => {
            prop_assert_eq!(&kept, text);
            prop_assert_eq!(store.read(&aside_key(&full)), None);
        }
        None => {
            let aside = store.read(&aside_key(&full));
            prop_assert_eq!(aside.as_deref(), Some(text));
        }
    }
    for other in keys().iter().filter(|other| *other != key) {
        let other = full_key(other);
        prop_assert_eq!(store.read(&other), before.read(&other), "{} changed", other);
    }
    Ok(())
}

/// A valid value with one byte changed, removed or added, or cut short.
fn mutated(valid: String) -> impl Strategy<Value = String> {
    let length = valid.len();
    (0..4u8, 0..=length, any::<u8>()).prop_map(move |(how, at, byte)| {
        let mut bytes = valid.clone().into_bytes();
        let at = at.min(bytes.len());
        match how {
            0 => bytes.truncate(at),
            1 if at < bytes.len() => drop(bytes.remove(at)),
            2 if at < bytes.len() => bytes[at] = byte,
            _ => bytes.insert(at, byte),
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

fn valid_value(key: &str) -> String {
    valid_store().read(&full_key(key)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_in_any_key(key in proptest::sample::select(keys()), bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        check_decoders(&key, &String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn json_like_text_in_any_key(key in proptest::sample::select(keys()), text in "[\\[\\]{}\":,0-9a-z_ .-]{0,80}") {
        check_decoders(&key, &text)?;
    }

    #[test]
    fn a_mutated_saved_game(text in mutated(valid_value("game"))) {
        check_decoders("game", &text)?;
    }

    #[test]
    fn mutated_settings(
        (key, text) in proptest::sample::select(keys()).prop_flat_map(|key| {
            let valid = valid_value(&key);
            (Just(key), mutated(valid))
        })
    ) {
        check_decoders(&key, &text)?;
    }
}
