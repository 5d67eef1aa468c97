//! The turn clock on real time, in the background of the game screen.

use std::time::Duration;

use dioxus::prelude::*;
use web_time::Instant;

use crate::game::controller::{Controller, Tick};
use crate::platform::sleep;

/// How often the clock looks at the time; the display changes once a second.
const CLOCK_POLL: Duration = Duration::from_millis(100);

/// Runs the turn clock on real time. Time is handed to the controller only when the display
/// changes or the turn expires, so a running clock costs one render a second.
pub fn use_turn_clock(mut controller: Signal<Controller>) {
    use_future(move || async move {
        let mut last = Instant::now();
        let mut unspent_ms = 0;
        let mut turn = controller.peek().generation();
        loop {
            sleep(CLOCK_POLL).await;
            let now = Instant::now();
            let elapsed = now.duration_since(last).as_millis() as u64;
            last = now;
            let (mut preview, generation) = {
                let state = controller.peek();
                (state.clock().clone(), state.generation())
            };
            if generation != turn || preview.is_paused() || !preview.is_on() {
                // Time spent on another turn, or while paused, is not this turn's.
                turn = generation;
                unspent_ms = 0;
                continue;
            }
            unspent_ms += elapsed;
            if preview.tick(unspent_ms) != Tick::Quiet {
                controller.write().tick(unspent_ms);
                unspent_ms = 0;
            }
        }
    });
}
