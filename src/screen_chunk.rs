//! Screens whose code the web build loads when they are first opened, so that the module the
//! first screen waits for holds only the home screen and what every screen shares.
//!
//! `split_screen!` declares a screen as the entry of a WebAssembly chunk of its own: with the
//! `wasm-split` feature (the release web build, `scripts/build-web.sh`, which runs dx with
//! `--wasm-split`), the screen's body is reached only through dx's lazy loader, so dx's
//! splitter moves it, and all the code only it uses, out of the main module. Until its chunk
//! has arrived, [`ScreenLoading`] stands in its place; a chunk that cannot be fetched shows
//! [`ScreenUnavailable`] (with a reload) rather than failing the app. Natively and in unsplit
//! builds the screen is its body, called directly.

use dioxus::prelude::*;

use crate::i18n::{text, Key};
use crate::prefs::Prefs;

/// `split_screen!(pub ReviewScreen(ReviewProps) => Review)` declares the component
/// `ReviewScreen`, taking the props of the component `Review` (its body, declared with
/// `#[component]` and used nowhere else) and drawing it.
macro_rules! split_screen {
    ($(#[$doc:meta])* $vis:vis $screen:ident($props:ty) => $body:ident) => {
        $(#[$doc])*
        #[allow(non_snake_case)]
        $vis fn $screen(props: $props) -> Element {
            dioxus::config_macros::maybe_wasm_split! {
                if wasm_split {
                    {
                        static CHUNK: wasm_split::LazyLoader<$props, Element> =
                            wasm_split::lazy_loader!(extern "screen" fn $body(props: $props) -> Element);
                        $crate::screen_chunk::draw_when_loaded(&CHUNK, props)
                    }
                } else {
                    {
                        $body(props)
                    }
                }
            }
        }
    };
}
pub(crate) use split_screen;

/// How long a chunk may take before the player is told it could not be loaded. dx's loader
/// says nothing when a fetch fails (it logs the error and never answers), so a chunk that has
/// not come by then is taken as failed; should it come after all, the screen is drawn.
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
const OVERDUE: std::time::Duration = std::time::Duration::from_secs(10);

/// The screen `chunk` holds, drawn with `props` once the chunk is loaded: until then
/// [`ScreenLoading`] in its place; if the download failed or is overdue, [`ScreenUnavailable`].
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub fn draw_when_loaded<P: 'static>(
    chunk: &'static wasm_split::LazyLoader<P, Element>,
    props: P,
) -> Element {
    // Hooks before the screen's own and the same on every render, so that the screen's hooks,
    // which follow them once it is loaded, keep their places.
    let mut loaded = use_signal(|| None::<bool>);
    let mut overdue = use_signal(|| false);
    let downloading = use_hook(|| std::rc::Rc::new(std::cell::Cell::new(false)));
    if let Ok(screen) = chunk.call(props) {
        return screen;
    }
    if !downloading.replace(true) {
        spawn(async move { loaded.set(Some(chunk.load().await)) });
        spawn(async move {
            crate::platform::sleep(OVERDUE).await;
            overdue.set(true);
        });
    }
    if loaded() == Some(false) || overdue() {
        return rsx! { ScreenUnavailable {} };
    }
    rsx! { ScreenLoading {} }
}

/// What a screen's place shows while its chunk downloads (on the first visit only: the service
/// worker keeps every chunk after it).
#[component]
pub fn ScreenLoading() -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    rsx! {
        div { class: "screen-loading", role: "status", "data-testid": "screen-loading",
            span { class: "thinking", {text(lang, Key::ScreenLoading)} }
        }
    }
}

/// A screen whose chunk could not be fetched (offline on the first visit, before the service
/// worker had kept it): the player can reload, which keeps the game and the settings.
#[component]
pub fn ScreenUnavailable() -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    rsx! {
        div { class: "screen-loading", role: "alert", "data-testid": "screen-unavailable",
            p { {text(lang, Key::ScreenUnavailable)} }
            button {
                class: "primary",
                r#type: "button",
                "data-testid": "screen-reload",
                onclick: move |_| {
                    document::eval("location.reload()");
                },
                {text(lang, Key::ReloadPage)}
            }
        }
    }
}
