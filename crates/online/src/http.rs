//! The HTTP side of docs/PROTOCOL.md: creating, joining and looking at games, pairing seekers
//! (a long poll), and the socket's upgrade, as a signed-in player where the request carries a
//! token (`answer::SignedIn`); the players' own routes (`player_api`); before any of them, the
//! gate that lets in only JSON bodies and the pages that may use the games ([`gate`]).

use std::net::IpAddr;
use std::time::Duration;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use duobao_protocol::{
    CreateGame, Created, JoinGame, NewSeek, Refusal, Seated, SeekKey, Side, Waiting, MAX_FRAME,
    TURN_SECONDS,
};
use rand::Rng;

use crate::answer::{admit, json, Address, JsonBody, Refused, SignedIn};
use crate::command::Command;
use crate::model::{Event, GamePlayer, Millis};
use crate::origin;
use crate::player_api;
use crate::rooms::SEEK_LIFETIME;
use crate::secret;
use crate::service::Online;
use crate::socket;
use crate::store::{seated_at, NewGame, Pairing, Player, Seek, SeekState};
use crate::Seat;

/// How long a seek's request is held open waiting for a partner.
const SEEK_POLL: Duration = Duration::from_secs(25);
/// How often a waiting seek looks at the database, should a notice be lost.
const SEEK_RECHECK: Duration = Duration::from_secs(2);

/// The routes under `/api/online`, answering CORS for the app's native shells (`origin::cors`).
pub fn router(online: Online) -> Router {
    Router::new()
        .route("/api/online/games", post(create))
        .route("/api/online/games/{id}", get(view))
        .route("/api/online/games/{id}/join", post(join))
        .route("/api/online/games/{id}/socket", get(upgrade))
        .route("/api/online/seeks", post(new_seek))
        .route(
            "/api/online/seeks/{seek}",
            post(renew_seek).delete(cancel_seek),
        )
        .merge(player_api::routes())
        .with_state(online)
        // On these routes alone: the site they are merged into keeps its own answers. The
        // gate is inside CORS, which answers the shells' preflights before it and adds its
        // headers to its refusals.
        .layer(middleware::from_fn(gate))
        .layer(origin::cors())
}

/// Lets in only what a page of another site cannot make a browser send: a body (every `POST`
/// and `DELETE` has one) only as `application/json` (415 otherwise: a page of any site may send
/// text or a form to any server without asking its leave, never JSON), and only the pages that
/// may use the games (403 otherwise, the socket's handshake too: `origin::from_allowed_page`).
/// Clients that send no `Origin` (the bots, curl, a native client) are no browser's page.
async fn gate(request: Request, next: Next) -> Response {
    let has_body = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    if has_body && !is_json(request.headers()) {
        return Refused(Refusal::NotJson).into_response();
    }
    if !origin::from_allowed_page(request.headers()) {
        return Refused(Refusal::OtherSite).into_response();
    }
    next.run(request).await
}

/// Whether the body is said to be JSON: `application/json`, with parameters or not.
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/json"))
}

/// Asks game `id`'s task, an unknown game counted as a failed attempt of `address` (so that
/// looking up games that do not exist is limited, `limits::FAILURE_RATE`).
async fn ask_known<T>(
    online: &Online,
    address: IpAddr,
    id: &str,
    command: impl FnOnce(tokio::sync::oneshot::Sender<Result<T, Refusal>>) -> Command,
) -> Result<T, Refusal> {
    let failures = &online.inner.failed_attempts;
    if !failures.has(address) {
        return Err(Refusal::TooManyAttempts);
    }
    let answer = online.inner.shared.ask(id, command).await;
    if matches!(
        answer,
        Err(Refusal::NoGame | Refusal::WrongInvite | Refusal::WrongSecret)
    ) {
        failures.take(address);
    }
    answer
}

fn game_id(id: &str) -> Result<(), Refusal> {
    if secret::is_id(id) {
        Ok(())
    } else {
        Err(Refusal::NoGame)
    }
}

fn turn_seconds(seconds: u32) -> Result<u32, Refusal> {
    if TURN_SECONDS.contains(&seconds) {
        Ok(seconds)
    } else {
        Err(Refusal::BadRequest)
    }
}

/// `player` as a game of `turn_seconds` keeps them, rated as they are at `now`.
async fn at_start(
    online: &Online,
    player: Option<Player>,
    turn_seconds: u32,
    now: Millis,
) -> Result<Option<GamePlayer>, Refusal> {
    let Some(player) = player else {
        return Ok(None);
    };
    seated_at(
        online.inner.shared.store.players(),
        player,
        turn_seconds,
        now,
    )
    .await
    .map_err(|_| Refusal::Unavailable)
}

async fn create(
    State(online): State<Online>,
    Address(address): Address,
    signed_in: SignedIn,
    JsonBody(asked): JsonBody<CreateGame>,
) -> Result<Response, Refused> {
    admit(&online, address)?;
    let turn_seconds = turn_seconds(asked.turn_seconds)?;
    let now = online.inner.shared.clock.now();
    let creator = at_start(&online, signed_in.0, turn_seconds, now).await?;
    if asked.rated && creator.is_none() {
        return Err(Refusal::RatedNeedsAccount.into());
    }
    let seat = match asked.side {
        Side::Red => Seat::Red,
        Side::Black => Seat::Black,
        Side::Random => random_seat(),
    };
    let (key, invite) = (secret::new_key(), secret::new_key());
    let id = secret::new_id();
    let hash = Some(secret::hash(&key));
    let mut players = [None, None];
    players[seat as usize] = creator;
    let game = NewGame {
        id: id.clone(),
        turn_seconds,
        created_at: now,
        red_hash: if seat == Seat::Red {
            hash.clone()
        } else {
            None
        },
        black_hash: if seat == Seat::Black { hash } else { None },
        invite_hash: Some(secret::hash(&invite)),
        rematch_of: None,
        events: Vec::new(),
        rated: asked.rated,
        players,
    };
    online
        .inner
        .shared
        .store
        .create(game)
        .await
        .map_err(|_| Refusal::Unavailable)?;
    let created = Created {
        id,
        seat,
        secret: key,
        invite,
    };
    Ok(json(StatusCode::CREATED, &created))
}

fn random_seat() -> Seat {
    if rand::rng().random_bool(0.5) {
        Seat::Red
    } else {
        Seat::Black
    }
}

async fn view(
    State(online): State<Online>,
    Address(address): Address,
    Path(id): Path<String>,
) -> Result<Response, Refused> {
    game_id(&id)?;
    let game = ask_known(&online, address, &id, |reply| Command::View { reply }).await?;
    Ok(json(StatusCode::OK, &game))
}

async fn join(
    State(online): State<Online>,
    Address(address): Address,
    Path(id): Path<String>,
    SignedIn(player): SignedIn,
    JsonBody(asked): JsonBody<JoinGame>,
) -> Result<Response, Refused> {
    game_id(&id)?;
    if asked
        .secret
        .as_deref()
        .is_some_and(|key| !secret::is_key(key))
    {
        return Err(Refusal::BadRequest.into());
    }
    let (seat, key) = ask_known(&online, address, &id, |reply| Command::Join {
        invite: asked.invite,
        secret: asked.secret,
        player,
        reply,
    })
    .await?;
    Ok(json(
        StatusCode::OK,
        &Seated {
            id: None,
            seat,
            secret: key,
        },
    ))
}

async fn upgrade(
    State(online): State<Online>,
    Address(address): Address,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, Refused> {
    game_id(&id)?;
    if !online.inner.failed_attempts.has(address) {
        return Err(Refusal::TooManyAttempts.into());
    }
    if !online.inner.opening_sockets.take(address) {
        return Err(Refusal::TooManyRequests.into());
    }
    // Held as long as the socket is open.
    let held = online
        .inner
        .sockets
        .enter(address)
        .ok_or(Refusal::TooManySockets)?;
    Ok(upgrade
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(64 * 1024)
        .on_upgrade(move |ws| socket::serve(online, id, address, held, ws)))
}

async fn new_seek(
    State(online): State<Online>,
    Address(address): Address,
    SignedIn(player): SignedIn,
    JsonBody(asked): JsonBody<NewSeek>,
) -> Result<Response, Refused> {
    admit(&online, address)?;
    let turn_seconds = turn_seconds(asked.turn_seconds)?;
    let key = secret::new_key();
    let now = online.inner.shared.clock.now();
    let player = at_start(&online, player, turn_seconds, now).await?;
    let seek = Seek {
        id: secret::new_id(),
        secret_hash: secret::hash(&key),
        turn_seconds,
        at: now,
        player,
    };
    let shared = &online.inner.shared;
    let bell = shared.seek_bell(&seek.id);
    match try_pairing(&online, &seek).await {
        Ok(Some((game, seat))) => {
            shared.drop_seek_bell(&seek.id);
            shared.ensure(&game);
            Ok(seated(game, seat, key))
        }
        Ok(None) => Ok(wait_for_partner(&online, seek.id.clone(), Some(seek), key, bell).await),
        Err(refusal) => {
            shared.drop_seek_bell(&seek.id);
            Err(refusal.into())
        }
    }
}

/// Pairs `seek` (new or waiting) if a partner is there for it now: the game and its seat.
async fn try_pairing(online: &Online, seek: &Seek) -> Result<Option<(String, Seat)>, Refusal> {
    let shared = &online.inner.shared;
    let now = shared.clock.now();
    let alive_since = now - SEEK_LIFETIME.as_millis() as Millis;
    shared
        .store
        .seek(seek.clone(), alive_since, now, pairing_game(now))
        .await
        .map_err(|_| Refusal::Unavailable)
}

/// The game two seekers are paired into at `now`, the first one's seat drawn: rated when both
/// are signed in (the store pairs signed-in seekers only with each other).
fn pairing_game(now: Millis) -> Pairing {
    Box::new(move |own: &Seek, partner: &Seek| {
        let seat = random_seat();
        let (red, black) = match seat {
            Seat::Red => (own, partner),
            Seat::Black => (partner, own),
        };
        let game = NewGame {
            id: secret::new_id(),
            turn_seconds: own.turn_seconds,
            created_at: now,
            red_hash: Some(red.secret_hash.clone()),
            black_hash: Some(black.secret_hash.clone()),
            invite_hash: None,
            rematch_of: None,
            events: vec![Event::Joined { at: now }],
            rated: red.player.is_some() && black.player.is_some(),
            players: [red.player.clone(), black.player.clone()],
        };
        (game, seat)
    })
}

fn seated(game: String, seat: Seat, key: String) -> Response {
    json(
        StatusCode::CREATED,
        &Seated {
            id: Some(game),
            seat,
            secret: key,
        },
    )
}

/// Holds the request until the seek is paired (201) or for [`SEEK_POLL`] (202). A signed-in
/// seeker (`own`, where known) tries again at every look, the rating gap it accepts widening
/// with its wait (`pairing`); an anonymous one is paired as soon as another arrives.
async fn wait_for_partner(
    online: &Online,
    seek: String,
    own: Option<Seek>,
    key: String,
    bell: std::sync::Arc<tokio::sync::Notify>,
) -> Response {
    let shared = &online.inner.shared;
    let hash = secret::hash(&key);
    let until = tokio::time::Instant::now() + SEEK_POLL;
    let answer = loop {
        match shared
            .store
            .seek_state(&seek, &hash, shared.clock.now())
            .await
        {
            Ok(SeekState::Paired { game, seat }) => {
                shared.ensure(&game);
                break seated(game, seat, key);
            }
            Ok(SeekState::Waiting) => {}
            Ok(SeekState::Gone) => break Refused(Refusal::NoGame).into_response(),
            Err(_) => break Refused(Refusal::Unavailable).into_response(),
        }
        if let Some(own) = own.as_ref().filter(|own| own.player.is_some()) {
            if let Ok(Some((game, seat))) = try_pairing(online, own).await {
                shared.ensure(&game);
                break seated(game, seat, key);
            }
        }
        if tokio::time::Instant::now() >= until {
            break json(
                StatusCode::ACCEPTED,
                &Waiting {
                    seek: seek.clone(),
                    secret: key,
                },
            );
        }
        let pause = SEEK_RECHECK.min(until - tokio::time::Instant::now());
        let _ = tokio::time::timeout(pause, bell.notified()).await;
    };
    shared.drop_seek_bell(&seek);
    answer
}

async fn renew_seek(
    State(online): State<Online>,
    Address(address): Address,
    Path(seek): Path<String>,
    JsonBody(asked): JsonBody<SeekKey>,
) -> Result<Response, Refused> {
    if !secret::is_id(&seek) || !online.inner.failed_attempts.has(address) {
        return Err(Refusal::NoGame.into());
    }
    let bell = online.inner.shared.seek_bell(&seek);
    let own = online
        .inner
        .shared
        .store
        .waiting_seek(&seek, &secret::hash(&asked.secret))
        .await
        .ok()
        .flatten();
    let answer = wait_for_partner(&online, seek, own, asked.secret, bell).await;
    if answer.status() == StatusCode::NOT_FOUND {
        online.inner.failed_attempts.take(address);
    }
    Ok(answer)
}

async fn cancel_seek(
    State(online): State<Online>,
    Path(seek): Path<String>,
    JsonBody(asked): JsonBody<SeekKey>,
) -> Result<Response, Refused> {
    if !secret::is_id(&seek) {
        return Err(Refusal::NoGame.into());
    }
    let hash = secret::hash(&asked.secret);
    let state = online
        .inner
        .shared
        .store
        .cancel_seek(&seek, &hash)
        .await
        .map_err(|_| Refusal::Unavailable)?;
    Ok(match state {
        SeekState::Paired { game, seat } => seated(game, seat, asked.secret),
        SeekState::Waiting | SeekState::Gone => StatusCode::NO_CONTENT.into_response(),
    })
}
