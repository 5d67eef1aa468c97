//! Saving the player's own preferences whenever they change. Only the player's own choices are
//! saved: what a link sets holds for that visit alone.

use std::cell::RefCell;
use std::rc::Rc;

use dioxus::prelude::*;

use super::{save_prefs, Prefs};
use crate::storage::DeviceStore;

/// Saves the preferences the player changes: `own` are those saved; `prefs`, those shown, which
/// a link may have changed for this visit.
pub fn use_saving_prefs(store: DeviceStore, own: Prefs, prefs: Signal<Prefs>) {
    let kept = use_hook(|| Rc::new(RefCell::new((own, *prefs.peek()))));
    use_effect(move || {
        let shown = *prefs.read();
        let (own, before) = *kept.borrow();
        let chosen = own.with_choices(&before, &shown);
        *kept.borrow_mut() = (chosen, shown);
        if chosen != own {
            store.write(|device| save_prefs(device, &chosen));
        }
    });
}
