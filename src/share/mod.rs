//! Sharing a game: as a link that opens its review on any device, drawn as a QR code too, and
//! through the system's share sheet where there is one.
//!
//! The game, the study screens, Your games and Profile open these sheets: in the web build their
//! code is in a shared chunk that comes with the first chunk of screens (`crate::screens`), so a
//! sheet opens at once.

mod text;
mod view;

pub use view::{InviteSheet, ShareSheet, SignInCodeSheet};
