//! Where the player can go, and how Back returns: every screen and page a [`Route`] in one stack
//! (`route`), the stack of open layers (`layers`, without a UI) and the history that follows it
//! (`history`).

mod history;
mod layers;
mod route;

pub use history::{use_back_layer, use_back_navigation};
pub use route::{Reviewed, Route, Routes};

/// A page shown over the current screen. A game under it stays as it was, with its menu open,
/// so its clock stays paused and closing the page returns to that menu.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Page {
    Rules,
    Settings,
    Learn,
    Statistics,
    /// Only from the home screen.
    Puzzles,
    /// Only from the home screen.
    Games,
}
