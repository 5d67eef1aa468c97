//! The game screen: a pure controller and clock, which dialog is open, and the views that show
//! them.

mod agreements;
mod ai_failed;
mod announcer;
pub mod clock;
mod computer_turn;
mod concession;
mod controller;
mod dialogs;
mod events;
mod feedback;
mod game_over;
mod handle;
pub mod hint;
mod menu;
mod records;
mod saving;
mod sound;
mod status_bar;
mod swap_offer;
mod table;
#[cfg(test)]
pub(crate) mod test_support;
mod view;

pub use feedback::preview_vibration;
pub use handle::{use_game, GameHandle};
pub use sound::preview_sound;
pub use view::GameView;
