//! The native shell: the WebView the phones run the app in, and the desktop window that is the
//! same shell where it can be tested. The page paints the table of the player's theme from its
//! first frame, so the WebView does too (no flash of another colour at launch). The desktop window is phone-shaped, with
//! the app's title and icon and without the default "Window / Edit / Help" menu bar, which a
//! phone game has no use for. The shell also tells when the app is paused or closed, and keeps
//! the page's (the window's) title in the player's language.

use dioxus::prelude::*;

use crate::i18n::{text, Key};
use crate::prefs::Prefs;

#[cfg(feature = "desktop")]
use dioxus::desktop as native;
#[cfg(all(feature = "mobile", not(feature = "desktop")))]
use dioxus::mobile as native;

/// Starts the app in the shell of the platform it was built for.
pub fn launch(app: fn() -> Element) {
    let builder = dioxus::LaunchBuilder::new();
    #[cfg(any(feature = "desktop", feature = "mobile"))]
    let builder = builder.with_cfg(native_config());
    // In the browser the app starts in a task of its own, after the one that compiled and
    // instantiated its WebAssembly: one long task would keep a slow phone from answering a tap
    // for twice as long (the page shows the home screen's title meanwhile).
    #[cfg(target_arch = "wasm32")]
    wasm_bindgen_futures::spawn_local(async move {
        crate::platform::sleep(std::time::Duration::ZERO).await;
        builder.launch(app);
    });
    #[cfg(not(target_arch = "wasm32"))]
    builder.launch(app);
}

/// Calls `on_leave` when the native app is paused or closed, or its window loses the focus: an
/// Android activity can be paused without its WebView telling the page, and a closing window's
/// page may not get to run. In a browser the page's own events tell (see
/// [`crate::platform::VISIBILITY_SCRIPT`]).
#[cfg(any(feature = "desktop", feature = "mobile"))]
pub fn use_app_leaving(mut on_leave: impl FnMut() + 'static) {
    use native::tao::event::{Event, WindowEvent};
    native::use_wry_event_handler(move |event, _| {
        let leaving = matches!(
            event,
            Event::Suspended
                | Event::LoopDestroyed
                | Event::WindowEvent {
                    event: WindowEvent::Focused(false) | WindowEvent::CloseRequested,
                    ..
                }
        );
        if leaving {
            on_leave();
        }
    });
}

/// In a browser the page's own events tell when it is left (see
/// [`crate::platform::VISIBILITY_SCRIPT`]).
#[cfg(not(any(feature = "desktop", feature = "mobile")))]
pub fn use_app_leaving(_on_leave: impl FnMut() + 'static) {}

#[cfg(any(feature = "desktop", feature = "mobile"))]
fn native_config() -> native::Config {
    use native::{Config, LogicalSize, WindowBuilder};
    /// About a large phone's screen, in logical pixels.
    const WINDOW_SIZE: (f64, f64) = (430.0, 900.0);
    /// The smallest phone the layout is made for.
    const MIN_WINDOW_SIZE: (f64, f64) = (320.0, 568.0);
    /// The window's title before the page sets its own (in the player's language).
    const WINDOW_TITLE: &str = "夺宝棋兵 · 七兵 · Seven Soldiers";

    let (width, height) = WINDOW_SIZE;
    let (min_width, min_height) = MIN_WINDOW_SIZE;
    let ((r, g, b), head) = crate::appearance::launch_look(saved_look());
    let window = WindowBuilder::new()
        .with_background_color((r, g, b, 0xff))
        .with_title(WINDOW_TITLE)
        .with_inner_size(LogicalSize::new(width, height))
        .with_min_inner_size(LogicalSize::new(min_width, min_height));
    let config = Config::new()
        .with_window(window)
        .with_menu(None)
        .with_custom_head(head)
        .with_background_color((r, g, b, 0xff));
    match native::icon_from_memory(include_bytes!("../assets/icons/icon-128.png")) {
        Ok(icon) => config.with_icon(icon),
        // A window without its icon is still the whole game.
        Err(error) => {
            eprintln!("the window icon could not be loaded: {error}");
            config
        }
    }
}

/// The look of the saved settings, read before the app starts.
#[cfg(any(feature = "desktop", feature = "mobile"))]
fn saved_look() -> crate::appearance::Look {
    let store = crate::storage::device_store();
    crate::prefs::load_prefs(&store, crate::i18n::Lang::default()).look()
}

/// The page's title in the player's language, and on the web (index.html's `duobaoLanguage`)
/// the page's language, the installed app's names and the words of the page's "new version"
/// notice. Natively the window keeps the bilingual name the shell gives it.
pub fn use_page_title(prefs: Signal<Prefs>) {
    use_effect(move || {
        let lang = prefs.read().lang;
        let quoted = |key| serde_json::to_string(text(lang, key)).unwrap_or_default();
        document::eval(&format!(
            "document.title = {}; window.duobaoLanguage?.('{}', [{}, {}, {}]);",
            quoted(Key::AppTitle),
            lang.code(),
            quoted(Key::UpdateReady),
            quoted(Key::UpdateReload),
            quoted(Key::UpdateLater),
        ));
    });
}
