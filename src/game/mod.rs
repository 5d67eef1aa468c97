//! The game screen: a pure controller and clock, which dialog is open, the views that show
//! them, and the jobs that run beside the view (the computer's moves, the hint's search, the
//! clock on real time, the game in the background).

mod agreements;
mod ai_failed;
mod ai_player;
mod awake;
mod background;
pub mod clock;
mod clock_tick;
mod computer_turn;
mod concession;
mod controller;
mod controller_agreements;
mod controller_ai;
mod controller_hint;
mod controller_online;
mod controller_saved;
mod dialogs;
mod game_over;
mod handle;
pub mod hint;
mod hint_search;
mod menu;
pub mod online;
mod online_link;
mod online_panel;
mod status_bar;
mod swap_offer;
mod table;
#[cfg(test)]
pub(crate) mod test_support;
mod view;

pub use handle::{use_game, GameHandle};
pub use view::GameViewBody;
