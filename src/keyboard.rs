//! Keys for what the screens offer to taps. Enter or Space on a focused board point taps it, as
//! on a button; an element marked `data-keys="ArrowLeft …"` (a review's step buttons) is clicked
//! by those keys, within the open dialog if there is one. Escape belongs to Back
//! (`navigation::history`). A script of the page rather than dioxus' keyboard events: their
//! conversion into Rust would add about 9 KB to the gzipped download, for a few keys that only
//! need to click what a tap clicks.

use dioxus::prelude::*;

const KEYBOARD_SCRIPT: &str = r#"
    document.addEventListener("keydown", (event) => {
        if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
        const focused = document.activeElement;
        let target = null;
        if ((event.key === "Enter" || event.key === " ") && focused?.matches("[data-point]")) {
            target = focused;
        } else {
            const scope = document.querySelector('[role="dialog"]') ?? document;
            target = [...scope.querySelectorAll("[data-keys]")].find(
                (element) => !element.disabled && element.dataset.keys.split(" ").includes(event.key),
            );
        }
        if (!target) return;
        event.preventDefault();
        target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    });
    await new Promise(() => {});
"#;

/// Starts the keys for the whole app; called once, by the root component.
pub fn use_keyboard() {
    // The listener lives in the page; nothing comes back from it.
    use_hook(|| document::eval(KEYBOARD_SCRIPT));
}
