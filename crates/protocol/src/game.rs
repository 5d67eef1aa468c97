//! The whole game, as the socket's `full` and `GET /api/online/games/{id}` show it.

use duobao_rules::Color;
use serde::{Deserialize, Serialize};

use crate::{Offers, Presence, SeatPlayer, Status};

/// The whole game, as the socket's `full` and `GET /api/online/games/{id}` show it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    pub id: String,
    pub status: Status,
    pub turn_seconds: u32,
    /// Whether the game moves its players' ratings.
    #[serde(default)]
    pub rated: bool,
    /// Each seat's player; `None` for an anonymous seat or one not taken yet.
    #[serde(default)]
    pub red: Option<SeatPlayer>,
    #[serde(default)]
    pub black: Option<SeatPlayer>,
    /// The plies in notation, `pass` for a timed-out turn.
    pub moves: Vec<String>,
    /// The seat to move and what is left of its turn, while `playing`.
    pub turn: Option<Color>,
    pub ms_left: Option<u64>,
    /// Once `ended`: read it as an [`OnlineEnd`](crate::OnlineEnd).
    pub result: Option<String>,
    #[serde(default)]
    pub offers: Offers,
    /// The rematch's id once agreed, and the game this one is the rematch of.
    pub rematch: Option<String>,
    pub rematch_of: Option<String>,
    #[serde(default)]
    pub presence: Presence,
    /// The seat this socket plays; `None` for a watcher and over HTTP.
    #[serde(default)]
    pub you: Option<Color>,
    /// Milliseconds since the Unix epoch, by the server's clock.
    pub created_at: i64,
}
