//! The page's history, kept as deep as the navigator's stack: every entry of the stack (a
//! route, a dialog) owns one entry of the history, and going back (the browser's Back, Android's
//! Back, Escape) reports how deep the stack is to be. The browser and the native WebViews share
//! one mechanism, the page's own history, so Android's Back (the WebView goes back while it can,
//! else the activity finishes) needs nothing of its own.

use dioxus::document::Eval;
use dioxus::prelude::*;

/// Keeps the page's history as deep as the stack, and reports Back. It receives the stack's
/// depth (pushing an entry for each new one, going back over the entries of those that closed
/// themselves) and sends how many stay open when the player goes back.
/// Entries carry their depth, so a reload first returns to the entry the app started from: no
/// entry of one that no longer exists stays behind to swallow a Back. Escape goes back while
/// anything is open. Our own traversals (`travelling`) are told apart from the player's Back by
/// waiting for their `popstate`; Escape waits for its own (`escaping`).
const HISTORY_SCRIPT: &str = r#"
    const KEY = "duobaoLayers";
    const depthOf = (state) => (state && Number.isInteger(state[KEY]) ? state[KEY] : 0);
    let at = depthOf(history.state);
    let wanted = 0;
    let travelling = false;
    let escaping = false;
    const settle = () => {
        if (travelling) return;
        while (at < wanted) {
            at += 1;
            history.pushState({ [KEY]: at }, "");
        }
        if (at > wanted) {
            travelling = true;
            history.go(wanted - at);
        }
    };
    window.addEventListener("popstate", (event) => {
        at = depthOf(event.state);
        escaping = false;
        if (travelling) {
            travelling = false;
        } else if (at < wanted) {
            wanted = at;
            dioxus.send(at);
        }
        // A step forward cannot reopen what closed: settle goes back down.
        settle();
    });
    document.addEventListener("keydown", (event) => {
        if (event.key !== "Escape" || event.defaultPrevented) return;
        // One step per press: a held key must not go back past the home screen's entry.
        if (travelling || escaping || wanted === 0) return;
        event.preventDefault();
        escaping = true;
        history.back();
    });
    settle();
    for (;;) {
        wanted = await dioxus.recv();
        settle();
    }
"#;

/// Starts the script: it is sent each depth, and sends the depth Back returns to.
pub(super) fn start_history() -> Eval {
    document::eval(HISTORY_SCRIPT)
}
