//! Where the player can go from the home screen and from the game menu.

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
}
