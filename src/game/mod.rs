//! The game screen: a pure controller and clock, and the views that show them.

mod board;
pub mod clock;
pub mod controller;
mod game_over;
mod menu;
mod move_list;
mod status_bar;
mod tokens;
mod view;

pub use view::GameView;
