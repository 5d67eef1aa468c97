//! What a game's task is asked, by the sockets, the HTTP requests and the database's notices,
//! and what it sends a socket.

use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use duobao_protocol::{ClientFrame, GameView, Refusal};
use tokio::sync::{mpsc, oneshot};

use crate::store::{Notice, Player};
use crate::Seat;

/// What a socket receives: JSON text, shared by every socket a broadcast goes to.
pub type Outgoing = Utf8Bytes;
/// A socket's number within its game's task.
pub type ClientId = u64;

/// How many messages may wait for a slow socket before it is dropped (it reconnects and catches
/// up by its version).
pub const OUTBOX: usize = 64;
/// A request to a game's task.
pub enum Command {
    /// A socket says hello; the reply is its number and seat.
    Hello {
        secret: Option<String>,
        version: u64,
        outbox: mpsc::Sender<Outgoing>,
        reply: oneshot::Sender<Result<(ClientId, Option<Seat>), Refusal>>,
    },
    /// A socket's frame (after its hello).
    Frame {
        client: ClientId,
        frame: ClientFrame,
    },
    /// A socket's measured round trip.
    Lag { client: ClientId, rtt: Duration },
    /// A socket closed.
    Leave { client: ClientId },
    /// The second player takes the free seat with the invitation (as `player`, signed in).
    Join {
        invite: String,
        secret: Option<String>,
        player: Option<Player>,
        reply: oneshot::Sender<Result<(Seat, String), Refusal>>,
    },
    /// The game as watchers see it.
    View {
        reply: oneshot::Sender<Result<GameView, Refusal>>,
    },
    /// A notice about this game from the database.
    Notice(Notice),
    /// Notices may have been missed: read the game's new events.
    CatchUp,
}

impl Command {
    /// Answers the command's asker with a refusal (its game cannot be had).
    pub fn refuse(self, refusal: Refusal) {
        match self {
            Command::Hello { reply, .. } => {
                let _ = reply.send(Err(refusal));
            }
            Command::Join { reply, .. } => {
                let _ = reply.send(Err(refusal));
            }
            Command::View { reply } => {
                let _ = reply.send(Err(refusal));
            }
            _ => {}
        }
    }
}
