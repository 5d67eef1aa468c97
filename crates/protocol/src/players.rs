//! Players online (`docs/PROTOCOL.md`, *Players*): registering a name, signing another device
//! in, a player's profile, games and the leaderboard, and the players of one game as its view
//! shows them. Ratings travel as numbers, never rounded: the app rounds them to show them.

use duobao_rules::Color;
use serde::{Deserialize, Serialize};

/// `POST /api/players`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewPlayer {
    pub name: String,
}

/// A device's account: the answer to registering (201) and to signing in with a code (200).
/// The token is sent back as `Authorization: Bearer TOKEN`, never in a URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Account {
    pub id: String,
    pub name: String,
    pub token: String,
}

/// The answer to `POST /api/players/me/codes` (201): a one-time code that signs another device
/// in until `expires_at` (milliseconds since the Unix epoch, by the server's clock).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignInCode {
    pub code: String,
    pub expires_at: i64,
}

/// `POST /api/players/sign-in`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    pub code: String,
}

/// One speed's rating as a profile shows it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpeedRating {
    pub rating: f64,
    pub rd: f64,
    pub volatility: f64,
    pub games: u32,
    /// The deviation, grown with the time away, is still 110 or more: shown with "?".
    pub provisional: bool,
}

/// A player's rating at each speed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ratings {
    pub fast: SpeedRating,
    pub standard: SpeedRating,
}

/// A player's ended games online, rated or not (aborted ones left out).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Results {
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
}

/// `GET /api/players/{name}` and `GET /api/players/me`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    pub name: String,
    pub ratings: Ratings,
    pub results: Results,
}

/// One of a player's games, newest first in `GET /api/players/{name}/games`: enough to list it,
/// to draw the rating chart (a rated game's rating before and its change) and to open it
/// (its moves come from `GET /api/online/games/{id}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerGame {
    pub id: String,
    pub turn_seconds: u32,
    pub rated: bool,
    /// The seat the player had.
    pub seat: Color,
    /// The opponent's name; `None` for an anonymous one or one whose account was deleted.
    pub opponent: Option<String>,
    /// Reads as an [`OnlineEnd`](crate::OnlineEnd) once the game ended.
    pub result: Option<String>,
    pub created_at: i64,
    pub ended_at: Option<i64>,
    /// The player's rating at this game's speed before it, and what the game changed, once a
    /// rated game ended.
    pub rating_before: Option<f64>,
    pub change: Option<f64>,
}

/// One row of `GET /api/leaderboard?speed=fast|standard`: the top 100 with a deviation of 75
/// or less, best first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderboardEntry {
    pub name: String,
    pub rating: f64,
    pub rd: f64,
}

/// A seat's player, as a game's view names them: `None` in the view for an anonymous seat or
/// one not taken yet.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatPlayer {
    pub name: String,
    /// The rating at the game's speed when the game started.
    pub rating: f64,
    pub provisional: bool,
    /// What the game changed, once a rated game ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change: Option<f64>,
}

/// What a rated game's end changed for each seat, as the `end` event carries it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChanges {
    pub red: f64,
    pub black: f64,
}

impl RatingChanges {
    /// The change of `seat`.
    pub fn of(&self, seat: Color) -> f64 {
        match seat {
            Color::Red => self.red,
            Color::Black => self.black,
        }
    }
}
