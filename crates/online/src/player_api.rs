//! The players' routes (docs/PROTOCOL.md, *Players*): registering a name (a device token in
//! return), a player's profile and games, the leaderboard, one-time codes that sign another
//! device in, and deleting an account. Behind the same gate as the games' routes (`http`).

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use duobao_players::{Name, Rating, Speed, LEADERBOARD_DEVIATION, PROVISIONAL_DEVIATION};
use duobao_protocol::{
    Account, LeaderboardEntry, NewPlayer, Profile, Ratings, Refusal, ServerFrame, SignIn,
    SignInCode, SpeedRating,
};
use serde::Deserialize;

use crate::answer::{admit, json, Address, JsonBody, Refused, SignedIn};
use crate::model::Millis;
use crate::secret;
use crate::service::Online;
use crate::store::{NewPlayerRow, Player, PlayerStore, Registered};

/// How long a sign-in code is good for: long enough to pick up the other phone and type it or
/// scan its QR code, short enough that one seen over a shoulder is soon worthless.
const CODE_LIFETIME_MILLIS: Millis = 10 * 60 * 1000;
/// A player's games listed: the latest 100, as many as a profile's chart and list show.
const GAMES_LISTED: u32 = 100;
/// The leaderboard's length, as Lichess's per speed.
const LEADERS_SHOWN: usize = 100;
/// Rows read for the leaderboard: its deviation filter is on the stored deviation, which the
/// time away then widens; some of the best may drop out that way.
const LEADERS_READ: u32 = 500;

/// The players' routes, for `http::router` to merge.
pub fn routes() -> Router<Online> {
    Router::new()
        .route("/api/players", post(register))
        .route("/api/players/me", get(own_profile).delete(delete_account))
        .route("/api/players/me/codes", post(new_code))
        .route("/api/players/sign-in", post(sign_in))
        .route("/api/players/{name}", get(profile))
        .route("/api/players/{name}/games", get(games))
        .route("/api/leaderboard", get(leaderboard))
}

fn players(online: &Online) -> &dyn PlayerStore {
    online.inner.shared.store.players()
}

fn now(online: &Online) -> Millis {
    online.inner.shared.clock.now()
}

fn unavailable<E>(_: E) -> Refused {
    Refused(Refusal::Unavailable)
}

/// A name refused: `bad_name`, with the rule it breaks as the reason (`BadName::code`), which
/// the app says in the player's language.
fn bad_name(reason: &duobao_players::BadName) -> Response {
    let frame = ServerFrame::Error {
        error: Refusal::BadName.code().into(),
        reason: reason.code().into(),
    };
    json(StatusCode::BAD_REQUEST, &frame)
}

/// A new device's account: a fresh token, of which only the hash is stored.
fn new_token() -> (String, String) {
    let token = secret::new_key();
    let hash = secret::hash(&token);
    (token, hash)
}

async fn register(
    State(online): State<Online>,
    Address(address): Address,
    JsonBody(asked): JsonBody<NewPlayer>,
) -> Result<Response, Refused> {
    let name = match Name::parse(&asked.name) {
        Ok(name) => name,
        Err(reason) => return Ok(bad_name(&reason)),
    };
    if !online.inner.registering.take(address) {
        return Err(Refusal::TooManyRequests.into());
    }
    let (token, token_hash) = new_token();
    let row = NewPlayerRow {
        id: secret::new_id(),
        name: name.as_str().to_string(),
        name_key: name.key(),
        token_hash,
        created_at: now(&online),
    };
    let account = Account {
        id: row.id.clone(),
        name: row.name.clone(),
        token,
    };
    match players(&online).register(row).await.map_err(unavailable)? {
        Registered::Stored => Ok(json(StatusCode::CREATED, &account)),
        Registered::NameTaken => Err(Refusal::NameTaken.into()),
    }
}

/// One speed's rating as shown at `now`: its deviation widened by the time away.
fn speed_rating(rating: Rating, now: Millis) -> SpeedRating {
    let rd = rating.deviation_at(now);
    SpeedRating {
        rating: rating.rating,
        rd,
        volatility: rating.volatility,
        games: rating.games,
        provisional: rd >= PROVISIONAL_DEVIATION,
    }
}

async fn profile_of(online: &Online, player: Player) -> Result<Response, Refused> {
    let store = players(online);
    let ratings = store
        .ratings(&player.id)
        .await
        .map_err(unavailable)?
        .ok_or(Refusal::NoPlayer)?;
    let results = store.results(&player.id).await.map_err(unavailable)?;
    let now = now(online);
    let profile = Profile {
        name: player.name,
        ratings: Ratings {
            fast: speed_rating(ratings.fast, now),
            standard: speed_rating(ratings.standard, now),
        },
        results,
    };
    Ok(json(StatusCode::OK, &profile))
}

/// The player named `name` (any case); one not found counts as a failed attempt of the address.
async fn named(online: &Online, address: std::net::IpAddr, name: &str) -> Result<Player, Refused> {
    let failures = &online.inner.failed_attempts;
    if !failures.has(address) {
        return Err(Refusal::TooManyAttempts.into());
    }
    let found = match Name::parse(name) {
        Ok(name) => players(online)
            .player_by_name(&name.key())
            .await
            .map_err(unavailable)?,
        Err(_) => None,
    };
    found.ok_or_else(|| {
        failures.take(address);
        Refused(Refusal::NoPlayer)
    })
}

async fn own_profile(
    State(online): State<Online>,
    signed_in: SignedIn,
) -> Result<Response, Refused> {
    profile_of(&online, signed_in.required()?).await
}

async fn profile(
    State(online): State<Online>,
    Address(address): Address,
    Path(name): Path<String>,
) -> Result<Response, Refused> {
    let player = named(&online, address, &name).await?;
    profile_of(&online, player).await
}

async fn games(
    State(online): State<Online>,
    Address(address): Address,
    Path(name): Path<String>,
) -> Result<Response, Refused> {
    let player = named(&online, address, &name).await?;
    let games = players(&online)
        .games(&player.id, GAMES_LISTED)
        .await
        .map_err(unavailable)?;
    Ok(json(StatusCode::OK, &games))
}

#[derive(Deserialize)]
struct LeaderboardQuery {
    speed: String,
}

async fn leaderboard(
    State(online): State<Online>,
    query: Result<Query<LeaderboardQuery>, QueryRejection>,
) -> Result<Response, Refused> {
    let speed: Speed = query
        .ok()
        .and_then(|Query(query)| query.speed.parse().ok())
        .ok_or(Refusal::BadRequest)?;
    let rows = players(&online)
        .leaders(speed, LEADERBOARD_DEVIATION, LEADERS_READ)
        .await
        .map_err(unavailable)?;
    let now = now(&online);
    let leaders: Vec<LeaderboardEntry> = rows
        .into_iter()
        .map(|row| LeaderboardEntry {
            name: row.name,
            rating: row.rating.rating,
            rd: row.rating.deviation_at(now),
        })
        .filter(|entry| entry.rd <= LEADERBOARD_DEVIATION)
        .take(LEADERS_SHOWN)
        .collect();
    Ok(json(StatusCode::OK, &leaders))
}

async fn new_code(
    State(online): State<Online>,
    Address(address): Address,
    signed_in: SignedIn,
) -> Result<Response, Refused> {
    let player = signed_in.required()?;
    admit(&online, address)?;
    let code = secret::new_code();
    let now = now(&online);
    let expires_at = now + CODE_LIFETIME_MILLIS;
    players(&online)
        .add_code(&secret::hash(&code), &player.id, expires_at, now)
        .await
        .map_err(unavailable)?;
    Ok(json(StatusCode::CREATED, &SignInCode { code, expires_at }))
}

async fn sign_in(
    State(online): State<Online>,
    Address(address): Address,
    JsonBody(asked): JsonBody<SignIn>,
) -> Result<Response, Refused> {
    let failures = &online.inner.failed_attempts;
    if !failures.has(address) {
        return Err(Refusal::TooManyAttempts.into());
    }
    let (token, token_hash) = new_token();
    let player = match secret::typed_code(&asked.code) {
        Some(code) => players(&online)
            .sign_in(&secret::hash(&code), &token_hash, now(&online))
            .await
            .map_err(unavailable)?,
        None => None,
    };
    let Some(player) = player else {
        failures.take(address);
        return Err(Refusal::WrongCode.into());
    };
    let account = Account {
        id: player.id,
        name: player.name,
        token,
    };
    Ok(json(StatusCode::OK, &account))
}

async fn delete_account(
    State(online): State<Online>,
    signed_in: SignedIn,
) -> Result<Response, Refused> {
    let player = signed_in.required()?;
    players(&online)
        .delete(player.id)
        .await
        .map_err(unavailable)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}
