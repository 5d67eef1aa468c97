//! The online games of a server node as the site holds them: the games' shared state, the rate
//! limits, and how a client's address is told.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::connect_info::Connected;
use axum::serve::IncomingStream;

use crate::limits::{
    PerAddress, PerAddressCount, Rate, CREATE_RATE, FAILURE_RATE, REGISTER_RATE,
    SOCKETS_PER_ADDRESS, SOCKET_RATE, WATCHERS_PER_ADDRESS,
};
use crate::rooms;
use crate::shared::Shared;
use crate::store::{Database, StoreError};

/// The client's address, as the rate limits count it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl Connected<IncomingStream<'_, tokio::net::TcpListener>> for ClientIp {
    fn connect_info(stream: IncomingStream<'_, tokio::net::TcpListener>) -> Self {
        ClientIp(stream.remote_addr().ip())
    }
}

impl Connected<SocketAddr> for ClientIp {
    fn connect_info(address: SocketAddr) -> Self {
        ClientIp(address.ip())
    }
}

/// How the service tells clients apart for its rate limits.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Behind a reverse proxy or load balancer every connection comes from it: the header it
    /// puts the client's address in (`X-Forwarded-For`, whose last address is taken, or
    /// `X-Real-IP`). Only for a server that nobody reaches but through that proxy.
    pub client_address_header: Option<axum::http::HeaderName>,
    /// No rate limits and no caps per address at all: only for load tests, where every bot
    /// comes from one address.
    pub no_rate_limits: bool,
    /// Only for tests of several nodes: how far this node's clock is set wrong, in milliseconds
    /// (ahead; behind if negative). The node corrects it by the database's clock.
    pub clock_skew_millis: i64,
}

/// The online games of this server node.
#[derive(Clone)]
pub struct Online {
    pub(crate) inner: Arc<Inner>,
}

impl std::fmt::Debug for Online {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Online")
            .field("node", &self.inner.shared.node)
            .finish_non_exhaustive()
    }
}

pub(crate) struct Inner {
    pub(crate) shared: Arc<Shared>,
    options: Options,
    pub(crate) creating: PerAddress,
    pub(crate) registering: PerAddress,
    pub(crate) failed_attempts: PerAddress,
    pub(crate) opening_sockets: PerAddress,
    /// The sockets each address has open ([`SOCKETS_PER_ADDRESS`]) …
    pub(crate) sockets: PerAddressCount,
    /// … and of them those watching ([`WATCHERS_PER_ADDRESS`]).
    pub(crate) watchers: PerAddressCount,
}

impl Online {
    /// Starts the service on `database`: every game being played resumes, its clock running.
    pub async fn start(database: Database, options: Options) -> Result<Online, StoreError> {
        let shared = rooms::start(database, options.clock_skew_millis).await?;
        let limit = |rate| {
            PerAddress::new(if options.no_rate_limits {
                Rate::UNLIMITED
            } else {
                rate
            })
        };
        let cap = |max| {
            PerAddressCount::new(if options.no_rate_limits {
                usize::MAX
            } else {
                max
            })
        };
        Ok(Online {
            inner: Arc::new(Inner {
                shared,
                creating: limit(CREATE_RATE),
                registering: limit(REGISTER_RATE),
                failed_attempts: limit(FAILURE_RATE),
                opening_sockets: limit(SOCKET_RATE),
                sockets: cap(SOCKETS_PER_ADDRESS),
                watchers: cap(WATCHERS_PER_ADDRESS),
                options,
            }),
        })
    }

    /// The client's address: the proxy's word for it where one is trusted, else the peer's.
    pub(crate) fn client_address(&self, peer: IpAddr, headers: &axum::http::HeaderMap) -> IpAddr {
        self.inner
            .options
            .client_address_header
            .as_ref()
            .and_then(|name| headers.get(name))
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.rsplit(',').next())
            .and_then(|last| last.trim().parse().ok())
            .unwrap_or(peer)
    }
}
