//! Short sounds for moves and captures, when the player has sound on; and what the sounds and
//! the vibrations react to: a move added to the game, the end of a game.

use std::cell::Cell;
use std::rc::Rc;

use dioxus::prelude::*;
use duobao_rules::Ply;

use super::controller::Controller;
use crate::prefs::Prefs;

const MOVE_SOUND: Asset = asset!("/assets/sounds/move.wav");
const CAPTURE_SOUND: Asset = asset!("/assets/sounds/capture.wav");

/// A move just added to the game.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Played {
    Move,
    Capture,
}

/// What just happened in the game, as the player would notice it.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct GameEvent {
    pub played: Option<Played>,
    /// The game has just ended (by that move or by a turn running out).
    pub ended: bool,
}

/// Calls `react` for each move added to the game and when a game ends. Only a ply that extends
/// the record by one counts: an undo, a new game or coming back to a saved game are silent, and
/// so is a pass.
pub fn use_game_events(controller: Signal<Controller>, mut react: impl FnMut(GameEvent) + 'static) {
    let seen = use_hook(|| {
        let state = controller.peek();
        Rc::new(Cell::new((
            state.game().plies().len(),
            state.game().is_over(),
        )))
    });
    use_effect(move || {
        let state = controller.read();
        let game = state.game();
        let plies = game.plies();
        let (before, was_over) = seen.replace((plies.len(), game.is_over()));
        let played = plies
            .last()
            .filter(|last| plies.len() == before + 1 && last.ply != Ply::Pass)
            .map(|last| {
                if last.captured.is_empty() {
                    Played::Move
                } else {
                    Played::Capture
                }
            });
        let event = GameEvent {
            played,
            ended: game.is_over() && !was_over,
        };
        drop(state);
        if event != GameEvent::default() {
            react(event);
        }
    });
}

/// Plays a sound for each move added to the game.
pub fn use_move_sounds(controller: Signal<Controller>, prefs: Signal<Prefs>) {
    use_game_events(controller, move |event| {
        if !prefs.peek().sound {
            return;
        }
        match event.played {
            Some(Played::Move) => play(MOVE_SOUND),
            Some(Played::Capture) => play(CAPTURE_SOUND),
            None => {}
        }
    });
}

/// Fire and forget: a browser may refuse to play (no audio device, autoplay rules) or lack
/// `Audio` altogether, and a missing sound must never disturb the game.
fn play(sound: Asset) {
    document::eval(&format!(
        r#"try {{ const played = new Audio("{sound}").play(); if (played) played.catch(() => {{}}); }} catch (_) {{}}"#
    ));
}
