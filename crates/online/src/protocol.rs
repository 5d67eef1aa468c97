//! The messages of docs/PROTOCOL.md as types: what a client sends on its socket, the HTTP bodies,
//! and the refusals. What the server sends on the socket is built in `model` (the events) and
//! `room` (the unversioned messages).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A seat at the board. Red moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    Red,
    Black,
}

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat::Red, Seat::Black];

    pub fn other(self) -> Seat {
        match self {
            Seat::Red => Seat::Black,
            Seat::Black => Seat::Red,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Seat::Red => "red",
            Seat::Black => "black",
        }
    }

    pub fn parse(name: &str) -> Option<Seat> {
        match name {
            "red" => Some(Seat::Red),
            "black" => Some(Seat::Black),
            _ => None,
        }
    }

    /// Red 0, Black 1: where the seat's entry is in a pair kept per seat.
    pub fn index(self) -> usize {
        match self {
            Seat::Red => 0,
            Seat::Black => 1,
        }
    }

    pub fn color(self) -> duobao_rules::Color {
        match self {
            Seat::Red => duobao_rules::Color::Red,
            Seat::Black => duobao_rules::Color::Black,
        }
    }

    pub fn of(color: duobao_rules::Color) -> Seat {
        match color {
            duobao_rules::Color::Red => Seat::Red,
            duobao_rules::Color::Black => Seat::Black,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A frame a client sends on a game's socket.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientFrame {
    Hello {
        #[serde(default)]
        secret: Option<String>,
        #[serde(default)]
        v: u64,
    },
    Move {
        ply: u32,
        #[serde(rename = "move")]
        notation: String,
    },
    Resign,
    Draw {
        yes: bool,
    },
    Rematch {
        yes: bool,
    },
    Abort,
    Claim,
    Ping,
}

impl ClientFrame {
    /// Reads a text frame.
    pub fn read(text: &str) -> Result<ClientFrame, Refusal> {
        serde_json::from_str(text).map_err(|_| Refusal::BadRequest)
    }
}

/// The creator's seat, as asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideChoice {
    Red,
    Black,
    Random,
}

/// `POST /api/online/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    pub side: SideChoice,
    pub turn_seconds: u32,
}

/// `POST /api/online/games/{id}/join`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinGame {
    pub invite: String,
    /// The seat's secret, drawn by the client, so that a join whose answer was lost can be
    /// sent again and answered again; drawn by the server when not given.
    #[serde(default)]
    pub secret: Option<String>,
}

/// `POST /api/online/seeks`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewSeek {
    pub turn_seconds: u32,
}

/// `POST /api/online/seeks/{seek}` and `DELETE` of it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeekKey {
    pub secret: String,
}

/// The answer to creating a game.
#[derive(Debug, Serialize)]
pub struct Created {
    pub id: String,
    pub seat: Seat,
    pub secret: String,
    pub invite: String,
}

/// The answer to joining, and to a seek once paired (with `id`).
#[derive(Debug, Serialize)]
pub struct Seated {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub seat: Seat,
    pub secret: String,
}

/// The answer to a seek still waiting.
#[derive(Debug, Serialize)]
pub struct Waiting {
    pub seek: String,
    pub secret: String,
}

/// The shortest and longest turn a game may have.
pub const TURN_SECONDS: std::ops::RangeInclusive<u32> = 3..=600;

/// Why something a client sent was refused: the `error` field of an `error` message or of an
/// HTTP refusal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    BadRequest,
    TooLarge,
    NotJson,
    OtherSite,
    NoGame,
    WrongSecret,
    WrongInvite,
    InviteUsed,
    TooManyRequests,
    TooManyAttempts,
    NotYourTurn,
    WrongPly,
    IllegalMove,
    GameOver,
    NotPlaying,
    Watching,
    CannotAbort,
    CannotClaim,
    NoOffer,
    OfferTooSoon,
    TooManyOffers,
    TooManySockets,
    Replaced,
    Unavailable,
}

impl Refusal {
    pub fn code(self) -> &'static str {
        match self {
            Refusal::BadRequest => "bad_request",
            Refusal::TooLarge => "too_large",
            Refusal::NotJson => "not_json",
            Refusal::OtherSite => "other_site",
            Refusal::NoGame => "no_game",
            Refusal::WrongSecret => "wrong_secret",
            Refusal::WrongInvite => "wrong_invite",
            Refusal::InviteUsed => "invite_used",
            Refusal::TooManyRequests => "too_many_requests",
            Refusal::TooManyAttempts => "too_many_attempts",
            Refusal::NotYourTurn => "not_your_turn",
            Refusal::WrongPly => "wrong_ply",
            Refusal::IllegalMove => "illegal_move",
            Refusal::GameOver => "game_over",
            Refusal::NotPlaying => "not_playing",
            Refusal::Watching => "watching",
            Refusal::CannotAbort => "cannot_abort",
            Refusal::CannotClaim => "cannot_claim",
            Refusal::NoOffer => "no_offer",
            Refusal::OfferTooSoon => "offer_too_soon",
            Refusal::TooManyOffers => "too_many_offers",
            Refusal::TooManySockets => "too_many_sockets",
            Refusal::Replaced => "replaced",
            Refusal::Unavailable => "unavailable",
        }
    }

    /// What a person reads.
    pub fn reason(self) -> &'static str {
        match self {
            Refusal::BadRequest => "the request is not one this server understands",
            Refusal::TooLarge => "the request is longer than this server takes (1 KiB)",
            Refusal::NotJson => "the body must be JSON, sent as Content-Type: application/json",
            Refusal::OtherSite => "another site's page may not use this server's games",
            Refusal::NoGame => "there is no game with that id",
            Refusal::WrongSecret => "that secret does not open a seat of this game",
            Refusal::WrongInvite => "that invitation is not this game's",
            Refusal::InviteUsed => "the invitation was already used: the game has both players",
            Refusal::TooManyRequests => "too many requests from this address: wait a minute",
            Refusal::TooManyAttempts => "too many failed attempts from this address: wait a minute",
            Refusal::NotYourTurn => "it is not your turn",
            Refusal::WrongPly => "that ply is not the one to play now",
            Refusal::IllegalMove => "that move is not legal here",
            Refusal::GameOver => "the game is over",
            Refusal::NotPlaying => "the game has not started",
            Refusal::Watching => "a watcher cannot play",
            Refusal::CannotAbort => "a game can be aborted only before both sides have played",
            Refusal::CannotClaim => {
                "the win can be claimed only after the opponent's last two turns passed while away"
            }
            Refusal::NoOffer => "there is no such offer to answer",
            Refusal::OfferTooSoon => {
                "a draw may be offered again only 20 plies after your last offer"
            }
            Refusal::TooManyOffers => "a rematch of this game may be offered only 3 times",
            Refusal::TooManySockets => {
                "too many sockets open from this address (64, 16 of them watching): close some"
            }
            Refusal::Replaced => "a newer socket of this seat took this one's place",
            Refusal::Unavailable => "the game's database cannot be reached: try again",
        }
    }

    /// The HTTP status of the refusal where it answers a request.
    pub fn status(self) -> u16 {
        match self {
            Refusal::NoGame => 404,
            Refusal::WrongSecret | Refusal::WrongInvite | Refusal::OtherSite => 403,
            Refusal::InviteUsed => 409,
            Refusal::TooLarge => 413,
            Refusal::NotJson => 415,
            Refusal::TooManyRequests | Refusal::TooManyAttempts | Refusal::TooManySockets => 429,
            Refusal::Unavailable => 503,
            _ => 400,
        }
    }

    /// The refusal as a socket message or an HTTP body.
    pub fn to_json(self) -> String {
        serde_json::json!({"t": "error", "error": self.code(), "reason": self.reason()}).to_string()
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::{
        DRAW_OFFER_EVERY_PLIES, REMATCH_OFFERS, SOCKETS_PER_ADDRESS, WATCHERS_PER_ADDRESS,
    };

    #[test]
    fn the_reasons_give_the_limits_as_they_are() {
        let says = |refusal: Refusal, number: usize| {
            assert!(
                refusal.reason().contains(&number.to_string()),
                "{refusal:?}: {}",
                refusal.reason()
            )
        };
        says(Refusal::OfferTooSoon, DRAW_OFFER_EVERY_PLIES as usize);
        says(Refusal::TooManyOffers, REMATCH_OFFERS as usize);
        says(Refusal::TooManySockets, SOCKETS_PER_ADDRESS);
        says(Refusal::TooManySockets, WATCHERS_PER_ADDRESS);
    }

    #[test]
    fn frames_read_as_the_protocol_writes_them() {
        let read = |s: &str| serde_json::from_str::<ClientFrame>(s);
        assert_eq!(
            read(r#"{"t":"hello","secret":"abc","v":3}"#).unwrap(),
            ClientFrame::Hello {
                secret: Some("abc".into()),
                v: 3
            }
        );
        assert_eq!(
            read(r#"{"t":"hello","v":0}"#).unwrap(),
            ClientFrame::Hello { secret: None, v: 0 }
        );
        assert_eq!(
            read(r#"{"t":"move","ply":0,"move":"c3c2"}"#).unwrap(),
            ClientFrame::Move {
                ply: 0,
                notation: "c3c2".into()
            }
        );
        assert_eq!(read(r#"{"t":"resign"}"#).unwrap(), ClientFrame::Resign);
        assert_eq!(
            read(r#"{"t":"draw","yes":false}"#).unwrap(),
            ClientFrame::Draw { yes: false }
        );
        for bad in [
            r#"{"t":"move","ply":-1,"move":"c3c2"}"#,
            r#"{"t":"move","ply":0}"#,
            r#"{"t":"launch"}"#,
            r#"{"t":"move","ply":0,"move":"c3c2","extra":1}"#,
            r#"["t","resign"]"#,
            "",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }
}
