//! What the server sends on a game's socket: the versioned events (each with its `v`), the
//! whole game, and the unversioned messages.

use duobao_rules::Color;
use serde::{Deserialize, Serialize};

use crate::{GameView, Presence, RatingChanges};

/// A frame the server sends. The server writes it with its derived `Serialize`; a client reads
/// it with [`ServerFrame::read`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum ServerFrame {
    /// The whole game at version `v`: it replaces what the client had.
    Full { v: u64, game: Box<GameView> },
    /// The second player took the seat: `playing`, Red's turn started.
    Joined {
        v: u64,
        at: i64,
        turn: Option<Color>,
        ms_left: Option<u64>,
    },
    /// Ply `ply` was played by `by` (`pass` for a timed-out turn); `turn` is the seat to move
    /// next and `ms_left` its time, both `None` when the move ended the game.
    Move {
        v: u64,
        ply: u32,
        #[serde(rename = "move")]
        notation: String,
        by: Color,
        at: i64,
        turn: Option<Color>,
        ms_left: Option<u64>,
    },
    /// The standing offers.
    Offers {
        v: u64,
        draw: Option<Color>,
        rematch: Option<Color>,
    },
    /// The turn was started afresh (after the server was down).
    Clock {
        v: u64,
        at: i64,
        turn: Option<Color>,
        ms_left: Option<u64>,
    },
    /// The game is over: `result` reads as an [`OnlineEnd`](crate::OnlineEnd); a rated game's
    /// end carries what it changed of each seat's rating, stored with it.
    End {
        v: u64,
        at: i64,
        result: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        changes: Option<RatingChanges>,
    },
    /// The rematch is game `id`: the same secrets play it, colours swapped.
    Rematch { v: u64, id: String },
    /// Who has a socket open now.
    Presence(Presence),
    /// The client's move for ply `ply` is stored: only this means it counts.
    Ack { ply: u32 },
    /// The answer to a ping; `turn` is `None` unless `playing`.
    Pong {
        turn: Option<Color>,
        ms_left: Option<u64>,
    },
    /// Something the client sent was refused (`error`, the code of a
    /// [`Refusal`](crate::Refusal)); nothing changed. Also the body of an HTTP refusal.
    Error { error: String, reason: String },
}

/// A server frame as it is read: every field any frame has, keyed by `t`. One flat reader
/// rather than serde's internally tagged enum, which buffers each frame and reads it again for
/// its kind: that took 42 KB more of the app's game screen download (docs/PERFORMANCE.md).
#[derive(Deserialize)]
struct Flat {
    t: String,
    v: Option<u64>,
    game: Option<Box<GameView>>,
    at: Option<i64>,
    turn: Option<Color>,
    ms_left: Option<u64>,
    ply: Option<u32>,
    #[serde(rename = "move")]
    notation: Option<String>,
    by: Option<Color>,
    draw: Option<Color>,
    rematch: Option<Color>,
    result: Option<String>,
    changes: Option<RatingChanges>,
    id: Option<String>,
    red: Option<bool>,
    black: Option<bool>,
    watchers: Option<u32>,
    error: Option<String>,
    reason: Option<String>,
}

impl Flat {
    /// The frame of kind `t` with the fields it must have; `None` when one is missing or the
    /// kind is unknown.
    fn frame(self) -> Option<ServerFrame> {
        let Flat {
            t,
            v,
            game,
            at,
            turn,
            ms_left,
            ply,
            notation,
            by,
            draw,
            rematch,
            result,
            changes,
            id,
            red,
            black,
            watchers,
            error,
            reason,
        } = self;
        Some(match t.as_str() {
            "full" => ServerFrame::Full { v: v?, game: game? },
            "joined" => ServerFrame::Joined {
                v: v?,
                at: at?,
                turn,
                ms_left,
            },
            "move" => ServerFrame::Move {
                v: v?,
                ply: ply?,
                notation: notation?,
                by: by?,
                at: at?,
                turn,
                ms_left,
            },
            "offers" => ServerFrame::Offers {
                v: v?,
                draw,
                rematch,
            },
            "clock" => ServerFrame::Clock {
                v: v?,
                at: at?,
                turn,
                ms_left,
            },
            "end" => ServerFrame::End {
                v: v?,
                at: at?,
                result: result?,
                changes,
            },
            "rematch" => ServerFrame::Rematch { v: v?, id: id? },
            "presence" => ServerFrame::Presence(Presence {
                red: red?,
                black: black?,
                watchers: watchers?,
            }),
            "ack" => ServerFrame::Ack { ply: ply? },
            "pong" => ServerFrame::Pong { turn, ms_left },
            "error" => ServerFrame::Error {
                error: error?,
                reason: reason.unwrap_or_default(),
            },
            _ => return None,
        })
    }
}

/// A server frame that is not one of the protocol's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Garbled(pub String);

impl std::fmt::Display for Garbled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not a frame of the protocol's: {}", self.0)
    }
}

impl std::error::Error for Garbled {}

impl ServerFrame {
    /// Reads a text frame.
    pub fn read(text: &str) -> Result<ServerFrame, Garbled> {
        let flat: Flat = serde_json::from_str(text).map_err(|error| Garbled(error.to_string()))?;
        let kind = flat.t.clone();
        flat.frame()
            .ok_or_else(|| Garbled(format!("a `{kind}` frame the protocol does not know")))
    }

    /// The frame's text, as the server sends it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The version of an event; `None` for `full`, which replaces the state rather than follows
    /// it, and for the unversioned messages.
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
            | ServerFrame::Error { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Offers, SeatPlayer, Status};

    fn game() -> GameView {
        GameView {
            id: "k3w9x2mq7d".into(),
            status: Status::Playing,
            turn_seconds: 60,
            rated: true,
            red: Some(SeatPlayer {
                name: "小红".into(),
                rating: 1500.0,
                provisional: true,
                change: None,
            }),
            black: None,
            moves: vec!["c3c2".into(), "b4b3".into(), "pass".into()],
            turn: Some(Color::Black),
            ms_left: Some(41250),
            result: None,
            offers: Offers::default(),
            rematch: None,
            rematch_of: None,
            presence: Presence {
                red: true,
                black: false,
                watchers: 0,
            },
            you: Some(Color::Red),
            created_at: 1_796_400_000_000,
        }
    }

    /// One frame of each kind, as the server builds them.
    fn every_frame() -> Vec<ServerFrame> {
        vec![
            ServerFrame::Full {
                v: 7,
                game: Box::new(game()),
            },
            ServerFrame::Joined {
                v: 2,
                at: 1_796_400_000_000,
                turn: Some(Color::Red),
                ms_left: Some(60000),
            },
            ServerFrame::Move {
                v: 2,
                ply: 0,
                notation: "c3c2".into(),
                by: Color::Red,
                at: 1_796_400_000_000,
                turn: Some(Color::Black),
                ms_left: Some(60000),
            },
            ServerFrame::Move {
                v: 9,
                ply: 7,
                notation: "pass".into(),
                by: Color::Black,
                at: 1,
                turn: None,
                ms_left: None,
            },
            ServerFrame::Offers {
                v: 3,
                draw: Some(Color::Black),
                rematch: None,
            },
            ServerFrame::Clock {
                v: 4,
                at: 1_796_400_000_000,
                turn: Some(Color::Red),
                ms_left: Some(60000),
            },
            ServerFrame::End {
                v: 5,
                at: 1_796_400_000_000,
                result: "red treasure".into(),
                changes: None,
            },
            ServerFrame::End {
                v: 5,
                at: 1_796_400_000_000,
                result: "black resign".into(),
                changes: Some(RatingChanges {
                    red: -9.25,
                    black: 11.5,
                }),
            },
            ServerFrame::Rematch {
                v: 6,
                id: "g2".into(),
            },
            ServerFrame::Presence(Presence {
                red: true,
                black: false,
                watchers: 2,
            }),
            ServerFrame::Ack { ply: 0 },
            ServerFrame::Pong {
                turn: None,
                ms_left: None,
            },
            ServerFrame::Error {
                error: "wrong_secret".into(),
                reason: "that secret does not open a seat of this game".into(),
            },
        ]
    }

    #[test]
    fn every_frame_the_server_writes_reads_back_the_same() {
        for frame in every_frame() {
            let text = frame.to_json();
            assert_eq!(ServerFrame::read(&text), Ok(frame), "{text}");
        }
    }

    #[test]
    fn frames_are_written_as_the_protocol_shows_them() {
        let written: Vec<serde_json::Value> = every_frame()
            .iter()
            .map(|frame| serde_json::from_str(&frame.to_json()).unwrap())
            .collect();
        assert_eq!(
            written[2],
            serde_json::json!({"t": "move", "v": 2, "ply": 0, "move": "c3c2", "by": "red",
                "at": 1_796_400_000_000_i64, "turn": "black", "ms_left": 60000})
        );
        assert_eq!(
            written[9],
            serde_json::json!({"t": "presence", "red": true, "black": false, "watchers": 2})
        );
        assert_eq!(
            written[11],
            serde_json::json!({"t": "pong", "turn": null, "ms_left": null})
        );
    }

    #[test]
    fn fields_left_out_or_added_are_read_as_the_protocol_allows() {
        // As PROTOCOL.md's table lists it, without `turn`.
        assert_eq!(
            ServerFrame::read(r#"{"t":"joined","v":2,"at":5,"ms_left":60000}"#)
                .unwrap()
                .event_version(),
            Some(2)
        );
        // A field the protocol may add later is no reason to drop a frame.
        assert_eq!(
            ServerFrame::read(r#"{"t":"ack","ply":3,"node":"b"}"#),
            Ok(ServerFrame::Ack { ply: 3 })
        );
    }

    #[test]
    fn a_frame_that_is_not_the_protocols_is_an_error() {
        for garbled in [
            "",
            "null",
            "[1,2,3]",
            "{}",
            r#"{"t":"launch"}"#,
            r#"{"t":"ack"}"#,
            r#"{"t":"ack","ply":-1}"#,
            r#"{"t":"move","v":2,"ply":0,"move":"c3c2","by":"green","at":1,"turn":null,"ms_left":null}"#,
            r#"{"t":"full","v":1,"game":{"id":"g"}}"#,
            r#"{"t":"presence","red":"yes","black":false,"watchers":0}"#,
            "<!doctype html>",
            "{\"t\":\"end\",\"v\":1,\"at\":1,\"result\":\"red tr",
        ] {
            assert!(ServerFrame::read(garbled).is_err(), "{garbled}");
        }
    }
}
