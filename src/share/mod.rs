//! Sharing a game: as a link that opens its review on any device, drawn as a QR code too, and
//! through the system's share sheet where there is one.

mod link;
mod text;
mod view;

#[cfg(test)]
pub use link::{analysis_query, game_query};
pub use link::{replay, BadPly, ANALYSIS, BY_LINK, END, FEN, GAME, MODE, MOVES, PLY};
pub use view::ShareDialog;
