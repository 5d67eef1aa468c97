//! The game screen: a pure controller and clock, which dialog is open, the views that show
//! them, and the jobs that run beside the view (the computer's moves, the hint's search, the
//! clock on real time, the game in the background).

mod ai_failed;
mod ai_player;
mod announcer;
mod background;
pub mod clock;
mod clock_tick;
mod computer_turn;
mod concession;
pub mod controller;
mod dialogs;
mod feedback;
mod game_over;
pub mod hint;
mod hint_search;
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
pub use records::{use_counting, use_keeping};
pub use saving::use_saving;
pub use sound::preview_sound;
pub use view::GameView;
