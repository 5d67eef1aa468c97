//! What a game leaves behind when it ends: its count in the statistics and its place in Your
//! games. Both happen after the frame that shows the last move.

use std::cell::RefCell;
use std::rc::Rc;

use dioxus::prelude::*;
use duobao_rules::Game;

use super::controller::Controller;
use crate::history::keep_game;
use crate::platform::after_next_paint;
use crate::stats::Stats;
use crate::storage::DeviceStore;

/// Counts the game on screen in the statistics when it ends. A game is counted once: the
/// controller remembers it, also in the saved game, so neither an undo and another ending nor a
/// reload counts it again.
pub fn use_counting(mut controller: Signal<Controller>, mut stats: Signal<Stats>) {
    let generation = use_memo(move || controller.read().generation());
    use_effect(move || {
        generation();
        // After the frame that shows the last move: counting draws the screen again and writes.
        spawn(async move {
            after_next_paint().await;
            let finished = controller.peek().uncounted_result();
            if let Some((mode, result)) = finished {
                controller.write().mark_counted();
                stats.write().record_game(mode, result);
            }
        });
    });
}

/// Keeps the game on screen in "Your games" when it ends, and again, in its place, when it
/// ends otherwise after an undo. A game over from its start is none of the player's. A game
/// with a friend by link is kept from its start and after every move, so that the list says
/// whose move it waits for and the friend's next link finds it.
pub fn use_keeping(store: DeviceStore, controller: Signal<Controller>) {
    let generation = use_memo(move || controller.read().generation());
    let last_kept = use_hook(|| Rc::new(RefCell::new(None::<(u64, Game)>)));
    use_effect(move || {
        generation();
        let (store, last_kept) = (store.clone(), last_kept.clone());
        // After the frame that shows the last move, as the count is.
        spawn(async move {
            after_next_paint().await;
            keep(&store, controller, &last_kept);
        });
    });
}

/// Keeps the game on screen as [`use_keeping`] says, unless it is kept as it stands already.
fn keep(
    store: &DeviceStore,
    mut controller: Signal<Controller>,
    last_kept: &RefCell<Option<(u64, Game)>>,
) {
    let state = controller.peek();
    let game = state.game();
    let worth_keeping = state.mode().is_by_link() || (game.is_over() && !game.plies().is_empty());
    let kept = last_kept
        .borrow()
        .as_ref()
        .is_some_and(|(started_ms, kept)| *started_ms == state.started_ms() && kept == game);
    if !worth_keeping || kept {
        return;
    }
    let number = store.read(|device| {
        keep_game(
            device,
            state.kept_as(),
            state.started_ms(),
            state.mode(),
            game,
        )
    });
    *last_kept.borrow_mut() = Some((state.started_ms(), game.clone()));
    drop(state);
    controller.write().set_kept_as(number);
}
