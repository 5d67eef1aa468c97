//! What the player sees of the game: the screen (`screen.rs`), which starts the tasks beside it,
//! the players' bars, the hint's line, the panel of a game online, the menu and the dialogs
//! over the board, turned to face the player across the table in face-to-face mode.

mod ai_failed;
mod connection_panel;
mod dialogs;
mod face_to_face;
mod game_over;
mod hint_line;
mod menu;
mod resign_and_draw_dialogs;
mod screen;
mod status_bar;
mod swap_offer;

pub use screen::GameViewBody;
