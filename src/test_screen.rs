//! What the tests of the real screens see of them (built for tests alone): how often a
//! component drew, and the handler each of the board's points hands its taps to.

use std::cell::RefCell;
use std::collections::HashMap;

use dioxus::prelude::*;
use duobao_rules::Point;

thread_local! {
    static RENDERS: RefCell<HashMap<&'static str, u32>> = RefCell::default();
    static TAPS: RefCell<HashMap<Point, EventHandler<Point>>> = RefCell::default();
}

/// The component `name` drew once more, on this thread.
pub fn rendered(name: &'static str) {
    RENDERS.with(|renders| *renders.borrow_mut().entry(name).or_default() += 1);
}

/// How often the component `name` has drawn on this thread.
pub fn renders(name: &'static str) -> u32 {
    RENDERS.with(|renders| renders.borrow().get(name).copied().unwrap_or_default())
}

/// The board's point `point` hands its taps to `on_tap`.
pub fn taps_to(point: Point, on_tap: Option<EventHandler<Point>>) {
    TAPS.with(|taps| match on_tap {
        Some(on_tap) => taps.borrow_mut().insert(point, on_tap),
        None => taps.borrow_mut().remove(&point),
    });
}

/// What a tap on the board's point `point` calls, as the point last drew.
pub fn tap_handler(point: Point) -> Option<EventHandler<Point>> {
    TAPS.with(|taps| taps.borrow().get(&point).copied())
}
