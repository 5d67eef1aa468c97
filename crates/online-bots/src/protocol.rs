//! The messages of docs/PROTOCOL.md, typed from the page alone: nothing here comes from the
//! server's crate, so that a bot which plays proves the page is enough to write a client.
//! Fields a bot does not read are still declared, so that a frame missing one is refused here
//! as it would be by any client that trusts the page.

use serde::{Deserialize, Serialize};

/// `red` or `black`.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    Red,
    Black,
}

impl Seat {
    pub fn color(self) -> duobao_rules::Color {
        match self {
            Seat::Red => duobao_rules::Color::Red,
            Seat::Black => duobao_rules::Color::Black,
        }
    }

    pub fn other(self) -> Seat {
        match self {
            Seat::Red => Seat::Black,
            Seat::Black => Seat::Red,
        }
    }
}

impl From<duobao_rules::Color> for Seat {
    fn from(color: duobao_rules::Color) -> Seat {
        match color {
            duobao_rules::Color::Red => Seat::Red,
            duobao_rules::Color::Black => Seat::Black,
        }
    }
}

/// The creator's seat in `POST /api/online/games`.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Red,
    Black,
    Random,
}

#[derive(Debug, Serialize)]
pub struct CreateRequest {
    pub side: Side,
    pub turn_seconds: u32,
    /// Whether the game moves its players' ratings; left out, as the page allows, when not.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
}

/// `POST /api/online/seeks`.
#[derive(Debug, Serialize)]
pub struct SeekRequest {
    pub turn_seconds: u32,
}

/// The answer 201 to a creation.
#[derive(Debug, Deserialize)]
pub struct Created {
    pub id: String,
    pub seat: Seat,
    pub secret: String,
    pub invite: String,
}

/// A seat's secret as the page asks a client to draw one: 32 characters of URL-safe base64
/// from a cryptographic generator (rand's thread generator).
pub fn new_secret() -> String {
    use rand::Rng;
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut rng = rand::rng();
    (0..32)
        .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
        .collect()
}

#[derive(Debug, Serialize)]
pub struct JoinRequest<'a> {
    pub invite: &'a str,
    /// The seat's secret, drawn here, so that a join whose answer was lost can be sent again.
    pub secret: &'a str,
}

/// The answer 200 to a join.
#[derive(Debug, Deserialize)]
pub struct Joined {
    pub seat: Seat,
    pub secret: String,
}

/// `POST /api/online/seeks/{seek}`: waiting on.
#[derive(Debug, Serialize)]
pub struct SeekKey<'a> {
    pub secret: &'a str,
}

/// The answer to a seek: paired (201) or still waiting (202).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum SeekAnswer {
    Paired(Paired),
    Waiting(Waiting),
}

/// A seek paired: the game, the seat and its secret.
#[derive(Debug, Deserialize)]
pub struct Paired {
    pub id: String,
    pub seat: Seat,
    pub secret: String,
}

/// A seek still waiting: its id, and the secret that renews it (the seat's, once paired).
#[derive(Debug, Deserialize)]
pub struct Waiting {
    pub seek: String,
    pub secret: String,
}

/// `POST /api/players`: the name a player chooses.
#[derive(Debug, Serialize)]
pub struct NewPlayer<'a> {
    pub name: &'a str,
}

/// The answer 201 to registering: the token plays as the player, sent as
/// `Authorization: Bearer TOKEN`.
#[derive(Debug, Deserialize)]
pub struct Account {
    pub id: String,
    pub name: String,
    pub token: String,
}

/// One speed's rating in a profile.
#[derive(Debug, Deserialize)]
pub struct SpeedRating {
    pub rating: f64,
    pub rd: f64,
    pub volatility: f64,
    /// The rated games ended at this speed.
    pub games: u32,
    pub provisional: bool,
}

#[derive(Debug, Deserialize)]
pub struct Ratings {
    pub fast: SpeedRating,
    pub standard: SpeedRating,
}

#[derive(Debug, Deserialize)]
pub struct Results {
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
}

/// `GET /api/players/{name}`.
#[derive(Debug, Deserialize)]
pub struct Profile {
    pub name: String,
    pub ratings: Ratings,
    pub results: Results,
}

/// One of `GET /api/players/{name}/games`, newest first.
#[derive(Debug, Deserialize)]
pub struct PlayerGame {
    pub id: String,
    pub turn_seconds: u32,
    pub rated: bool,
    pub seat: Seat,
    pub opponent: Option<String>,
    pub result: Option<String>,
    pub created_at: u64,
    pub ended_at: Option<u64>,
    /// Set once a rated game ended: the rating at its speed before it, and what it changed.
    pub rating_before: Option<f64>,
    pub change: Option<f64>,
}

/// A seat's player in a game's view (`null` there when anonymous).
#[derive(Debug, Deserialize)]
pub struct SeatPlayer {
    pub name: String,
    pub rating: f64,
    pub provisional: bool,
    /// Once a rated game ended.
    #[serde(default)]
    pub change: Option<f64>,
}

/// What a rated game's end changed of each seat's rating.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChanges {
    pub red: f64,
    pub black: f64,
}

/// A refusal, HTTP or on the socket: `{"error":"<code>","reason":"…"}`.
#[derive(Debug, Deserialize)]
pub struct Refusal {
    pub error: String,
    pub reason: String,
}

#[derive(Copy, Clone, Debug, Eq, PartialEq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Waiting,
    Playing,
    Ended,
}

#[derive(Debug, Deserialize)]
pub struct Offers {
    pub draw: Option<Seat>,
    pub rematch: Option<Seat>,
}

#[derive(Debug, Deserialize)]
pub struct Presence {
    pub red: bool,
    pub black: bool,
    pub watchers: u32,
}

/// *The game*, as `full` and `GET /api/online/games/{id}` carry it.
#[derive(Debug, Deserialize)]
pub struct GameView {
    pub id: String,
    pub status: Status,
    pub turn_seconds: u32,
    pub rated: bool,
    pub red: Option<SeatPlayer>,
    pub black: Option<SeatPlayer>,
    pub moves: Vec<String>,
    pub turn: Option<Seat>,
    pub ms_left: Option<u64>,
    pub result: Option<String>,
    pub offers: Offers,
    pub rematch: Option<String>,
    pub rematch_of: Option<String>,
    pub presence: Presence,
    /// Absent from the HTTP answer, `null` for a watcher.
    #[serde(default)]
    pub you: Option<Seat>,
    pub created_at: u64,
}

/// What a client sends on the socket.
#[derive(Debug, Serialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum ClientFrame<'a> {
    Hello {
        #[serde(skip_serializing_if = "Option::is_none")]
        secret: Option<&'a str>,
        v: u64,
    },
    Move {
        ply: usize,
        #[serde(rename = "move")]
        mv: &'a str,
    },
    Resign,
    Draw {
        yes: bool,
    },
    Abort,
    Claim,
    Rematch {
        yes: bool,
    },
    Ping,
}

/// What the server sends on the socket: the versioned events, then the rest.
#[derive(Debug, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum ServerFrame {
    Full {
        v: u64,
        game: Box<GameView>,
    },
    Joined {
        v: u64,
        at: u64,
        ms_left: u64,
    },
    Move {
        v: u64,
        ply: usize,
        #[serde(rename = "move")]
        mv: String,
        by: Seat,
        at: u64,
        turn: Option<Seat>,
        ms_left: Option<u64>,
    },
    Offers {
        v: u64,
        draw: Option<Seat>,
        rematch: Option<Seat>,
    },
    Clock {
        v: u64,
        at: u64,
        turn: Seat,
        ms_left: u64,
    },
    End {
        v: u64,
        at: u64,
        result: String,
        /// A rated game's; absent for a casual or aborted one.
        #[serde(default)]
        changes: Option<RatingChanges>,
    },
    Rematch {
        v: u64,
        id: String,
    },
    Presence(Presence),
    Ack {
        ply: usize,
    },
    Pong {
        turn: Option<Seat>,
        ms_left: Option<u64>,
    },
    Error(Refusal),
}

impl ServerFrame {
    /// The version of an event; `None` for the unversioned messages and for `full`, which
    /// replaces the state rather than following it.
    pub fn event_version(&self) -> Option<u64> {
        match *self {
            ServerFrame::Joined { v, .. }
            | ServerFrame::Move { v, .. }
            | ServerFrame::Offers { v, .. }
            | ServerFrame::Clock { v, .. }
            | ServerFrame::End { v, .. }
            | ServerFrame::Rematch { v, .. } => Some(v),
            ServerFrame::Full { .. }
            | ServerFrame::Presence(_)
            | ServerFrame::Ack { .. }
            | ServerFrame::Pong { .. }
            | ServerFrame::Error(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = include_str!("../../../docs/PROTOCOL.md");

    fn to_json(frame: &ClientFrame<'_>) -> String {
        serde_json::to_string(frame).unwrap()
    }

    /// The page's JSON blocks that are JSON (the others hold `…` for what is elided).
    fn json_blocks() -> Vec<&'static str> {
        PAGE.split("```json\n")
            .skip(1)
            .filter_map(|rest| rest.split("```").next())
            .filter(|block| serde_json::from_str::<serde_json::Value>(block).is_ok())
            .collect()
    }

    #[test]
    fn the_client_frames_are_written_as_the_page_writes_them() {
        let frames = [
            (
                ClientFrame::Hello {
                    secret: Some("…"),
                    v: 0,
                },
                r#"{"t":"hello","secret":"…","v":0}"#,
            ),
            (
                ClientFrame::Move { ply: 0, mv: "c3c2" },
                r#"{"t":"move","ply":0,"move":"c3c2"}"#,
            ),
            (ClientFrame::Resign, r#"{"t":"resign"}"#),
            (
                ClientFrame::Draw { yes: true },
                r#"{"t":"draw","yes":true}"#,
            ),
            (
                ClientFrame::Draw { yes: false },
                r#"{"t":"draw","yes":false}"#,
            ),
            (ClientFrame::Abort, r#"{"t":"abort"}"#),
            (ClientFrame::Claim, r#"{"t":"claim"}"#),
            (
                ClientFrame::Rematch { yes: true },
                r#"{"t":"rematch","yes":true}"#,
            ),
            (
                ClientFrame::Rematch { yes: false },
                r#"{"t":"rematch","yes":false}"#,
            ),
            (ClientFrame::Ping, r#"{"t":"ping"}"#),
        ];
        for (frame, text) in frames {
            assert_eq!(to_json(&frame), text);
            assert!(PAGE.contains(text), "the page writes {text}");
        }
        assert_eq!(
            to_json(&ClientFrame::Hello { secret: None, v: 3 }),
            r#"{"t":"hello","v":3}"#
        );
    }

    #[test]
    fn the_pages_game_reads_as_a_game() {
        let games: Vec<GameView> = json_blocks()
            .into_iter()
            .filter(|block| block.contains("\"status\""))
            .map(|block| serde_json::from_str(block).unwrap())
            .collect();
        assert_eq!(games.len(), 1, "the page shows one game");
        let game = &games[0];
        assert_eq!(game.status, Status::Playing);
        assert_eq!(game.moves, ["c3c2", "b4b3", "pass"]);
        assert_eq!((game.turn, game.ms_left), (Some(Seat::Black), Some(41250)));
        assert_eq!(game.you, Some(Seat::Red));
        assert!(game.presence.red && !game.presence.black);
        assert_eq!((game.offers.draw, game.offers.rematch), (None, None));
        assert!(game.rated);
        let names = [&game.red, &game.black].map(|p| p.as_ref().map(|p| p.name.as_str()));
        assert_eq!(names, [Some("小明_7"), Some("Lin")]);
    }

    /// The first of the page's JSON blocks that holds `field`, read as `T`.
    fn block_with<T: serde::de::DeserializeOwned>(field: &str) -> T {
        let block = json_blocks()
            .into_iter()
            .find(|block| block.contains(&format!("\"{field}\"")))
            .unwrap_or_else(|| panic!("the page shows a block with {field}"));
        serde_json::from_str(block).unwrap_or_else(|e| panic!("{block}: {e}"))
    }

    #[test]
    fn the_pages_player_answers_read() {
        let account: Account = block_with("token");
        assert_eq!(account.name, "小明_7");
        let profile: Profile = block_with("ratings");
        assert_eq!(profile.name, account.name);
        assert!(profile.ratings.fast.provisional && !profile.ratings.standard.provisional);
        assert!(profile.ratings.standard.games > 0);
        let games: Vec<PlayerGame> = block_with("rating_before");
        let rated: Vec<_> = games.iter().filter(|game| game.rated).collect();
        assert!(!rated.is_empty() && rated.iter().all(|game| game.change.is_some()));
        let end: ServerFrame = block_with("changes");
        let ServerFrame::End {
            changes: Some(changes),
            ..
        } = end
        else {
            panic!("{end:?} is no rated game's end");
        };
        assert!(changes.red > 0.0 && changes.black < 0.0);
        let seat: SeatPlayer = block_with("provisional");
        assert_eq!(seat.change, Some(changes.black));
    }

    #[test]
    fn the_pages_requests_are_written_as_the_page_writes_them() {
        let blocks = json_blocks();
        let written = |body: String| blocks.contains(&format!("{body}\n").as_str());
        let create = CreateRequest {
            side: Side::Red,
            turn_seconds: 60,
            rated: false,
        };
        assert!(written(serde_json::to_string(&create).unwrap()));
        let rated = CreateRequest {
            side: Side::Random,
            rated: true,
            ..create
        };
        assert!(written(serde_json::to_string(&rated).unwrap()));
        let player = NewPlayer { name: "小明_7" };
        assert!(written(serde_json::to_string(&player).unwrap()));
        assert!(written(serde_json::json!({"turn_seconds": 60}).to_string()));
    }

    #[test]
    fn the_server_frames_of_the_page_read() {
        // The page's examples, with its `…` filled in.
        let frames = [
            r#"{"t":"full","v":7,"game":{"id":"g1","status":"waiting","turn_seconds":60,"rated":false,"red":null,"black":null,"moves":[],"turn":null,"ms_left":null,"result":null,"offers":{"draw":null,"rematch":null},"rematch":null,"rematch_of":null,"presence":{"red":true,"black":false,"watchers":0},"you":"red","created_at":1796400000000}}"#,
            r#"{"t":"joined","v":2,"at":1796400000000,"ms_left":60000}"#,
            r#"{"t":"move","v":2,"ply":0,"move":"c3c2","by":"red","at":1796400000000,"turn":"black","ms_left":60000}"#,
            r#"{"t":"move","v":9,"ply":7,"move":"pass","by":"black","at":1796400000000,"turn":null,"ms_left":null}"#,
            r#"{"t":"offers","v":3,"draw":"black","rematch":null}"#,
            r#"{"t":"clock","v":4,"at":1796400000000,"turn":"red","ms_left":60000}"#,
            r#"{"t":"end","v":5,"at":1796400000000,"result":"red treasure"}"#,
            r#"{"t":"end","v":5,"at":1796400000000,"result":"red treasure","changes":{"red":8.4,"black":-8.6}}"#,
            r#"{"t":"rematch","v":6,"id":"g2"}"#,
            r#"{"t":"presence","red":true,"black":false,"watchers":0}"#,
            r#"{"t":"ack","ply":0}"#,
            r#"{"t":"pong","turn":"red","ms_left":41250}"#,
            r#"{"t":"pong","turn":null,"ms_left":null}"#,
            r#"{"t":"error","error":"wrong_secret","reason":"that key does not open this seat"}"#,
        ];
        let versions: Vec<Option<u64>> = frames
            .iter()
            .map(|text| {
                serde_json::from_str::<ServerFrame>(text)
                    .unwrap_or_else(|e| panic!("{text}: {e}"))
                    .event_version()
            })
            .collect();
        let events = [
            None,
            Some(2),
            Some(2),
            Some(9),
            Some(3),
            Some(4),
            Some(5),
            Some(5),
            Some(6),
        ];
        assert_eq!(versions[..9], events);
        assert!(versions[9..].iter().all(Option::is_none));
        assert!(serde_json::from_str::<ServerFrame>(r#"{"t":"ack"}"#).is_err());
    }
}
