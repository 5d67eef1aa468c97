//! What the games' tasks and the requests share: the database, this node's name and clock, and
//! the list of this node's games' tasks, each fed its commands (a task is started when its game
//! is first asked for).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::{mpsc, oneshot, Notify};

use crate::clock::Clock;
use crate::command::Command;
use crate::limits::{MISSING_REMEMBERED, MISSING_REMEMBERED_FOR};
use crate::store::Database;
use duobao_protocol::Refusal;

/// Starts a game's task: `(shared, id, generation, commands, fresh_turn)`. Given by the module
/// that runs the tasks, so that this list need not know them.
pub type StartTask = fn(Arc<Shared>, String, u64, mpsc::UnboundedReceiver<Command>, bool);

/// What the games' tasks and the requests share.
pub struct Shared {
    pub store: Database,
    /// This node's name among the nodes on one database.
    pub node: String,
    /// The time every deadline is judged by.
    pub clock: Clock,
    rooms: Mutex<HashMap<String, (u64, mpsc::UnboundedSender<Command>)>>,
    generations: AtomicU64,
    /// Those waiting for their seek to be paired, by seek id.
    seek_waiters: Mutex<HashMap<String, Arc<Notify>>>,
    /// Games found missing lately, and when: asked for again, they are refused at once.
    missing: Mutex<HashMap<String, Instant>>,
    start_task: StartTask,
}

impl Shared {
    pub fn new(store: Database, node: String, clock: Clock, start_task: StartTask) -> Shared {
        Shared {
            store,
            node,
            clock,
            rooms: Mutex::new(HashMap::new()),
            generations: AtomicU64::new(0),
            seek_waiters: Mutex::new(HashMap::new()),
            missing: Mutex::new(HashMap::new()),
            start_task,
        }
    }

    /// Hands `command` to game `id`'s task, starting it if there is none (or if it is just
    /// stopping); refuses it at once for a game found missing lately (`note_missing`), which
    /// gets no task.
    pub fn deliver(self: &Arc<Self>, id: &str, command: Command) {
        if self.is_missing(id) && !self.has_room(id) {
            command.refuse(Refusal::NoGame);
            return;
        }
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

    pub fn room(self: &Arc<Self>, id: &str, fresh_turn: bool) -> mpsc::UnboundedSender<Command> {
        let mut rooms = self.rooms.lock().expect("rooms");
        if let Some((_, sender)) = rooms.get(id).filter(|(_, s)| !s.is_closed()) {
            return sender.clone();
        }
        let generation = self.generations.fetch_add(1, Ordering::Relaxed);
        let (sender, commands) = mpsc::unbounded_channel();
        rooms.insert(id.to_string(), (generation, sender.clone()));
        (self.start_task)(
            Arc::clone(self),
            id.to_string(),
            generation,
            commands,
            fresh_turn,
        );
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

    /// Remembers that game `id` does not exist, for `MISSING_REMEMBERED_FOR`. Its id was never
    /// given out (ids are drawn when a game is stored), so no game can take it meanwhile.
    pub fn note_missing(&self, id: &str) {
        let mut missing = self.missing.lock().expect("missing games");
        if missing.len() >= MISSING_REMEMBERED {
            let now = Instant::now();
            missing.retain(|_, noted| now.duration_since(*noted) < MISSING_REMEMBERED_FOR);
            if missing.len() >= MISSING_REMEMBERED {
                missing.clear();
            }
        }
        missing.insert(id.to_string(), Instant::now());
    }

    fn is_missing(&self, id: &str) -> bool {
        let missing = self.missing.lock().expect("missing games");
        missing
            .get(id)
            .is_some_and(|noted| noted.elapsed() < MISSING_REMEMBERED_FOR)
    }

    pub fn has_room(&self, id: &str) -> bool {
        self.rooms.lock().expect("rooms").contains_key(id)
    }

    pub fn every_room(&self) -> Vec<mpsc::UnboundedSender<Command>> {
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

    /// Rings every seek's bell: its pairing's notice may have been missed.
    pub fn ring_every_seek(&self) {
        for bell in self.seek_waiters.lock().expect("seek waiters").values() {
            bell.notify_one();
        }
    }

    pub fn ring(&self, seek: &str) {
        if let Some(bell) = self.seek_waiters.lock().expect("seek waiters").get(seek) {
            bell.notify_one();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use super::*;

    /// The tasks started by the `Shared` under test: none is run.
    static STARTED: AtomicUsize = AtomicUsize::new(0);

    fn count_start(
        _: Arc<Shared>,
        _: String,
        _: u64,
        _: mpsc::UnboundedReceiver<Command>,
        _: bool,
    ) {
        STARTED.fetch_add(1, Ordering::SeqCst);
    }

    #[tokio::test]
    async fn a_game_found_missing_gets_no_task_when_asked_for_again() {
        let folder = tempfile::tempdir().unwrap();
        let url = format!("sqlite:{}", folder.path().join("online.sqlite").display());
        let store = crate::store::open(&url).await.unwrap();
        let shared = Arc::new(Shared::new(
            store,
            "node".into(),
            Clock::new(0),
            count_start,
        ));
        shared.note_missing("gonegame01");
        let (reply, answer) = oneshot::channel();
        shared.deliver("gonegame01", Command::View { reply });
        assert_eq!(answer.await.unwrap().err(), Some(Refusal::NoGame));
        assert_eq!(STARTED.load(Ordering::SeqCst), 0);
        shared.ensure("othergame1");
        assert_eq!(
            STARTED.load(Ordering::SeqCst),
            1,
            "any other game gets its task"
        );
    }
}
