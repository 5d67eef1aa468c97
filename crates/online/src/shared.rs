//! What the games' tasks and the requests share: the database, this node's name and clock, and
//! the list of this node's games' tasks, each fed its commands (a task is started when its game
//! is first asked for).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::{mpsc, oneshot, Notify};

use crate::clock::Clock;
use crate::command::Command;
use crate::protocol::Refusal;
use crate::store::Database;

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
            start_task,
        }
    }

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
