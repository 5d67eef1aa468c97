//! What the app asks of the device itself, apart from drawing: keeping the screen awake during a
//! game, a short vibration for a move and the status bar's colours. Free of UI; one file per platform, and no-ops where a
//! platform has neither (desktop).
//!
//! Nothing here may disturb the game: a missing vibrator, a refused wake lock or a Java exception
//! is logged once (per kind of problem) and otherwise ignored.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::log::warning;

#[cfg(target_os = "android")]
mod android;
#[cfg(target_os = "ios")]
mod ios;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(target_os = "android")]
use android as platform;
#[cfg(target_os = "ios")]
use ios as platform;
#[cfg(target_arch = "wasm32")]
use web as platform;

/// A vibration: a light tap for a move, a stronger one for a capture and at the end of a game.
/// Ordered from light to strong, so that a vibration can be capped at the player's strength.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Ord, PartialOrd)]
pub enum Haptic {
    Light,
    Strong,
}

impl Haptic {
    /// How long the vibration lasts where only a duration can be chosen (web, Android).
    #[cfg_attr(
        not(any(target_arch = "wasm32", target_os = "android")),
        allow(dead_code)
    )]
    pub fn millis(self) -> u32 {
        match self {
            Haptic::Light => 15,
            Haptic::Strong => 40,
        }
    }
}

/// Whether the app last asked for the screen to stay awake.
static AWAKE: AtomicBool = AtomicBool::new(false);

/// Keeps the screen from dimming (`true`) or lets it dim again (`false`). Asking again for what
/// was last asked does nothing, so a caller may say it on every change of its state.
pub fn keep_awake(on: bool) {
    let changed = AWAKE.swap(on, Ordering::Relaxed) != on;
    #[cfg(any(target_os = "android", target_os = "ios", target_arch = "wasm32"))]
    if changed {
        platform::keep_awake(on);
    }
    #[cfg(not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")))]
    let _ = changed;
}

/// Vibrates once, where the device can.
pub fn haptic(kind: Haptic) {
    #[cfg(any(target_os = "android", target_os = "ios", target_arch = "wasm32"))]
    platform::haptic(kind);
    #[cfg(not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")))]
    let _ = kind;
}

/// Hands `text` (a link, or a game as text) to the system's share sheet where the app has one of
/// its own: Android's, whose WebView has no Web Share API. False elsewhere, where the page's own
/// (`navigator.share`) or the clipboard serves.
pub fn share_natively(title: &str, text: &str) -> bool {
    #[cfg(target_os = "android")]
    return platform::share(title, text);
    #[cfg(not(target_os = "android"))]
    {
        let _ = (title, text);
        false
    }
}

/// Colours the status bar for the page's scheme: light icons over a dark page, dark over a light
/// one, and the window behind the bars in the page's `background` (Android draws the bars over
/// it). `follows_system`: the page's scheme is the system's. Browsers take the page's theme
/// colour instead; desktop windows have no status bar.
#[cfg(any(feature = "desktop", feature = "mobile"))]
pub fn show_scheme(light: bool, follows_system: bool, background: (u8, u8, u8)) {
    paint_background(background);
    #[cfg(any(target_os = "android", target_os = "ios"))]
    platform::show_scheme(light, follows_system, background);
    #[cfg(not(any(target_os = "android", target_os = "ios")))]
    let _ = (light, follows_system);
}

/// Paints the window's and the WebView's background, which show wherever the page has not
/// painted (at launch, and past the page's edges when it is pulled).
#[cfg(any(feature = "desktop", feature = "mobile"))]
fn paint_background((r, g, b): (u8, u8, u8)) {
    #[cfg(feature = "desktop")]
    use dioxus::desktop::window;
    #[cfg(all(feature = "mobile", not(feature = "desktop")))]
    use dioxus::mobile::window;
    let context = window();
    context.window.set_background_color(Some((r, g, b, 0xff)));
    if let Err(error) = context.webview.set_background_color((r, g, b, 0xff)) {
        warning!("the window's background stays as it was: {error}");
    }
}

/// The kinds of problem, each logged once.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
#[cfg_attr(
    not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")),
    allow(dead_code)
)]
pub(crate) enum Problem {
    WakeLock,
    Vibration,
    #[cfg_attr(not(any(target_os = "android", target_os = "ios")), allow(dead_code))]
    StatusBar,
    #[cfg_attr(not(target_os = "android"), allow(dead_code))]
    Share,
}

static LOGGED: [AtomicBool; 4] = [const { AtomicBool::new(false) }; 4];

/// Logs a problem of `kind` the first time one happens; later ones are silent, since the same
/// cause would repeat on every move.
#[cfg_attr(
    not(any(target_os = "android", target_os = "ios", target_arch = "wasm32")),
    allow(dead_code)
)]
pub(crate) fn log_once(kind: Problem, detail: &str) {
    if first_time(&LOGGED, kind) {
        let what = match kind {
            Problem::WakeLock => "cannot keep the screen awake",
            Problem::Vibration => "cannot vibrate",
            Problem::StatusBar => "cannot colour the status bar",
            Problem::Share => "cannot open the share sheet",
        };
        warning!("{what} ({detail}); the game goes on without it (reported once)");
    }
}

/// Whether `logged`, one flag for each kind, has not seen a problem of `kind` yet; it has now.
fn first_time(logged: &[AtomicBool], kind: Problem) -> bool {
    !logged[kind as usize].swap(true, Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind of problem is reported the first time only, whatever was reported of the other
    /// kinds before. On flags of its own, so that neither the app's nor another test's reports
    /// change what it sees.
    #[test]
    fn each_kind_of_problem_is_reported_once() {
        let kinds = [
            Problem::WakeLock,
            Problem::Vibration,
            Problem::StatusBar,
            Problem::Share,
        ];
        let logged: [AtomicBool; 4] = [const { AtomicBool::new(false) }; 4];
        for (reported, &kind) in kinds.iter().enumerate() {
            for &before in &kinds[..reported] {
                assert!(!first_time(&logged, before), "{before:?} again");
            }
            assert!(first_time(&logged, kind), "{kind:?} first");
            assert!(!first_time(&logged, kind), "{kind:?} again");
        }
    }
}
