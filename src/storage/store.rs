//! A place for small text values under fixed keys, the JSON values kept in it, and a store that
//! keeps them in memory.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

use serde::de::DeserializeOwned;
use serde::Serialize;

/// Why a value could not be written. Reading never fails: a missing or unreadable value is
/// simply absent.
#[derive(Debug)]
pub struct SaveError(pub String);

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A place for small text values under fixed keys.
pub trait Store {
    fn read(&self, key: &str) -> Option<String>;
    fn write(&self, key: &str, value: &str) -> Result<(), SaveError>;
    fn remove(&self, key: &str) -> Result<(), SaveError>;
}

/// Every key the app writes starts with this, so that a future format can move to `v2` while
/// still reading the old keys.
const KEY_PREFIX: &str = "duobao.v1.";

pub fn full_key(key: &str) -> String {
    format!("{KEY_PREFIX}{key}")
}

/// Reads the JSON value under `key`, or `None` when it is missing or does not parse.
pub fn load<T: DeserializeOwned>(store: &dyn Store, key: &str) -> Option<T> {
    let text = store.read(&full_key(key))?;
    serde_json::from_str(&text).ok()
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
