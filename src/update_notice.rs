//! The web app's "new version" notice. The offline service worker (index.html registers it,
//! scripts/build-web.sh writes it) installs a new build beside the running one and lets it take
//! over only when the app is next opened, so that a page never mixes two builds' files. Once a
//! new build is waiting, this offers to switch at once: the page reloads on the new build, and
//! the saved game, settings and statistics, which live in the page's storage, are untouched.
//! Native apps have no service worker, so the notice never shows there.

use dioxus::prelude::*;

use crate::i18n::{text, Key};
use crate::prefs::Prefs;

/// Resolves `true` when a new build is installed and waiting (index.html's `duobaoUpdate`).
const WAIT_FOR_UPDATE: &str = r#"
    if (!window.duobaoUpdate) return false;
    await window.duobaoUpdate;
    return true;
"#;

/// Hands over to the waiting build (Workbox's worker skips waiting on this message) and reloads
/// once it controls the page.
const SWITCH_TO_UPDATE: &str = r#"
    const waiting = await window.duobaoUpdate;
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
    waiting.postMessage({ type: "SKIP_WAITING" });
"#;

#[component]
pub fn UpdateNotice() -> Element {
    let prefs: Signal<Prefs> = use_context();
    let mut update_ready = use_signal(|| false);
    use_hook(move || {
        spawn(async move {
            if let Ok(true) = document::eval(WAIT_FOR_UPDATE).join::<bool>().await {
                update_ready.set(true);
            }
        })
    });
    // Set aside by the player: the new build then takes over at the next launch.
    let mut later = use_signal(|| false);
    if !update_ready() || later() {
        return rsx! {};
    }
    let lang = prefs.read().lang;
    rsx! {
        div { class: "update-notice", role: "status", lang: lang.tag(), "data-testid": "update-ready",
            span { {text(lang, Key::UpdateReady)} }
            button {
                r#type: "button",
                "data-testid": "update-reload",
                onclick: move |_| {
                    document::eval(SWITCH_TO_UPDATE);
                },
                {text(lang, Key::UpdateReload)}
            }
            button {
                class: "later",
                r#type: "button",
                "data-testid": "update-later",
                onclick: move |_| later.set(true),
                {text(lang, Key::UpdateLater)}
            }
        }
    }
}
