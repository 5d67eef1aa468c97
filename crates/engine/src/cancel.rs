//! Cancellation shared between the app and a running search.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag the app raises to abandon a request (undo, new game, leaving the screen). Clones share
/// the flag. A search polls it every few thousand nodes, so it stops within a millisecond or so.
#[derive(Clone, Default, Debug)]
pub struct CancelToken(Arc<Inner>);

#[derive(Default, Debug)]
struct Inner {
    cancelled: AtomicBool,
    /// A token cancelled with its parent, so that an internal stop never touches the caller's.
    parent: Option<CancelToken>,
}

impl CancelToken {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn cancel(&self) {
        self.0.cancelled.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.cancelled.load(Ordering::Relaxed)
            || self
                .0
                .parent
                .as_ref()
                .is_some_and(CancelToken::is_cancelled)
    }

    /// A new token that is cancelled when this one is, and can also be cancelled on its own.
    pub fn child(&self) -> CancelToken {
        CancelToken(Arc::new(Inner {
            cancelled: AtomicBool::new(false),
            parent: Some(self.clone()),
        }))
    }
}

/// Cancels its token when dropped: held by an async request, it stops the work when the
/// awaiting future goes away. Native only: on the web no future awaits the engine's work.
#[cfg(not(target_arch = "wasm32"))]
pub struct StopOnDrop(pub CancelToken);

#[cfg(not(target_arch = "wasm32"))]
impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_follows_its_parent_but_not_the_reverse() {
        let parent = CancelToken::new();
        let child = parent.child();
        child.cancel();
        assert!(!parent.is_cancelled());
        let other = parent.child();
        parent.cancel();
        assert!(other.is_cancelled() && parent.clone().is_cancelled());
    }
}
