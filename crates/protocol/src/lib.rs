//! The online games' protocol (`docs/PROTOCOL.md`) as types, written once for both sides: the
//! server (`duobao-online`, `duobao-serve`) builds its frames and answers from them and reads
//! the clients' with them; the app reads the server's and writes its own with them. A field
//! changed here changes both, so that a side that does not follow fails to compile.
//!
//! A seat is the rules' [`Color`](duobao_rules::Color), written `red` or `black`.
//!
//! The app reads the server's frames with one flat reader ([`ServerFrame::read`]) rather than
//! a derived one: that is what keeps serde's readers small in its download
//! (docs/PERFORMANCE.md). Nothing here is on the app's page thread beyond that.

mod client;
mod game;
mod http;
mod limits;
mod offers;
mod players;
mod presence;
mod refusal;
mod result;
mod server;
mod status;
mod tablebase;

pub use client::ClientFrame;
pub use game::GameView;
pub use http::{CreateGame, Created, JoinGame, NewSeek, Seated, SeekKey, Side, Waiting};
pub use limits::{MAX_BODY, MAX_FRAME, TURN_SECONDS};
pub use offers::Offers;
pub use players::{
    Account, LeaderboardEntry, NewPlayer, PlayerGame, Profile, RatingChanges, Ratings, Results,
    SeatPlayer, SignIn, SignInCode, SpeedRating,
};
pub use presence::Presence;
pub use refusal::Refusal;
pub use result::{OnlineEnd, UnknownResult};
pub use server::{Garbled, ServerFrame};
pub use status::{Status, UnknownStatus};
pub use tablebase::{Category, TablebaseAnswer, TablebaseMove};
