//! The bots: a table of two per game, a creator and a joiner (or two players who each seek
//! their games), each with its own socket, each keeping the position by replaying the events
//! and playing random legal moves; for rated games, each registered under a name first.

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use duobao_rules::{Game, Ply};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokio::time::sleep_until;

use crate::abuse::abuser;
use crate::http::{Api, CallError};
use crate::protocol::{
    self, ClientFrame, GameView, Paired, RatingChanges, Seat, SeekAnswer, ServerFrame, Side, Status,
};
use crate::record::{AckedPly, Recorder, Report};
use crate::replay::replay;
use crate::shared::{is_loopback, InFlight, Shared};
use crate::socket::Socket;

#[derive(Clone, Debug)]
pub struct Config {
    /// Base addresses, `http://127.0.0.1:8080`: game `i`'s creator starts on `servers[i % n]`,
    /// its joiner on `servers[(i + 1) % n]`.
    pub servers: Vec<String>,
    /// Games played at once.
    pub games: usize,
    /// The mean time a bot takes for a move.
    pub move_every: Duration,
    /// How long the figures are measured, after the ramp-up.
    pub measured: Duration,
    /// Over how long the games are started, one after another.
    pub ramp: Duration,
    pub turn_seconds: u32,
    pub seed: u64,
    /// A JSON-lines file that gets every acknowledged ply as it comes.
    pub acked_log: Option<PathBuf>,
    /// Now and then resign, offer or answer a draw, and ask for a rematch.
    pub rare_actions: bool,
    /// Abusive clients beside the honest games (see [`crate::abuse`]), their tries counted
    /// apart.
    pub abusers: usize,
    /// Every game rated: each player registers a name before its first game and plays as it.
    pub rated: bool,
    /// The chance, at each of its turns, that a bot resigns, so that games end sooner than
    /// random play ends them (hundreds of plies).
    pub resign_chance: f64,
    /// The first this many tables' players find their games by seeking (*Play someone now*),
    /// each alone, rather than by invitation: paired by the server with whoever seeks too,
    /// in rated games when `rated`.
    pub seeking_tables: usize,
}

/// Consecutive failures to reach a server before trying the next one in the list.
const FAILOVER_AFTER: u32 = 3;
/// How long, after the measured time, a bot still waits for the `ack` of its last move.
const GRACE: Duration = Duration::from_secs(5);
/// The first answer to `hello` comes within this, or the socket is given up.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a bot that asked for a rematch waits for it.
const REMATCH_TIMEOUT: Duration = Duration::from_secs(10);
/// The refusals that answer a move (the others answer the rare actions): the move does not
/// count, and the bot plays again if it is still its turn.
const MOVE_ERRORS: &[&str] = &[
    "bad_request",
    "not_your_turn",
    "wrong_ply",
    "illegal_move",
    "game_over",
    "not_playing",
    "unavailable",
];
/// The chance, at each of its turns, that a bot with rare actions resigns; as much that it
/// offers a draw.
const RARE: f64 = 1.0 / 300.0;
/// The result of an aborted game, which moves no rating.
const ABORTED: &str = "aborted";

/// Player `n`'s own loopback address, 127.a.b.c, one of 15 million: each player comes from an
/// address of its own, as players on the Internet do, so that the server's limits per address
/// (on creating games, say) meet each player's traffic rather than all of it at once, and the
/// sockets to one server are not bounded by one address's ports.
fn source(n: usize) -> IpAddr {
    let digit = |k: usize| (n / k % 250 + 1) as u8;
    IpAddr::V4(Ipv4Addr::new(127, digit(250 * 250), digit(250), digit(1)))
}

/// Plays `config.games` games at a time (beside `config.abusers` abusers) until the measured
/// time is over, then waits for the last moves' acknowledgements and closes every socket.
pub async fn run(config: Config) -> std::io::Result<Report> {
    assert!(!config.servers.is_empty(), "at least one server");
    if !(0.0..=1.0).contains(&config.resign_chance) {
        let why = format!("a chance to resign of {}", config.resign_chance);
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, why));
    }
    let start = Instant::now();
    let measured_from = start + config.ramp;
    let stop_at = measured_from + config.measured;
    let shared = Arc::new(Shared {
        own_addresses: config.servers.iter().all(|base| is_loopback(base)),
        servers: config.servers,
        move_every: config.move_every,
        turn_seconds: config.turn_seconds,
        rare_actions: config.rare_actions,
        rated: config.rated,
        resign_chance: config.resign_chance,
        run_mark: run_mark(),
        stop_at,
        give_up_at: stop_at + GRACE,
        recorder: Recorder::new(measured_from, config.acked_log.as_deref())?,
        in_flight: Arc::default(),
    });
    let mut tables = tokio::task::JoinSet::new();
    for i in 0..config.games {
        let starts_at = start + config.ramp.mul_f64(i as f64 / config.games as f64);
        let seed = config.seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let shared = Arc::clone(&shared);
        if i < config.seeking_tables {
            tables.spawn(seeking_table(i, starts_at, seed, shared));
        } else {
            tables.spawn(table(i, starts_at, seed, shared));
        }
    }
    for n in 0..config.abusers {
        let seed = !config.seed ^ (n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let shared = Arc::clone(&shared);
        tables.spawn(async move { abuser(n, seed, &shared).await });
    }
    while let Some(done) = tables.join_next().await {
        done.map_err(std::io::Error::other)?;
    }
    let shared = Arc::into_inner(shared).expect("every table is done");
    shared.recorder.finish(config.games, config.measured)
}

/// Four random letters or digits.
fn run_mark() -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    (0..4)
        .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
        .collect()
}

/// Where a bot connects, and when it moves on to the next server.
#[derive(Copy, Clone)]
struct Route {
    index: usize,
    /// Consecutive failures at this server.
    failures: u32,
    /// Consecutive failures anywhere: the backoff.
    streak: u32,
}

impl Route {
    fn new(index: usize) -> Route {
        Route {
            index,
            failures: 0,
            streak: 0,
        }
    }

    fn base<'a>(&self, shared: &'a Shared) -> &'a str {
        &shared.servers[self.index % shared.servers.len()]
    }

    fn succeeded(&mut self) {
        self.failures = 0;
        self.streak = 0;
    }

    /// Counts a failure and waits before the next try: 100 ms, doubling up to 1 s, some of it
    /// random so that the bots of a restarted server do not all come back at once.
    async fn failed(&mut self, shared: &Shared, rng: &mut StdRng) {
        self.failures += 1;
        self.streak += 1;
        if self.failures >= FAILOVER_AFTER && shared.servers.len() > 1 {
            self.index = (self.index + 1) % shared.servers.len();
            self.failures = 0;
            shared.recorder.failed_over();
        }
        let backoff = Duration::from_millis(100 << self.streak.min(4)).min(Duration::from_secs(1));
        tokio::time::sleep(backoff.mul_f64(rng.random_range(0.5..1.0))).await;
    }
}

/// Who plays at a table, from game to game: where it connects, from where, and under which
/// name once registered.
struct Player {
    n: usize,
    route: Route,
    source: Option<IpAddr>,
    api: Api,
    name: Option<String>,
}

impl Player {
    fn new(shared: &Shared, n: usize, server: usize) -> Player {
        let source = shared.own_addresses.then(|| source(n));
        Player {
            n,
            route: Route::new(server),
            source,
            api: Api::new(source),
            name: None,
        }
    }

    /// Registers a name and signs the player's client in with its token; false when refused
    /// or time is up. Each try after the first asks a new name: the answer to the one before
    /// may have been lost after the name was taken (a server killed meanwhile).
    async fn register(&mut self, shared: &Shared, rng: &mut StdRng) -> bool {
        let first = format!("b{}{}", shared.run_mark, self.n);
        let tries = AtomicU32::new(0);
        let account = call(shared, self, rng, |api, base| {
            let name = match tries.fetch_add(1, Ordering::Relaxed) {
                0 => first.clone(),
                k => format!("{first}-{k}"),
            };
            async move { api.register(&base, &name).await }
        })
        .await;
        let Some(account) = account else {
            return false;
        };
        self.api = self.api.signed_in(&account.token);
        shared.recorder.registered(&account.name);
        self.name = Some(account.name);
        true
    }
}

/// One game slot: a game, then the next (or its rematch), until the measured time is over.
async fn table(i: usize, starts_at: Instant, seed: u64, shared: Arc<Shared>) {
    sleep_until(starts_at.into()).await;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut players = [
        Player::new(&shared, 2 * i, i),
        Player::new(&shared, 2 * i + 1, i + 1),
    ];
    if shared.rated {
        for player in &mut players {
            if !player.register(&shared, &mut rng).await {
                return;
            }
        }
    }
    while Instant::now() < shared.stop_at {
        let (turn_seconds, rated) = (shared.turn_seconds, shared.rated);
        let Some(created) = call(&shared, &mut players[0], &mut rng, |api, base| async move {
            api.create(&base, Side::Random, turn_seconds, rated).await
        })
        .await
        else {
            continue;
        };
        let (id, invite) = (created.id.clone(), created.invite.clone());
        // Its own secret, so that a join sent again after an outage is answered again.
        let secret = protocol::new_secret();
        let Some(joined) = call(&shared, &mut players[1], &mut rng, |api, base| {
            let (id, invite, secret) = (id.clone(), invite.clone(), secret.clone());
            async move { api.join(&base, &id, &invite, &secret).await }
        })
        .await
        else {
            continue;
        };
        shared.recorder.game_started();
        let [creator, joiner] = players;
        let mut seats = [
            Bot::new(creator, created.secret, created.seat, &id, &mut rng),
            Bot::new(joiner, joined.secret, joined.seat, &id, &mut rng),
        ];
        loop {
            let rematch = shared.rare_actions && rng.random_bool(0.25);
            let [creator, joiner] = &mut seats;
            let outcomes = tokio::join!(
                creator.play(&shared, rematch),
                joiner.play(&shared, rematch)
            );
            match outcomes {
                (Outcome::Rematch(a), Outcome::Rematch(b)) if a == b => {
                    shared.recorder.game_started();
                    for seat in &mut seats {
                        seat.start_rematch(&a);
                    }
                }
                (Outcome::Rematch(_), Outcome::Rematch(_)) => {
                    shared.recorder.error("rematch_ids_differ");
                    break;
                }
                _ => break,
            }
        }
        players = seats.map(|seat| seat.player);
    }
}

/// A table whose two players each seek their games: they may be paired with each other, or
/// with another table's, and play apart.
async fn seeking_table(i: usize, starts_at: Instant, seed: u64, shared: Arc<Shared>) {
    sleep_until(starts_at.into()).await;
    let mut rng = StdRng::seed_from_u64(seed);
    let players = [
        Player::new(&shared, 2 * i, i),
        Player::new(&shared, 2 * i + 1, i + 1),
    ]
    .map(|player| seeker(player, StdRng::from_rng(&mut rng), &shared));
    let [first, second] = players;
    tokio::join!(first, second);
}

/// One player seeking a game, playing it to its end, and seeking the next, until the measured
/// time is over.
async fn seeker(mut player: Player, mut rng: StdRng, shared: &Shared) {
    if shared.rated && !player.register(shared, &mut rng).await {
        return;
    }
    while Instant::now() < shared.stop_at {
        // A seek's long poll given up at the stop: the server drops it unrenewed.
        let sought =
            tokio::time::timeout_at(shared.stop_at.into(), seek(shared, &mut player, &mut rng));
        let paired = match sought.await {
            Ok(Some(paired)) => paired,
            // Refused: not at once again.
            Ok(None) => {
                let pause = Duration::from_millis(rng.random_range(500..1500));
                tokio::time::sleep(pause).await;
                continue;
            }
            Err(_) => break,
        };
        // Each game once, by its red player.
        if paired.seat == Seat::Red {
            shared.recorder.game_started();
        }
        let mut bot = Bot::new(player, paired.secret, paired.seat, &paired.id, &mut rng);
        bot.play(shared, false).await;
        player = bot.player;
    }
}

/// A seek, waited on until it is paired; `None` when it is refused or time is up.
async fn seek(shared: &Shared, player: &mut Player, rng: &mut StdRng) -> Option<Paired> {
    let turn_seconds = shared.turn_seconds;
    let mut answer = call(shared, player, rng, |api, base| async move {
        api.seek(&base, turn_seconds).await
    })
    .await?;
    loop {
        let waiting = match answer {
            SeekAnswer::Paired(paired) => return Some(paired),
            SeekAnswer::Waiting(waiting) => waiting,
        };
        answer = call(shared, player, rng, |api, base| {
            let (seek, secret) = (waiting.seek.clone(), waiting.secret.clone());
            async move { api.renew_seek(&base, &seek, &secret).await }
        })
        .await?;
    }
}

/// An HTTP call, tried again (on the next server after repeated failures) until it is
/// answered or the measured time is over; `None` when it is refused or time is up.
async fn call<T, F, Fut>(
    shared: &Shared,
    player: &mut Player,
    rng: &mut StdRng,
    request: F,
) -> Option<T>
where
    F: Fn(Api, String) -> Fut,
    Fut: std::future::Future<Output = Result<T, CallError>>,
{
    while Instant::now() < shared.stop_at {
        let base = player.route.base(shared).to_string();
        match request(player.api.clone(), base).await {
            Ok(answer) => {
                player.route.succeeded();
                return Some(answer);
            }
            Err(e) => {
                shared.recorder.error(&e.kind());
                match e {
                    CallError::Refused { status, .. } if status.as_u16() == 429 => {
                        let wait = Duration::from_millis(rng.random_range(500..1500));
                        tokio::time::sleep(wait).await;
                    }
                    CallError::Refused { .. } => return None,
                    CallError::Unreachable(_) | CallError::Unexpected { .. } => {
                        player.route.failed(shared, rng).await;
                    }
                }
            }
        }
    }
    None
}

/// How a bot's part in a game ended.
#[derive(Debug, PartialEq)]
enum Outcome {
    Ended,
    /// Both players agreed to a rematch: this game.
    Rematch(String),
    /// The measured time is over.
    Stopped,
    /// The game cannot go on for this bot: a wrong secret, or a game that does not replay.
    Lost,
}

/// What ends a socket's session.
enum Step {
    Reconnect,
    Done(Outcome),
}

/// A move sent and not yet acknowledged.
struct Pending {
    ply: usize,
    mv: String,
    sent: Instant,
    /// The session it was sent on: an `ack` on a later one measures the outage, not the server.
    session: u64,
    _counted: InFlight,
}

/// One player.
struct Bot {
    player: Player,
    secret: String,
    seat: Seat,
    id: String,
    rng: StdRng,
    /// The position, replayed from the events.
    game: Game,
    /// The last version applied.
    v: u64,
    status: Status,
    pending: Option<Pending>,
    /// Whether this bot's rematch offer stands.
    offered_rematch: bool,
    /// Whether it resigned: it plays no more, and resigns again after a reconnection until
    /// the `end` comes.
    resigned: bool,
    sessions: u64,
}

impl Bot {
    fn new(player: Player, secret: String, seat: Seat, id: &str, rng: &mut StdRng) -> Bot {
        Bot {
            player,
            secret,
            seat,
            id: id.to_string(),
            rng: StdRng::from_rng(rng),
            game: Game::new(),
            v: 0,
            status: Status::Waiting,
            pending: None,
            offered_rematch: false,
            resigned: false,
            sessions: 0,
        }
    }

    fn start_rematch(&mut self, id: &str) {
        self.seat = self.seat.other();
        self.id = id.to_string();
        self.game = Game::new();
        self.v = 0;
        self.status = Status::Waiting;
        self.pending = None;
        self.offered_rematch = false;
        self.resigned = false;
        self.sessions = 0;
    }

    fn my_turn(&self) -> bool {
        !self.resigned
            && self.status == Status::Playing
            && !self.game.is_over()
            && self.game.position().turn() == self.seat.color()
    }

    /// Plays its part in the game until it ends, reconnecting as often as it takes.
    async fn play(&mut self, shared: &Shared, rematch: bool) -> Outcome {
        loop {
            if Instant::now() >= shared.give_up_at {
                return Outcome::Stopped;
            }
            let base = self.player.route.base(shared);
            let socket = match Socket::open(base, &self.id, self.player.source).await {
                Ok(socket) => socket,
                Err(e) => {
                    shared.recorder.error(e.kind());
                    self.player.route.failed(shared, &mut self.rng).await;
                    continue;
                }
            };
            self.sessions += 1;
            if self.sessions > 1 {
                shared.recorder.reconnected();
            }
            let mut greeted = false;
            let step = self.session(shared, rematch, socket, &mut greeted).await;
            match step {
                Step::Done(outcome) => return outcome,
                Step::Reconnect if greeted => {
                    self.player.route.succeeded();
                    let pause = Duration::from_millis(self.rng.random_range(50..100));
                    tokio::time::sleep(pause).await;
                }
                // A server that takes sockets but does not answer them counts as unreachable.
                Step::Reconnect => self.player.route.failed(shared, &mut self.rng).await,
            }
        }
    }

    async fn session(
        &mut self,
        shared: &Shared,
        rematch: bool,
        mut socket: Socket,
        greeted: &mut bool,
    ) -> Step {
        let hello = ClientFrame::Hello {
            secret: Some(&self.secret),
            v: self.v,
        };
        if let Err(e) = socket.send(&hello).await {
            shared.recorder.error(e.kind());
            return Step::Reconnect;
        }
        let hello_deadline = Instant::now() + HELLO_TIMEOUT;
        let mut move_at: Option<Instant> = None;
        let mut rematch_deadline: Option<Instant> = None;
        let step = loop {
            let now = Instant::now();
            if *greeted {
                if move_at.is_none()
                    && self.pending.is_none()
                    && self.my_turn()
                    && now < shared.stop_at
                {
                    let wait = shared.move_every.mul_f64(self.rng.random_range(0.5..1.5));
                    move_at = Some(now + wait);
                }
                if self.pending.is_none() {
                    if self.status == Status::Ended && !rematch {
                        break Step::Done(Outcome::Ended);
                    }
                    if self.status == Status::Ended && !self.offered_rematch {
                        self.offered_rematch = true;
                        rematch_deadline = Some(now + REMATCH_TIMEOUT);
                        if let Err(e) = socket.send(&ClientFrame::Rematch { yes: true }).await {
                            shared.recorder.error(e.kind());
                            break Step::Reconnect;
                        }
                    }
                    // Open until every bot's last move is answered (`MovesInFlight`).
                    if now >= shared.stop_at
                        && (shared.in_flight.is_empty() || now >= shared.give_up_at)
                    {
                        break Step::Done(Outcome::Stopped);
                    }
                }
            }
            // The next time something is due other than a frame.
            let deadline = if !*greeted {
                hello_deadline
            } else if self.pending.is_some() || now >= shared.stop_at {
                shared.give_up_at
            } else {
                [Some(shared.stop_at), move_at, rematch_deadline]
                    .into_iter()
                    .flatten()
                    .min()
                    .expect("the stop is always due")
            };
            let idle_after_stop = *greeted && self.pending.is_none() && now >= shared.stop_at;
            let frame = tokio::select! {
                frame = socket.next() => frame,
                () = shared.in_flight.none_left(), if idle_after_stop => continue,
                () = sleep_until(deadline.into()) => {
                    let now = Instant::now();
                    if !*greeted {
                        shared.recorder.error("hello_unanswered");
                        break Step::Reconnect;
                    }
                    if self.pending.is_some() && now >= shared.give_up_at {
                        shared.recorder.error("unacked_at_stop");
                        break Step::Done(Outcome::Stopped);
                    }
                    if rematch_deadline.is_some_and(|at| now >= at) {
                        shared.recorder.error("rematch_unanswered");
                        break Step::Done(Outcome::Ended);
                    }
                    if move_at.is_some_and(|at| now >= at) && now < shared.stop_at {
                        move_at = None;
                        if let Err(e) = self.take_turn(shared, &mut socket).await {
                            shared.recorder.error(e.kind());
                            break Step::Reconnect;
                        }
                    }
                    continue;
                }
            };
            let frame = match frame {
                Ok(frame) => frame,
                Err(e) => {
                    shared.recorder.error(e.kind());
                    break Step::Reconnect;
                }
            };
            match self.receive(shared, frame, greeted, &mut socket).await {
                Ok(None) => {}
                Ok(Some(step)) => break step,
                Err(e) => {
                    shared.recorder.error(e.kind());
                    break Step::Reconnect;
                }
            }
            if !self.my_turn() {
                move_at = None;
            }
        };
        socket.close().await;
        step
    }

    /// A random legal move, now and then a resignation or a draw offer first.
    async fn take_turn(
        &mut self,
        shared: &Shared,
        socket: &mut Socket,
    ) -> Result<(), crate::socket::SocketError> {
        if !self.my_turn() || self.pending.is_some() {
            return Ok(());
        }
        let rare = if shared.rare_actions { RARE } else { 0.0 };
        if self.rng.random_bool(shared.resign_chance.max(rare)) {
            // No move after it, whenever the `end` comes.
            self.resigned = true;
            return socket.send(&ClientFrame::Resign).await;
        }
        if shared.rare_actions && self.rng.random_bool(RARE) {
            socket.send(&ClientFrame::Draw { yes: true }).await?;
        }
        let moves = self.game.position().legal_moves();
        // A position without moves is over (blockade): `my_turn` said it was not.
        let chosen = moves[self.rng.random_range(0..moves.len())];
        let pending = Pending {
            ply: self.game.plies().len(),
            mv: chosen.to_string(),
            sent: Instant::now(),
            session: self.sessions,
            _counted: shared.in_flight.sent(),
        };
        let frame = ClientFrame::Move {
            ply: pending.ply,
            mv: &pending.mv,
        };
        let sent = socket.send(&frame).await;
        self.pending = Some(pending);
        sent
    }

    /// Applies a frame; `Some` when the session is over.
    async fn receive(
        &mut self,
        shared: &Shared,
        frame: ServerFrame,
        greeted: &mut bool,
        socket: &mut Socket,
    ) -> Result<Option<Step>, crate::socket::SocketError> {
        if let Some(v) = frame.event_version() {
            if v <= self.v {
                return Ok(None);
            }
            if v > self.v + 1 {
                // Missed events: the page says to say hello again with the version we have.
                shared.recorder.error("version_gap");
                return Ok(Some(Step::Reconnect));
            }
            self.v = v;
        }
        match frame {
            ServerFrame::Full { v, game } => {
                if let Err(why) = self.take_game(shared, v, &game) {
                    shared.recorder.error(why);
                    return Ok(Some(Step::Done(Outcome::Lost)));
                }
                if let Some(id) = game.rematch {
                    return Ok(Some(Step::Done(Outcome::Rematch(id))));
                }
                *greeted = true;
                self.after_hello(shared, socket).await?;
            }
            ServerFrame::Presence(_) => {
                if !*greeted {
                    *greeted = true;
                    self.after_hello(shared, socket).await?;
                }
            }
            ServerFrame::Joined { .. } => self.status = Status::Playing,
            ServerFrame::Move {
                ply, mv, by, turn, ..
            } => {
                if let Err(why) = self.apply_move(ply, &mv, by, turn) {
                    shared.recorder.error(why);
                    // Start again from the whole game.
                    self.v = 0;
                    return Ok(Some(Step::Reconnect));
                }
                if self
                    .pending
                    .as_ref()
                    .is_some_and(|p| p.ply == ply && p.mv != mv)
                {
                    shared.recorder.error("move_overtaken");
                    self.pending = None;
                }
            }
            ServerFrame::Offers { draw, rematch, .. } => {
                self.offered_rematch = rematch == Some(self.seat);
                if shared.rare_actions && draw == Some(self.seat.other()) {
                    let yes = self.rng.random_bool(0.5);
                    socket.send(&ClientFrame::Draw { yes }).await?;
                }
            }
            ServerFrame::Clock { .. } => {}
            ServerFrame::End {
                result, changes, ..
            } => {
                self.status = Status::Ended;
                if let Some(replayed) = self.game.result() {
                    if replayed.to_string() != result {
                        shared.recorder.error("result_differs_from_replay");
                    }
                }
                self.ended_with(shared, &result, changes);
            }
            ServerFrame::Rematch { id, .. } => {
                return Ok(Some(Step::Done(Outcome::Rematch(id))));
            }
            ServerFrame::Ack { ply } => match self.pending.take_if(|p| p.ply == ply) {
                Some(pending) => {
                    let sent = (pending.session == self.sessions).then_some(pending.sent);
                    self.record(shared, pending, sent);
                }
                None => shared.recorder.error("stray_ack"),
            },
            ServerFrame::Pong { .. } => {}
            // A resignation sent again that crossed the `end` of its first sending.
            ServerFrame::Error(refusal) if self.resigned && refusal.error == "game_over" => {}
            ServerFrame::Error(refusal) => {
                let about_a_move = MOVE_ERRORS.contains(&refusal.error.as_str());
                let Some(pending) = self.pending.take_if(|_| about_a_move) else {
                    shared.recorder.error(&refusal.error);
                    return Ok(None);
                };
                let played = self
                    .game
                    .plies()
                    .get(pending.ply)
                    .map(|p| p.ply.to_string());
                if refusal.error == "wrong_ply"
                    && pending.session != self.sessions
                    && played.as_deref() == Some(pending.mv.as_str())
                {
                    // A resent move the events show played: stored, though the page says
                    // the answer should have been `ack`.
                    shared.recorder.error("resent_move_refused_though_played");
                    self.record(shared, pending, None);
                } else {
                    shared.recorder.error(&refusal.error);
                }
                if refusal.error == "wrong_secret" {
                    return Ok(Some(Step::Done(Outcome::Lost)));
                }
            }
        }
        Ok(None)
    }

    fn record(&self, shared: &Shared, pending: Pending, sent: Option<Instant>) {
        let acked = AckedPly {
            game: self.id.clone(),
            ply: pending.ply,
            mv: pending.mv,
        };
        shared.recorder.acked(acked, sent);
    }

    /// What a game's end changed, as its `end` event or its view says: a rated game's, once
    /// it ended otherwise than aborted and after a move was chosen (the clock's passes and a
    /// resignation at once rate nobody), is recorded; a casual game's is none.
    fn ended_with(&self, shared: &Shared, result: &str, changes: Option<RatingChanges>) {
        let rates = shared.rated
            && result != ABORTED
            && self
                .game
                .plies()
                .iter()
                .any(|played| played.ply != Ply::Pass);
        match changes {
            Some(changes) if rates => shared.recorder.rated_end(&self.id, changes),
            Some(_) => shared.recorder.error("changes_of_a_game_that_rates_nobody"),
            None if rates => shared.recorder.error("rated_end_without_changes"),
            None => {}
        }
    }

    /// The state of a `full` message; a game that does not replay, a seat not ours, or
    /// players other than ours, is an error of the server's.
    fn take_game(&mut self, shared: &Shared, v: u64, game: &GameView) -> Result<(), &'static str> {
        if game.id != self.id || game.you != Some(self.seat) {
            return Err("full_of_another_game_or_seat");
        }
        if game.rated != shared.rated {
            return Err("full_rated_differs");
        }
        let mine = match self.seat {
            Seat::Red => &game.red,
            Seat::Black => &game.black,
        };
        if mine.as_ref().map(|player| &player.name) != self.player.name.as_ref() {
            return Err("full_names_another_player");
        }
        self.game = replay(&game.moves).map_err(|_| "full_does_not_replay")?;
        if let (Status::Ended, Some(result)) = (game.status, &game.result) {
            let changes = match (&game.red, &game.black) {
                (Some(red), Some(black)) => red.change.zip(black.change),
                _ => None,
            };
            let changes = changes.map(|(red, black)| RatingChanges { red, black });
            self.ended_with(shared, result, changes);
        }
        self.v = v;
        self.status = game.status;
        self.offered_rematch = game.offers.rematch == Some(self.seat);
        if game.status == Status::Playing
            && game.turn != Some(Seat::from(self.game.position().turn()))
        {
            return Err("full_turn_differs_from_replay");
        }
        Ok(())
    }

    /// A `move` event: the next ply, by the side on move, legal, and the turn it gives.
    fn apply_move(
        &mut self,
        ply: usize,
        mv: &str,
        by: Seat,
        turn: Option<Seat>,
    ) -> Result<(), &'static str> {
        if ply != self.game.plies().len() {
            return Err("move_event_out_of_order");
        }
        if by.color() != self.game.position().turn() {
            return Err("move_event_wrong_mover");
        }
        let parsed: Ply = mv.parse().map_err(|_| "move_event_unreadable")?;
        self.game.play(parsed).map_err(|_| "move_event_illegal")?;
        if !self.game.is_over() && turn != Some(Seat::from(self.game.position().turn())) {
            return Err("move_event_turn_differs_from_replay");
        }
        Ok(())
    }

    /// After the answer to `hello`: the move that was not acknowledged is sent again if it
    /// still can be (the server acknowledges a duplicate again, never plays it twice).
    async fn after_hello(
        &mut self,
        shared: &Shared,
        socket: &mut Socket,
    ) -> Result<(), crate::socket::SocketError> {
        if self.resigned && self.status == Status::Playing {
            socket.send(&ClientFrame::Resign).await?;
        }
        let Some(pending) = self.pending.take() else {
            return Ok(());
        };
        let played = self
            .game
            .plies()
            .get(pending.ply)
            .map(|p| p.ply.to_string());
        let still_due = pending.ply == self.game.plies().len() && self.my_turn();
        if played.as_deref() == Some(pending.mv.as_str()) || still_due {
            let frame = ClientFrame::Move {
                ply: pending.ply,
                mv: &pending.mv,
            };
            socket.send(&frame).await?;
            shared.recorder.resent();
            self.pending = Some(pending);
        } else {
            shared.recorder.error("move_overtaken");
        }
        Ok(())
    }
}
