//! A game's WebSocket, its origin checked before the upgrade (`origin`): the hello within 10 s,
//! then frames in (limited in size and rate) and the game task's messages out; protocol pings,
//! one at once and then every 10 s, measure the round trip for the clock's allowance and find
//! sockets that went silent. A ping carries a random number and only the pong that returns it
//! counts, timed from when this server sent it: what a client writes in a pong says nothing.

use std::net::IpAddr;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use duobao_protocol::{ClientFrame, Refusal};
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::command::{ClientId, Command, Outgoing, OUTBOX};
use crate::limits::{Bucket, Held, Rate};
use crate::service::Online;

const HELLO_WITHIN: Duration = Duration::from_secs(10);
const PING_EVERY: Duration = Duration::from_secs(10);
const SILENT_FOR: Duration = Duration::from_secs(45);
/// 20 frames a second on average, bursts of 40.
const FRAMES: Rate = Rate {
    per_second: 20.0,
    burst: 40.0,
};
/// RFC 6455's code for a policy broken (too many frames, no hello).
const POLICY: u16 = 1008;

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    }))
}

/// Serves one socket of game `id` until either side closes it; `_place` is its place among its
/// address's sockets, given back when it closes.
pub async fn serve(
    online: Online,
    id: String,
    address: IpAddr,
    _place: Held,
    mut socket: WebSocket,
) {
    let Some((client, mut inbox, _watching)) = hello(&online, &id, address, &mut socket).await
    else {
        return;
    };
    let shared = &online.inner.shared;
    // The first tick is at once: the clock's allowance has a measured round trip from the start.
    let mut ping = tokio::time::interval(PING_EVERY);
    // The last ping's number and when it went; a pong that comes back later is not awaited.
    let mut awaited: Option<([u8; 8], Instant)> = None;
    let mut heard = Instant::now();
    let mut frames = Bucket::full(FRAMES);
    loop {
        tokio::select! {
            received = socket.recv() => {
                let Some(Ok(message)) = received else { break };
                heard = Instant::now();
                if !frames.take(FRAMES) {
                    let _ = socket.send(close(POLICY, "too many frames")).await;
                    break;
                }
                match message {
                    Message::Text(text) => match ClientFrame::read(&text) {
                        Ok(ClientFrame::Hello { .. }) | Err(_) => {
                            let refusal = Refusal::BadRequest.to_json();
                            if socket.send(Message::Text(refusal.into())).await.is_err() {
                                break;
                            }
                        }
                        // A rematch is a new game: offering or accepting one is counted
                        // against the address's games.
                        Ok(ClientFrame::Rematch { yes: true })
                            if !online.inner.creating.take(address) =>
                        {
                            let refusal = Refusal::TooManyRequests.to_json();
                            if socket.send(Message::Text(refusal.into())).await.is_err() {
                                break;
                            }
                        }
                        Ok(frame) => shared.deliver(&id, Command::Frame { client, frame }),
                    },
                    Message::Pong(payload) => {
                        if let Some((_, sent)) = awaited.filter(|(n, _)| payload[..] == n[..]) {
                            awaited = None;
                            shared.deliver(&id, Command::Lag { client, rtt: sent.elapsed() });
                        }
                    }
                    Message::Close(_) => break,
                    Message::Binary(_) => {
                        let _ = socket.send(close(POLICY, "text frames only")).await;
                        break;
                    }
                    Message::Ping(_) => {}
                }
            }
            outgoing = inbox.recv() => {
                // None: the game's task let this socket go (it could not keep up, a newer
                // socket of its seat replaced it, or the task moved on); the client
                // reconnects and catches up.
                let Some(message) = outgoing else {
                    let _ = socket.send(close(POLICY, "let go by the game")).await;
                    break;
                };
                if socket.send(Message::Text(message)).await.is_err() {
                    break;
                }
            }
            _ = ping.tick() => {
                if heard.elapsed() > SILENT_FOR {
                    break;
                }
                let number: [u8; 8] = rand::random();
                awaited = Some((number, Instant::now()));
                if socket.send(Message::Ping(number.to_vec().into())).await.is_err() {
                    break;
                }
            }
        }
    }
    shared.deliver(&id, Command::Leave { client });
}

/// Waits for the hello and hands the socket to the game's task: its number there, the messages
/// for it and, for a watcher, its place among its address's watchers; or `None` (the socket
/// told why and closed).
async fn hello(
    online: &Online,
    id: &str,
    address: IpAddr,
    socket: &mut WebSocket,
) -> Option<(ClientId, mpsc::Receiver<Outgoing>, Option<Held>)> {
    let first = tokio::time::timeout(HELLO_WITHIN, socket.recv()).await;
    let (secret, version) = match first {
        Ok(Some(Ok(Message::Text(text)))) => match ClientFrame::read(&text) {
            Ok(ClientFrame::Hello { secret, v }) => (secret, v),
            _ => return refuse(socket, Refusal::BadRequest).await,
        },
        Ok(Some(Ok(_))) => return refuse(socket, Refusal::BadRequest).await,
        _ => {
            let _ = socket.send(close(POLICY, "no hello")).await;
            return None;
        }
    };
    let failures = &online.inner.failed_attempts;
    if !failures.has(address) {
        return refuse(socket, Refusal::TooManyAttempts).await;
    }
    // Watching needs no secret: it is what a script would open by the hundred.
    let watching = if secret.is_some() {
        None
    } else {
        let Some(place) = online.inner.watchers.enter(address) else {
            return refuse(socket, Refusal::TooManySockets).await;
        };
        Some(place)
    };
    let (outbox, inbox) = mpsc::channel(OUTBOX);
    let answer = online
        .inner
        .shared
        .ask(id, |reply| Command::Hello {
            secret,
            version,
            outbox,
            reply,
        })
        .await;
    match answer {
        Ok((client, _seat)) => Some((client, inbox, watching)),
        Err(refusal) => {
            if matches!(refusal, Refusal::WrongSecret | Refusal::NoGame) {
                failures.take(address);
            }
            refuse(socket, refusal).await
        }
    }
}

async fn refuse<T>(socket: &mut WebSocket, refusal: Refusal) -> Option<T> {
    let _ = socket.send(Message::Text(refusal.to_json().into())).await;
    let _ = socket.send(close(POLICY, "refused")).await;
    None
}
