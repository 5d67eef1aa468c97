//! Where the player can go, and how Back returns: every screen and page a [`Route`] (`route`),
//! one stack of the routes and the dialogs open over them (`stack`, without a UI), the
//! [`Navigator`] every screen holds it through (`navigator`) and the page's history that follows
//! it (`history`).

mod history;
mod navigator;
mod route;
mod stack;

pub use navigator::{
    use_back_layer, use_game_opener, use_navigation, use_navigator, use_screen_back, Navigator,
    RouteScreen,
};
pub use route::{GameStart, Question, Reviewed, Route};

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
    /// The device's player: asks for a name first.
    Profile,
    Leaderboard,
}
