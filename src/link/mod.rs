//! The app's links, both ways: what a link carries and how it is written (`write.rs`: a game,
//! a position on the analysis board, a move sent to a friend), and how the app reads the link
//! it was opened with (`read.rs`: the options for this visit and what it opens), and a game
//! played online, in the fragment (`online.rs`).

mod online;
mod read;
mod write;

pub use online::{online_fragment, online_link, OnlineLink};
pub use read::{BadLink, Link, LinkedGame, Opening};
pub use write::{analysis_query, by_link_query, game_query, BadPly};
