//! The protocol's HTTP requests, sent to the app's server (`server_address::request`) with a
//! time limit: creating and joining a game, looking at one, and waiting for a partner (a long poll).
//! Each answers what it was asked for or a [`Failure`].

use std::time::Duration;

use dioxus::prelude::*;
use duobao_protocol::{
    CreateGame, Created, GameView, JoinGame, NewSeek, Refusal, Seated, SeekKey, ServerFrame, Side,
    Waiting,
};
use duobao_rules::Color;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::server_address::{self, Reply, ServerAddress};

/// How long an ordinary request may take.
pub(super) const WAIT: Duration = Duration::from_secs(10);
/// How long a seek's request may take: the server holds it up to 25 s.
const SEEK_WAIT: Duration = Duration::from_secs(35);
/// The longest answer read: a game's is well under a kilobyte or two, a player's 100 games
/// some 25 KB.
const MAX_ANSWER_BYTES: usize = 64 * 1024;
/// A seat's secret: 32 characters of URL-safe base64.
const SECRET_LEN: usize = 32;

/// Draws a seat's secret from the platform's cryptographic generator: 24 bytes as URL-safe
/// base64, 32 characters.
const SECRET_SCRIPT: &str = r#"
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    dioxus.send(btoa(text).replace(/\+/g, "-").replace(/\//g, "_"));
"#;

/// Why a request came to nothing.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Failure {
    /// The device says it is offline: nothing was sent.
    Offline,
    /// No answer: the network failed, the time ran out, or the server failed (5xx).
    Unreachable,
    /// No server to ask: natively, until the player gives its address.
    NoServer,
    /// The server refused: `code` is the protocol's (`invite_used`, `no_game`, …, see
    /// `docs/PROTOCOL.md`, *Errors*), `reason` its words for a person.
    Refused { code: String, reason: String },
    /// An answer that is not the protocol's (a site without the online games, a proxy's page).
    Nonsense,
}

impl Failure {
    /// A refusal decided here, as the server would decide it.
    fn refused(refusal: Refusal) -> Failure {
        Failure::Refused {
            code: refusal.code().into(),
            reason: refusal.reason().into(),
        }
    }

    pub(super) fn no_game() -> Failure {
        Failure::refused(Refusal::NoGame)
    }
}

/// A game found by a seek (or created with both seats taken): it is being played.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Paired {
    pub id: String,
    pub seat: Color,
    pub secret: String,
}

/// What a seek's request came to.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum SeekAnswer {
    Paired(Paired),
    /// No partner yet: renew the seek with its id and secret within 40 s ([`renew_seek`]); the
    /// secret is the seat's once paired.
    Waiting {
        seek: String,
        secret: String,
    },
}

/// `POST /api/online/games`: a game with the creator at `side`, `turn_seconds` a turn, rated
/// or not, created by the player whose `token` it is (anonymously without one).
pub async fn create_game(
    server: &ServerAddress,
    token: Option<&str>,
    side: Side,
    turn_seconds: u32,
    rated: bool,
) -> Result<Created, Failure> {
    let body = CreateGame {
        side,
        turn_seconds,
        rated,
    };
    let answer = request(
        server,
        "POST",
        "/online/games",
        Some(json_text(&body)),
        token,
        WAIT,
    )
    .await?;
    let created: Created = answer.expect(201)?;
    if !is_id(&created.id) || !is_secret(&created.secret) || !is_secret(&created.invite) {
        return Err(Failure::Nonsense);
    }
    Ok(created)
}

/// Draws a seat's secret (32 characters of URL-safe base64, 192 bits of the platform's
/// cryptographic generator), for [`join`]; `None` if the page could not.
pub async fn draw_secret() -> Option<String> {
    let mut drawing = document::eval(SECRET_SCRIPT);
    let secret = drawing.recv::<String>().await.ok()?;
    is_secret(&secret).then_some(secret)
}

/// `POST /api/online/games/{id}/join` with the invitation and the seat's `secret`, which the
/// caller drew ([`draw_secret`]) and kept first: the same join may then be sent again when its
/// answer was lost, and is answered again with the same seat.
pub async fn join(
    server: &ServerAddress,
    token: Option<&str>,
    id: &str,
    invite: &str,
    secret: &str,
) -> Result<Seated, Failure> {
    if !is_id(id) {
        return Err(Failure::no_game());
    }
    if !is_secret(invite) {
        return Err(Failure::refused(Refusal::WrongInvite));
    }
    if !is_secret(secret) {
        return Err(Failure::Refused {
            code: Refusal::BadRequest.code().into(),
            reason: "a seat's secret is 32 characters of URL-safe base64".into(),
        });
    }
    let body = JoinGame {
        invite: invite.into(),
        secret: Some(secret.into()),
    };
    let path = format!("/online/games/{id}/join");
    let seated: Seated = request(server, "POST", &path, Some(json_text(&body)), token, WAIT)
        .await?
        .expect(200)?;
    if !is_secret(&seated.secret) {
        return Err(Failure::Nonsense);
    }
    Ok(seated)
}

/// `GET /api/online/games/{id}`: the game as anyone may watch it.
pub async fn look(server: &ServerAddress, id: &str) -> Result<GameView, Failure> {
    if !is_id(id) {
        return Err(Failure::no_game());
    }
    let path = format!("/online/games/{id}");
    request(server, "GET", &path, None, None, WAIT)
        .await?
        .expect(200)
}

/// `POST /api/online/seeks`: waits up to 25 s for a partner with the same turn time, rated
/// with the player whose `token` it is, anonymous without one.
pub async fn seek(
    server: &ServerAddress,
    token: Option<&str>,
    turn_seconds: u32,
) -> Result<SeekAnswer, Failure> {
    let body = NewSeek { turn_seconds };
    let answer = request(
        server,
        "POST",
        "/online/seeks",
        Some(json_text(&body)),
        token,
        SEEK_WAIT,
    )
    .await?;
    seek_answer(answer)
}

/// `POST /api/online/seeks/{seek}`: waits up to 25 s more. A seek the server dropped is
/// refused with `no_game`.
pub async fn renew_seek(
    server: &ServerAddress,
    token: Option<&str>,
    seek: &str,
    secret: &str,
) -> Result<SeekAnswer, Failure> {
    if !is_id(seek) {
        return Err(Failure::no_game());
    }
    let body = SeekKey {
        secret: secret.into(),
    };
    let path = format!("/online/seeks/{seek}");
    let answer = request(
        server,
        "POST",
        &path,
        Some(json_text(&body)),
        token,
        SEEK_WAIT,
    )
    .await?;
    seek_answer(answer)
}

/// `DELETE /api/online/seeks/{seek}`: stops waiting; the game, if the seek was paired meanwhile
/// (it is then the player's to play or resign).
pub async fn stop_seek(
    server: &ServerAddress,
    seek: &str,
    secret: &str,
) -> Result<Option<Paired>, Failure> {
    if !is_id(seek) {
        return Ok(None);
    }
    let body = SeekKey {
        secret: secret.into(),
    };
    let path = format!("/online/seeks/{seek}");
    let answer = request(server, "DELETE", &path, Some(json_text(&body)), None, WAIT).await?;
    match answer.status {
        204 => Ok(None),
        _ => answer.expect(201).and_then(paired).map(Some),
    }
}

fn seek_answer(answer: Answer) -> Result<SeekAnswer, Failure> {
    match answer.status {
        202 => {
            let waiting: Waiting = answer.expect(202)?;
            if !is_id(&waiting.seek) || !is_secret(&waiting.secret) {
                return Err(Failure::Nonsense);
            }
            Ok(SeekAnswer::Waiting {
                seek: waiting.seek,
                secret: waiting.secret,
            })
        }
        _ => answer.expect(201).and_then(paired).map(SeekAnswer::Paired),
    }
}

/// A seek's game: its id is needed.
fn paired(seated: Seated) -> Result<Paired, Failure> {
    match seated.id {
        Some(id) if is_id(&id) && is_secret(&seated.secret) => Ok(Paired {
            id,
            seat: seated.seat,
            secret: seated.secret,
        }),
        _ => Err(Failure::Nonsense),
    }
}

/// A status and a body, as the server answered: status -1 when the device is offline, 0 when
/// no answer came.
pub(super) struct Answer {
    pub(super) status: i32,
    body: String,
}

impl From<Reply> for Answer {
    fn from(reply: Reply) -> Answer {
        let (status, body) = match reply {
            Reply::Offline => (-1, String::new()),
            Reply::Unreachable => (0, String::new()),
            Reply::Answered { status, body } => (i32::from(status), body),
        };
        Answer { status, body }
    }
}

impl Answer {
    /// The body read as `T` when the status is `expected`, or why not. Only the reading is
    /// generic: the status's meaning is one function for every kind of answer.
    pub(super) fn expect<T: DeserializeOwned>(self, expected: i32) -> Result<T, Failure> {
        serde_json::from_str(&self.text(expected)?).map_err(|_| Failure::Nonsense)
    }

    /// The body when the status is `expected`, or why not.
    #[inline(never)]
    fn text(self, expected: i32) -> Result<String, Failure> {
        match self.status {
            -1 => Err(Failure::Offline),
            0 => Err(Failure::Unreachable),
            // A server in trouble (the database out of reach, a proxy without its server):
            // try again later, as out of reach.
            500..=599 => Err(Failure::Unreachable),
            _ if self.body.len() > MAX_ANSWER_BYTES => Err(Failure::Nonsense),
            status if status == expected => Ok(self.body),
            400..=499 => match ServerFrame::read(&self.body) {
                Ok(ServerFrame::Error { error, reason }) => Err(Failure::Refused {
                    code: error,
                    reason,
                }),
                _ => Err(Failure::Nonsense),
            },
            _ => Err(Failure::Nonsense),
        }
    }
}

/// The URL of `path` under the server's API.
fn url(server: &ServerAddress, path: &str) -> Option<String> {
    server.endpoint(&format!("/api{path}"))
}

/// Sends `method` to the API's `path` (`/online/…`, `/players/…`) with `body`, as the player
/// whose `token` it is, if any.
pub(super) async fn request(
    server: &ServerAddress,
    method: &str,
    path: &str,
    body: Option<String>,
    token: Option<&str>,
    wait: Duration,
) -> Result<Answer, Failure> {
    let url = url(server, path).ok_or(Failure::NoServer)?;
    Ok(
        server_address::request(method, &url, body.as_deref(), token, wait)
            .await
            .into(),
    )
}

/// A request's body as JSON.
pub(super) fn json_text(body: &impl Serialize) -> String {
    serde_json::to_string(body).unwrap_or_default()
}

/// Whether `text` could be a game's or a seek's id (the server's are 10 characters of `a-z0-9`;
/// any short run of letters and digits is let through), so that it goes into a URL as it is.
pub fn is_id(text: &str) -> bool {
    (1..=64).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Whether `text` has a secret's or an invitation's form: 32 characters of URL-safe base64.
pub fn is_secret(text: &str) -> bool {
    text.len() == SECRET_LEN
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(status: i32, body: &str) -> Answer {
        Answer {
            status,
            body: body.into(),
        }
    }

    const SR: &str = "SRSRSRSRSRSRSRSRSRSRSRSRSRSRSRSR";
    const INVITE: &str = "I-I_I-I_I-I_I-I_I-I_I-I_I-I_I-I_";

    #[test]
    fn the_urls_are_the_apis_on_the_server() {
        let at = ServerAddress::At("https://duobao.example.org".into());
        assert_eq!(
            url(&at, "/online/games/k3w9x2mq7d/join").as_deref(),
            Some("https://duobao.example.org/api/online/games/k3w9x2mq7d/join")
        );
        // Natively (where the tests run) this site is no server.
        assert_eq!(url(&ServerAddress::ThisSite, "/online/games"), None);
    }

    #[test]
    fn ids_and_secrets_are_checked_before_they_go_into_a_url() {
        assert!(is_id("k3w9x2mq7d"));
        for bad in [
            "",
            "../games",
            "a/b",
            "k3w9x2mq7d?x",
            "g 1",
            &"a".repeat(65),
        ] {
            assert!(!is_id(bad), "{bad}");
        }
        assert!(is_secret(SR) && is_secret(INVITE));
        for bad in [
            "",
            "short",
            &"A".repeat(33),
            "+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/+/",
        ] {
            assert!(!is_secret(bad), "{bad}");
        }
    }

    #[test]
    fn answers_are_read_as_the_protocol_writes_them() {
        let created =
            format!(r#"{{"id":"k3w9x2mq7d","seat":"red","secret":"{SR}","invite":"{INVITE}"}}"#);
        assert_eq!(
            answer(201, &created).expect::<Created>(201),
            Ok(Created {
                id: "k3w9x2mq7d".into(),
                seat: Color::Red,
                secret: SR.into(),
                invite: INVITE.into(),
            })
        );
        assert_eq!(
            answer(200, &format!(r#"{{"seat":"black","secret":"{SR}"}}"#)).expect::<Seated>(200),
            Ok(Seated {
                id: None,
                seat: Color::Black,
                secret: SR.into()
            })
        );
        let paired = format!(r#"{{"id":"g1abcdefgh","seat":"black","secret":"{SR}"}}"#);
        assert_eq!(
            seek_answer(answer(201, &paired)),
            Ok(SeekAnswer::Paired(Paired {
                id: "g1abcdefgh".into(),
                seat: Color::Black,
                secret: SR.into()
            }))
        );
        let waiting = format!(r#"{{"seek":"s1abcdefgh","secret":"{SR}"}}"#);
        assert_eq!(
            seek_answer(answer(202, &waiting)),
            Ok(SeekAnswer::Waiting {
                seek: "s1abcdefgh".into(),
                secret: SR.into()
            })
        );
        assert_eq!(
            seek_answer(answer(202, r#"{"seek":"../x","secret":"s"}"#)),
            Err(Failure::Nonsense)
        );
    }

    #[test]
    fn refusals_keep_their_code_and_the_rest_is_out_of_reach_or_nonsense() {
        let refusal = r#"{"t":"error","error":"invite_used","reason":"the invitation was already used: the game has both players"}"#;
        assert_eq!(
            answer(409, refusal).expect::<Seated>(200),
            Err(Failure::Refused {
                code: "invite_used".into(),
                reason: "the invitation was already used: the game has both players".into()
            })
        );
        assert!(matches!(
            answer(429, r#"{"t":"error","error":"too_many_requests","reason":"wait"}"#)
                .expect::<Created>(201),
            Err(Failure::Refused { code, .. }) if code == "too_many_requests"
        ));
        for status in [500, 502, 503, 504] {
            let unavailable = r#"{"t":"error","error":"unavailable","reason":"try again"}"#;
            assert_eq!(
                answer(status, unavailable).expect::<Seated>(200),
                Err(Failure::Unreachable)
            );
        }
        assert_eq!(answer(-1, "").expect::<Seated>(200), Err(Failure::Offline));
        assert_eq!(
            answer(0, "").expect::<Seated>(200),
            Err(Failure::Unreachable)
        );
        // A site without the online games, a proxy's page, an answer of the wrong kind.
        for (status, body) in [
            (404, "<!doctype html><title>Not found</title>"),
            (200, "<!doctype html>"),
            (200, r#"{"seat":"green","secret":"x"}"#),
            (201, r#"{"seat":"black","secret":"x"}"#),
            (302, ""),
        ] {
            assert_eq!(
                answer(status, body).expect::<Seated>(200),
                Err(Failure::Nonsense),
                "{status} {body}"
            );
        }
        let long = format!(r#"{{"seat":"black","secret":"{}"}}"#, "A".repeat(70_000));
        assert_eq!(
            answer(200, &long).expect::<Seated>(200),
            Err(Failure::Nonsense)
        );
    }

    #[test]
    fn the_bodies_are_the_protocols() {
        assert_eq!(
            json_text(&CreateGame {
                side: Side::Random,
                turn_seconds: 60,
                rated: false,
            }),
            r#"{"side":"random","turn_seconds":60,"rated":false}"#
        );
        assert_eq!(
            json_text(&JoinGame {
                invite: "I".into(),
                secret: Some("S".into())
            }),
            r#"{"invite":"I","secret":"S"}"#
        );
        assert_eq!(
            json_text(&SeekKey { secret: "S".into() }),
            r#"{"secret":"S"}"#
        );
    }
}
