//! How long and how many: a server on a home network must keep answering when a client is slow
//! on purpose or opens connections by the hundred, so that nobody on the Wi-Fi can hold it up
//! with a few lines of script. The numbers, in [`Limits::default`]:
//!
//! - **10 s to send a request's head** ([`HEADER_READ_TIMEOUT`]): a client that opens a
//!   connection and sends nothing, or half a request (slowloris), is dropped then. This bounds
//!   an HTTP/1.1 connection kept open between requests too: hyper starts the same timer as soon
//!   as a connection is idle, so a keep-alive connection with no new request closes after 10 s.
//! - **60 s without a byte moving** ([`IDLE_TIMEOUT`]), either way, closes any connection: an
//!   idle HTTP/2 connection (which has no head timer once open) and a client that stops reading
//!   a response.
//! - **10 s for a TLS handshake**, axum-server's bound, as before.
//! - **At most 1024 connections open at once** ([`MAX_CONNECTIONS`]), fewer when the open-file
//!   limit leaves less room: the limit less 64 for the runtime, the files being sent and the
//!   CA's ([`connection_cap`]; the soft limit is raised towards the hard one first). A
//!   connection over the cap is not accepted: it waits in the kernel's listen backlog until
//!   one closes (its client sees a slow answer, not an error; once the backlog is full too, a
//!   slow connect), rather than the server running out of files and failing every request.
//! - **At most 128 of them from one address** ([`MAX_CONNECTIONS_PER_ADDRESS`]), and at most
//!   half the cap: one client (or one script) cannot take every slot and so the site. A
//!   connection over it is closed at once, its slot given back. A browser opens 6 at most to
//!   a site, and a live game one more: 128 leaves room for a household or an office behind one
//!   address. Off behind a reverse proxy (`--client-address-header`), where every connection
//!   is the proxy's: it is the proxy that bounds each client then.

use std::future::Future;
use std::io::{self, IoSlice};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum_server::{AddrListener, Address};
use duobao_online::{Held, PerAddressCount};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{Instant, Sleep};

/// How long a client has to send a request's head, from the connection's start or from the
/// end of the previous response.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a connection may go without a byte read or written before it is closed.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(60);
/// The most connections open at once, when the open-file limit allows.
pub const MAX_CONNECTIONS: usize = 1024;
/// The most connections open at once from one client address, when the cap is at least twice
/// that.
pub const MAX_CONNECTIONS_PER_ADDRESS: usize = 128;
/// The open files kept free of connections: the runtime's own, the files being sent, the CA's.
const SPARE_FILES: usize = 64;

/// The bounds on each connection and on how many are open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// How long a client has to send a request's head ([`HEADER_READ_TIMEOUT`]).
    pub header_read_timeout: Duration,
    /// How long a connection may go without a byte moving ([`IDLE_TIMEOUT`]).
    pub idle_timeout: Duration,
    /// The most connections open at once; `None` for [`MAX_CONNECTIONS`]; fewer either way when
    /// the open-file limit leaves less room (the limit less 64).
    pub max_connections: Option<usize>,
    /// The most connections open at once from one address: [`MAX_CONNECTIONS_PER_ADDRESS`]
    /// by default, and never more than half the cap; `None` for no cap per address (behind a
    /// reverse proxy, whose address every connection has).
    pub connections_per_address: Option<usize>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_read_timeout: HEADER_READ_TIMEOUT,
            idle_timeout: IDLE_TIMEOUT,
            max_connections: None,
            connections_per_address: Some(MAX_CONNECTIONS_PER_ADDRESS),
        }
    }
}

/// What one address may hold of `cap` connections: `wanted` (`None`: all of them), and at most
/// half of them (at least one).
pub fn per_address_cap(wanted: Option<usize>, cap: usize) -> usize {
    wanted.map_or(cap, |wanted| wanted.min(cap / 2).max(1))
}

/// `wanted` connections ([`MAX_CONNECTIONS`] unless told: a server of live games holds two
/// sockets a game), or fewer when the open-file limit is lower: the limit less 64, and at least
/// one. On Unix the soft limit is first raised, as far as the hard limit allows, to what the
/// full cap needs (as Go's runtime and many servers do at start).
pub fn connection_cap(wanted: usize) -> usize {
    open_file_limit(wanted).map_or(wanted, |limit| {
        limit.saturating_sub(SPARE_FILES).clamp(1, wanted)
    })
}

#[cfg(unix)]
fn open_file_limit(connections: usize) -> Option<usize> {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let wanted = (connections + SPARE_FILES) as u64;
    let limit = getrlimit(Resource::Nofile);
    let current = limit.current?;
    let raised = limit.maximum.map_or(wanted, |hard| hard.min(wanted));
    let now = if raised > current
        && setrlimit(
            Resource::Nofile,
            Rlimit {
                current: Some(raised),
                maximum: limit.maximum,
            },
        )
        .is_ok()
    {
        raised
    } else {
        current
    };
    usize::try_from(now).ok()
}

#[cfg(not(unix))]
fn open_file_limit(_connections: usize) -> Option<usize> {
    None
}

/// The connections of a [`CappedListener`], as axum-server names them: the client's address,
/// which only the online games' rate limits read (nothing logs it).
#[derive(Debug, Clone, Copy)]
pub struct Peer(pub std::net::IpAddr);

impl Address for Peer {
    type Stream = Connection;
    type Listener = CappedListener;
}

/// A listener that accepts only while fewer than its cap of connections are open, and fewer
/// than its cap per address from the client's, and whose connections close after a while
/// without traffic.
pub struct CappedListener {
    listener: TcpListener,
    slots: Arc<Semaphore>,
    per_address: PerAddressCount,
    idle_timeout: Duration,
}

impl CappedListener {
    /// Accepts from `listener` at most `cap` connections open at once, `per_address` of them
    /// from one address, each closed after `idle_timeout` without a byte moving.
    pub fn new(
        listener: TcpListener,
        cap: usize,
        per_address: usize,
        idle_timeout: Duration,
    ) -> Self {
        CappedListener {
            listener,
            slots: Arc::new(Semaphore::new(cap)),
            per_address: PerAddressCount::new(per_address),
            idle_timeout,
        }
    }
}

impl AddrListener<Connection, Peer> for CappedListener {
    /// Never called: the server is made from a listener already bound (the port is reported
    /// before anything else starts).
    async fn bind_to(_: Peer) -> io::Result<Self> {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "a capped listener is made from a bound one",
        ))
    }

    /// Waits for a free slot, then for a connection: while the cap is reached, new
    /// connections wait in the kernel's backlog. One from an address that has its share open
    /// is closed at once.
    async fn accept_stream(&self) -> io::Result<(Connection, Peer)> {
        let slot = Arc::clone(&self.slots)
            .acquire_owned()
            .await
            .map_err(io::Error::other)?;
        let (stream, address, held) = loop {
            let (stream, address) = self.listener.accept().await?;
            if let Some(held) = self.per_address.enter(address.ip()) {
                break (stream, address, held);
            }
        };
        // A response goes out as its head and then its body: with Nagle's algorithm the body
        // would wait for the client's delayed acknowledgement of the head (40 ms on Linux). A
        // socket that refuses the option still works, only slower.
        let _ = stream.set_nodelay(true);
        Ok((
            Connection::new(stream, slot, held, self.idle_timeout),
            Peer(address.ip()),
        ))
    }

    fn get_local_addr(&self) -> io::Result<Peer> {
        self.listener.local_addr().map(|local| Peer(local.ip()))
    }
}

/// An accepted connection: holds its slot and its place among its address's until dropped, and
/// fails its reads and writes once no byte has moved either way for the idle timeout, which
/// ends the connection.
pub struct Connection {
    stream: TcpStream,
    _slot: OwnedSemaphorePermit,
    _held: Held,
    idle_timeout: Duration,
    last_moved: Instant,
    watchdog: Pin<Box<Sleep>>,
}

impl Connection {
    fn new(
        stream: TcpStream,
        slot: OwnedSemaphorePermit,
        held: Held,
        idle_timeout: Duration,
    ) -> Self {
        let now = Instant::now();
        Connection {
            stream,
            _slot: slot,
            _held: held,
            idle_timeout,
            last_moved: now,
            watchdog: Box::pin(tokio::time::sleep_until(now + idle_timeout)),
        }
    }

    /// Records traffic when `moved` bytes went through.
    fn moved(&mut self, moved: usize) {
        if moved > 0 {
            self.last_moved = Instant::now();
        }
    }

    /// For a read or write that must wait: an error once the connection has been idle too
    /// long, otherwise a wake-up when it will have been.
    fn idle_error(&mut self, cx: &mut Context<'_>) -> Poll<io::Error> {
        let deadline = self.last_moved + self.idle_timeout;
        if self.watchdog.deadline() != deadline {
            self.watchdog.as_mut().reset(deadline);
        }
        self.watchdog
            .as_mut()
            .poll(cx)
            .map(|()| io::Error::new(io::ErrorKind::TimedOut, "the connection was idle too long"))
    }
}

impl AsyncRead for Connection {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.stream).poll_read(cx, buf) {
            Poll::Ready(result) => {
                this.moved(buf.filled().len() - before);
                Poll::Ready(result)
            }
            Poll::Pending => this.idle_error(cx).map(Err),
        }
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.stream).poll_write(cx, buf) {
            Poll::Ready(result) => {
                this.moved(*result.as_ref().unwrap_or(&0));
                Poll::Ready(result)
            }
            Poll::Pending => this.idle_error(cx).map(Err),
        }
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match Pin::new(&mut this.stream).poll_write_vectored(cx, bufs) {
            Poll::Ready(result) => {
                this.moved(*result.as_ref().unwrap_or(&0));
                Poll::Ready(result)
            }
            Poll::Pending => this.idle_error(cx).map(Err),
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_address_has_half_the_cap_at_most() {
        assert_eq!(per_address_cap(Some(128), 1024), 128);
        assert_eq!(per_address_cap(Some(128), 100), 50);
        assert_eq!(per_address_cap(Some(128), 1), 1);
        assert_eq!(per_address_cap(None, 1024), 1024);
    }

    #[test]
    fn the_cap_leaves_room_below_the_open_file_limit() {
        let cap = connection_cap(MAX_CONNECTIONS);
        assert!((1..=MAX_CONNECTIONS).contains(&cap), "{cap}");
        if let Some(limit) = open_file_limit(MAX_CONNECTIONS) {
            assert!(
                cap + SPARE_FILES <= limit.max(SPARE_FILES + 1),
                "{cap} {limit}"
            );
        }
    }
}
