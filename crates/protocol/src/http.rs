//! The bodies of the HTTP requests under `/api/online` and of their answers. A refusal's body
//! is the socket's `error` frame ([`Refusal::frame`](crate::Refusal::frame)).

use duobao_rules::Color;
use serde::{Deserialize, Serialize};

/// The creator's seat, as asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Red,
    Black,
    Random,
}

/// `POST /api/online/games`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    pub side: Side,
    pub turn_seconds: u32,
    /// Whether the game moves its players' ratings: only a signed-in creator may ask, and only
    /// a signed-in player may then join. Casual when left out.
    #[serde(default)]
    pub rated: bool,
}

/// `POST /api/online/games/{id}/join`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinGame {
    pub invite: String,
    /// The seat's secret, drawn by the client, so that a join whose answer was lost can be
    /// sent again and answered again; drawn by the server when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
}

/// `POST /api/online/seeks`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewSeek {
    pub turn_seconds: u32,
}

/// `POST /api/online/seeks/{seek}` and `DELETE` of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeekKey {
    pub secret: String,
}

/// The answer to creating a game (201).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Created {
    pub id: String,
    pub seat: Color,
    pub secret: String,
    pub invite: String,
}

/// The answer to joining (200, without `id`), and to a seek once paired (201, with it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seated {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub seat: Color,
    pub secret: String,
}

/// The answer to a seek still waiting (202).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    pub seek: String,
    pub secret: String,
}
