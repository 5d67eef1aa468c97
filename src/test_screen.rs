//! What the tests of the real screens see of them (built for tests alone): how often a
//! component drew, the handler each of the board's points hands its taps to and the one a review
//! hands its jumps to; and how they let a screen work until it is quiet.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::future::Future;
use std::pin::pin;
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};
use std::thread::{self, Thread};
use std::time::Duration;

use dioxus::core::{NoOpMutations, VirtualDom};
use dioxus::prelude::*;
use duobao_rules::Point;
use futures_util::future::{select, Either};

thread_local! {
    static RENDERS: RefCell<HashMap<&'static str, u32>> = RefCell::default();
    static TAPS: RefCell<HashMap<Point, EventHandler<Point>>> = RefCell::default();
    static JUMP: Cell<Option<EventHandler<usize>>> = const { Cell::new(None) };
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

/// The screen shown last hands its jumps to a ply (the review's) to `on_jump`.
pub fn jumps_to(on_jump: EventHandler<usize>) {
    JUMP.with(|jump| jump.set(Some(on_jump)));
}

/// What a jump to a ply calls, as the screen last drew.
pub fn jump_handler() -> Option<EventHandler<usize>> {
    JUMP.with(Cell::get)
}

/// Runs `future` to its end on this thread.
fn block_on<F: Future>(future: F) -> F::Output {
    struct Unpark(Thread);
    impl Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
    let waker = Waker::from(Arc::new(Unpark(thread::current())));
    let mut context = Context::from_waker(&waker);
    let mut future = pin!(future);
    loop {
        if let Poll::Ready(output) = future.as_mut().poll(&mut context) {
            return output;
        }
        thread::park();
    }
}

/// Lets the app work (render, run its effects and tasks) until it has had nothing to do for
/// longer than the saver waits before a write and a frame after a move.
pub fn settle(dom: &mut VirtualDom) {
    block_on(async {
        loop {
            dom.render_immediate(&mut NoOpMutations);
            let quiet = futures_timer::Delay::new(Duration::from_millis(1_000));
            if let Either::Right(_) = select(pin!(dom.wait_for_work()), quiet).await {
                break;
            }
        }
    });
}
