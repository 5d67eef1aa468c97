//! What the game screen knows of a game played online besides its plies, free of any UI: the
//! server's status and clock, who is connected, the offers, the move sent and not yet
//! acknowledged, and what is to be sent. The controller applies the server's messages through
//! it (`online.rs`); the socket is `tasks/socket.rs`'s.

use web_time::Instant;

use duobao_rules::Color;

use crate::online_service::{ClientFrame, Offers, Presence, RatingChanges, SeatPlayer};
use crate::session::OnlineSeat;

/// Where the game stands on the server.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Status {
    /// Not heard from the server yet.
    Unknown,
    /// The second seat is free: the invitation is out.
    Waiting,
    Playing,
    /// Over: the game's result says how (the rules', or the players' choice).
    Ended,
    /// Called off before it really began: no result, nobody counts it.
    Aborted,
}

/// The socket to the game's server, as the screen tells it.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Connection {
    Connecting,
    Live,
    /// The socket dropped: trying again.
    Reconnecting,
    /// The device is offline, or (natively) no server address is set.
    Offline,
}

/// Why the game cannot go on here.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Lost {
    /// The server has no such game (an invitation left unanswered for a day is dropped).
    NoGame,
    /// The seat's key is not the seat's any more.
    WrongSecret,
}

#[derive(Clone, Debug)]
pub struct OnlinePlay {
    pub(super) seat: OnlineSeat,
    pub(super) status: Status,
    pub(super) connection: Connection,
    pub(super) lost: Option<Lost>,
    pub(super) presence: Presence,
    pub(super) offers: Offers,
    /// The rematch's id once both agreed.
    pub(super) rematch: Option<String>,
    /// The plies the server has stored (the game may hold one more: the move sent).
    pub(super) confirmed: usize,
    /// The turn's time left as the server last said, and when it was heard.
    pub(super) clock: Option<(u64, Instant)>,
    /// Each seat's player, Red's first, as the server names them (`None` for an anonymous
    /// seat), with what a rated game's end changed.
    pub(super) players: [Option<SeatPlayer>; 2],
    /// What waits for the socket.
    outbox: Vec<ClientFrame>,
}

impl OnlinePlay {
    pub fn new(seat: OnlineSeat) -> OnlinePlay {
        OnlinePlay {
            seat,
            status: Status::Unknown,
            connection: Connection::Connecting,
            lost: None,
            presence: Presence::default(),
            offers: Offers::default(),
            rematch: None,
            confirmed: 0,
            clock: None,
            players: [None, None],
            outbox: Vec::new(),
        }
    }

    pub fn seat(&self) -> &OnlineSeat {
        &self.seat
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn connection(&self) -> Connection {
        self.connection
    }

    pub fn lost(&self) -> Option<Lost> {
        self.lost
    }

    pub fn presence(&self) -> Presence {
        self.presence
    }

    /// `seat`'s player, as the server names them.
    pub fn player(&self, seat: Color) -> Option<&SeatPlayer> {
        self.players[seat as usize].as_ref()
    }

    /// What a rated game's end changed, told by its end event.
    pub(super) fn take_changes(&mut self, changes: RatingChanges) {
        for seat in [Color::Red, Color::Black] {
            if let Some(player) = &mut self.players[seat as usize] {
                player.change = Some(changes.of(seat));
            }
        }
    }

    /// Whether the game is on: the server says so, and the socket is there to take a move.
    pub fn is_playing(&self) -> bool {
        self.status == Status::Playing
    }

    /// Queues a message for the socket.
    pub(super) fn send(&mut self, message: ClientFrame) {
        self.outbox.push(message);
    }

    /// How many messages wait for the socket (the link wakes on a change).
    pub fn waiting_to_send(&self) -> usize {
        self.outbox.len()
    }

    /// The messages to send, oldest first, taken out.
    pub fn take_outbox(&mut self) -> Vec<ClientFrame> {
        std::mem::take(&mut self.outbox)
    }

    /// The first message on a new socket: the seat's key and the last version applied, then the
    /// move not yet acknowledged, sent again (the server acknowledges it once, whatever comes).
    pub fn hello(&self) -> ClientFrame {
        ClientFrame::Hello {
            secret: self.seat.secret.clone(),
            // Until the server has spoken on this screen (a game carried on after a reload), the
            // whole game: the events alone would not say whether it is being played.
            v: if self.status == Status::Unknown {
                0
            } else {
                self.seat.version
            },
        }
    }

    /// Milliseconds left in the turn now, by the server's last word.
    pub fn millis_left(&self) -> Option<u64> {
        let (left, heard) = self.clock?;
        Some(left.saturating_sub(heard.elapsed().as_millis() as u64))
    }
}
