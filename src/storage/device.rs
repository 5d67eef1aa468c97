//! The device's store as the app's parts share it: a handle that knows no feature. Each feature
//! reads and writes its own keys through it with its own encoding (the preferences beside
//! `prefs`, the saved game beside the session, Your games, the statistics and the puzzles'
//! progress in their folders); the handle notes the first write the device refuses, which the
//! app then tells the player once while it goes on in memory.

use std::rc::Rc;

use dioxus::prelude::*;

use super::device_store;
use super::store::{SaveError, Store, Watched};
use crate::log::warning;

#[derive(Clone)]
pub struct DeviceStore {
    store: Rc<Watched<dyn Store>>,
    failed: Signal<bool>,
}

impl DeviceStore {
    /// Opens the device's store; called inside a component, whose scope owns the failure flag.
    pub fn open() -> DeviceStore {
        DeviceStore {
            store: Rc::new(device_store()),
            failed: Signal::new(false),
        }
    }

    /// A handle on `store` in place of the device's, for tests; called inside a component, as
    /// [`DeviceStore::open`] is.
    #[cfg(test)]
    pub fn on(store: Box<dyn Store>) -> DeviceStore {
        DeviceStore {
            store: Rc::new(Watched::new(store)),
            failed: Signal::new(false),
        }
    }

    /// What a feature's reader makes of the store (reading may set a damaged value aside, and
    /// that may fail).
    pub fn read<T>(&self, reader: impl FnOnce(&dyn Store) -> T) -> T {
        let value = reader(&*self.store);
        self.note_failure();
        value
    }

    /// Runs a feature's writer; a refusal is noted, logged and shown once (see [`Self::failed`]).
    pub fn write(&self, writer: impl FnOnce(&dyn Store) -> Result<(), SaveError>) {
        // The watched store keeps the failure, noted below.
        let _ = writer(&*self.store);
        self.note_failure();
    }

    /// Whether the device has refused to save (or to set a damaged value aside).
    pub fn failed(&self) -> bool {
        (self.failed)()
    }

    fn note_failure(&self) {
        if let Some(failure) = self.store.take_first_failure() {
            warning!("cannot save on this device, going on in memory: {failure}");
            let mut failed = self.failed;
            failed.set(true);
        }
    }
}
