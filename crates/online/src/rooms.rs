//! The games' tasks of this node: started when a game is first asked for (or, at start-up, for
//! every game being played, so that their clocks run), each fed its commands and the database's
//! notices; and the chores: invitations and seeks that expire, this node's heartbeat.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::{broadcast, mpsc, oneshot, Notify};

use crate::model::Millis;
use crate::protocol::Refusal;
use crate::room::{self, Command};
use crate::secret;
use crate::store::{Database, Notice, StoreError};

/// How long an invitation nobody accepts is kept.
pub const INVITE_LIFETIME: Duration = Duration::from_secs(24 * 3600);
/// A seek not renewed for this long is dropped.
pub const SEEK_LIFETIME: Duration = Duration::from_secs(40);
/// How often a node says it is alive, and how long since that it counts as alive.
const HEARTBEAT: Duration = Duration::from_secs(2);
const ALIVE: Duration = Duration::from_secs(6);

/// Milliseconds since the Unix epoch, by this machine's clock.
pub fn now_millis() -> Millis {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as Millis)
}

/// What the games' tasks and the requests share.
pub struct Shared {
    pub store: Database,
    /// This node's name among the nodes on one database.
    pub node: String,
    rooms: Mutex<HashMap<String, (u64, mpsc::UnboundedSender<Command>)>>,
    generations: AtomicU64,
    /// Those waiting for their seek to be paired, by seek id.
    seek_waiters: Mutex<HashMap<String, Arc<Notify>>>,
}

impl Shared {
    /// Hands `command` to game `id`'s task, starting it if there is none (or if it is just
    /// stopping).
    pub fn deliver(self: &Arc<Self>, id: &str, command: Command) {
        let mut command = command;
        for _ in 0..2 {
            let sender = self.room(id, false);
            match sender.send(command) {
                Ok(()) => return,
                Err(returned) => {
                    command = returned.0;
                    self.forget_closed(id);
                }
            }
        }
        command.refuse(Refusal::Unavailable);
    }

    /// Makes sure game `id` has a task here (its clock then runs).
    pub fn ensure(self: &Arc<Self>, id: &str) {
        self.room(id, false);
    }

    fn room(self: &Arc<Self>, id: &str, fresh_turn: bool) -> mpsc::UnboundedSender<Command> {
        let mut rooms = self.rooms.lock().expect("rooms");
        if let Some((_, sender)) = rooms.get(id).filter(|(_, s)| !s.is_closed()) {
            return sender.clone();
        }
        let generation = self.generations.fetch_add(1, Ordering::Relaxed);
        let (sender, commands) = mpsc::unbounded_channel();
        rooms.insert(id.to_string(), (generation, sender.clone()));
        tokio::spawn(room::run(
            Arc::clone(self),
            id.to_string(),
            generation,
            commands,
            fresh_turn,
        ));
        sender
    }

    /// Takes game `id`'s task of this generation out of the list; false if another has come.
    pub fn forget(&self, id: &str, generation: u64) -> bool {
        let mut rooms = self.rooms.lock().expect("rooms");
        match rooms.get(id) {
            Some((current, _)) if *current == generation => {
                rooms.remove(id);
                true
            }
            _ => false,
        }
    }

    fn forget_closed(&self, id: &str) {
        let mut rooms = self.rooms.lock().expect("rooms");
        if rooms.get(id).is_some_and(|(_, s)| s.is_closed()) {
            rooms.remove(id);
        }
    }

    fn has_room(&self, id: &str) -> bool {
        self.rooms.lock().expect("rooms").contains_key(id)
    }

    fn every_room(&self) -> Vec<mpsc::UnboundedSender<Command>> {
        let rooms = self.rooms.lock().expect("rooms");
        rooms.values().map(|(_, sender)| sender.clone()).collect()
    }

    /// Asks game `id`'s task and waits for its answer.
    pub async fn ask<T>(
        self: &Arc<Self>,
        id: &str,
        command: impl FnOnce(oneshot::Sender<Result<T, Refusal>>) -> Command,
    ) -> Result<T, Refusal> {
        let (reply, answer) = oneshot::channel();
        self.deliver(id, command(reply));
        answer.await.unwrap_or(Err(Refusal::Unavailable))
    }

    /// The bell of seek `id`, rung when it is paired.
    pub fn seek_bell(&self, id: &str) -> Arc<Notify> {
        let mut waiters = self.seek_waiters.lock().expect("seek waiters");
        Arc::clone(waiters.entry(id.to_string()).or_default())
    }

    pub fn drop_seek_bell(&self, id: &str) {
        self.seek_waiters.lock().expect("seek waiters").remove(id);
    }

    fn ring(&self, seek: &str) {
        if let Some(bell) = self.seek_waiters.lock().expect("seek waiters").get(seek) {
            bell.notify_one();
        }
    }
}

/// Starts the online games of this node on `store`: every game being played resumes (with a
/// fresh turn for the player on move when no other node kept it running), the notices are
/// followed and the chores scheduled.
pub async fn start(store: Database) -> Result<Arc<Shared>, StoreError> {
    let node = secret::new_id();
    let shared = Arc::new(Shared {
        store,
        node,
        rooms: Mutex::new(HashMap::new()),
        generations: AtomicU64::new(0),
        seek_waiters: Mutex::new(HashMap::new()),
    });
    let notices = shared.store.notices();
    let now = now_millis();
    let others_alive = shared
        .store
        .heartbeat(&shared.node, now, now - ALIVE.as_millis() as Millis)
        .await?;
    for id in shared.store.unfinished().await? {
        shared.room(&id, !others_alive);
    }
    tokio::spawn(follow(Arc::clone(&shared), notices));
    tokio::spawn(chores(Arc::clone(&shared)));
    Ok(shared)
}

/// Hands each notice to its game's task. On a shared database a game this node has no task for
/// gets one, so that its clock runs here too should its node go.
async fn follow(shared: Arc<Shared>, mut notices: broadcast::Receiver<Notice>) {
    loop {
        match notices.recv().await {
            Ok(Notice::Paired { seek }) => shared.ring(&seek),
            Ok(notice) => {
                let game = match &notice {
                    Notice::Game { game, .. } | Notice::Presence { game, .. } => game.clone(),
                    Notice::Paired { .. } => continue,
                };
                if shared.has_room(&game) || shared.store.shared() {
                    shared.deliver(&game, Command::Notice(notice));
                }
            }
            Err(broadcast::error::RecvError::Lagged(_)) => {
                for room in shared.every_room() {
                    let _ = room.send(Command::CatchUp);
                }
            }
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}

async fn chores(shared: Arc<Shared>) {
    let mut beat = tokio::time::interval(HEARTBEAT);
    let mut beats: u64 = 0;
    loop {
        beat.tick().await;
        beats += 1;
        let now = now_millis();
        if shared.store.shared() {
            let _ = shared
                .store
                .heartbeat(&shared.node, now, now - ALIVE.as_millis() as Millis)
                .await;
        }
        // Every 10 s, the seeks nobody renews; every 10 minutes, the invitations nobody took.
        if beats.is_multiple_of(5) {
            let _ = shared
                .store
                .expire_seeks(now - SEEK_LIFETIME.as_millis() as Millis)
                .await;
        }
        if beats % 300 == 1 {
            let _ = shared
                .store
                .expire_waiting(now - INVITE_LIFETIME.as_millis() as Millis)
                .await;
        }
    }
}
