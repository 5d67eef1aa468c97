//! Keeps the preferences and the unfinished game on the device, saved on every change, so that
//! closing the app (or a crash) never loses more than the move being made. Only the player's
//! own choices are saved: what a link sets holds for that visit alone. When the device refuses
//! to save, the player is told once and the app goes on in memory.

use std::cell::RefCell;
use std::rc::Rc;

use crate::log::warning;
use dioxus::prelude::*;

use crate::game::controller::Controller;
use crate::i18n::Lang;
use crate::prefs::Prefs;
use crate::session::SavedGame;
use crate::stats::Stats;
use crate::storage::{
    device_store, load_game, load_prefs, load_puzzle_progress, load_stats, puzzles_solved,
    save_game, save_prefs, save_puzzle_progress, save_stats, PuzzleProgress, SaveError, Store,
    Watched,
};

/// The device's store, shared by the components that save.
#[derive(Clone)]
pub struct DeviceStore(Rc<Watched<dyn Store>>);

impl DeviceStore {
    pub fn open() -> DeviceStore {
        DeviceStore(Rc::new(device_store()))
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

    /// A failure is noted by the watched store; [`use_saving`] logs and shows the first one.
    pub fn save_stats(&self, stats: &Stats) {
        let _ = save_stats(&*self.0, stats);
    }

    /// The store's first failure, once: logged here, shown by the caller.
    fn first_failure(&self) -> Option<SaveError> {
        let failure = self.0.take_first_failure()?;
        warning!("cannot save on this device, going on in memory: {failure}");
        Some(failure)
    }

    pub fn puzzle_progress(&self) -> PuzzleProgress {
        load_puzzle_progress(&*self.0)
    }

    /// A failure is noted by the watched store; [`use_saving`] logs and shows the first one.
    pub fn save_puzzle_progress(&self, progress: &PuzzleProgress) {
        let _ = save_puzzle_progress(&*self.0, progress);
    }

    /// How many puzzles the player has solved, for the statistics.
    pub fn puzzles_solved(&self) -> usize {
        puzzles_solved(&*self.0)
    }
}

/// What the saving tells the screens.
#[derive(Copy, Clone)]
pub struct Saving {
    /// Whether an unfinished game is saved.
    pub has_saved_game: Signal<bool>,
    /// Whether the device refused to save (or to set a damaged value aside).
    pub failed: Signal<bool>,
}

/// Saves the player's own preferences whenever they change (`own` are those saved; `prefs`,
/// those shown, which a link may have changed for this visit), and the game whenever it
/// changes while it is on screen (a game left for the home screen stays saved as it was).
pub fn use_saving(
    store: DeviceStore,
    own: Prefs,
    prefs: Signal<Prefs>,
    controller: Signal<Controller>,
    game_on_screen: Memo<bool>,
) -> Saving {
    let mut has_saved_game = use_signal(|| store.saved_game().is_some());
    // Reading set damaged values aside, which may have failed already.
    let mut failed = use_signal(|| store.first_failure().is_some());
    let prefs_store = store.clone();
    let kept = use_hook(|| Rc::new(RefCell::new((own, *prefs.peek()))));
    use_effect(move || {
        let shown = *prefs.read();
        let (own, before) = *kept.borrow();
        let chosen = own.with_choices(&before, &shown);
        *kept.borrow_mut() = (chosen, shown);
        if chosen != own {
            // A failure is noted by the watched store, and logged and shown once below.
            let _ = save_prefs(&*prefs_store.0, &chosen);
            if prefs_store.first_failure().is_some() {
                failed.set(true);
            }
        }
    });
    // Saved whenever what is kept changes: a ply, a hint shown, the sides flipped, and each
    // second off the turn clock (so that a reload or a crash costs at most one second).
    let kept_game = use_memo(move || controller.read().saved_game());
    use_effect(move || {
        let saved = kept_game();
        if !game_on_screen() {
            return;
        }
        if save_game(&*store.0, saved.as_ref()).is_ok() {
            has_saved_game.set(saved.is_some());
        }
        if store.first_failure().is_some() {
            failed.set(true);
        }
    });
    Saving {
        has_saved_game,
        failed,
    }
}

/// Provides the statistics to every screen (the lessons add to them too), saves them whenever
/// they change, and counts the game on screen when it ends. A game is counted once: the
/// controller remembers it, also in the saved game, so neither an undo and another ending nor a
/// reload counts it again.
pub fn use_stats(store: DeviceStore, mut controller: Signal<Controller>) -> Signal<Stats> {
    let loaded = store.clone();
    let mut stats = use_context_provider(|| Signal::new(loaded.stats()));
    // What the device holds, so that only a change is written: not the record just read at
    // every start-up.
    let stored = use_hook(|| Rc::new(RefCell::new(stats.peek().clone())));
    use_effect(move || {
        let current = stats.read();
        if *current != *stored.borrow() {
            store.save_stats(&current);
            *stored.borrow_mut() = current.clone();
        }
    });
    let generation = use_memo(move || controller.read().generation());
    use_effect(move || {
        generation();
        let finished = controller.peek().uncounted_result();
        if let Some((mode, result)) = finished {
            controller.write().mark_counted();
            stats.write().record_game(mode, result);
        }
    });
    stats
}
