//! Screens whose code the web build loads when they are first opened, so that the module the
//! first screen waits for holds only the home screen and what every screen shares.
//!
//! `split_screens!` declares a group of screens as the entry of a WebAssembly chunk: with the
//! `wasm-split` feature (the release web build, `scripts/build-web.sh`, which runs dx with
//! `--wasm-split`), the screens' bodies are reached only through dx's lazy loader, so dx's
//! splitter moves them, and all the code only they use, out of the main module; what several
//! chunks use goes into shared chunks, which a chunk's loader fetches first
//! (web/wasm-split-shared-chunks.patch). Until its chunk has arrived, [`ScreenLoading`] stands in
//! its place; a chunk that cannot be fetched shows [`ScreenUnavailable`] (with a reload) rather
//! than failing the app. Natively and in unsplit builds the screen is its body, called directly.

use dioxus::prelude::*;

use crate::i18n::{text, Key};
use crate::prefs::Prefs;

/// `split_screens! { pub enum Study in study_screens { ReviewScreen(ReviewProps) =>
/// Review, … } }` declares one chunk holding the bodies of a group of screens: the components
/// `ReviewScreen`, …, each taking the props of its body (a component used nowhere else) and
/// drawing it, the first opening of any of them fetching the whole group. The chunk's one entry
/// draws the screen the enum `Study` names.
macro_rules! split_screens {
    (
        $(#[$doc:meta])* $vis:vis enum $group:ident in $entry:ident {
            $($screen:ident($props:ty) => $body:path),+ $(,)?
        }
    ) => {
        $(#[$doc])*
        #[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
        $vis enum $group {
            $($screen($props)),+
        }

        /// The chunk's entry: the screen asked for.
        #[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
        fn $entry(screen: $group) -> Element {
            match screen {
                $($group::$screen(props) => $body(props)),+
            }
        }

        /// The chunk's loader, beside its entry (a module and a function may share a name).
        #[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
        mod $entry {
            use super::*;

            pub(super) static CHUNK: wasm_split::LazyLoader<$group, Element> =
                wasm_split::lazy_loader!(extern "screens" fn $entry(screen: $group) -> Element);
        }

        $(
            #[allow(non_snake_case)]
            $vis fn $screen(props: $props) -> Element {
                dioxus::config_macros::maybe_wasm_split! {
                    if wasm_split {
                        {
                            $crate::screen_chunk::draw_when_loaded(
                                &$entry::CHUNK,
                                $group::$screen(props),
                            )
                        }
                    } else {
                        {
                            $body(props)
                        }
                    }
                }
            }
        )+
    };
}
pub(crate) use split_screens;

/// The screen `chunk` holds, drawn with `props` once the chunk is loaded: until then
/// [`ScreenLoading`], or [`ScreenUnavailable`] once the chunk could not be fetched.
#[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
pub fn draw_when_loaded<P: 'static>(
    chunk: &'static wasm_split::LazyLoader<P, Element>,
    props: P,
) -> Element {
    // Hooks before the screen's own and the same on every render, so that the screen's hooks,
    // which follow them once it is loaded, keep their places. The loader answers once the chunk
    // and its shared chunks are loaded, or with false once one could not be fetched.
    let mut loaded = use_signal(|| None::<bool>);
    let downloading = use_hook(|| std::rc::Rc::new(std::cell::Cell::new(false)));
    if let Ok(screen) = chunk.call(props) {
        return screen;
    }
    if !downloading.replace(true) {
        spawn(async move { loaded.set(Some(chunk.load().await)) });
    }
    if loaded() == Some(false) {
        rsx! { ScreenUnavailable {} }
    } else {
        rsx! { ScreenLoading {} }
    }
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
