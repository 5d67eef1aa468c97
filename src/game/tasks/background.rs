//! The game screen while the page or app is in the background: the clock stopped, the game saved.

use dioxus::prelude::*;

use crate::game::controller::{Controller, PauseReason};
use crate::platform::VISIBILITY_SCRIPT;
use crate::session::GameSaver;
use crate::shell::use_app_leaving;

/// Stops the clock while the page or app is in the background, and saves the game as it goes
/// there: the last moment it surely can (a phone may end a hidden app without a word).
pub fn use_background(mut controller: Signal<Controller>) {
    let saver: GameSaver = use_context();
    let on_leave = saver.clone();
    use_app_leaving(move || on_leave.write_now());
    use_future(move || {
        let saver = saver.clone();
        async move {
            let mut visibility = document::eval(VISIBILITY_SCRIPT);
            while let Ok(hidden) = visibility.recv::<bool>().await {
                controller.write().set_paused(PauseReason::Hidden, hidden);
                if hidden {
                    saver.write_now();
                }
            }
        }
    });
}
