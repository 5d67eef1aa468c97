//! Back, everywhere: every open layer (a screen, a page, a dialog) owns one entry of the
//! navigation history, and going back (the browser's Back, Android's Back, Escape) closes the top
//! layer. The browser and the native WebViews share one mechanism, the page's own history, so
//! Android's Back (the WebView goes back while it can, else the activity finishes) needs nothing
//! of its own.
//!
//! A component opens a layer with [`use_back_layer`] (a [`Dialog`](crate::widgets::Dialog) and a
//! [`PageFrame`](crate::widgets::PageFrame) do it themselves): the layer is open while the
//! component is mounted.

use std::cell::RefCell;
use std::rc::Rc;

use dioxus::document::Eval;
use dioxus::prelude::*;

use super::layers::{LayerId, Layers};

/// Keeps the page's history as deep as the app's open layers, and reports Back. It receives how
/// many layers are open (pushing an entry for each new one, going back over the entries of
/// layers that closed themselves) and sends how many stay open when the player goes back.
/// Entries carry their depth, so a reload first returns to the entry the app started from: no
/// entry of a layer that no longer exists stays behind to swallow a Back. Escape goes back while
/// a layer is open. Our own traversals (`travelling`) are told apart from the player's Back by
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
        // A step forward cannot reopen a closed layer: settle goes back down.
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

/// The open layers and the page's history that follows them; shared through the context.
#[derive(Clone)]
struct BackStack {
    layers: Rc<RefCell<Layers<Callback>>>,
    history: Eval,
}

impl BackStack {
    fn open(&self, on_back: Callback) -> LayerId {
        let id = self.layers.borrow_mut().open(on_back);
        self.follow();
        id
    }

    fn close(&self, id: LayerId) {
        if self.layers.borrow_mut().close(id) {
            self.follow();
        }
    }

    /// Closes the layers above `depth`, top first, after the player went back.
    fn back_to(&self, depth: usize) {
        let closing = self.layers.borrow_mut().back_to(depth);
        for on_back in closing {
            on_back.call(());
        }
    }

    fn follow(&self) {
        let depth = self.layers.borrow().depth();
        // Fails only once the page is gone, when there is no history left to keep.
        let _ = self.history.send(depth);
    }
}

/// Starts Back for the whole app; called once, by the root component.
pub fn use_back_navigation() {
    let stack = use_context_provider(|| BackStack {
        layers: Rc::default(),
        history: document::eval(HISTORY_SCRIPT),
    });
    // Listens for as long as the app runs: the root's task ends with it.
    use_hook(move || {
        spawn(async move {
            let mut history = stack.history;
            while let Ok(depth) = history.recv::<usize>().await {
                stack.back_to(depth);
            }
        })
    });
}

/// Makes the calling component a layer with its own history entry while it is mounted: Back (or
/// Escape) while it is the top layer calls `on_back`, which must make it go away. A layer that
/// goes away by itself (its own button) takes its entry with it. `on_back` is an event handler
/// prop or a `use_callback`, which keep calling the latest closure the component rendered.
pub fn use_back_layer(on_back: EventHandler) {
    let stack: BackStack = use_context();
    let layer = use_hook({
        let stack = stack.clone();
        move || stack.open(on_back)
    });
    use_drop(move || stack.close(layer));
}
