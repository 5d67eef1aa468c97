//! The messages of `docs/PROTOCOL.md` as types, exactly as the server writes and reads them
//! (`crates/online/src/protocol.rs`, `model.rs`, `room.rs`): the frames a client sends, the
//! server's frames, the game as `full` and `GET` show it, and a game's result read into what the
//! game screen replays. A frame that does not read is an error value, never a panic.

use duobao_rules::{Color, Concession, DrawReason, GameResult, Win, WinReason};
use serde::{Deserialize, Serialize};

/// The longest frame the server takes; a longer one closes the socket.
pub const MAX_FRAME: usize = 1024;

/// The protocol's refusal codes the client gives itself, as the server would (the `error` of a
/// refusal; all of them are listed in `docs/PROTOCOL.md`, *Errors*).
pub mod codes {
    pub const BAD_REQUEST: &str = "bad_request";
    pub const NO_GAME: &str = "no_game";
    pub const WRONG_INVITE: &str = "wrong_invite";
}

/// A frame the client sends on a game's socket.
#[derive(Clone, Debug, Eq, PartialEq, Serialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum ClientMessage {
    /// The first frame: the seat's secret (none to watch) and the last version the client has
    /// applied, 0 for none.
    Hello {
        #[serde(skip_serializing_if = "Option::is_none")]
        secret: Option<String>,
        v: u64,
    },
    /// Move `notation` (`b2c2`) as ply `ply` (the number of plies before it).
    Move {
        ply: u32,
        #[serde(rename = "move")]
        notation: String,
    },
    Resign,
    /// Offer or accept a draw (`yes`), or decline or take back.
    Draw {
        yes: bool,
    },
    Abort,
    Claim,
    /// After the end: offer or accept a rematch (`yes`), or decline or take back.
    Rematch {
        yes: bool,
    },
    Ping,
}

impl ClientMessage {
    /// The frame's text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Where a game stands.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The second seat is free.
    Waiting,
    Playing,
    Ended,
}

/// The standing offers: the seat that offers each, if any.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Deserialize, Serialize)]
pub struct Offers {
    pub draw: Option<Color>,
    pub rematch: Option<Color>,
}

/// Whether each seat has a socket open now, and how many watch.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Deserialize, Serialize)]
pub struct Presence {
    pub red: bool,
    pub black: bool,
    pub watchers: u32,
}

impl Presence {
    /// Whether `seat` has a socket open.
    pub fn of(&self, seat: Color) -> bool {
        match seat {
            Color::Red => self.red,
            Color::Black => self.black,
        }
    }
}

/// The whole game, as the socket's `full` and `GET /api/online/games/{id}` show it.
#[derive(Clone, Debug, Eq, PartialEq, Deserialize, Serialize)]
pub struct GameSnapshot {
    pub id: String,
    pub status: Status,
    pub turn_seconds: u32,
    /// The plies in notation, `pass` for a timed-out turn.
    pub moves: Vec<String>,
    /// The seat to move and what is left of its turn, while `playing`.
    pub turn: Option<Color>,
    pub ms_left: Option<u64>,
    /// Once `ended`: read it with [`read_result`].
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

/// A frame the server sends: the versioned events (each with its `v`), the whole game, and the
/// unversioned messages.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum ServerMessage {
    /// The whole game at version `v`: it replaces what the client had.
    Full { v: u64, game: GameSnapshot },
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
    /// The game is over: read `result` with [`read_result`].
    End { v: u64, at: i64, result: String },
    /// The rematch is game `id`: the same secrets play it, colours swapped.
    Rematch { v: u64, id: String },
    Presence {
        red: bool,
        black: bool,
        watchers: u32,
    },
    /// The client's move for ply `ply` is stored: only this means it counts.
    Ack { ply: u32 },
    /// The answer to a ping; `turn` is `None` unless `playing`.
    Pong {
        turn: Option<Color>,
        ms_left: Option<u64>,
    },
    /// Something this client sent was refused (`error`, the protocol's code); nothing changed.
    Error { error: String, reason: String },
}

/// A server frame as it is read: every field any frame has, keyed by `t`. One flat reader
/// rather than serde's internally tagged enum, which buffers each frame and reads it again for
/// its kind: that took 42 KB more of the game screen's download (docs/PERFORMANCE.md).
#[derive(Deserialize)]
struct Frame {
    t: String,
    v: Option<u64>,
    game: Option<GameSnapshot>,
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
    id: Option<String>,
    red: Option<bool>,
    black: Option<bool>,
    watchers: Option<u32>,
    error: Option<String>,
    reason: Option<String>,
}

impl Frame {
    /// The message of kind `t` with the fields it must have; `None` when one is missing or the
    /// kind is unknown.
    fn message(self) -> Option<ServerMessage> {
        let Frame {
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
            id,
            red,
            black,
            watchers,
            error,
            reason,
        } = self;
        Some(match t.as_str() {
            "full" => ServerMessage::Full { v: v?, game: game? },
            "joined" => ServerMessage::Joined {
                v: v?,
                at: at?,
                turn,
                ms_left,
            },
            "move" => ServerMessage::Move {
                v: v?,
                ply: ply?,
                notation: notation?,
                by: by?,
                at: at?,
                turn,
                ms_left,
            },
            "offers" => ServerMessage::Offers {
                v: v?,
                draw,
                rematch,
            },
            "clock" => ServerMessage::Clock {
                v: v?,
                at: at?,
                turn,
                ms_left,
            },
            "end" => ServerMessage::End {
                v: v?,
                at: at?,
                result: result?,
            },
            "rematch" => ServerMessage::Rematch { v: v?, id: id? },
            "presence" => ServerMessage::Presence {
                red: red?,
                black: black?,
                watchers: watchers?,
            },
            "ack" => ServerMessage::Ack { ply: ply? },
            "pong" => ServerMessage::Pong { turn, ms_left },
            "error" => ServerMessage::Error {
                error: error?,
                reason: reason?,
            },
            _ => return None,
        })
    }
}

/// A server frame that is not one of the protocol's.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Garbled(pub String);

impl ServerMessage {
    /// Reads a text frame.
    pub fn read(text: &str) -> Result<ServerMessage, Garbled> {
        let frame: Frame =
            serde_json::from_str(text).map_err(|error| Garbled(error.to_string()))?;
        let kind = frame.t.clone();
        frame
            .message()
            .ok_or_else(|| Garbled(format!("a `{kind}` frame the protocol does not know")))
    }

    /// The version of an event; `None` for `full`, which replaces the state rather than follows
    /// it, and for the unversioned messages.
    pub fn event_version(&self) -> Option<u64> {
        match *self {
            ServerMessage::Joined { v, .. }
            | ServerMessage::Move { v, .. }
            | ServerMessage::Offers { v, .. }
            | ServerMessage::Clock { v, .. }
            | ServerMessage::End { v, .. }
            | ServerMessage::Rematch { v, .. } => Some(v),
            ServerMessage::Full { .. }
            | ServerMessage::Presence { .. }
            | ServerMessage::Ack { .. }
            | ServerMessage::Pong { .. }
            | ServerMessage::Error { .. } => None,
        }
    }
}

/// How an online game ended, as the game screen replays it.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum OnlineEnd {
    /// The board ended it (treasure, annihilation, blockade, repetition, quiet): the rules see
    /// it by themselves once the last move is played, and nothing more is applied.
    Board(GameResult),
    /// The players ended it (a resignation, a draw agreed, a game abandoned and claimed):
    /// applied after the moves with `Game::concede`.
    Conceded(Concession),
    /// Aborted before both sides had played: no result, and nothing to count.
    Aborted,
}

/// Reads a game's `result` (`red treasure`, `black resignation`, `draw agreement`, `aborted`,
/// …); `None` for anything else.
pub fn read_result(text: &str) -> Option<OnlineEnd> {
    if text == "aborted" {
        return Some(OnlineEnd::Aborted);
    }
    let (who, reason) = text.split_once(' ')?;
    if who == "draw" {
        return match reason {
            "repetition" => Some(OnlineEnd::Board(GameResult::Draw(DrawReason::Repetition))),
            "quiet" => Some(OnlineEnd::Board(GameResult::Draw(DrawReason::Quiet))),
            "agreement" => Some(OnlineEnd::Conceded(Concession::DrawAgreed)),
            _ => None,
        };
    }
    let winner = match who {
        "red" => Color::Red,
        "black" => Color::Black,
        _ => return None,
    };
    let board = |reason| Some(OnlineEnd::Board(GameResult::Win(Win { winner, reason })));
    match reason {
        "treasure" => board(WinReason::Treasure),
        "annihilation" => board(WinReason::Annihilation),
        "blockade" => board(WinReason::Blockade),
        "resignation" => Some(OnlineEnd::Conceded(Concession::Resigned(winner.other()))),
        "abandonment" => Some(OnlineEnd::Conceded(Concession::Abandoned(winner.other()))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The game of `docs/PROTOCOL.md`, *The game*.
    const GAME: &str = r#"{
      "id": "k3w9x2mq7d",
      "status": "playing",
      "turn_seconds": 60,
      "moves": ["c3c2", "b4b3", "pass"],
      "turn": "black",
      "ms_left": 41250,
      "result": null,
      "offers": {"draw": null, "rematch": null},
      "rematch": null,
      "rematch_of": null,
      "presence": {"red": true, "black": false, "watchers": 0},
      "you": "red",
      "created_at": 1796400000000
    }"#;

    #[test]
    fn client_frames_are_written_as_the_protocol_reads_them() {
        let written = |message: ClientMessage| message.to_json();
        assert_eq!(
            written(ClientMessage::Hello {
                secret: Some("SR".into()),
                v: 7
            }),
            r#"{"t":"hello","secret":"SR","v":7}"#
        );
        assert_eq!(
            written(ClientMessage::Hello { secret: None, v: 0 }),
            r#"{"t":"hello","v":0}"#
        );
        assert_eq!(
            written(ClientMessage::Move {
                ply: 0,
                notation: "c3c2".into()
            }),
            r#"{"t":"move","ply":0,"move":"c3c2"}"#
        );
        assert_eq!(written(ClientMessage::Resign), r#"{"t":"resign"}"#);
        assert_eq!(
            written(ClientMessage::Draw { yes: true }),
            r#"{"t":"draw","yes":true}"#
        );
        assert_eq!(
            written(ClientMessage::Draw { yes: false }),
            r#"{"t":"draw","yes":false}"#
        );
        assert_eq!(written(ClientMessage::Abort), r#"{"t":"abort"}"#);
        assert_eq!(written(ClientMessage::Claim), r#"{"t":"claim"}"#);
        assert_eq!(
            written(ClientMessage::Rematch { yes: true }),
            r#"{"t":"rematch","yes":true}"#
        );
        assert_eq!(
            written(ClientMessage::Rematch { yes: false }),
            r#"{"t":"rematch","yes":false}"#
        );
        assert_eq!(written(ClientMessage::Ping), r#"{"t":"ping"}"#);
    }

    #[test]
    fn the_game_reads_as_the_protocol_shows_it() {
        let game: GameSnapshot = serde_json::from_str(GAME).unwrap();
        assert_eq!(
            game,
            GameSnapshot {
                id: "k3w9x2mq7d".into(),
                status: Status::Playing,
                turn_seconds: 60,
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
                    watchers: 0
                },
                you: Some(Color::Red),
                created_at: 1_796_400_000_000,
            }
        );
        let full = format!(r#"{{"t":"full","v":7,"game":{GAME}}}"#);
        assert_eq!(
            ServerMessage::read(&full),
            Ok(ServerMessage::Full { v: 7, game })
        );
    }

    #[test]
    fn a_game_that_ended_or_waits_reads_too() {
        // As `GET` answers a game that is over, `you` left out.
        let ended = r#"{"id":"g1","status":"ended","turn_seconds":15,"moves":["c3c2"],
            "turn":null,"ms_left":null,"result":"black resignation",
            "offers":{"draw":null,"rematch":"red"},"rematch":"g2","rematch_of":"g0",
            "presence":{"red":false,"black":true,"watchers":3},"created_at":1}"#;
        let game: GameSnapshot = serde_json::from_str(ended).unwrap();
        assert_eq!(game.status, Status::Ended);
        assert_eq!((game.turn, game.ms_left, game.you), (None, None, None));
        assert_eq!(game.offers.rematch, Some(Color::Red));
        assert_eq!(game.rematch.as_deref(), Some("g2"));
        assert_eq!(game.rematch_of.as_deref(), Some("g0"));
        assert!(game.presence.black && !game.presence.red);
        assert_eq!(
            game.result.as_deref().and_then(read_result),
            Some(OnlineEnd::Conceded(Concession::Resigned(Color::Red)))
        );
        let waiting = r#"{"id":"g1","status":"waiting","turn_seconds":60,"moves":[],"turn":null,
            "ms_left":null,"result":null,"offers":{"draw":null,"rematch":null},"rematch":null,
            "rematch_of":null,"presence":{"red":true,"black":false,"watchers":0},"you":"red",
            "created_at":1796400000000}"#;
        let game: GameSnapshot = serde_json::from_str(waiting).unwrap();
        assert_eq!(game.status, Status::Waiting);
        assert!(game.moves.is_empty());
    }

    #[test]
    fn every_server_frame_reads() {
        let read = |text: &str| ServerMessage::read(text).unwrap();
        assert_eq!(
            read(r#"{"t":"joined","v":2,"at":1796400000000,"turn":"red","ms_left":60000}"#),
            ServerMessage::Joined {
                v: 2,
                at: 1_796_400_000_000,
                turn: Some(Color::Red),
                ms_left: Some(60000)
            }
        );
        // As PROTOCOL.md's table lists it, without `turn`.
        assert_eq!(
            read(r#"{"t":"joined","v":2,"at":5,"ms_left":60000}"#).event_version(),
            Some(2)
        );
        assert_eq!(
            read(
                r#"{"t":"move","v":2,"ply":0,"move":"c3c2","by":"red","at":1796400000000,"turn":"black","ms_left":60000}"#
            ),
            ServerMessage::Move {
                v: 2,
                ply: 0,
                notation: "c3c2".into(),
                by: Color::Red,
                at: 1_796_400_000_000,
                turn: Some(Color::Black),
                ms_left: Some(60000)
            }
        );
        assert_eq!(
            read(
                r#"{"t":"move","v":9,"ply":7,"move":"pass","by":"black","at":1,"turn":null,"ms_left":null}"#
            ),
            ServerMessage::Move {
                v: 9,
                ply: 7,
                notation: "pass".into(),
                by: Color::Black,
                at: 1,
                turn: None,
                ms_left: None
            }
        );
        assert_eq!(
            read(r#"{"t":"offers","v":3,"draw":"black","rematch":null}"#),
            ServerMessage::Offers {
                v: 3,
                draw: Some(Color::Black),
                rematch: None
            }
        );
        assert_eq!(
            read(r#"{"t":"clock","v":4,"at":1796400000000,"turn":"red","ms_left":60000}"#),
            ServerMessage::Clock {
                v: 4,
                at: 1_796_400_000_000,
                turn: Some(Color::Red),
                ms_left: Some(60000)
            }
        );
        assert_eq!(
            read(r#"{"t":"end","v":5,"at":1796400000000,"result":"red treasure"}"#),
            ServerMessage::End {
                v: 5,
                at: 1_796_400_000_000,
                result: "red treasure".into()
            }
        );
        assert_eq!(
            read(r#"{"t":"rematch","v":6,"id":"g2"}"#),
            ServerMessage::Rematch {
                v: 6,
                id: "g2".into()
            }
        );
        assert_eq!(
            read(r#"{"red":true,"black":false,"watchers":2,"t":"presence"}"#),
            ServerMessage::Presence {
                red: true,
                black: false,
                watchers: 2
            }
        );
        assert_eq!(
            read(r#"{"t":"ack","ply":0}"#),
            ServerMessage::Ack { ply: 0 }
        );
        assert_eq!(
            read(r#"{"t":"pong","turn":"red","ms_left":41250}"#),
            ServerMessage::Pong {
                turn: Some(Color::Red),
                ms_left: Some(41250)
            }
        );
        assert_eq!(
            read(r#"{"t":"pong","turn":null,"ms_left":null}"#),
            ServerMessage::Pong {
                turn: None,
                ms_left: None
            }
        );
        assert_eq!(
            read(
                r#"{"t":"error","error":"wrong_secret","reason":"that secret does not open a seat of this game"}"#
            ),
            ServerMessage::Error {
                error: "wrong_secret".into(),
                reason: "that secret does not open a seat of this game".into()
            }
        );
        // A field the protocol may add later is no reason to drop a frame.
        assert_eq!(
            read(r#"{"t":"ack","ply":3,"node":"b"}"#),
            ServerMessage::Ack { ply: 3 }
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
            assert!(ServerMessage::read(garbled).is_err(), "{garbled}");
        }
    }

    #[test]
    fn results_are_the_boards_or_the_players() {
        use Color::{Black, Red};
        let win = |winner, reason| OnlineEnd::Board(GameResult::Win(Win { winner, reason }));
        for (text, end) in [
            ("red treasure", win(Red, WinReason::Treasure)),
            ("black annihilation", win(Black, WinReason::Annihilation)),
            ("red blockade", win(Red, WinReason::Blockade)),
            (
                "draw repetition",
                OnlineEnd::Board(GameResult::Draw(DrawReason::Repetition)),
            ),
            (
                "draw quiet",
                OnlineEnd::Board(GameResult::Draw(DrawReason::Quiet)),
            ),
            (
                "black resignation",
                OnlineEnd::Conceded(Concession::Resigned(Red)),
            ),
            (
                "red resignation",
                OnlineEnd::Conceded(Concession::Resigned(Black)),
            ),
            (
                "draw agreement",
                OnlineEnd::Conceded(Concession::DrawAgreed),
            ),
            (
                "red abandonment",
                OnlineEnd::Conceded(Concession::Abandoned(Black)),
            ),
            ("aborted", OnlineEnd::Aborted),
        ] {
            assert_eq!(read_result(text), Some(end), "{text}");
            // The result written as the rules write it is the server's text again.
            match end {
                OnlineEnd::Board(result) => assert_eq!(result.to_string(), text),
                OnlineEnd::Conceded(concession) => {
                    assert_eq!(concession.result().to_string(), text)
                }
                OnlineEnd::Aborted => assert_eq!(text, "aborted"),
            }
        }
        for bad in [
            "",
            "red",
            "draw",
            "green treasure",
            "draw resignation",
            "red agreement",
            "Red treasure",
            "red  treasure",
            "red treasure ",
            "abort",
        ] {
            assert_eq!(read_result(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_board_end_comes_of_the_moves_and_a_concession_is_applied() {
        // Red's soldier takes the treasure: the rules end the game themselves.
        let mut game = duobao_rules::Game::from_fen("BBB/BB.BB/.RT../...R./... r - 0").unwrap();
        game.play("d2d3".parse().unwrap()).unwrap();
        let Some(OnlineEnd::Board(result)) = read_result("red treasure") else {
            panic!("the treasure taken is the board's end");
        };
        assert_eq!(game.result(), Some(result));
        // A resignation is applied after the moves.
        let mut game = duobao_rules::Game::new();
        let Some(OnlineEnd::Conceded(concession)) = read_result("black resignation") else {
            panic!("a resignation is a concession");
        };
        let result = game.concede(concession).unwrap();
        assert_eq!(result.to_string(), "black resignation");
    }
}
