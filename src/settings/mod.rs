//! The settings page: language, the computer's level, the turn time, coordinates, turning the
//! top bar around in pass-and-play, and sound.

mod view;

pub use view::SettingsScreen;
