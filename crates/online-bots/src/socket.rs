//! A game's WebSocket, frames in and out as the protocol's types.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use crate::protocol::{ClientFrame, ServerFrame};

/// The longest the TCP connection and the WebSocket handshake may take together.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// Frames are at most 1 KiB each way (the server's limit, and a `full` game of a few hundred
/// plies): small buffers keep 10,000 sockets in little memory.
const BUFFER: usize = 4096;

/// Why a socket could not be opened, or stopped.
#[derive(Debug)]
pub enum SocketError {
    Connect(String),
    Closed(String),
    /// A frame the protocol does not describe.
    BadFrame(String),
}

impl SocketError {
    pub fn kind(&self) -> &'static str {
        match self {
            SocketError::Connect(_) => "connect_failed",
            SocketError::Closed(_) => "socket_closed",
            SocketError::BadFrame(_) => "bad_frame",
        }
    }
}

impl std::fmt::Display for SocketError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SocketError::Connect(why) => write!(f, "cannot connect: {why}"),
            SocketError::Closed(why) => write!(f, "closed: {why}"),
            SocketError::BadFrame(frame) => write!(f, "a frame not in the protocol: {frame}"),
        }
    }
}

async fn connect(authority: &str, source: Option<IpAddr>) -> std::io::Result<TcpStream> {
    let server = tokio::net::lookup_host(authority)
        .await?
        .next()
        .ok_or_else(|| std::io::Error::other(format!("{authority} has no address")))?;
    let socket = match server {
        SocketAddr::V4(_) => TcpSocket::new_v4()?,
        SocketAddr::V6(_) => TcpSocket::new_v6()?,
    };
    if let Some(source) = source {
        socket.bind(SocketAddr::new(source, 0))?;
    }
    socket.set_nodelay(true)?;
    socket.connect(server).await
}

pub struct Socket {
    stream: WebSocketStream<TcpStream>,
}

impl Socket {
    /// Opens `GET {base}/api/online/games/{id}/socket` from `source` (the system's choice when
    /// `None`); `base` is `http://host:port`. No `Origin` is sent, as the page says a client
    /// that is not a browser does.
    pub async fn open(base: &str, id: &str, source: Option<IpAddr>) -> Result<Socket, SocketError> {
        let authority = base
            .strip_prefix("http://")
            .map(|rest| rest.trim_end_matches('/'))
            .ok_or_else(|| SocketError::Connect(format!("{base} is not an http:// address")))?;
        let url = format!("ws://{authority}/api/online/games/{id}/socket");
        let config = WebSocketConfig::default()
            .read_buffer_size(BUFFER)
            .write_buffer_size(0)
            .max_write_buffer_size(4 * BUFFER)
            .max_message_size(Some(64 * 1024))
            .max_frame_size(Some(64 * 1024));
        let open = async {
            let tcp = connect(authority, source)
                .await
                .map_err(|e| e.to_string())?;
            tokio_tungstenite::client_async_with_config(url.as_str(), tcp, Some(config))
                .await
                .map_err(|e| e.to_string())
        };
        let (stream, _) = tokio::time::timeout(CONNECT_TIMEOUT, open)
            .await
            .map_err(|_| SocketError::Connect("no handshake in time".to_string()))?
            .map_err(SocketError::Connect)?;
        Ok(Socket { stream })
    }

    pub async fn send(&mut self, frame: &ClientFrame<'_>) -> Result<(), SocketError> {
        let text = serde_json::to_string(frame).expect("frames serialise");
        self.stream
            .send(Message::text(text))
            .await
            .map_err(|e| SocketError::Closed(e.to_string()))
    }

    /// The next frame of the server; protocol pings are answered on the way.
    pub async fn next(&mut self) -> Result<ServerFrame, SocketError> {
        loop {
            let message = match self.stream.next().await {
                None => return Err(SocketError::Closed("end of stream".to_string())),
                Some(Err(e)) => return Err(SocketError::Closed(e.to_string())),
                Some(Ok(message)) => message,
            };
            match message {
                Message::Text(text) => {
                    return serde_json::from_str(&text)
                        .map_err(|e| SocketError::BadFrame(format!("{text} ({e})")));
                }
                Message::Close(frame) => {
                    let why = frame.map_or("no reason".to_string(), |f| {
                        format!("code {}, {}", u16::from(f.code), f.reason)
                    });
                    return Err(SocketError::Closed(why));
                }
                Message::Binary(_) => {
                    return Err(SocketError::BadFrame("a binary frame".to_string()));
                }
                Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
            }
        }
    }

    /// Says goodbye; the socket is gone either way.
    pub async fn close(mut self) {
        let _ = tokio::time::timeout(Duration::from_secs(1), self.stream.close(None)).await;
    }
}
