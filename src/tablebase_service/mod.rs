//! The tablebase service: a server's endgame tables (`duobao-serve --tables DIR`), asked
//! `GET /api/tablebase?fen=FEN` for positions beyond the tables the app carries, as Lichess's
//! app asks its tablebase. It is asked on the app's server ([`ServerAddress`]), by default
//! the site the app was served from. The service helps and is never needed: offline, out of
//! reach, slow or answering nonsense, it is one more [`Reply`] and the app goes on as without it.
//!
//! Below the features: it imports only the server's address and the endgames the app carries.
//!
//! [`ServerAddress`]: crate::server_address::ServerAddress

mod answer;
mod ask;

pub use answer::{sure_outcome, MoveValue, TableAnswer};
pub use ask::{ask, best_move, Reply};
pub use duobao_protocol::Category;
