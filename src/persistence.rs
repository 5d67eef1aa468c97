//! Keeps the preferences and the unfinished game on the device, saved on every change, so that
//! closing the app (or a crash) never loses more than the move being made.

use std::rc::Rc;

use dioxus::logger::tracing::warn;
use dioxus::prelude::*;

use crate::game::controller::Controller;
use crate::i18n::Lang;
use crate::prefs::Prefs;
use crate::session::SavedGame;
use crate::storage::{
    device_store, load_game, load_prefs, load_puzzle_progress, puzzles_solved, save_game,
    save_prefs, save_puzzle_progress, PuzzleProgress, Store,
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

    pub fn puzzle_progress(&self) -> PuzzleProgress {
        load_puzzle_progress(&*self.0)
    }

    pub fn save_puzzle_progress(&self, progress: &PuzzleProgress) {
        if let Err(error) = save_puzzle_progress(&*self.0, progress) {
            warn!("puzzle progress not saved: {error}");
        }
    }

    /// How many puzzles the player has solved, for the statistics.
    pub fn puzzles_solved(&self) -> usize {
        puzzles_solved(&*self.0)
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
    let generation = use_memo(move || controller.read().generation());
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
