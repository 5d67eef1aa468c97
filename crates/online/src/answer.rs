//! What every request of the online API shares: its answers (JSON, never cached; a refusal's
//! status and `error` frame), the client's address as the rate limits count it, a JSON body
//! of bounded size, the count of what an address makes, and the signed-in player an `Authorization: Bearer` token names — read from
//! that header only, never from a URL, where it would end up in logs and histories.

use std::net::IpAddr;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::header::{AUTHORIZATION, CACHE_CONTROL, CONTENT_TYPE};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use duobao_protocol::{Refusal, MAX_BODY};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::secret;
use crate::service::{ClientIp, Online};
use crate::store::Player;

pub fn json(status: StatusCode, body: &impl Serialize) -> Response {
    let text = serde_json::to_string(body).expect("answers serialize");
    (
        status,
        [
            (CONTENT_TYPE, "application/json"),
            (CACHE_CONTROL, "no-store"),
        ],
        text,
    )
        .into_response()
}

/// A refusal as the answer to a request: its status and the `error` frame as the body.
pub struct Refused(pub Refusal);

impl From<Refusal> for Refused {
    fn from(refusal: Refusal) -> Refused {
        Refused(refusal)
    }
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        let Refused(refusal) = self;
        let status = StatusCode::from_u16(refusal.status()).unwrap_or(StatusCode::BAD_REQUEST);
        (
            status,
            [
                (CONTENT_TYPE, "application/json"),
                (CACHE_CONTROL, "no-store"),
            ],
            refusal.to_json(),
        )
            .into_response()
    }
}

/// The client's address, as the rate limits count it: the trusted proxy's word for it, or the
/// connection's.
pub struct Address(pub IpAddr);

impl FromRequestParts<Online> for Address {
    type Rejection = Refused;

    async fn from_request_parts(parts: &mut Parts, online: &Online) -> Result<Self, Refused> {
        let ConnectInfo(ClientIp(peer)) = parts
            .extensions
            .get::<ConnectInfo<ClientIp>>()
            .copied()
            .ok_or(Refusal::Unavailable)?;
        Ok(Address(online.client_address(peer, &parts.headers)))
    }
}

/// A JSON body of at most [`MAX_BODY`] bytes (its type checked by the [`gate`]).
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = Refused;

    async fn from_request(request: Request, _: &S) -> Result<Self, Refused> {
        let bytes: Bytes = axum::body::to_bytes(request.into_body(), MAX_BODY)
            .await
            .map_err(|_| Refusal::TooLarge)?;
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|_| Refused(Refusal::BadRequest))
    }
}

/// A request that makes something (a game, a seek, a sign-in code): counted against the
/// address's rate.
pub fn admit(online: &Online, address: IpAddr) -> Result<(), Refusal> {
    if online.inner.creating.take(address) {
        Ok(())
    } else {
        Err(Refusal::TooManyRequests)
    }
}

/// The player a request is made by: `Some` with a valid `Authorization: Bearer TOKEN`, `None`
/// without the header. A header that is not a token, or a token that is no player's, is refused
/// (401) and counted as a failed attempt of the address (`limits::FAILURE_RATE`), as a wrong
/// secret is.
pub struct SignedIn(pub Option<Player>);

impl FromRequestParts<Online> for SignedIn {
    type Rejection = Refused;

    async fn from_request_parts(parts: &mut Parts, online: &Online) -> Result<Self, Refused> {
        let Some(header) = parts.headers.get(AUTHORIZATION).cloned() else {
            return Ok(SignedIn(None));
        };
        let Address(address) = Address::from_request_parts(parts, online).await?;
        let failures = &online.inner.failed_attempts;
        if !failures.has(address) {
            return Err(Refusal::TooManyAttempts.into());
        }
        let token = header
            .to_str()
            .ok()
            .and_then(|value| value.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|token| secret::is_key(token));
        let player = match token {
            Some(token) => online
                .inner
                .shared
                .store
                .players()
                .player_by_token(&secret::hash(token))
                .await
                .map_err(|_| Refusal::Unavailable)?,
            None => None,
        };
        match player {
            Some(player) => Ok(SignedIn(Some(player))),
            None => {
                failures.take(address);
                Err(Refusal::Unauthorized.into())
            }
        }
    }
}

impl SignedIn {
    /// The player, where the request must be signed in.
    pub fn required(self) -> Result<Player, Refused> {
        self.0.ok_or(Refused(Refusal::Unauthorized))
    }
}
