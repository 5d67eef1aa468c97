//! The statistics every screen reads (the lessons and the game add to them), saved on the
//! device whenever they change.

use std::cell::RefCell;
use std::rc::Rc;

use dioxus::prelude::*;

use super::{load_stats, save_stats, Stats};
use crate::storage::DeviceStore;

/// Provides the statistics to every screen and saves them whenever they change.
pub fn use_stats(store: DeviceStore) -> Signal<Stats> {
    let loaded = store.clone();
    let stats = use_context_provider(|| Signal::new(loaded.read(load_stats)));
    // What the device holds, so that only a change is written: not the record just read at
    // every start-up.
    let stored = use_hook(|| Rc::new(RefCell::new(stats.peek().clone())));
    use_effect(move || {
        let current = stats.read();
        if *current != *stored.borrow() {
            store.write(|device| save_stats(device, &current));
            *stored.borrow_mut() = current.clone();
        }
    });
    stats
}
