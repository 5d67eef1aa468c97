//! Live games of Duobao Qi Bing · Seven Soldiers on the server, as docs/PROTOCOL.md tells a
//! client: games created and joined by invitation or paired by turn time, one task per game
//! that alone changes it (`room`), the turn clock run by the server, and every change stored in
//! the database before anyone hears of it — a move is acknowledged to its player only once it
//! is committed. SQLite, embedded, by default; PostgreSQL where several server nodes share the
//! games (`store`). Players have names, device tokens and a Glicko-2 rating per speed; a rated
//! game's end and both players' new ratings commit in one transaction (`store::players`,
//! `player_api`), and signed-in seekers are paired by rating (`pairing`).
//!
//! [`Online::start`] resumes the games being played and returns the service; [`router`] is its
//! part of the site, `/api/online/…`, `/api/players/…` and `/api/leaderboard`, which lets in
//! the server's own pages and those of the app's native shells ([`APP_SHELL_ORIGINS`]), and
//! answers CORS for the latter. The handlers read the client's address as [`ClientIp`] from the
//! connection, for the rate limits.

mod answer;
mod backoff;
mod clock;
mod command;
mod http;
mod lag;
mod limits;
mod model;
mod origin;
mod pairing;
mod player_api;
mod room;
mod rooms;
mod secret;
mod service;
mod shared;
mod socket;
pub mod store;

pub use http::router;
/// Also the site's cap on each address's open connections (crates/serve).
pub use limits::{Held, PerAddressCount};
pub use origin::{is_app_shell, APP_SHELL_ORIGINS};

pub use duobao_protocol::{ClientFrame, Presence, Refusal, Status, TURN_SECONDS};
/// A seat at the board: the rules' colour (Red moves first), written `red` or `black`.
pub use duobao_rules::Color as Seat;
pub use model::{BadHistory, Decision, Event, GamePlayer, GameState};
pub use service::{ClientIp, Online, Options};
pub use store::{open as open_database, Database, StoreError, StoredGame};
