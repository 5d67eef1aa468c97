//! Short sounds for moves and captures, when the player has sound on.

use std::cell::Cell;
use std::rc::Rc;

use dioxus::prelude::*;
use duobao_rules::Ply;

use super::controller::Controller;
use crate::prefs::Prefs;

const MOVE_SOUND: Asset = asset!("/assets/sounds/move.wav");
const CAPTURE_SOUND: Asset = asset!("/assets/sounds/capture.wav");

/// Plays a sound for each move added to the game. Only a ply that extends the record by one
/// sounds: an undo, a new game or coming back to a saved game are silent, and so is a pass.
pub fn use_move_sounds(controller: Signal<Controller>, prefs: Signal<Prefs>) {
    let heard = use_hook(|| Rc::new(Cell::new(controller.peek().game().plies().len())));
    use_effect(move || {
        let state = controller.read();
        let plies = state.game().plies();
        let before = heard.replace(plies.len());
        let Some(last) = plies.last().filter(|_| plies.len() == before + 1) else {
            return;
        };
        if !prefs.peek().sound || last.ply == Ply::Pass {
            return;
        }
        let sound = if last.captured.is_empty() {
            MOVE_SOUND
        } else {
            CAPTURE_SOUND
        };
        play(sound);
    });
}

/// Fire and forget: a browser may refuse to play (no audio device, autoplay rules) or lack
/// `Audio` altogether, and a missing sound must never disturb the game.
fn play(sound: Asset) {
    document::eval(&format!(
        r#"try {{ const played = new Audio("{sound}").play(); if (played) played.catch(() => {{}}); }} catch (_) {{}}"#
    ));
}
