//! A place for small text values under fixed keys, the JSON values kept in it, and a store that
//! keeps them in memory.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fmt;

use serde::de::DeserializeOwned;
use serde::Serialize;

/// Why a value could not be written. Reading never fails: a missing or unreadable value is
/// simply absent.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct SaveError(pub String);

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The key under which a damaged value is kept: `duobao.v1.game` → `duobao.v1.game.corrupt`.
pub fn aside_key(key: &str) -> String {
    format!("{key}.corrupt")
}

/// A place for small text values under fixed keys.
pub trait Store {
    fn read(&self, key: &str) -> Option<String>;
    fn write(&self, key: &str, value: &str) -> Result<(), SaveError>;
    fn remove(&self, key: &str) -> Result<(), SaveError>;

    /// Moves a damaged value out of the way, to [`aside_key`], so that the default can take its
    /// place without losing it (the latest damaged value is kept). When the copy cannot be
    /// made, the value stays where it was.
    fn set_aside(&self, key: &str) -> Result<(), SaveError> {
        let Some(damaged) = self.read(key) else {
            return Ok(());
        };
        self.write(&aside_key(key), &damaged)?;
        self.remove(key)
    }
}

/// Every key the app writes starts with this, so that a future format can move to `v2` while
/// still reading the old keys.
const KEY_PREFIX: &str = "duobao.v1.";

pub fn full_key(key: &str) -> String {
    format!("{KEY_PREFIX}{key}")
}

/// Reads the value under `key` with `decode`; `None` when it is missing or does not decode. A
/// value that is there but does not decode is set aside (see [`Store::set_aside`]).
pub fn load_with<T>(
    store: &dyn Store,
    key: &str,
    decode: impl FnOnce(&str) -> Option<T>,
) -> Option<T> {
    let key = full_key(key);
    let text = store.read(&key)?;
    let decoded = decode(&text);
    if decoded.is_none() {
        // A failure here is recorded by the store (see `Watched`); the value then stays put.
        let _ = store.set_aside(&key);
    }
    decoded
}

/// Reads the JSON value under `key`, or `None` when it is missing or does not parse (a value
/// that does not parse is set aside).
pub fn load<T: DeserializeOwned>(store: &dyn Store, key: &str) -> Option<T> {
    load_with(store, key, |text| serde_json::from_str(text).ok())
}

/// Writes `value` as JSON under `key`.
pub fn save<T: Serialize>(store: &dyn Store, key: &str, value: &T) -> Result<(), SaveError> {
    let text = serde_json::to_string(value).map_err(|e| SaveError(e.to_string()))?;
    store.write(&full_key(key), &text)
}

pub fn forget(store: &dyn Store, key: &str) -> Result<(), SaveError> {
    store.remove(&full_key(key))
}

/// Values held in memory only.
#[derive(Default)]
pub struct MemoryStore {
    values: RefCell<HashMap<String, String>>,
}

impl Store for MemoryStore {
    fn read(&self, key: &str) -> Option<String> {
        self.values.borrow().get(key).cloned()
    }

    fn write(&self, key: &str, value: &str) -> Result<(), SaveError> {
        self.values.borrow_mut().insert(key.into(), value.into());
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), SaveError> {
        self.values.borrow_mut().remove(key);
        Ok(())
    }
}

/// A store that notes its first failure (a full disk, a storage quota, an unwritable folder),
/// so that the player is told once, and the log gets one line, however often saving fails
/// afterwards. The app goes on with its state in memory.
pub struct Watched<S: ?Sized> {
    failure: RefCell<Option<SaveError>>,
    failed_before: Cell<bool>,
    store: Box<S>,
}

impl<S: Store + ?Sized> Watched<S> {
    pub fn new(store: Box<S>) -> Watched<S> {
        Watched {
            failure: RefCell::new(None),
            failed_before: Cell::new(false),
            store,
        }
    }

    /// The first failure, the first time it is asked for after it happened; `None` before
    /// and ever after.
    pub fn take_first_failure(&self) -> Option<SaveError> {
        self.failure.borrow_mut().take()
    }

    fn watch(&self, result: Result<(), SaveError>) -> Result<(), SaveError> {
        if let Err(error) = &result {
            if !self.failed_before.replace(true) {
                *self.failure.borrow_mut() = Some(error.clone());
            }
        }
        result
    }
}

impl<S: Store + ?Sized> Store for Watched<S> {
    fn read(&self, key: &str) -> Option<String> {
        self.store.read(key)
    }

    fn write(&self, key: &str, value: &str) -> Result<(), SaveError> {
        self.watch(self.store.write(key, value))
    }

    fn remove(&self, key: &str) -> Result<(), SaveError> {
        self.watch(self.store.remove(key))
    }

    fn set_aside(&self, key: &str) -> Result<(), SaveError> {
        self.watch(self.store.set_aside(key))
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;

    /// A store whose writes all fail, as on a full disk.
    pub struct FullStore(pub MemoryStore);

    impl Store for FullStore {
        fn read(&self, key: &str) -> Option<String> {
            self.0.read(key)
        }

        fn write(&self, key: &str, _: &str) -> Result<(), SaveError> {
            Err(SaveError(format!("no space left to save {key}")))
        }

        fn remove(&self, key: &str) -> Result<(), SaveError> {
            Err(SaveError(format!("cannot remove {key}")))
        }
    }

    #[test]
    fn values_round_trip_and_garbage_reads_as_missing() {
        let store = MemoryStore::default();
        save(&store, "level", &3u8).unwrap();
        assert_eq!(load::<u8>(&store, "level"), Some(3));
        store.write(&full_key("level"), "{not json").unwrap();
        assert_eq!(load::<u8>(&store, "level"), None);
        forget(&store, "level").unwrap();
        assert_eq!(store.read(&full_key("level")), None);
    }

    #[test]
    fn a_damaged_value_is_kept_aside_before_the_default_replaces_it() {
        let store = MemoryStore::default();
        store.write(&full_key("level"), "{not json").unwrap();
        assert_eq!(load::<u8>(&store, "level"), None);
        assert_eq!(store.read(&full_key("level")), None);
        assert_eq!(
            store.read("duobao.v1.level.corrupt").as_deref(),
            Some("{not json")
        );
        // A missing value is no damage: nothing is set aside.
        assert_eq!(load::<u8>(&store, "sound"), None);
        assert_eq!(store.read("duobao.v1.sound.corrupt"), None);
    }

    #[test]
    fn a_damaged_value_that_cannot_be_copied_stays_where_it_was() {
        let store = FullStore(MemoryStore::default());
        store.0.write(&full_key("level"), "{not json").unwrap();
        assert_eq!(load::<u8>(&store, "level"), None);
        assert_eq!(store.read(&full_key("level")).as_deref(), Some("{not json"));
    }

    #[test]
    fn only_the_first_failure_is_reported_and_only_once() {
        let store = Watched::new(Box::new(FullStore(MemoryStore::default())));
        assert_eq!(store.take_first_failure(), None);
        assert!(save(&store, "level", &3u8).is_err());
        assert!(save(&store, "sound", &true).is_err());
        assert_eq!(
            store.take_first_failure(),
            Some(SaveError("no space left to save duobao.v1.level".into()))
        );
        assert!(forget(&store, "game").is_err());
        assert_eq!(store.take_first_failure(), None);
    }

    #[test]
    fn a_working_store_reports_nothing() {
        let store: Watched<dyn Store> = Watched::new(Box::new(MemoryStore::default()));
        save(&store, "level", &3u8).unwrap();
        assert_eq!(load::<u8>(&store, "level"), Some(3));
        assert_eq!(store.take_first_failure(), None);
    }
}
