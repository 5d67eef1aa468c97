//! The client of the online games (`docs/PROTOCOL.md`, served by `duobao-serve` at
//! `/api/online` of the app's server, [`ServerAddress`]): the protocol's messages as the types
//! the server uses too (`duobao-protocol`), its HTTP requests ([`http`]: create, join, look, seek; [`players`]: names, profiles, the leaderboard) and a game's socket
//! ([`socket`]). Everything goes through page scripts (`fetch`, `WebSocket`), the browser's on
//! the web and the WebView's natively, so that one code path serves both.
//!
//! Below the features: it imports only the server's address and the log.
//!
//! [`ServerAddress`]: crate::server_address::ServerAddress

mod answer;
mod http;
mod players;
mod socket;

pub use answer::use_answer;
pub use duobao_protocol::{
    Account, LeaderboardEntry, PlayerGame, Profile, RatingChanges, SeatPlayer,
};
pub use duobao_protocol::{
    ClientFrame, GameView, Offers, OnlineEnd, Presence, ServerFrame, Side, Status,
};
pub use http::{
    create_game, draw_secret, join, look, renew_seek, seek, stop_seek, Failure, Paired, SeekAnswer,
};
pub use players::{
    delete_account, leaderboard, new_code, player_games, profile, register, sign_in, Speed,
};
pub use socket::{Socket, SocketEvent};
