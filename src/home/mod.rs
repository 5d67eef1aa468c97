//! The start screen: play against the computer or a friend, continue a saved game, read the
//! rules, change the settings.

mod play_from;
mod saved_game_question;
pub mod setup;
mod view;
mod vs_ai_dialog;

pub use play_from::PlayFromDialog;
pub use saved_game_question::{Replacing, SavedGameQuestion};
pub use view::HomeScreen;
