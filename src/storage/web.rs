//! Values in the browser's `localStorage`.

use super::store::{SaveError, Store};

pub struct LocalStore {
    storage: web_sys::Storage,
}

impl LocalStore {
    /// `None` where the browser refuses storage (some private modes).
    pub fn open() -> Option<LocalStore> {
        let storage = web_sys::window()?.local_storage().ok()??;
        Some(LocalStore { storage })
    }
}

impl Store for LocalStore {
    fn read(&self, key: &str) -> Option<String> {
        self.storage.get_item(key).ok().flatten()
    }

    fn write(&self, key: &str, value: &str) -> Result<(), SaveError> {
        self.storage
            .set_item(key, value)
            .map_err(|_| SaveError(format!("the browser refused to save {key}")))
    }

    fn remove(&self, key: &str) -> Result<(), SaveError> {
        self.storage
            .remove_item(key)
            .map_err(|_| SaveError(format!("the browser refused to remove {key}")))
    }
}
