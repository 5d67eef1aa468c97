//! Keeping settings and the unfinished game on the device: `localStorage` on the web, small
//! files in the app's data folder elsewhere. Each value lives under its own key, so a damaged
//! value costs only itself: readers fall back to a default for that key and keep the rest.

#[cfg(not(target_arch = "wasm32"))]
mod file;
mod saved_game;
mod settings;
#[cfg(target_arch = "wasm32")]
mod web;

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

use serde::de::DeserializeOwned;
use serde::Serialize;

pub use saved_game::{load_game, save_game};
pub use settings::{load_prefs, save_prefs};

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

fn full_key(key: &str) -> String {
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

/// The device's own store: `localStorage` in a browser, files in the app's data folder on
/// desktop and mobile. When neither can be had (private browsing, no data folder) the app still
/// runs, keeping its values in memory for the session.
pub fn device_store() -> Box<dyn Store> {
    #[cfg(target_arch = "wasm32")]
    let store = web::LocalStore::open().map(|s| Box::new(s) as Box<dyn Store>);
    #[cfg(not(target_arch = "wasm32"))]
    let store = file::FileStore::open_app_folder().map(|s| Box::new(s) as Box<dyn Store>);
    store.unwrap_or_else(|| Box::new(MemoryStore::default()))
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
