//! The start screen: play against the computer or a friend, continue a saved game, read the
//! rules, change the settings.

mod saved_game_question;
mod view;

pub use saved_game_question::AskedQuestion;
pub use view::HomeScreen;
