//! Keys, swipes and quick taps for what the screens offer to taps. A touch on a board point
//! taps it as the finger lifts; Enter or Space on a focused board point taps it, as on a button;
//! an element marked `data-keys="ArrowLeft …"` (a review's step buttons) is clicked by those
//! keys, within the open dialog if there is one; a horizontal swipe across an element marked
//! `data-swipe` presses ArrowRight (to the left) or ArrowLeft (to the right). A dialog or page
//! marked `data-take-focus` takes the keyboard focus when it appears, so that a keyboard goes on
//! inside it rather than on the screen underneath. Escape belongs to Back (`navigation::history`).
//! A script of the page rather than dioxus' keyboard, pointer and mounted events: converting
//! those into Rust would add about 11 KB to the gzipped download, for a few gestures that only
//! need to click what a tap clicks.

use dioxus::prelude::*;

const SHORTCUTS_SCRIPT: &str = r#"
    // The shortest swipe that steps, in CSS pixels.
    const SWIPE_PIXELS = 40;
    // A click as a tap makes it; board points are SVG elements, which have no `click()`.
    const clickOn = (element) =>
        element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    // Clicks the enabled element that `key` stands for, within the open dialog if there is one.
    const press = (key) => {
        const scope = document.querySelector('[role="dialog"]') ?? document;
        const target = [...scope.querySelectorAll("[data-keys]")].find(
            (element) => !element.disabled && element.dataset.keys.split(" ").includes(key),
        );
        if (target) clickOn(target);
        return Boolean(target);
    };
    document.addEventListener("keydown", (event) => {
        if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
        const focused = document.activeElement;
        if ((event.key === "Enter" || event.key === " ") && focused?.matches("[data-point]")) {
            event.preventDefault();
            clickOn(focused);
        } else if (press(event.key)) {
            event.preventDefault();
        }
    });
    // A tap on a board point acts as the finger lifts, in the same task: the click the browser
    // would make of it comes after a hover, a mousedown and a mouseup of its own, each a hit test
    // and a restyle (a frame later on a slow phone). A touch that moved is a swipe or a scroll,
    // and one the browser already uses (not cancelable) is its own: both are left to it.
    const TAP_SLOP_PIXELS = 12;
    let touchFrom = null;
    document.addEventListener("touchstart", (event) => {
        const point = event.touches.length === 1 ? event.target.closest?.("[data-point]") : null;
        const [touch] = event.touches;
        touchFrom = point ? { point, x: touch.clientX, y: touch.clientY } : null;
    }, { passive: true });
    document.addEventListener("touchcancel", () => { touchFrom = null; });
    document.addEventListener("touchend", (event) => {
        const from = touchFrom;
        touchFrom = null;
        const lifted = event.changedTouches[0];
        if (!from || !event.cancelable || event.touches.length > 0 || !lifted) return;
        if (Math.hypot(lifted.clientX - from.x, lifted.clientY - from.y) > TAP_SLOP_PIXELS) return;
        // No click of the browser's after this one.
        event.preventDefault();
        clickOn(from.point);
    }, { passive: false });
    let swipeFrom = null;
    document.addEventListener("pointerdown", (event) => {
        swipeFrom = event.target.closest?.("[data-swipe]") ? event.clientX : null;
    });
    document.addEventListener("pointercancel", () => { swipeFrom = null; });
    document.addEventListener("pointerup", (event) => {
        if (swipeFrom === null) return;
        const moved = event.clientX - swipeFrom;
        swipeFrom = null;
        if (Math.abs(moved) >= SWIPE_PIXELS) press(moved < 0 ? "ArrowRight" : "ArrowLeft");
    });
    // The last one to appear is the one on top.
    new MutationObserver((records) => {
        const appeared = records.flatMap((record) => [...record.addedNodes])
            .filter((node) => node.nodeType === Node.ELEMENT_NODE)
            .flatMap((node) => [node, ...node.querySelectorAll("*")])
            .filter((element) => element.matches("[data-take-focus]"));
        appeared.at(-1)?.focus();
    }).observe(document.body, { childList: true, subtree: true });
    await new Promise(() => {});
"#;

/// Starts the keys, swipes and focus for the whole app; called once, by the root component.
pub fn use_shortcuts() {
    // The listeners live in the page; nothing comes back from them.
    use_hook(|| document::eval(SHORTCUTS_SCRIPT));
}
