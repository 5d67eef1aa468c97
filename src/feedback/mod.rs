//! What the player hears and feels of the game, and what a screen reader says of it: the move's
//! sound, the vibration, the announcer. Each follows the game's events from the app's root
//! ([`use_game_feedback`]); the settings preview a volume and a strength.

mod announcer;
mod sound;
mod vibration;

use dioxus::prelude::*;

use crate::prefs::Prefs;

pub use announcer::LiveRegion;
pub use sound::preview_sound;
#[cfg(test)]
pub use sound::{Happening, Played};
pub use vibration::preview_vibration;

/// Sounds, vibrations and the announcer, following the game on screen at the player's
/// preferences.
pub fn use_game_feedback(prefs: Signal<Prefs>) {
    sound::use_move_sounds(prefs);
    vibration::use_move_haptics(prefs);
    announcer::use_announcer(prefs);
}
