//! The tablebase service: a server's endgame tables (`duobao-serve --tables DIR`), asked
//! `GET /api/tablebase?fen=FEN` for positions beyond the tables the app carries, as Lichess's
//! app asks its tablebase. Where the service lives is a setting ([`ServiceAddress`]), by default
//! the site the app was served from. The service helps and is never needed: offline, out of
//! reach, slow or answering nonsense, it is one more [`Reply`] and the app goes on as without it.
//!
//! Below the features: it imports only the storage and the endgames the app carries.

mod address;
mod answer;
mod ask;

pub use address::{choose_address, use_service_address, AddressError, ServiceAddress};
pub use answer::{Category, MoveValue, TableAnswer};
pub use ask::{ask, best_move, Reply};
