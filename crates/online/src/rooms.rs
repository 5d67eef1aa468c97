//! This node's online games at work: at start-up every game being played gets its task (so that
//! its clock runs), the database's notices are handed to the games' tasks, and the chores run:
//! invitations, seeks and unplayed games that expire, this node's heartbeat and its clock's
//! offset to the database's.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{broadcast, mpsc};

use crate::clock::Clock;
use crate::command::Command;
use crate::model::Millis;
use crate::room;
use crate::secret;
use crate::shared::Shared;
use crate::store::{Database, Notice, StoreError};

/// How long an invitation nobody accepts is kept.
pub const INVITE_LIFETIME: Duration = Duration::from_secs(24 * 3600);
/// How long a game that was aborted, or ended with no move played (left by both players), is
/// kept: a week, for a player to look back at it; then it is only clutter.
const UNPLAYED_LIFETIME: Duration = Duration::from_secs(7 * 24 * 3600);
/// A seek not renewed for this long is dropped.
pub const SEEK_LIFETIME: Duration = Duration::from_secs(40);
/// How often a node says it is alive, and how long since that it counts as alive.
const HEARTBEAT: Duration = Duration::from_secs(2);
const ALIVE: Duration = Duration::from_secs(6);

/// Starts the online games of this node on `store`: every game being played resumes (with a
/// fresh turn for the player on move when no other node kept it running), the notices are
/// followed and the chores scheduled. `skew`: how far this machine's clock is set wrong (only
/// tests set one).
pub async fn start(store: Database, skew: Millis) -> Result<Arc<Shared>, StoreError> {
    let shared = Arc::new(Shared::new(
        store,
        secret::new_id(),
        Clock::new(skew),
        start_task,
    ));
    let notices = shared.store.notices();
    measure_clock(&shared).await?;
    let now = shared.clock.now();
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

fn start_task(
    shared: Arc<Shared>,
    id: String,
    generation: u64,
    commands: mpsc::UnboundedReceiver<Command>,
    fresh_turn: bool,
) {
    tokio::spawn(room::run(shared, id, generation, commands, fresh_turn));
}

/// Hands each notice to its game's task. On a shared database a game this node has no task for
/// gets one, so that its clock runs here too should its node go.
async fn follow(shared: Arc<Shared>, mut notices: broadcast::Receiver<Notice>) {
    loop {
        match notices.recv().await {
            Ok(Notice::Paired { seek }) => shared.ring(&seek),
            Ok(Notice::Missed) | Err(broadcast::error::RecvError::Lagged(_)) => {
                catch_up_everything(&shared)
            }
            Ok(notice) => {
                let game = match &notice {
                    Notice::Game { game, .. } | Notice::Presence { game, .. } => game.clone(),
                    Notice::Paired { .. } | Notice::Missed => continue,
                };
                if shared.has_room(&game) || shared.store.shared() {
                    shared.deliver(&game, Command::Notice(notice));
                }
            }
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}

/// Notices were missed: every game reads what was stored after its version, every seeker looks
/// whether it was paired.
fn catch_up_everything(shared: &Shared) {
    for room in shared.every_room() {
        let _ = room.send(Command::CatchUp);
    }
    shared.ring_every_seek();
}

async fn chores(shared: Arc<Shared>) {
    let mut beat = tokio::time::interval(HEARTBEAT);
    let mut beats: u64 = 0;
    loop {
        beat.tick().await;
        beats += 1;
        let _ = measure_clock(&shared).await;
        let now = shared.clock.now();
        if shared.store.shared() {
            let _ = shared
                .store
                .heartbeat(&shared.node, now, now - ALIVE.as_millis() as Millis)
                .await;
        }
        // Every 10 s, the seeks nobody renews; every 10 minutes, the invitations nobody took
        // and the games nobody played.
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
            let _ = shared
                .store
                .expire_unplayed(now - UNPLAYED_LIFETIME.as_millis() as Millis)
                .await;
        }
    }
}

/// Measures this node's clock against the database's.
async fn measure_clock(shared: &Shared) -> Result<(), StoreError> {
    let before = shared.clock.machine();
    let database = shared.store.now().await?;
    shared
        .clock
        .measured(before, database, shared.clock.machine());
    Ok(())
}
