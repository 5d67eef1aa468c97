//! The game screen, in three rooms and a door:
//! - `controller/`, the model: the live game's turn flow free of any UI, with its parts (the
//!   clock, the computer's turn, the hint, what the players agree on, a game online); its
//!   fields are its own files' alone, the rest of the folder uses its methods;
//! - `tasks/`, what runs beside the view without a tap: the computer's moves, the hint's
//!   search, the clock on real time, the game in the background, the screen kept awake, the
//!   socket of a game online;
//! - `views/`, what the player sees: the screen, the players' bars, the menu, the dialogs and
//!   the panels;
//! - `handle.rs`, the door: the game as the rest of the app holds it.

mod controller;
mod handle;
mod tasks;
mod views;

pub use handle::{use_game, GameHandle};
pub use views::GameViewBody;
