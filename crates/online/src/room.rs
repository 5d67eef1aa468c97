//! One task per live game, as lila-ws has: it alone changes its game, so that requests are
//! taken in turn; it stores every change before anyone hears of it, acknowledges a move only
//! once it is committed, runs the turn clock, and tells the game's sockets. Several nodes may
//! each have a task for the same game: the database orders their writes (a write made on a
//! stale version is refused), and a task that loses reads what won and tells its sockets.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use duobao_players::Speed;
use duobao_protocol::{
    ClientFrame, OnlineEnd, Presence, RatingChanges, Refusal, ServerFrame, Status,
};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

use crate::backoff::Backoff;
use crate::command::{ClientId, Command, Outgoing};
use crate::lag::Lag;
use crate::limits::SEAT_SOCKETS;
use crate::model::{Decision, Event, GamePlayer, GameState, Millis};
use crate::secret;
use crate::shared::Shared;
use crate::store::{
    outcome_of, seated_at, Append, Appended, NewGame, Notice, Player, RatingUpdate, SeatUpdate,
    StoredGame,
};
use crate::Seat;

/// The allowance for the network before a turn is passed: this much at least …
const BASE_ALLOWANCE: Millis = 250;
/// … and at most this much, the mover's measured lag (the median of its last round trips,
/// `lag`) counted in between.
const MAX_ALLOWANCE: Millis = 1000;
/// Where the mover's socket is on another node, that node passes the turn; this one only if
/// that node is gone.
const BACKUP_DELAY: Millis = 3000;
/// How long a task with nothing to run (no clock, no socket) stays.
const IDLE: Duration = Duration::from_secs(60);
/// How often a node tells the others who is connected to it, and how long that is believed.
const PRESENCE_EVERY: Duration = Duration::from_secs(20);
const PRESENCE_TRUSTED: Duration = Duration::from_secs(45);
/// How many times a rated end is computed again from fresh ratings when another game of one of
/// its players moved them first: each try follows a commit of that other game, so running out
/// takes that many of them in the same moments.
const RATING_TRIES: usize = 8;

/// Where a join seats its player: the seat, its secret's hash, and who, if signed in.
type Seating = (Seat, String, Option<GamePlayer>);

struct Client {
    seat: Option<Seat>,
    outbox: mpsc::Sender<Outgoing>,
}

struct Room {
    shared: Arc<Shared>,
    state: GameState,
    /// Every event so far, version 1 first.
    events: Vec<Event>,
    red_hash: Option<String>,
    black_hash: Option<String>,
    invite_hash: Option<String>,
    clients: HashMap<ClientId, Client>,
    next_client: ClientId,
    lag: HashMap<Seat, Lag>,
    /// Who is connected on other nodes, as they last said.
    remote: HashMap<String, (Presence, Instant)>,
    shown_presence: Presence,
    last_published: Instant,
    /// The database's failures in a row, which the clock waits out.
    backoff: Backoff,
}

/// Loads game `id` and runs its task until it has nothing left to do. `fresh_turn`: the server
/// was down, so the player on move starts a whole turn again.
pub async fn run(
    shared: Arc<Shared>,
    id: String,
    generation: u64,
    mut commands: mpsc::UnboundedReceiver<Command>,
    fresh_turn: bool,
) {
    let stored = match shared.store.load(&id).await {
        Ok(Some(stored)) => stored,
        outcome => {
            let refusal = match outcome {
                Ok(_) => {
                    shared.note_missing(&id);
                    Refusal::NoGame
                }
                Err(_) => Refusal::Unavailable,
            };
            shared.forget(&id, generation);
            commands.close();
            while let Some(command) = commands.recv().await {
                command.refuse(refusal);
            }
            return;
        }
    };
    let mut room = match Room::from_stored(Arc::clone(&shared), stored) {
        Ok(room) => room,
        Err(problem) => {
            eprintln!("duobao-serve: online game {id} cannot be read back: {problem}");
            shared.forget(&id, generation);
            commands.close();
            while let Some(command) = commands.recv().await {
                command.refuse(Refusal::Unavailable);
            }
            return;
        }
    };
    let now = shared.clock.now();
    if room.state.status == Status::Playing
        && (fresh_turn || room.state.turn_ends() + BACKUP_DELAY < now)
    {
        let _ = room
            .commit(vec![Event::Clock { at: now }], None, None, None)
            .await;
    }
    let mut idle_since = Instant::now();
    loop {
        let deadline = room.clock_deadline();
        let idle_ends = idle_since + IDLE;
        let publish_at = room.last_published + PRESENCE_EVERY;
        tokio::select! {
            command = commands.recv() => match command {
                Some(command) => room.handle(command).await,
                None => break,
            },
            () = tokio::time::sleep_until(deadline.unwrap_or(idle_ends)), if deadline.is_some() => {
                room.time_out().await;
            }
            () = tokio::time::sleep_until(idle_ends), if room.is_idle() => {
                if shared.forget(&room.state.id, generation) {
                    commands.close();
                    // What arrived meanwhile goes to the task that follows.
                    while let Some(command) = commands.recv().await {
                        shared.deliver(&room.state.id, command);
                    }
                    break;
                }
            }
            () = tokio::time::sleep_until(publish_at), if shared.store.shared() && !room.clients.is_empty() => {
                room.publish_presence().await;
            }
        }
        if !room.is_idle() {
            idle_since = Instant::now();
        }
    }
}

impl Room {
    fn from_stored(
        shared: Arc<Shared>,
        stored: StoredGame,
    ) -> Result<Room, crate::model::BadHistory> {
        let mut state = GameState::new(
            stored.id.clone(),
            stored.turn_seconds,
            stored.created_at,
            stored.rematch_of.clone(),
        );
        state.rated = stored.rated;
        state.players = stored.players;
        for event in &stored.events {
            state.apply(event)?;
        }
        Ok(Room {
            shared,
            state,
            events: stored.events,
            red_hash: stored.red_hash,
            black_hash: stored.black_hash,
            invite_hash: stored.invite_hash,
            clients: HashMap::new(),
            next_client: 1,
            lag: HashMap::new(),
            remote: HashMap::new(),
            shown_presence: Presence::default(),
            last_published: Instant::now(),
            backoff: Backoff::default(),
        })
    }

    /// Nothing to run: no clock and no socket.
    fn is_idle(&self) -> bool {
        self.clients.is_empty() && self.state.status != Status::Playing
    }

    fn seat_hash(&self, seat: Seat) -> Option<&str> {
        match seat {
            Seat::Red => self.red_hash.as_deref(),
            Seat::Black => self.black_hash.as_deref(),
        }
    }

    /// The seat `key` opens.
    fn seat_of(&self, key: &str) -> Option<Seat> {
        Seat::BOTH.into_iter().find(|seat| {
            self.seat_hash(*seat)
                .is_some_and(|stored| secret::opens(key, stored))
        })
    }

    fn local_presence(&self) -> Presence {
        let mut presence = Presence::default();
        for client in self.clients.values() {
            match client.seat {
                Some(Seat::Red) => presence.red = true,
                Some(Seat::Black) => presence.black = true,
                None => presence.watchers += 1,
            }
        }
        presence
    }

    /// Who is connected here and, as they last said, on the other nodes.
    fn presence(&self) -> Presence {
        let fresh = Instant::now() - PRESENCE_TRUSTED;
        self.remote
            .values()
            .filter(|(_, said)| *said >= fresh)
            .fold(self.local_presence(), |all, (there, _)| Presence {
                red: all.red || there.red,
                black: all.black || there.black,
                watchers: all.watchers + there.watchers,
            })
    }

    /// When the clock passes the current turn: its end, plus the allowance for the network.
    fn pass_deadline(&self) -> Option<Instant> {
        let mover = self.state.turn()?;
        let here = self.clients.values().any(|c| c.seat == Some(mover));
        let allowance = if here {
            let lag = self.lag.get(&mover).map_or(0, Lag::figure);
            (BASE_ALLOWANCE + lag).min(MAX_ALLOWANCE)
        } else if self.shared.store.shared() {
            BACKUP_DELAY
        } else {
            MAX_ALLOWANCE
        };
        let wait = (self.state.turn_ends() + allowance - self.shared.clock.now()).max(0);
        Some(Instant::now() + Duration::from_millis(wait as u64))
    }

    /// When the clock next tries to pass the turn: at its deadline, or once the database's
    /// failures are waited out.
    fn clock_deadline(&self) -> Option<Instant> {
        let deadline = self.pass_deadline()?;
        Some(
            self.backoff
                .until()
                .map_or(deadline, |until| deadline.max(until)),
        )
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Hello {
                secret,
                version,
                outbox,
                reply,
            } => self.hello(secret, version, outbox, reply),
            Command::Frame { client, frame } => {
                // A frame that comes after the pass is judged after it, whichever the task
                // heard of first.
                if self.clock_deadline().is_some_and(|at| at <= Instant::now()) {
                    self.time_out().await;
                }
                self.frame(client, frame).await;
            }
            Command::Lag { client, rtt } => {
                if let Some(seat) = self.clients.get(&client).and_then(|c| c.seat) {
                    self.lag.entry(seat).or_default().record(rtt);
                }
            }
            Command::Leave { client } => {
                self.clients.remove(&client);
                self.presence_changed().await;
            }
            Command::Join {
                invite,
                secret,
                player,
                reply,
            } => {
                let _ = reply.send(self.join(&invite, secret, player).await);
            }
            Command::View { reply } => {
                let _ = reply.send(Ok(self.state.view(
                    self.shared.clock.now(),
                    self.presence(),
                    None,
                )));
            }
            Command::Notice(Notice::Game {
                version, events, ..
            }) => {
                // The events the notice carries follow ours: taken without a read (a join's
                // are read, with the seat it took).
                let follows = !events.is_empty()
                    && version == self.state.version + events.len() as u64
                    && !events.iter().any(|e| matches!(e, Event::Joined { .. }));
                if follows {
                    self.take(events);
                } else if version > self.state.version {
                    self.catch_up().await;
                }
            }
            Command::Notice(Notice::Presence {
                node,
                red,
                black,
                watchers,
                ..
            }) => {
                if node != self.shared.node {
                    let said = Presence {
                        red,
                        black,
                        watchers,
                    };
                    self.remote.insert(node, (said, Instant::now()));
                    self.show_presence();
                }
            }
            Command::Notice(Notice::Paired { .. } | Notice::Missed) => {}
            Command::CatchUp => self.catch_up().await,
        }
    }

    fn hello(
        &mut self,
        secret: Option<String>,
        version: u64,
        outbox: mpsc::Sender<Outgoing>,
        reply: oneshot::Sender<Result<(ClientId, Option<Seat>), Refusal>>,
    ) {
        let seat = match &secret {
            None => None,
            Some(key) => {
                let opened = self.seat_of(key);
                match opened {
                    Some(seat) => Some(seat),
                    None => {
                        let _ = reply.send(Err(Refusal::WrongSecret));
                        return;
                    }
                }
            }
        };
        if let Some(seat) = seat {
            self.make_room_on(seat);
        }
        let client = self.next_client;
        self.next_client += 1;
        let now = self.shared.clock.now();
        for message in self.catch_up_messages(version, seat, now) {
            let _ = outbox.try_send(message);
        }
        self.clients.insert(client, Client { seat, outbox });
        let _ = reply.send(Ok((client, seat)));
        // Everyone hears of a change; the newcomer hears where things stand either way.
        if self.presence() == self.shown_presence {
            self.send_to(client, presence_message(self.shown_presence));
        } else {
            self.show_presence();
        }
        if self.shared.store.shared() {
            self.last_published = Instant::now() - PRESENCE_EVERY;
        }
    }

    /// Lets the oldest socket of `seat` go, telling it why, when the seat has all it may have
    /// (`SEAT_SOCKETS`): the newest is the one its player is looking at.
    fn make_room_on(&mut self, seat: Seat) {
        let open: Vec<ClientId> = self
            .clients
            .iter()
            .filter(|(_, client)| client.seat == Some(seat))
            .map(|(id, _)| *id)
            .collect();
        if open.len() < SEAT_SOCKETS {
            return;
        }
        if let Some(oldest) = open.into_iter().min() {
            self.send_to(oldest, Refusal::Replaced.to_json().into());
            self.clients.remove(&oldest);
        }
    }

    /// What a socket that has `version` needs: the events after it, or the whole game.
    fn catch_up_messages(&self, version: u64, seat: Option<Seat>, now: Millis) -> Vec<Outgoing> {
        if version == 0 || version > self.state.version {
            let full = ServerFrame::Full {
                v: self.state.version,
                game: Box::new(self.state.view(now, self.presence(), seat)),
            };
            return vec![outgoing(&full)];
        }
        let mut replay = GameState::new(
            self.state.id.clone(),
            self.state.turn_seconds,
            self.state.created_at,
            self.state.rematch_of.clone(),
        );
        let mut messages = Vec::new();
        for (index, event) in self.events.iter().enumerate() {
            if replay.apply(event).is_err() {
                break;
            }
            if index as u64 >= version {
                messages.push(outgoing(&GameState::wire(
                    event,
                    replay.version,
                    &replay,
                    now,
                )));
            }
        }
        messages
    }

    async fn frame(&mut self, client: ClientId, frame: ClientFrame) {
        let Some(seat) = self.clients.get(&client).map(|c| c.seat) else {
            return;
        };
        if let ClientFrame::Ping = frame {
            let now = self.shared.clock.now();
            self.send_to(client, outgoing(&self.state.pong(now)));
            return;
        }
        let Some(seat) = seat else {
            self.send_to(client, Refusal::Watching.to_json().into());
            return;
        };
        // A write refused for a stale version is decided again on the game as it now is.
        for _ in 0..3 {
            let now = self.shared.clock.now();
            let new_id = secret::new_id();
            let opponent_present = self.presence().of(seat.other());
            let decision = self
                .state
                .decide(seat, &frame, opponent_present, &new_id, now);
            let ack = match &frame {
                ClientFrame::Move { ply, .. } => Some((client, *ply)),
                _ => None,
            };
            let events = match decision {
                Err(refusal) => {
                    self.send_to(client, refusal.to_json().into());
                    return;
                }
                Ok(Decision::Nothing) => return,
                Ok(Decision::AlreadyPlayed) => {
                    if let Some((client, ply)) = ack {
                        self.send_to(client, ack_message(ply));
                    }
                    return;
                }
                Ok(Decision::Store(events)) => events,
            };
            let rematch = if events.iter().any(|e| matches!(e, Event::Rematch { .. })) {
                match self.rematch_game(&new_id, now).await {
                    Ok(game) => Some(game),
                    Err(refusal) => {
                        self.send_to(client, refusal.to_json().into());
                        return;
                    }
                }
            } else {
                None
            };
            match self.commit(events, None, rematch, ack).await {
                Ok(Appended::Stored) => return,
                Ok(Appended::Conflict | Appended::RatingsMoved) => continue,
                Err(refusal) => {
                    self.send_to(client, refusal.to_json().into());
                    return;
                }
            }
        }
        self.send_to(client, Refusal::Unavailable.to_json().into());
    }

    /// The rematch: the same seats' secrets, colours swapped, started at once; rated as this
    /// one was (while both players still have their accounts), at their ratings now.
    async fn rematch_game(&self, id: &str, now: Millis) -> Result<NewGame, Refusal> {
        let mut players = [None, None];
        for seat in Seat::BOTH {
            if let Some(player) = self.state.player(seat) {
                let who = Player {
                    id: player.id.clone(),
                    name: player.name.clone(),
                };
                players[seat.other() as usize] = self.at_start(who, now).await?;
            }
        }
        Ok(NewGame {
            id: id.to_string(),
            turn_seconds: self.state.turn_seconds,
            created_at: now,
            red_hash: self.black_hash.clone(),
            black_hash: self.red_hash.clone(),
            invite_hash: None,
            rematch_of: Some(self.state.id.clone()),
            events: vec![Event::Joined { at: now }],
            rated: self.state.rated && players.iter().all(Option::is_some),
            players,
        })
    }

    /// `player` as this game keeps them, rated as they are at `now`: `None` if their account
    /// is gone.
    async fn at_start(&self, player: Player, now: Millis) -> Result<Option<GamePlayer>, Refusal> {
        seated_at(
            self.shared.store.players(),
            player,
            self.state.turn_seconds,
            now,
        )
        .await
        .map_err(|_| Refusal::Unavailable)
    }

    /// Seats the second player. A join sent again with the secret it drew is answered again:
    /// its first answer may have been lost (the server stopped, the network dropped).
    async fn join(
        &mut self,
        invite: &str,
        chosen: Option<String>,
        player: Option<Player>,
    ) -> Result<(Seat, String), Refusal> {
        for _ in 0..3 {
            if let Some(key) = &chosen {
                if let Some(seat) = self.seat_of(key) {
                    return Ok((seat, key.clone()));
                }
            }
            let stored = match (self.state.status, self.invite_hash.as_deref()) {
                (Status::Waiting, Some(stored)) => stored,
                _ => return Err(Refusal::InviteUsed),
            };
            if !secret::opens(invite, stored) {
                return Err(Refusal::WrongInvite);
            }
            let seat = if self.red_hash.is_none() {
                Seat::Red
            } else {
                Seat::Black
            };
            let now = self.shared.clock.now();
            let joiner = match player.clone() {
                Some(player) => self.at_start(player, now).await?,
                None => None,
            };
            // A rated game is played by two players with names, never one against themselves.
            let creator = self.state.player(seat.other()).map(|p| p.id.as_str());
            if self.state.rated
                && joiner
                    .as_ref()
                    .is_none_or(|joiner| Some(joiner.id.as_str()) == creator)
            {
                return Err(Refusal::RatedNeedsAccount);
            }
            let key = chosen.clone().unwrap_or_else(secret::new_key);
            let seated = Some((seat, secret::hash(&key), joiner));
            let joined = vec![Event::Joined { at: now }];
            match self.commit(joined, seated, None, None).await? {
                Appended::Stored => return Ok((seat, key)),
                Appended::Conflict | Appended::RatingsMoved => continue,
            }
        }
        Err(Refusal::Unavailable)
    }

    /// The clock passes the turn (if the database fails, it tries again after `backoff`).
    async fn time_out(&mut self) {
        let Some(events) = self.state.time_out(self.shared.clock.now()) else {
            return;
        };
        let _ = self.commit(events, None, None, None).await;
    }

    /// Stores `events` (and what comes with them), then applies them, acknowledges the move
    /// and tells every socket. On a stale version, reads what won instead. A rated end carries
    /// both players' new ratings, computed from their ratings as they are, and again from fresh
    /// ones as long as another game of theirs moved them first.
    async fn commit(
        &mut self,
        mut events: Vec<Event>,
        seated: Option<Seating>,
        create: Option<NewGame>,
        ack: Option<(ClientId, u32)>,
    ) -> Result<Appended, Refusal> {
        let created = create.as_ref().map(|game| game.id.clone());
        let (seat_hash, seated_player) = match seated {
            Some((seat, hash, player)) => (Some((seat, hash)), player),
            None => (None, None),
        };
        let mut outcome = Ok(Appended::RatingsMoved);
        for _ in 0..RATING_TRIES {
            let ratings = self.rate(&mut events).await?;
            let append = Append {
                game: self.state.id.clone(),
                expected_version: self.state.version,
                status_before: self.state.status,
                events: events.clone(),
                seated: seat_hash.clone(),
                seated_player: seated_player.clone(),
                create: create.clone(),
                ratings,
                at: self.shared.clock.now(),
            };
            outcome = self.shared.store.append(append).await;
            if outcome != Ok(Appended::RatingsMoved) {
                break;
            }
        }
        if outcome.is_ok() && self.backoff.succeeded() {
            eprintln!(
                "duobao-serve: online game {}: the database answers again",
                self.state.id
            );
        }
        match outcome {
            Ok(Appended::Stored) => {
                if let Some((seat, hash)) = seat_hash {
                    match seat {
                        Seat::Red => self.red_hash = Some(hash),
                        Seat::Black => self.black_hash = Some(hash),
                    }
                    self.state.players[seat as usize] = seated_player;
                }
                if self.red_hash.is_some() && self.black_hash.is_some() {
                    self.invite_hash = None;
                }
                if let Some((client, ply)) = ack {
                    self.send_to(client, ack_message(ply));
                }
                self.take(events);
                // The rematch's clock runs from now: its task starts with it.
                if let Some(id) = created {
                    self.shared.ensure(&id);
                }
                Ok(Appended::Stored)
            }
            Ok(Appended::Conflict) => {
                self.catch_up().await;
                Ok(Appended::Conflict)
            }
            Ok(Appended::RatingsMoved) => Err(Refusal::Unavailable),
            Err(problem) => {
                if let Some(wait) = self.backoff.failed() {
                    eprintln!(
                        "duobao-serve: online game {}: {problem}; its clock tries again in {wait:?}",
                        self.state.id
                    );
                }
                Err(Refusal::Unavailable)
            }
        }
    }

    /// A rated game's end, among `events`: its changes set from both players' ratings as they
    /// are now, and the update to store with it. Nothing for a casual game, an aborted one, one
    /// in which nobody chose a move (only the clock's passes: it is deleted a week on, as an
    /// aborted one, `Store::expire_unplayed`), or one whose player deleted their account.
    async fn rate(&self, events: &mut [Event]) -> Result<Option<RatingUpdate>, Refusal> {
        let played = self.state.has_a_chosen_move() || events.iter().any(Event::is_chosen_move);
        let Some(Event::End {
            result,
            at,
            changes,
        }) = events.iter_mut().find(|e| matches!(e, Event::End { .. }))
        else {
            return Ok(None);
        };
        *changes = None;
        let outcome = result
            .parse()
            .ok()
            .and_then(|end: OnlineEnd| outcome_of(end, Seat::Red));
        let (Some(outcome), true, Some(red), Some(black)) = (
            outcome,
            self.state.rated && played,
            self.state.player(Seat::Red),
            self.state.player(Seat::Black),
        ) else {
            return Ok(None);
        };
        let players = self.shared.store.players();
        let read = |id| async move { players.ratings(id).await.map_err(|_| Refusal::Unavailable) };
        let (Some(red_ratings), Some(black_ratings)) =
            (read(&red.id).await?, read(&black.id).await?)
        else {
            return Ok(None);
        };
        let speed = Speed::of_turn(self.state.turn_seconds);
        let (red_change, black_change) =
            red_ratings
                .at(speed)
                .rate_game(black_ratings.at(speed), outcome, *at);
        *changes = Some(RatingChanges {
            red: red_change.points(),
            black: black_change.points(),
        });
        Ok(Some(RatingUpdate {
            speed,
            red: SeatUpdate {
                player: red.id.clone(),
                change: red_change,
            },
            black: SeatUpdate {
                player: black.id.clone(),
                change: black_change,
            },
        }))
    }

    /// Applies stored events and tells every socket.
    fn take(&mut self, events: Vec<Event>) {
        let now = self.shared.clock.now();
        for event in events {
            if let Err(problem) = self.state.apply(&event) {
                eprintln!("duobao-serve: online game {}: {problem}", self.state.id);
                return;
            }
            let wire = outgoing(&GameState::wire(
                &event,
                self.state.version,
                &self.state,
                now,
            ));
            self.events.push(event);
            self.broadcast(&wire);
        }
    }

    /// Reads the events stored after ours (another node's), and the seats they took.
    async fn catch_up(&mut self) {
        let id = self.state.id.clone();
        let Ok(events) = self
            .shared
            .store
            .events_after(&id, self.state.version)
            .await
        else {
            return;
        };
        if events.iter().any(|e| matches!(e, Event::Joined { .. })) {
            if let Ok(Some(stored)) = self.shared.store.load(&id).await {
                self.red_hash = stored.red_hash;
                self.black_hash = stored.black_hash;
                self.invite_hash = stored.invite_hash;
                self.state.players = stored.players;
            }
        }
        self.take(events);
    }

    fn send_to(&mut self, client: ClientId, message: Outgoing) {
        if let Some(c) = self.clients.get(&client) {
            if c.outbox.try_send(message).is_err() {
                self.clients.remove(&client);
            }
        }
    }

    /// Sends to every socket; one that cannot keep up is dropped (it reconnects and catches up).
    fn broadcast(&mut self, message: &Outgoing) {
        let before = self.clients.len();
        self.clients
            .retain(|_, client| client.outbox.try_send(message.clone()).is_ok());
        if self.clients.len() != before {
            self.show_presence();
        }
    }

    /// Tells the sockets when who is connected has changed.
    fn show_presence(&mut self) {
        let presence = self.presence();
        if presence != self.shown_presence {
            self.shown_presence = presence;
            self.broadcast(&presence_message(presence));
        }
    }

    async fn presence_changed(&mut self) {
        self.show_presence();
        if self.shared.store.shared() {
            self.publish_presence().await;
        }
    }

    /// Tells the other nodes who is connected here.
    async fn publish_presence(&mut self) {
        self.last_published = Instant::now();
        let here = self.local_presence();
        let notice = Notice::Presence {
            game: self.state.id.clone(),
            node: self.shared.node.clone(),
            red: here.red,
            black: here.black,
            watchers: here.watchers,
        };
        let _ = self.shared.store.publish(notice).await;
    }
}

fn outgoing(frame: &ServerFrame) -> Outgoing {
    frame.to_json().into()
}

fn presence_message(presence: Presence) -> Outgoing {
    outgoing(&ServerFrame::Presence(presence))
}

fn ack_message(ply: u32) -> Outgoing {
    outgoing(&ServerFrame::Ack { ply })
}
