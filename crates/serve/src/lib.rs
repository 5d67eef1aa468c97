//! Serves the web build as the deployed site is served, so that what is tried here (the service
//! worker, caching, installing the app on a phone) behaves as it will for players: the
//! precompressed `.br` and `.gz` files the build ships, a year's caching for files whose names
//! carry a content hash and revalidation for the rest, exact content types, and HTTPS with a
//! certificate made at start-up for a phone on the LAN, signed by a [`LocalCa`] that is kept, so
//! that a phone which trusts it once can install the app.
//!
//! It is made to be left running on a home network, where anyone on the Wi-Fi can reach it: it
//! answers with the regular files inside the folder and nothing else (no dotfiles, nothing a
//! link leads to outside, no redirect to another site: `confine`), bounds slow and idle
//! clients and the connections open at once ([`Limits`]: 10 s for a request's head, 60 s
//! without traffic, at most 1024 connections, 128 from one address), sends the headers of a careful static site and
//! those that make the page cross-origin isolated (for the engine's worker), and its local CA can vouch only for names and addresses of a home network (see [`LocalCa`]).
//! Given endgame tables, it answers `GET /api/tablebase?fen=FEN` from them too
//! ([`TABLEBASE_PATH`]); given the online games' service (crates/online), `/api/online/…` and
//! their sockets, and the players' `/api/players/…` and `/api/leaderboard` (docs/PROTOCOL.md).
//! docs/SERVER.md says the same for a maintainer, with measurements.
//!
//! [`Site::bind`] takes the address (so that a port in use is reported before anything else),
//! [`Site::run`] serves until its shutdown future completes; [`router`] is the site itself.

mod addresses;
mod confine;
mod connections;
mod headers;
mod local_ca;
mod tablebase_api;
mod tls;

use std::fmt;
use std::future::Future;
use std::io;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use axum::handler::HandlerWithoutStateExt;
use axum::http::header::CONTENT_TYPE;
use axum::routing::get;
use axum::{middleware, Router};
use axum_server::tls_rustls::{RustlsAcceptor, RustlsConfig};
use axum_server::{Handle, Server};
use duobao_online::{ClientIp, Online};
use duobao_tablebase::Tablebase;
use tower_http::services::ServeDir;

use connections::{CappedListener, Peer};

pub use connections::{
    Limits, HEADER_READ_TIMEOUT, IDLE_TIMEOUT, MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS,
};
pub use headers::is_content_hashed;
pub use local_ca::{CaError, CaNotice, LocalCa};
pub use tablebase_api::TABLEBASE_PATH;

/// Where the server offers its local CA's certificate over HTTPS, for a phone to install.
pub const LOCAL_CA_PATH: &str = "/duobao-local-ca.crt";

/// How long open connections may finish their responses once shutdown is asked for.
const GRACE: Duration = Duration::from_secs(5);

/// The site: the regular files inside `root` (a canonical path: [`Site::bind`] makes it so)
/// with the site's headers (the cache policy of [`is_content_hashed`], UTF-8 text, the security
/// headers, cross-origin isolation). `/` and every folder serve their `index.html`; a file's
/// `.br` or `.gz` sibling is sent instead when the browser accepts that encoding; a missing
/// file, a dotfile, an empty path segment (`//sub`) and anything a link leads to outside `root`
/// is a plain-text 404; a request for several byte ranges gets the whole file.
///
/// With `local_ca` (the CA's certificate in PEM), [`LOCAL_CA_PATH`] answers it too, typed so
/// that a phone offers to install it; it is not a file of the site, and like the page it is
/// revalidated (`no-cache`), so that a new CA is never hidden behind a kept old one.
///
/// With `tables`, [`TABLEBASE_PATH`] answers from them (see `tablebase_api`); with `online`,
/// `/api/online/…` is the online games', `/api/players/…` and `/api/leaderboard` their players'.
pub fn router(
    root: &Path,
    local_ca: Option<&str>,
    tables: Option<Arc<Tablebase>>,
    online: Option<&Online>,
) -> Router {
    let files = ServeDir::new(root)
        .precompressed_br()
        .precompressed_gzip()
        .not_found_service(not_found.into_service());
    let mut site = Router::new();
    if let Some(pem) = local_ca {
        let pem = axum::body::Bytes::copy_from_slice(pem.as_bytes());
        let certificate =
            move || async move { ([(CONTENT_TYPE, "application/x-x509-ca-cert")], pem) };
        site = site.route(LOCAL_CA_PATH, get(certificate));
    }
    let site = site
        .fallback_service(files)
        .layer(middleware::from_fn_with_state(
            Arc::<Path>::from(root),
            confine::only_the_site,
        ));
    let site = match tables {
        Some(tables) => Router::new()
            .route(TABLEBASE_PATH, get(tablebase_api::tablebase))
            .with_state(tables)
            .merge(site),
        None => site,
    };
    let site = match online {
        Some(online) => duobao_online::router(online.clone()).merge(site),
        None => site,
    };
    site.layer(middleware::from_fn(headers::site_headers))
}

async fn not_found() -> &'static str {
    confine::NOT_FOUND
}

/// What to serve, where and how.
#[derive(Debug, Clone)]
pub struct Config {
    /// The folder of the web build.
    pub dir: PathBuf,
    /// The address to listen on; port 0 takes a free one.
    pub addr: SocketAddr,
    /// Whether to serve HTTPS with a certificate signed by the local CA.
    pub https: bool,
    /// The folder the local CA is kept in, made on the first HTTPS start; `None` for this
    /// user's data folder (`duobao-serve` in the local data folder: `~/.local/share` on Linux).
    /// It must not be inside `dir`, where its key would be served.
    pub cert_dir: Option<PathBuf>,
    /// The timeouts and the cap on open connections.
    pub limits: Limits,
    /// A folder of endgame tables to answer [`TABLEBASE_PATH`] from; `None` leaves it out.
    pub tables: Option<PathBuf>,
    /// The online games, started on their database; `None` leaves `/api/online` out.
    pub online: Option<Online>,
}

/// Where the local CA is kept unless told otherwise: one per user, since a phone trusts the CA
/// and not a server, and the same CA must sign every start's certificate.
fn default_cert_dir() -> Option<PathBuf> {
    dirs::data_local_dir().map(|data| data.join("duobao-serve"))
}

/// The client's address, from the connection, as the online games' rate limits read it.
impl axum::extract::connect_info::Connected<Peer> for ClientIp {
    fn connect_info(peer: Peer) -> ClientIp {
        ClientIp(peer.0)
    }
}

/// A server that is listening but not yet answering.
pub struct Site {
    listener: TcpListener,
    local_addr: SocketAddr,
    root: PathBuf,
    limits: Limits,
    max_connections: usize,
    lan: Vec<Ipv4Addr>,
    tls: Option<Tls>,
    tables: Option<Arc<Tablebase>>,
    online: Option<Online>,
}

struct Tls {
    ca: LocalCa,
    config: RustlsConfig,
}

impl Site {
    /// Listens on the configured address and, for HTTPS, reads the local CA (making it on the
    /// first start) and signs a certificate for every name this machine is opened by:
    /// localhost, 127.0.0.1, ::1, its LAN addresses, its host name (those of them the CA may
    /// vouch for). The folder is resolved once here (links included) as the root nothing is
    /// served outside of; the CA's folder must not be inside it.
    pub fn bind(config: Config) -> Result<Self, StartError> {
        let folder_error = |source| StartError::Folder {
            dir: config.dir.clone(),
            source,
        };
        let root = config.dir.canonicalize().map_err(folder_error)?;
        let listen_error = |source| StartError::Listen {
            addr: config.addr,
            source,
        };
        let listener = TcpListener::bind(config.addr).map_err(listen_error)?;
        let local_addr = listener.local_addr().map_err(listen_error)?;
        let lan = addresses::lan_ipv4();
        let tables = config
            .tables
            .as_deref()
            .map(tablebase_api::open_tables)
            .transpose()
            .map_err(StartError::Tables)?;
        let tls = if config.https {
            let cert_dir = config
                .cert_dir
                .or_else(default_cert_dir)
                .ok_or(StartError::LocalCa(CaError::NoFolder))?;
            let real_cert_dir =
                confine::resolve_partly(&cert_dir).map_err(|source| StartError::Folder {
                    dir: cert_dir.clone(),
                    source,
                })?;
            if real_cert_dir.starts_with(&root) {
                return Err(StartError::CertDirInSite { cert_dir, root });
            }
            let ca = LocalCa::load_or_make(&cert_dir).map_err(StartError::LocalCa)?;
            let names = addresses::certificate_names(&lan, addresses::host_name().as_deref())
                .into_iter()
                .filter(|name| ca.permits(name))
                .collect();
            let certificate =
                tls::signed_certificate(&ca, names).map_err(|e| StartError::Tls(e.to_string()))?;
            ca.check_accepted(&certificate.der)
                .map_err(StartError::LocalCa)?;
            let server =
                tls::server_config(&certificate).map_err(|e| StartError::Tls(e.to_string()))?;
            Some(Tls {
                ca,
                config: RustlsConfig::from_config(server),
            })
        } else {
            None
        };
        Ok(Site {
            listener,
            local_addr,
            root,
            limits: config.limits,
            max_connections: connections::connection_cap(
                config.limits.max_connections.unwrap_or(MAX_CONNECTIONS),
            ),
            lan,
            tls,
            tables,
            online: config.online,
        })
    }

    /// The address listened on, with the port taken when port 0 was asked for.
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// The addresses to open the site at, this machine's own first, then (when listening on
    /// every interface) those a phone on the network would open.
    pub fn urls(&self) -> Vec<String> {
        addresses::site_urls(self.local_addr, self.tls.is_some(), &self.lan)
    }

    /// The local CA that signed the certificate presented over HTTPS.
    pub fn local_ca(&self) -> Option<&LocalCa> {
        self.tls.as_ref().map(|tls| &tls.ca)
    }

    /// Answers requests until `shutdown` completes, then lets open responses finish for a few
    /// seconds. Fails only if the listener cannot be handed to the runtime.
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send + 'static) -> io::Result<()> {
        let local_ca = self.tls.as_ref().map(|tls| tls.ca.pem());
        let app = router(&self.root, local_ca, self.tables, self.online.as_ref())
            .into_make_service_with_connect_info::<ClientIp>();
        let handle = Handle::<Peer>::new();
        let stopper = handle.clone();
        tokio::spawn(async move {
            shutdown.await;
            stopper.graceful_shutdown(Some(GRACE));
        });
        self.listener.set_nonblocking(true)?;
        let listener = CappedListener::new(
            tokio::net::TcpListener::from_std(self.listener)?,
            self.max_connections,
            connections::per_address_cap(self.limits.connections_per_address, self.max_connections),
            self.limits.idle_timeout,
        );
        let mut server = Server::from_listener(listener)
            .handle(handle)
            // Also bounds a connection that sends nothing at all, before hyper knows whether
            // it speaks HTTP/1.1 or HTTP/2.
            .first_request_timeout(self.limits.header_read_timeout);
        server
            .http_builder()
            .http1()
            .header_read_timeout(self.limits.header_read_timeout);
        match self.tls {
            None => server.serve(app).await,
            // Its handshake is bounded by the acceptor (10 s).
            Some(tls) => {
                let server = server.acceptor(RustlsAcceptor::new(tls.config));
                server.serve(app).await
            }
        }
    }
}

/// Completes on Ctrl-C or, on Unix, SIGTERM (as a service manager or `kill` stops a server).
/// Watches from the call on, so that a signal sent as soon as the address is printed is not
/// missed: call it inside the runtime, before announcing. A signal that cannot be watched keeps
/// its default action, which ends the process.
pub fn shutdown_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, Signal, SignalKind};
        async fn received(watched: io::Result<Signal>) {
            match watched {
                Ok(mut signal) => {
                    signal.recv().await;
                }
                Err(_) => std::future::pending().await,
            }
        }
        let interrupt = received(signal(SignalKind::interrupt()));
        let terminate = received(signal(SignalKind::terminate()));
        async move {
            tokio::select! {
                () = interrupt => {}
                () = terminate => {}
            }
        }
    }
    #[cfg(not(unix))]
    async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// Why the server could not start.
#[derive(Debug)]
pub enum StartError {
    /// The folder to serve cannot be resolved (or, for the CA's folder, the path leading to it).
    Folder { dir: PathBuf, source: io::Error },
    /// The CA's folder is inside the served folder, where its key could be downloaded.
    CertDirInSite { cert_dir: PathBuf, root: PathBuf },
    /// The address cannot be listened on.
    Listen { addr: SocketAddr, source: io::Error },
    /// The local CA cannot be read or kept.
    LocalCa(CaError),
    /// The certificate or the TLS settings could not be made.
    Tls(String),
    /// The endgame tables cannot be opened: none in the folder, or a damaged file.
    Tables(duobao_tablebase::file::FileError),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Folder { dir, source } => {
                write!(f, "cannot resolve {}: {source}", dir.display())
            }
            StartError::CertDirInSite { cert_dir, root } => write!(
                f,
                "the local certificate authority's folder {} is inside the served folder {}, where anyone could download its key: choose a folder outside it with --cert-dir",
                cert_dir.display(),
                root.display()
            ),
            StartError::Listen { addr, source } => match source.kind() {
                io::ErrorKind::AddrInUse => write!(
                    f,
                    "port {} is already in use on {}: stop the server using it or choose another port with --port",
                    addr.port(),
                    addr.ip()
                ),
                io::ErrorKind::AddrNotAvailable => write!(
                    f,
                    "{} is not an address of this machine: choose another with --bind (127.0.0.1, or 0.0.0.0 for every interface)",
                    addr.ip()
                ),
                io::ErrorKind::PermissionDenied => write!(
                    f,
                    "not allowed to listen on port {}: choose a port above 1023 with --port",
                    addr.port()
                ),
                _ => write!(f, "cannot listen on {addr}: {source}"),
            },
            StartError::LocalCa(problem) => write!(f, "cannot set up HTTPS: {problem}"),
            StartError::Tls(problem) => write!(f, "cannot set up HTTPS: {problem}"),
            StartError::Tables(problem) => {
                write!(f, "cannot serve the endgame tables (--tables): {problem}")
            }
        }
    }
}

impl std::error::Error for StartError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StartError::Folder { source, .. } | StartError::Listen { source, .. } => Some(source),
            StartError::LocalCa(problem) => Some(problem),
            StartError::Tables(problem) => Some(problem),
            StartError::CertDirInSite { .. } | StartError::Tls(_) => None,
        }
    }
}
