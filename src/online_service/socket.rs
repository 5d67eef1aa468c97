//! A game's WebSocket, opened by a page script (the browser's, the WebView's natively): the
//! server's frames read as they come, the client's sent, and a word when it closes — at once when
//! the device goes offline, so that the game notices a dropped network without waiting for the
//! server's silence. Dropping the [`Socket`] closes it.

use dioxus::document::Eval;
use dioxus::prelude::*;
use duobao_protocol::{ClientFrame, ServerFrame, MAX_FRAME};
use serde::Deserialize;
use serde_json::json;

use super::http::{is_id, Failure};
use crate::log::warning;
use crate::server_address::ServerAddress;

/// Opens the socket at the URL it is sent (a path alone is on this page's own host, `wss:` on
/// an `https:` page) and reports `open`, each text frame, and `closed` once: when the server or
/// the network closes it, on an error, or when the page goes offline. Then it sends the frames
/// it is handed while the socket is open, until told to close.
const SOCKET_SCRIPT: &str = r#"
    const url = await dioxus.recv();
    let socket = null;
    let over = false;
    const finish = (tell) => {
        if (over) return;
        over = true;
        window.removeEventListener("offline", lost);
        if (socket) {
            socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
            try { socket.close(); } catch (error) {}
        }
        if (tell) dioxus.send({ k: "closed" });
    };
    const lost = () => finish(true);
    if (!navigator.onLine) {
        lost();
    } else {
        try {
            const secure = location.protocol === "https:";
            const where = url.startsWith("/")
                ? (secure ? "wss://" : "ws://") + location.host + url
                : url;
            socket = new WebSocket(where);
            socket.onopen = () => dioxus.send({ k: "open" });
            socket.onmessage = (event) => {
                if (typeof event.data === "string") dioxus.send({ k: "message", text: event.data });
            };
            socket.onclose = lost;
            socket.onerror = lost;
            window.addEventListener("offline", lost);
        } catch (error) {
            lost();
        }
    }
    for (;;) {
        const asked = await dioxus.recv();
        if (!asked || asked.close) break;
        if (!over && typeof asked.send === "string" && socket.readyState === WebSocket.OPEN) {
            socket.send(asked.send);
        }
    }
    finish(false);
"#;

/// What the script reports: `k` is `open`, `message` (with its `text`) or `closed`. A flat
/// struct rather than an internally tagged enum, whose reader buffers what it reads (5 KB more).
#[derive(Deserialize)]
struct Report {
    k: String,
    text: Option<String>,
}

/// What happened on the socket.
#[derive(Clone, Debug, PartialEq)]
pub enum SocketEvent {
    /// The socket is open: say `hello` first.
    Open,
    /// A frame of the server's.
    Message(ServerFrame),
    /// It closed (or never opened): the server or the network closed it, it failed, or the
    /// device went offline. Open another to reconnect.
    Closed,
}

/// A game's socket, open or opening. Closed when dropped.
pub struct Socket {
    script: Eval,
    closed: bool,
}

impl Socket {
    /// Opens the socket of game `game_id` on `server`; `NoServer` natively until the player has
    /// given the server's address. Whether it opened comes as the first event of
    /// [`next`](Socket::next): `Open` or `Closed`.
    pub fn open(server: &ServerAddress, game_id: &str) -> Result<Socket, Failure> {
        let url = socket_url(server, game_id)?;
        let script = document::eval(SOCKET_SCRIPT);
        script.send(&url).map_err(|_| Failure::Unreachable)?;
        Ok(Socket {
            script,
            closed: false,
        })
    }

    /// The next thing that happens on the socket. A frame that is not the protocol's is logged
    /// and skipped. After `Closed`, every call answers `Closed` at once. Safe to drop while it
    /// waits (in a `select!`): no frame is lost.
    pub async fn next(&mut self) -> SocketEvent {
        while !self.closed {
            match self.script.recv::<Report>().await {
                Ok(Report { k, .. }) if k == "open" => return SocketEvent::Open,
                Ok(Report {
                    k,
                    text: Some(text),
                }) if k == "message" => match ServerFrame::read(&text) {
                    Ok(message) => return SocketEvent::Message(message),
                    Err(garbled) => {
                        let start: String = text.chars().take(120).collect();
                        warning!("online: a frame skipped ({}): {start}", garbled.0);
                    }
                },
                _ => self.closed = true,
            }
        }
        SocketEvent::Closed
    }

    /// Sends `message` if the socket is open (a frame sent while it is not is dropped: the game
    /// says it again after its next `hello`, as the protocol has it).
    pub fn send(&self, message: &ClientFrame) {
        let text = message.to_json();
        if text.len() > MAX_FRAME {
            // The server would close the socket for it.
            warning!("online: a frame of {} bytes not sent", text.len());
            return;
        }
        if !self.closed {
            let _ = self.script.send(json!({ "send": text }));
        }
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        let _ = self.script.send(json!({ "close": true }));
    }
}

/// The socket's URL for game `game_id`.
fn socket_url(server: &ServerAddress, game_id: &str) -> Result<String, Failure> {
    if !is_id(game_id) {
        return Err(Failure::no_game());
    }
    server
        .socket_endpoint(&format!("/api/online/games/{game_id}/socket"))
        .ok_or(Failure::NoServer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_protocol::Refusal;

    #[test]
    fn the_socket_is_the_games_on_the_server() {
        let at = |typed: &str| ServerAddress::parse(typed).unwrap();
        assert_eq!(
            socket_url(&at("https://duobao.example.org"), "k3w9x2mq7d"),
            Ok("wss://duobao.example.org/api/online/games/k3w9x2mq7d/socket".into())
        );
        assert_eq!(
            socket_url(&at("http://192.168.1.20:8080/duobao"), "k3w9x2mq7d"),
            Ok("ws://192.168.1.20:8080/duobao/api/online/games/k3w9x2mq7d/socket".into())
        );
        // Natively (where the tests run) this site is no server.
        assert_eq!(
            socket_url(&ServerAddress::ThisSite, "k3w9x2mq7d"),
            Err(Failure::NoServer)
        );
        assert!(matches!(
            socket_url(&at("https://duobao.example.org"), "../../x"),
            Err(Failure::Refused { code, .. }) if code == Refusal::NoGame.code()
        ));
    }

    #[test]
    fn the_longest_frame_the_client_sends_is_well_under_the_limit() {
        let hello = ClientFrame::Hello {
            secret: Some("S".repeat(32)),
            v: u64::MAX,
        };
        let mv = ClientFrame::Move {
            ply: u32::MAX,
            notation: "pass".into(),
        };
        assert!(hello.to_json().len() < MAX_FRAME / 10);
        assert!(mv.to_json().len() < MAX_FRAME / 10);
    }
}
