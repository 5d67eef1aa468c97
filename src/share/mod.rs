//! Sharing a game: as a link that opens its review on any device, drawn as a QR code too, and
//! through the system's share sheet where there is one.

mod text;
mod view;

pub use view::{InviteDialog, ShareDialog};
