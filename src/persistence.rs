//! Keeps the preferences and the unfinished game on the device, saved on every change, so that
//! closing the app (or a crash) never loses more than the move being made.

use std::rc::Rc;

use dioxus::logger::tracing::warn;
use dioxus::prelude::*;

use crate::game::controller::Controller;
use crate::i18n::Lang;
use crate::prefs::Prefs;
use crate::session::SavedGame;
use crate::stats::Stats;
use crate::storage::{
    device_store, load_game, load_prefs, load_stats, save_game, save_prefs, save_stats, Store,
};

/// The device's store, shared by the components that save.
#[derive(Clone)]
pub struct DeviceStore(Rc<dyn Store>);

impl DeviceStore {
    pub fn open() -> DeviceStore {
        DeviceStore(Rc::from(device_store()))
    }

    /// The saved preferences; on a first launch, the defaults in `system_lang`.
    pub fn prefs(&self, system_lang: Lang) -> Prefs {
        load_prefs(&*self.0, system_lang)
    }

    pub fn saved_game(&self) -> Option<SavedGame> {
        load_game(&*self.0)
    }

    pub fn stats(&self) -> Stats {
        load_stats(&*self.0)
    }

    pub fn save_stats(&self, stats: &Stats) {
        if let Err(error) = save_stats(&*self.0, stats) {
            warn!("statistics not saved: {error}");
        }
    }
}

/// Saves the preferences whenever they change, and the game whenever it changes while it is on
/// screen (a game left for the home screen stays saved as it was). Returns whether an
/// unfinished game is saved.
pub fn use_saving(
    store: DeviceStore,
    prefs: Signal<Prefs>,
    controller: Signal<Controller>,
    game_on_screen: Memo<bool>,
) -> Signal<bool> {
    let mut has_saved_game = use_signal(|| store.saved_game().is_some());
    let prefs_store = store.clone();
    use_effect(move || {
        if let Err(error) = save_prefs(&*prefs_store.0, &prefs.read()) {
            warn!("settings not saved: {error}");
        }
    });
    // A hint shown changes the saved game too, without changing the game's generation.
    let generation = use_memo(move || {
        let state = controller.read();
        (state.generation(), state.hints_used())
    });
    use_effect(move || {
        generation();
        if !game_on_screen() {
            return;
        }
        let saved = controller.peek().saved_game();
        match save_game(&*store.0, saved.as_ref()) {
            Ok(()) => has_saved_game.set(saved.is_some()),
            Err(error) => warn!("game not saved: {error}"),
        }
    });
    has_saved_game
}
