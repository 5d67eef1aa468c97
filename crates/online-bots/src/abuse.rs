//! Abusive clients, beside the honest bots: each comes from an address of its own and does one
//! of the abuses of issue 52 over and over, as fast as one client may, until the measured time
//! is over. What the server makes of each try (taken, ignored, or refused and how) is counted
//! apart from the honest players' errors: a server that bounds abuse refuses much of it, one
//! that does not takes it all, and neither is an error of the bots.

use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::http::Api;
use crate::protocol::{new_secret, ClientFrame, ServerFrame, Side};
use crate::shared::Shared;
use crate::socket::Socket;

/// What an abuser does.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Abuse {
    /// Offers a draw and takes it back, again and again.
    DrawToggle,
    /// Holds many sockets on one seat of one game.
    SeatSockets,
    /// Watches one game with many sockets.
    Watchers,
    /// Looks up games that do not exist.
    UnknownGames,
    /// Seeks and creates games without playing them.
    SeekAndCreate,
    /// Aborts a game, asks for its rematch, aborts that, and so on.
    AbortRematch,
}

impl Abuse {
    pub const ALL: [Abuse; 6] = [
        Abuse::DrawToggle,
        Abuse::SeatSockets,
        Abuse::Watchers,
        Abuse::UnknownGames,
        Abuse::SeekAndCreate,
        Abuse::AbortRematch,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Abuse::DrawToggle => "draw_toggle",
            Abuse::SeatSockets => "seat_sockets",
            Abuse::Watchers => "watchers",
            Abuse::UnknownGames => "unknown_games",
            Abuse::SeekAndCreate => "seek_and_create",
            Abuse::AbortRematch => "abort_rematch",
        }
    }
}

/// The sockets one abuser holds on one seat, and those it watches one game with.
const SEAT_SOCKETS: usize = 50;
const WATCHERS: usize = 100;
/// The pause between an abuser's requests or frames: 20 a second, the socket's allowance.
const PACE: Duration = Duration::from_millis(50);
/// How long an abuser waits for an answer on a socket before it counts the try as unanswered.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(5);
/// How long an abuser's seek is left waiting before it is dropped (the server keeps it).
const SEEK_WAIT: Duration = Duration::from_millis(200);
/// The abusers' games: a long turn, so that their clocks do not end them meanwhile.
const TURN_SECONDS: u32 = 600;

/// Abuser `n`'s own address, 127.251.x.y: beyond the honest players' (whose second byte is at
/// most 250), so that a limit per address meets the abuser and not them.
fn source(n: usize) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(
        127,
        251,
        (n / 250 % 250) as u8,
        (n % 250 + 1) as u8,
    ))
}

/// Abuser `n`: abuse `Abuse::ALL[n % 6]` on server `n % servers`, until the measured time is
/// over.
pub async fn abuser(n: usize, seed: u64, shared: &Shared) {
    let abuse = Abuse::ALL[n % Abuse::ALL.len()];
    let source = shared.own_addresses.then(|| source(n));
    let mut abuser = Abuser {
        abuse,
        shared,
        base: shared.servers[n % shared.servers.len()].clone(),
        source,
        api: Api::new(source),
        rng: StdRng::seed_from_u64(seed),
    };
    while Instant::now() < shared.stop_at {
        match abuse {
            Abuse::DrawToggle => abuser.toggle_draws().await,
            Abuse::SeatSockets => abuser.hold_sockets(SEAT_SOCKETS, true).await,
            Abuse::Watchers => abuser.hold_sockets(WATCHERS, false).await,
            Abuse::UnknownGames => abuser.look_up_unknown_games().await,
            Abuse::SeekAndCreate => abuser.seek_and_create().await,
            Abuse::AbortRematch => abuser.abort_and_rematch().await,
        }
        // Whatever ended the round, the next one does not start at once.
        tokio::time::sleep(PACE).await;
    }
}

/// A game of the abuser's own, both seats its.
struct OwnGame {
    id: String,
    secrets: [String; 2],
}

struct Abuser<'a> {
    abuse: Abuse,
    shared: &'a Shared,
    base: String,
    source: Option<IpAddr>,
    api: Api,
    rng: StdRng,
}

impl Abuser<'_> {
    fn taken(&self) {
        self.shared.recorder.abuse(self.abuse.name(), "taken");
    }

    fn refused(&self, why: &str) {
        let outcome = format!("refused {why}");
        self.shared.recorder.abuse(self.abuse.name(), &outcome);
    }

    fn running(&self) -> bool {
        Instant::now() < self.shared.stop_at
    }

    /// Creates a game and joins it from the same address.
    async fn own_game(&mut self) -> Option<OwnGame> {
        let created = self
            .api
            .create(&self.base, Side::Red, TURN_SECONDS, false)
            .await
            .map_err(|e| self.refused(&e.kind()))
            .ok()?;
        self.taken();
        let secret = new_secret();
        self.api
            .join(&self.base, &created.id, &created.invite, &secret)
            .await
            .map_err(|e| self.refused(&e.kind()))
            .ok()?;
        self.taken();
        Some(OwnGame {
            id: created.id,
            secrets: [created.secret, secret],
        })
    }

    /// A socket on game `id` that said hello (as seat `secret`, or watching); counted taken
    /// when the server answers with the game, refused otherwise.
    async fn greeted(&self, id: &str, secret: Option<&str>) -> Option<Socket> {
        let mut socket = match Socket::open(&self.base, id, self.source).await {
            Ok(socket) => socket,
            Err(e) => {
                self.refused(e.kind());
                return None;
            }
        };
        let hello = ClientFrame::Hello { secret, v: 0 };
        if let Err(e) = socket.send(&hello).await {
            self.refused(e.kind());
            return None;
        }
        match self.next_frame(&mut socket).await? {
            ServerFrame::Full { .. } => {
                self.taken();
                Some(socket)
            }
            _ => {
                self.refused("hello_unanswered");
                None
            }
        }
    }

    /// The socket's next frame; a refusal, a closed socket or silence is counted and `None`.
    async fn next_frame(&self, socket: &mut Socket) -> Option<ServerFrame> {
        match tokio::time::timeout(ANSWER_TIMEOUT, socket.next()).await {
            Err(_) => {
                self.refused("unanswered");
                None
            }
            Ok(Err(e)) => {
                self.refused(e.kind());
                None
            }
            Ok(Ok(ServerFrame::Error(refusal))) => {
                self.refused(&refusal.error);
                None
            }
            Ok(Ok(frame)) => Some(frame),
        }
    }

    /// Reads `socket` until a frame `wanted` picks something from: that, or `None` (counted).
    async fn wait_for<T>(
        &self,
        socket: &mut Socket,
        wanted: impl Fn(&ServerFrame) -> Option<T>,
    ) -> Option<T> {
        loop {
            let frame = self.next_frame(socket).await?;
            if let Some(found) = wanted(&frame) {
                return Some(found);
            }
        }
    }

    /// Sends `frame`; a socket that cannot take it is counted.
    async fn send(&self, socket: &mut Socket, frame: &ClientFrame<'_>) -> Option<()> {
        socket
            .send(frame)
            .await
            .map_err(|e| self.refused(e.kind()))
            .ok()
    }

    /// Offers a draw and takes it back at the socket's pace, on a game of its own, until the
    /// socket or the game ends.
    async fn toggle_draws(&mut self) {
        let Some(game) = self.own_game().await else {
            return;
        };
        let Some(mut socket) = self.greeted(&game.id, Some(&game.secrets[0])).await else {
            return;
        };
        let mut offer = true;
        while self.running() {
            if self
                .send(&mut socket, &ClientFrame::Draw { yes: offer })
                .await
                .is_none()
            {
                return;
            }
            offer = !offer;
            let answered = tokio::time::timeout(PACE, socket.next()).await;
            match answered {
                // Silence within the pace: the server may drop a repeated offer quietly.
                Err(_) => self.shared.recorder.abuse(self.abuse.name(), "ignored"),
                Ok(Err(e)) => return self.refused(e.kind()),
                Ok(Ok(ServerFrame::Error(refusal))) => self.refused(&refusal.error),
                Ok(Ok(ServerFrame::Offers { .. })) => self.taken(),
                Ok(Ok(ServerFrame::End { .. })) => return,
                Ok(Ok(_)) => {}
            }
            tokio::time::sleep(PACE).await;
        }
        socket.close().await;
    }

    /// Opens `count` sockets on one game of its own (on its first seat, or watching) and holds
    /// them until the measured time is over.
    async fn hold_sockets(&mut self, count: usize, seated: bool) {
        let Some(game) = self.own_game().await else {
            return;
        };
        let secret = seated.then_some(game.secrets[0].as_str());
        let mut held = Vec::new();
        for _ in 0..count {
            if !self.running() {
                break;
            }
            if let Some(socket) = self.greeted(&game.id, secret).await {
                held.push(socket);
            }
            tokio::time::sleep(PACE).await;
        }
        // Each socket is read, so that the server can write to it (and close it if it wants).
        let abuser = &*self;
        let hold = held.into_iter().map(|mut socket| async move {
            let until = abuser.shared.stop_at;
            loop {
                match tokio::time::timeout_at(until.into(), socket.next()).await {
                    Err(_) => break socket.close().await,
                    Ok(Ok(ServerFrame::Error(refusal))) => break abuser.refused(&refusal.error),
                    Ok(Err(e)) => break abuser.refused(e.kind()),
                    Ok(Ok(_)) => {}
                }
            }
        });
        futures_util::future::join_all(hold).await;
    }

    /// Asks for games that do not exist, at its pace, for a few seconds.
    async fn look_up_unknown_games(&mut self) {
        for _ in 0..100 {
            if !self.running() {
                return;
            }
            let id: String = (0..10)
                .map(|_| char::from(b'a' + self.rng.random_range(0..26)))
                .collect();
            match self.api.look(&self.base, &id).await {
                Ok(_) => self.taken(),
                Err(e) => self.refused(&e.kind()),
            }
            tokio::time::sleep(PACE).await;
        }
    }

    /// Creates a game and seeks one, at its pace, playing neither.
    async fn seek_and_create(&mut self) {
        for _ in 0..50 {
            if !self.running() {
                return;
            }
            match self
                .api
                .create(&self.base, Side::Random, TURN_SECONDS, false)
                .await
            {
                Ok(_) => self.taken(),
                Err(e) => self.refused(&e.kind()),
            }
            tokio::time::sleep(PACE).await;
            match tokio::time::timeout(SEEK_WAIT, self.api.seek(&self.base, TURN_SECONDS)).await {
                // Still waiting when dropped: the server took the seek.
                Err(_) | Ok(Ok(_)) => self.taken(),
                Ok(Err(e)) => self.refused(&e.kind()),
            }
            tokio::time::sleep(PACE).await;
        }
    }

    /// Aborts a game of its own, asks for the rematch from both seats, and so on with the
    /// rematch, as long as the server makes them.
    async fn abort_and_rematch(&mut self) {
        let Some(OwnGame { mut id, secrets }) = self.own_game().await else {
            return;
        };
        while self.running() {
            let Some(mut first) = self.greeted(&id, Some(&secrets[0])).await else {
                return;
            };
            let Some(mut second) = self.greeted(&id, Some(&secrets[1])).await else {
                return;
            };
            let ended =
                |frame: &ServerFrame| matches!(frame, ServerFrame::End { .. }).then_some(());
            if self.send(&mut first, &ClientFrame::Abort).await.is_none()
                || self.wait_for(&mut first, ended).await.is_none()
            {
                return;
            }
            self.taken();
            let rematch = ClientFrame::Rematch { yes: true };
            if self.send(&mut first, &rematch).await.is_none()
                || self.send(&mut second, &rematch).await.is_none()
            {
                return;
            }
            let made = |frame: &ServerFrame| match frame {
                ServerFrame::Rematch { id, .. } => Some(id.clone()),
                _ => None,
            };
            let Some(next) = self.wait_for(&mut first, made).await else {
                return;
            };
            self.taken();
            first.close().await;
            second.close().await;
            id = next;
            tokio::time::sleep(PACE).await;
        }
    }
}
