//! The start screen: play against the computer or a friend, continue a saved game, read the
//! rules, change the settings.

mod confirm_new_game;
mod link_choice;
pub mod setup;
mod view;
mod vs_ai_dialog;

pub use link_choice::LinkChoiceDialog;
pub use view::HomeScreen;
pub use vs_ai_dialog::VsAiDialog;
