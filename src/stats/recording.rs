//! Keeps the statistics: loaded once, saved on every change, and fed each finished game once.

use dioxus::prelude::*;

use super::Stats;
use crate::game::controller::Controller;
use crate::persistence::DeviceStore;

/// Provides the statistics to every screen (the puzzles and lessons add to them too), saves
/// them whenever they change, and counts the game on screen when it ends. A game is counted
/// once: the controller remembers it, also in the saved game, so neither an undo and another
/// ending nor a reload counts it again.
pub fn use_stats(store: DeviceStore, mut controller: Signal<Controller>) -> Signal<Stats> {
    let loaded = store.clone();
    let mut stats = use_context_provider(|| Signal::new(loaded.stats()));
    use_effect(move || store.save_stats(&stats.read()));
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
