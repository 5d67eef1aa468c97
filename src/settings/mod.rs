//! The settings page: language, the look (theme, board, pieces), the computer's level, the turn
//! time, coordinates, turning the top bar around in pass-and-play, the hint button, how loud the
//! sounds and how hard the vibrations, the endgame table service's address.

mod look;
mod service;
mod view;

pub use view::SettingsScreenBody;
