//! The HTTP half of the protocol: registering a player, creating and joining games (as that
//! player when signed in), looking at one, and a player's profile and games.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::{Method, Request, StatusCode};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::protocol::{
    Account, CreateRequest, Created, GameView, JoinRequest, Joined, NewPlayer, PlayerGame, Profile,
    Refusal, SeekAnswer, SeekKey, SeekRequest, Side,
};

/// A request that did not get the answer it wanted.
#[derive(Debug)]
pub enum CallError {
    /// No answer: the server could not be reached, or took too long.
    Unreachable(String),
    /// A refusal as the page describes it.
    Refused {
        status: StatusCode,
        refusal: Refusal,
    },
    /// An answer the page does not describe.
    Unexpected { status: StatusCode, body: String },
}

impl CallError {
    /// The error's kind for the summary: the protocol's code, or what went wrong instead.
    pub fn kind(&self) -> String {
        match self {
            CallError::Unreachable(_) => "http_unreachable".to_string(),
            CallError::Refused { refusal, .. } => refusal.error.clone(),
            CallError::Unexpected { status, .. } => format!("http_unexpected_{}", status.as_u16()),
        }
    }
}

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CallError::Unreachable(why) => write!(f, "unreachable: {why}"),
            CallError::Refused { status, refusal } => {
                write!(f, "{status} {}: {}", refusal.error, refusal.reason)
            }
            CallError::Unexpected { status, body } => write!(f, "unexpected {status}: {body}"),
        }
    }
}

/// A seek's answers: paired, or still waiting.
const SEEK_ANSWERS: [StatusCode; 2] = [StatusCode::CREATED, StatusCode::ACCEPTED];

/// A player's HTTP client: its idle connection serves its next request to the same server.
/// Signed in ([`Api::signed_in`]), it sends the player's token where the page says.
#[derive(Clone)]
pub struct Api {
    client: Client<HttpConnector, Full<Bytes>>,
    token: Option<Arc<str>>,
}

/// The longest a request may take, but a seek's …
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// … which is a long poll, answered within 25 s.
const SEEK_TIMEOUT: Duration = Duration::from_secs(30);

impl Api {
    /// A client whose connections come from `source` (the system's choice when `None`).
    pub fn new(source: Option<IpAddr>) -> Api {
        let mut connector = HttpConnector::new();
        connector.set_nodelay(true);
        connector.set_connect_timeout(Some(Duration::from_secs(2)));
        connector.set_local_address(source);
        let client = Client::builder(TokioExecutor::new())
            .pool_idle_timeout(Duration::from_secs(20))
            .build(connector);
        Api {
            client,
            token: None,
        }
    }

    /// The same client, playing as the player whose token this is.
    pub fn signed_in(&self, token: &str) -> Api {
        Api {
            client: self.client.clone(),
            token: Some(token.into()),
        }
    }

    /// `POST /api/players`: the name registered, and the token that plays as it.
    pub async fn register(&self, base: &str, name: &str) -> Result<Account, CallError> {
        let url = format!("{base}/api/players");
        let body = NewPlayer { name };
        let wanted = [StatusCode::CREATED];
        self.call(Method::POST, &url, Some(&body), &wanted, None)
            .await
    }

    /// `GET /api/players/{name}`.
    pub async fn profile(&self, base: &str, name: &str) -> Result<Profile, CallError> {
        let url = format!("{base}/api/players/{name}");
        self.call(Method::GET, &url, None::<&()>, &[StatusCode::OK], None)
            .await
    }

    /// `GET /api/players/{name}/games`: the newest 100, newest first.
    pub async fn player_games(&self, base: &str, name: &str) -> Result<Vec<PlayerGame>, CallError> {
        let url = format!("{base}/api/players/{name}/games");
        self.call(Method::GET, &url, None::<&()>, &[StatusCode::OK], None)
            .await
    }

    /// `POST /api/online/games`: a rated game needs the client signed in.
    pub async fn create(
        &self,
        base: &str,
        side: Side,
        turn_seconds: u32,
        rated: bool,
    ) -> Result<Created, CallError> {
        let body = CreateRequest {
            side,
            turn_seconds,
            rated,
        };
        let url = format!("{base}/api/online/games");
        let wanted = [StatusCode::CREATED];
        self.call(Method::POST, &url, Some(&body), &wanted, self.token())
            .await
    }

    fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// `POST /api/online/seeks`: paired (201) or waiting (202); rated when signed in.
    pub async fn seek(&self, base: &str, turn_seconds: u32) -> Result<SeekAnswer, CallError> {
        let url = format!("{base}/api/online/seeks");
        let body = SeekRequest { turn_seconds };
        self.call_within(
            SEEK_TIMEOUT,
            Method::POST,
            &url,
            Some(&body),
            &SEEK_ANSWERS,
            self.token(),
        )
        .await
    }

    /// `POST /api/online/seeks/{seek}`: still waiting on it, with the secret it came with.
    pub async fn renew_seek(
        &self,
        base: &str,
        seek: &str,
        secret: &str,
    ) -> Result<SeekAnswer, CallError> {
        let url = format!("{base}/api/online/seeks/{seek}");
        let body = SeekKey { secret };
        self.call_within(
            SEEK_TIMEOUT,
            Method::POST,
            &url,
            Some(&body),
            &SEEK_ANSWERS,
            self.token(),
        )
        .await
    }

    /// `POST /api/online/games/{id}/join`, with the seat's secret drawn by the caller.
    pub async fn join(
        &self,
        base: &str,
        id: &str,
        invite: &str,
        secret: &str,
    ) -> Result<Joined, CallError> {
        let url = format!("{base}/api/online/games/{id}/join");
        let body = JoinRequest { invite, secret };
        self.call(
            Method::POST,
            &url,
            Some(&body),
            &[StatusCode::OK],
            self.token(),
        )
        .await
    }

    /// `GET /api/online/games/{id}`.
    pub async fn look(&self, base: &str, id: &str) -> Result<GameView, CallError> {
        let url = format!("{base}/api/online/games/{id}");
        self.call(Method::GET, &url, None::<&()>, &[StatusCode::OK], None)
            .await
    }

    /// `bearer`: the token, on the requests that play as a player.
    async fn call<T: DeserializeOwned>(
        &self,
        method: Method,
        url: &str,
        body: Option<&impl Serialize>,
        wanted: &[StatusCode],
        bearer: Option<&str>,
    ) -> Result<T, CallError> {
        self.call_within(REQUEST_TIMEOUT, method, url, body, wanted, bearer)
            .await
    }

    async fn call_within<T: DeserializeOwned>(
        &self,
        timeout: Duration,
        method: Method,
        url: &str,
        body: Option<&impl Serialize>,
        wanted: &[StatusCode],
        bearer: Option<&str>,
    ) -> Result<T, CallError> {
        let mut request = Request::builder().method(method).uri(url);
        if let Some(token) = bearer {
            request = request.header(http::header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let body = match body {
            Some(body) => {
                request = request.header(http::header::CONTENT_TYPE, "application/json");
                Bytes::from(serde_json::to_vec(body).expect("requests serialise"))
            }
            None => Bytes::new(),
        };
        let request = request
            .body(Full::new(body))
            .map_err(|e| CallError::Unreachable(e.to_string()))?;
        let exchange = async {
            let response = self
                .client
                .request(request)
                .await
                .map_err(|e| e.to_string())?;
            let status = response.status();
            let body = response
                .into_body()
                .collect()
                .await
                .map_err(|e| e.to_string())?;
            Ok::<_, String>((status, body.to_bytes()))
        };
        let (status, body) = tokio::time::timeout(timeout, exchange)
            .await
            .map_err(|_| CallError::Unreachable("no answer in time".to_string()))?
            .map_err(CallError::Unreachable)?;
        let unexpected = || CallError::Unexpected {
            status,
            body: String::from_utf8_lossy(&body).into_owned(),
        };
        if wanted.contains(&status) {
            serde_json::from_slice(&body).map_err(|_| unexpected())
        } else if status.is_client_error() {
            let refusal = serde_json::from_slice(&body).map_err(|_| unexpected())?;
            Err(CallError::Refused { status, refusal })
        } else {
            Err(unexpected())
        }
    }
}
