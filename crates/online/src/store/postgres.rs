//! The shared store: PostgreSQL, for several server nodes serving the same games. Appends are
//! grouped, as on SQLite: a few writers each commit what gathered while the previous group
//! committed, in one transaction, each append one statement, pipelined; once it has committed,
//! every append's NOTIFY (carrying its events, so that other nodes need not read them) goes to
//! every node, sent by one task many to a statement, and one connection per node LISTENs for
//! them.

use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{GenericClient, Manager, ManagerConfig, Pool, RecyclingMethod};
use futures_util::StreamExt;
use tokio::sync::{broadcast, mpsc, oneshot, Mutex};
use tokio_postgres::{AsyncMessage, NoTls};

use duobao_players::{Rating, Speed};
use duobao_protocol::{PlayerGame, Results};

use super::players::{self, LeaderRow, NewPlayerRow, Player, PlayerRatings, Registered};
use super::{
    delete_unplayed, notice_channel, partner_of, Append, Appended, NewGame, Notice, Pairing,
    Pending, PlayerStore, RatingUpdate, Seek, SeekState, Store, StoreError, StoredGame, MIGRATIONS,
};
use crate::model::{Event, GamePlayer, Millis};
use crate::pairing;
use crate::{Seat, Status};

/// The channel the nodes' notices travel on.
const CHANNEL: &str = "duobao_online";
/// The connections a node keeps for its writes and reads.
const POOL_SIZE: usize = 16;
/// Any number, the same on every node: the lock that keeps two nodes from migrating at once.
const MIGRATION_LOCK: i64 = 0x6475_6f62_616f;
/// Any number, the same on every node: with a turn time, the lock that makes the seeks of that
/// turn time take their turns, so that two arriving together cannot both miss the other.
const SEEK_LOCK: i32 = 0x6475_6f62;

pub struct PostgresStore {
    pool: Pool,
    notices: broadcast::Sender<Notice>,
    writes: mpsc::UnboundedSender<Write>,
    /// The notices to send, by one task, many to a statement.
    outbox: mpsc::UnboundedSender<Notice>,
}

/// An append waiting for its group's transaction.
struct Write {
    append: Append,
    reply: oneshot::Sender<Result<Appended, StoreError>>,
}

/// The writers, each a connection that commits one group of appends at a time: while one
/// commits, the next gathers what arrived meanwhile, so that a commit (and its flush to disk)
/// serves many moves.
const WRITERS: usize = 4;
/// The most appends one transaction groups.
const GROUP: usize = 256;

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(e: deadpool_postgres::PoolError) -> Self {
        StoreError(e.to_string())
    }
}

impl PostgresStore {
    /// Connects, migrates, and starts listening for the other nodes' notices.
    pub async fn open(url: &str) -> Result<PostgresStore, StoreError> {
        let config: tokio_postgres::Config = url
            .parse()
            .map_err(|e| StoreError(format!("a bad PostgreSQL address: {e}")))?;
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .wait_timeout(Some(Duration::from_secs(10)))
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .build()
            .map_err(|e| StoreError(e.to_string()))?;
        migrate(&pool).await?;
        let notices = notice_channel();
        listen(config, notices.clone()).await?;
        let outbox = start_sender(&pool);
        let writes = start_writers(&pool, &outbox);
        Ok(PostgresStore {
            pool,
            notices,
            writes,
            outbox,
        })
    }
}

impl PostgresStore {
    /// An append that writes players' rows too (a rated end, a signed-in join): rare, in a
    /// transaction of its own, so that one whose ratings moved is rolled back alone.
    async fn append_alone(&self, append: Append) -> Result<Appended, StoreError> {
        let mut client = self.pool.get().await?;
        let transaction = client.transaction().await?;
        let outcome = append_rows(&transaction, &append).await?;
        if outcome != Appended::Stored {
            transaction.rollback().await?;
            return Ok(outcome);
        }
        transaction.commit().await?;
        let _ = self.outbox.send(game_notice(&append));
        Ok(outcome)
    }
}

fn start_writers(
    pool: &Pool,
    outbox: &mpsc::UnboundedSender<Notice>,
) -> mpsc::UnboundedSender<Write> {
    let (writes, queue) = mpsc::unbounded_channel();
    let queue = Arc::new(Mutex::new(queue));
    for _ in 0..WRITERS {
        tokio::spawn(write_groups(
            pool.clone(),
            Arc::clone(&queue),
            outbox.clone(),
        ));
    }
    writes
}

/// The task that sends the notices: all that gathered while it sent the last ones go in one
/// statement (one transaction for PostgreSQL to commit, not one a notice), in the order they
/// came, so that a game's notices arrive in order.
fn start_sender(pool: &Pool) -> mpsc::UnboundedSender<Notice> {
    let (outbox, mut queue) = mpsc::unbounded_channel();
    let pool = pool.clone();
    tokio::spawn(async move {
        while let Some(first) = queue.recv().await {
            let mut batch = vec![first];
            while batch.len() < GROUP {
                match queue.try_recv() {
                    Ok(notice) => batch.push(notice),
                    Err(_) => break,
                }
            }
            let sent = match pool.get().await {
                Ok(client) => notify_unflushed(&client, &batch).await,
                Err(problem) => Err(problem.into()),
            };
            // Lost notices are caught up by their readers, from the stored versions.
            if let Err(problem) = sent {
                eprintln!(
                    "duobao-serve: {} notices were not sent: {problem}",
                    batch.len()
                );
            }
        }
    });
    outbox
}

async fn write_groups(
    pool: Pool,
    queue: Arc<Mutex<mpsc::UnboundedReceiver<Write>>>,
    outbox: mpsc::UnboundedSender<Notice>,
) {
    loop {
        let mut group = Vec::new();
        {
            let mut queue = queue.lock().await;
            let Some(first) = queue.recv().await else {
                return;
            };
            group.push(first);
            while group.len() < GROUP {
                match queue.try_recv() {
                    Ok(write) => group.push(write),
                    Err(_) => break,
                }
            }
        }
        // Every writer, on every node, takes its games' rows in the same order: no deadlock.
        group.sort_by(|a, b| a.append.game.cmp(&b.append.game));
        write_group(&pool, group, &outbox).await;
    }
}

/// One transaction for a group of appends: each stored or refused as stale; any other failure
/// fails them all, nothing stored. Once it has committed, the stored ones' notices go to the
/// sender.
async fn write_group(pool: &Pool, group: Vec<Write>, outbox: &mpsc::UnboundedSender<Notice>) {
    let mut client = match pool.get().await {
        Ok(client) => client,
        Err(problem) => return refuse_all(group, problem.into()),
    };
    let outcomes = match append_all(&mut client, &group).await {
        Ok(outcomes) => outcomes,
        Err(problem) => return refuse_all(group, problem),
    };
    for (write, outcome) in group.into_iter().zip(outcomes) {
        if outcome == Appended::Stored {
            let _ = outbox.send(game_notice(&write.append));
        }
        let _ = write.reply.send(Ok(outcome));
    }
}

fn refuse_all(group: Vec<Write>, problem: StoreError) {
    for write in group {
        let _ = write.reply.send(Err(problem.clone()));
    }
}

async fn append_all(
    client: &mut deadpool_postgres::Client,
    group: &[Write],
) -> Result<Vec<Appended>, StoreError> {
    let transaction = client.transaction().await?;
    // Issued at once, the appends' statements travel pipelined and run in the group's order.
    let outcomes = futures_util::future::try_join_all(
        group
            .iter()
            .map(|write| append_rows(&transaction, &write.append)),
    )
    .await?;
    transaction.commit().await?;
    Ok(outcomes)
}

async fn migrate(pool: &Pool) -> Result<(), StoreError> {
    let mut client = pool.get().await?;
    let transaction = client.transaction().await?;
    transaction
        .execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    transaction
        .batch_execute("CREATE TABLE IF NOT EXISTS online_schema (version INTEGER NOT NULL)")
        .await?;
    let done: i32 = transaction
        .query_one("SELECT COALESCE(MAX(version), 0) FROM online_schema", &[])
        .await?
        .get(0);
    for (index, statement) in MIGRATIONS.iter().enumerate().skip(done as usize) {
        transaction.batch_execute(statement).await?;
        transaction
            .execute(
                "INSERT INTO online_schema (version) VALUES ($1)",
                &[&(index as i32 + 1)],
            )
            .await?;
    }
    transaction.commit().await?;
    Ok(())
}

/// One connection that LISTENs, forwarding notices. When it drops it is made again (after a
/// pause), and once it LISTENs again every game is told that notices may have been missed
/// ([`Notice::Missed`]), so that a move stored meanwhile reaches its players at once rather than
/// at the game's next write or deadline.
async fn listen(
    config: tokio_postgres::Config,
    notices: broadcast::Sender<Notice>,
) -> Result<(), StoreError> {
    let first = connect_listener(&config, notices.clone()).await?;
    tokio::spawn(async move {
        let mut connection = first;
        loop {
            let _ = connection.await;
            connection = loop {
                tokio::time::sleep(Duration::from_secs(1)).await;
                if let Ok(again) = connect_listener(&config, notices.clone()).await {
                    break again;
                }
            };
            let _ = notices.send(Notice::Missed);
        }
    });
    Ok(())
}

/// Connects and LISTENs; the future completes when the connection ends.
async fn connect_listener(
    config: &tokio_postgres::Config,
    notices: broadcast::Sender<Notice>,
) -> Result<tokio::task::JoinHandle<()>, StoreError> {
    let (client, mut connection) = config.connect(NoTls).await?;
    let forward = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(Ok(message)) = messages.next().await {
            if let AsyncMessage::Notification(notification) = message {
                if let Some(notice) = Notice::from_payload(notification.payload()) {
                    let _ = notices.send(notice);
                }
            }
        }
    });
    client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
    // The client must live as long as the connection, or the connection closes.
    Ok(tokio::spawn(async move {
        let _client = client;
        let _ = forward.await;
    }))
}

async fn notify(client: &impl GenericClient, notice: &Notice) -> Result<(), StoreError> {
    client
        .execute(
            "SELECT pg_notify($1, $2)",
            &[&CHANNEL, &notice.to_payload()],
        )
        .await?;
    Ok(())
}

/// Sends `notices` in a transaction of their own that commits without waiting for the disk.
/// A NOTIFY holds PostgreSQL's one notify lock, shared by every node, from its commit's start
/// until the commit is flushed: in the moves' transactions it would make every node's commits
/// flush one after another. What is lost with an unflushed notice is only a notice (its readers
/// catch up from the stored versions).
async fn notify_unflushed(
    client: &impl GenericClient,
    notices: &[Notice],
) -> Result<(), StoreError> {
    if notices.is_empty() {
        return Ok(());
    }
    let payloads: Vec<String> = notices.iter().map(Notice::to_payload).collect();
    let statement = client
        .prepare_cached(
            "SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, payload)
             FROM unnest($2::TEXT[]) AS payload",
        )
        .await?;
    client.execute(&statement, &[&CHANNEL, &payloads]).await?;
    Ok(())
}

async fn insert_game(client: &impl GenericClient, game: &NewGame) -> Result<(), StoreError> {
    let statement = client
        .prepare_cached(
            "INSERT INTO online_games (id, status, turn_seconds, created_at, updated_at, version,
                red_hash, black_hash, invite_hash, result, rematch_of, rated)
             VALUES ($1, $2, $3, $4, $4, 0, $5, $6, $7, NULL, $8, $9)",
        )
        .await?;
    client
        .execute(
            &statement,
            &[
                &game.id,
                &Status::Waiting.name(),
                &(game.turn_seconds as i32),
                &game.created_at,
                &game.red_hash,
                &game.black_hash,
                &game.invite_hash,
                &game.rematch_of,
                &i32::from(game.rated),
            ],
        )
        .await?;
    for seat in Seat::BOTH {
        if let Some(player) = &game.players[seat as usize] {
            set_seat_player(client, &game.id, seat, player).await?;
        }
    }
    if let Some(append) = game.first_events() {
        if Box::pin(append_rows(client, &append)).await? != Appended::Stored {
            return Err(StoreError(format!("game {} was created twice", game.id)));
        }
        // Rare (a pairing, a rematch): told in the creating transaction.
        notify(client, &game_notice(&append)).await?;
    }
    Ok(())
}

async fn set_seat_player(
    client: &impl GenericClient,
    game: &str,
    seat: Seat,
    player: &GamePlayer,
) -> Result<(), StoreError> {
    let statement = client
        .prepare_cached(&players::set_seat_player(seat))
        .await?;
    client
        .execute(
            &statement,
            &[&game, &player.id, &player.rating, &player.deviation],
        )
        .await?;
    Ok(())
}

/// Writes a rated end's ratings, each row only if it still has the games it was read with,
/// and the changes on the game's row: false (to be rolled back) when a row had moved.
async fn write_ratings(
    client: &impl GenericClient,
    game: &str,
    update: &RatingUpdate,
) -> Result<bool, StoreError> {
    let speed = update.speed.as_str();
    let new = Rating::NEW;
    for seat in update.in_row_order() {
        let statement = client
            .prepare_cached(players::INSERT_DEFAULT_RATING)
            .await?;
        client
            .execute(
                &statement,
                &[
                    &seat.player,
                    &speed,
                    &new.rating,
                    &new.deviation,
                    &new.volatility,
                ],
            )
            .await?;
        let (before, after) = (seat.change.before, seat.change.after);
        let statement = client.prepare_cached(players::UPDATE_RATING).await?;
        let written = client
            .execute(
                &statement,
                &[
                    &seat.player,
                    &speed,
                    &after.rating,
                    &after.deviation,
                    &after.volatility,
                    &(after.games as i32),
                    &after.last_played,
                    &(before.games as i32),
                ],
            )
            .await?;
        if written == 0 {
            return Ok(false);
        }
    }
    let statement = client.prepare_cached(players::SET_GAME_CHANGES).await?;
    client
        .execute(
            &statement,
            &[
                &game,
                &update.red.change.before.rating,
                &update.red.change.points(),
                &update.black.change.before.rating,
                &update.black.change.points(),
            ],
        )
        .await?;
    Ok(true)
}

/// What the other nodes are told of a stored append: the game's new version and its events.
fn game_notice(append: &Append) -> Notice {
    Notice::Game {
        game: append.game.clone(),
        version: append.new_version(),
        events: append.events.clone(),
    }
}

/// Stores one append in one statement: the version's check, the game's row, and its event and
/// move rows go to the database together (one round trip, and several appends' statements
/// travel pipelined on one connection). Its notice is the caller's to send.
async fn append_rows(client: &impl GenericClient, append: &Append) -> Result<Appended, StoreError> {
    let (red, black) = append.seated_hashes();
    let statement = client
        .prepare_cached(
            "WITH updated AS (
                UPDATE online_games SET version = $1, status = $2, updated_at = $3,
                    result = COALESCE($4, result),
                    red_hash = COALESCE($5, red_hash), black_hash = COALESCE($6, black_hash),
                    invite_hash = CASE WHEN $7::BOOLEAN THEN NULL ELSE invite_hash END,
                    ended_at = COALESCE($15, ended_at)
                WHERE id = $8 AND version = $9
                RETURNING id
            ), event_rows AS (
                INSERT INTO online_events (game_id, version, body)
                SELECT updated.id, e.version, e.body
                FROM updated, unnest($10::BIGINT[], $11::TEXT[]) AS e (version, body)
            ), move_rows AS (
                INSERT INTO online_moves (game_id, ply, notation, at)
                SELECT updated.id, m.ply, m.notation, m.at
                FROM updated, unnest($12::INTEGER[], $13::TEXT[], $14::BIGINT[])
                    AS m (ply, notation, at)
            )
            SELECT id FROM updated",
        )
        .await?;
    let versions: Vec<i64> = (append.expected_version + 1..=append.new_version())
        .map(|version| version as i64)
        .collect();
    let bodies: Vec<String> = append.events.iter().map(Event::to_json).collect();
    let (plies, notations, ats): (Vec<i32>, Vec<&str>, Vec<Millis>) = append
        .moves()
        .map(|(ply, notation, at)| (ply as i32, notation, at))
        .fold(
            Default::default(),
            |(mut plies, mut notations, mut ats), (ply, notation, at)| {
                plies.push(ply);
                notations.push(notation);
                ats.push(at);
                (plies, notations, ats)
            },
        );
    let stored = client
        .query(
            &statement,
            &[
                &(append.new_version() as i64),
                &append.status_after().name(),
                &append.at,
                &append.result(),
                &red,
                &black,
                &append.seated.is_some(),
                &append.game,
                &(append.expected_version as i64),
                &versions,
                &bodies,
                &plies,
                &notations,
                &ats,
                &append.ended_at(),
            ],
        )
        .await?;
    if stored.is_empty() {
        return Ok(Appended::Conflict);
    }
    if let (Some((seat, _)), Some(player)) = (&append.seated, &append.seated_player) {
        set_seat_player(client, &append.game, *seat, player).await?;
    }
    if let Some(update) = &append.ratings {
        if !write_ratings(client, &append.game, update).await? {
            return Ok(Appended::RatingsMoved);
        }
    }
    if let Some(game) = &append.create {
        Box::pin(insert_game(client, game)).await?;
    }
    Ok(Appended::Stored)
}

async fn read_events(
    client: &impl GenericClient,
    id: &str,
    after: u64,
) -> Result<Vec<Event>, StoreError> {
    let statement = client
        .prepare_cached(
            "SELECT body FROM online_events WHERE game_id = $1 AND version > $2 ORDER BY version",
        )
        .await?;
    client
        .query(&statement, &[&id, &(after as i64)])
        .await?
        .iter()
        .map(|row| {
            Event::from_json(row.get(0))
                .map_err(|e| StoreError(format!("a stored event of {id}: {e}")))
        })
        .collect()
}

async fn ids(client: &impl GenericClient, sql: &str) -> Result<Vec<String>, StoreError> {
    Ok(client
        .query(sql, &[])
        .await?
        .iter()
        .map(|row| row.get(0))
        .collect())
}

async fn seek_row(
    client: &impl GenericClient,
    id: &str,
    secret_hash: &str,
) -> Result<SeekState, StoreError> {
    let row = client
        .query_opt(
            "SELECT secret_hash, game_id, seat FROM online_seeks WHERE id = $1",
            &[&id],
        )
        .await?;
    Ok(match row {
        None => SeekState::Gone,
        Some(row) if !crate::secret::hashes_match(row.get(0), secret_hash) => SeekState::Gone,
        Some(row) => {
            let game: Option<String> = row.get(1);
            let seat: Option<&str> = row.get(2);
            match (game, seat.and_then(|seat: &str| seat.parse().ok())) {
                (Some(game), Some(seat)) => SeekState::Paired { game, seat },
                _ => SeekState::Waiting,
            }
        }
    })
}

impl Store for PostgresStore {
    fn create(&self, game: NewGame) -> Pending<'_, ()> {
        Box::pin(async move {
            let mut client = self.pool.get().await?;
            let transaction = client.transaction().await?;
            insert_game(&transaction, &game).await?;
            transaction.commit().await?;
            Ok(())
        })
    }

    fn append(&self, append: Append) -> Pending<'_, Appended> {
        if append.ratings.is_some() || append.seated_player.is_some() {
            return Box::pin(self.append_alone(append));
        }
        let (reply, answer) = oneshot::channel();
        let queued = self.writes.send(Write { append, reply });
        Box::pin(async move {
            queued.map_err(|_| StoreError("the database writers have stopped".into()))?;
            answer
                .await
                .map_err(|_| StoreError("the database writers have stopped".into()))?
        })
    }

    fn load<'a>(&'a self, id: &'a str) -> Pending<'a, Option<StoredGame>> {
        Box::pin(async move {
            let mut client = self.pool.get().await?;
            // One snapshot for the row and its events.
            let transaction = snapshot(&mut client).await?;
            let sql = format!(
                "SELECT g.status, g.turn_seconds, g.created_at, g.version, g.red_hash,
                    g.black_hash, g.invite_hash, g.result, g.rematch_of, {}
                 FROM online_games AS g {} WHERE g.id = $1",
                players::GAME_PLAYERS_COLUMNS,
                players::GAME_PLAYERS_JOINS
            );
            let Some(row) = transaction.query_opt(&sql, &[&id]).await? else {
                return Ok(None);
            };
            let events = read_events(&transaction, id, 0).await?;
            let moves = transaction
                .query(
                    "SELECT notation FROM online_moves WHERE game_id = $1 ORDER BY ply",
                    &[&id],
                )
                .await?
                .iter()
                .map(|row| row.get(0))
                .collect();
            transaction.commit().await?;
            Ok(Some(StoredGame {
                id: id.to_string(),
                status: row.get::<_, &str>(0).parse().unwrap_or(Status::Ended),
                turn_seconds: row.get::<_, i32>(1) as u32,
                created_at: row.get(2),
                version: row.get::<_, i64>(3) as u64,
                red_hash: row.get(4),
                black_hash: row.get(5),
                invite_hash: row.get(6),
                result: row.get(7),
                rematch_of: row.get(8),
                events,
                moves,
                rated: row.get::<_, i32>(9) != 0,
                players: [
                    players::game_player(row.get(10), row.get(11), row.get(12), row.get(13)),
                    players::game_player(row.get(14), row.get(15), row.get(16), row.get(17)),
                ],
            }))
        })
    }

    fn events_after<'a>(&'a self, id: &'a str, version: u64) -> Pending<'a, Vec<Event>> {
        Box::pin(async move {
            let client = self.pool.get().await?;
            read_events(&client, id, version).await
        })
    }

    fn game_ids(&self) -> Pending<'_, Vec<String>> {
        Box::pin(async move {
            let client = self.pool.get().await?;
            ids(
                &client,
                "SELECT id FROM online_games ORDER BY created_at, id",
            )
            .await
        })
    }

    fn unfinished(&self) -> Pending<'_, Vec<String>> {
        Box::pin(async move {
            let client = self.pool.get().await?;
            ids(
                &client,
                "SELECT id FROM online_games WHERE status = 'playing'",
            )
            .await
        })
    }

    fn expire_waiting(&self, before: Millis) -> Pending<'_, u64> {
        Box::pin(async move {
            let mut client = self.pool.get().await?;
            let transaction = client.transaction().await?;
            transaction
                .execute(
                    "DELETE FROM online_events WHERE game_id IN
                        (SELECT id FROM online_games WHERE status = 'waiting' AND created_at < $1)",
                    &[&before],
                )
                .await?;
            let gone = transaction
                .execute(
                    "DELETE FROM online_games WHERE status = 'waiting' AND created_at < $1",
                    &[&before],
                )
                .await?;
            transaction.commit().await?;
            Ok(gone)
        })
    }

    fn expire_unplayed(&self, before: Millis) -> Pending<'_, u64> {
        Box::pin(async move {
            let mut client = self.pool.get().await?;
            let transaction = client.transaction().await?;
            let mut gone = 0;
            for statement in delete_unplayed() {
                gone = transaction.execute(&statement, &[&before]).await?;
            }
            transaction.commit().await?;
            Ok(gone)
        })
    }

    fn seek(
        &self,
        seek: Seek,
        alive_since: Millis,
        now: Millis,
        pair: Pairing,
    ) -> Pending<'_, Option<(String, Seat)>> {
        Box::pin(async move {
            let mut client = self.pool.get().await?;
            let transaction = client.transaction().await?;
            // Without it, each of two seeks arriving together looks for a partner before the
            // other's row is committed, finds none, and waits. Held to the commit; each
            // statement after it sees what the seek before committed (read committed).
            transaction
                .execute(
                    "SELECT pg_advisory_xact_lock($1, $2)",
                    &[&SEEK_LOCK, &(seek.turn_seconds as i32)],
                )
                .await?;
            let own = transaction
                .query_opt(
                    "SELECT game_id, seat FROM online_seeks WHERE id = $1",
                    &[&seek.id],
                )
                .await?;
            if let Some(own) = &own {
                let (game, seat): (Option<String>, Option<&str>) = (own.get(0), own.get(1));
                if let (Some(game), Some(seat)) = (game, seat.and_then(|s| s.parse().ok())) {
                    transaction.commit().await?;
                    return Ok(Some((game, seat)));
                }
            }
            let signed_in = seek.player.as_ref().map(|player| player.id.clone());
            let candidates: Vec<Seek> = transaction
                .query(
                    "SELECT id, secret_hash, created_at, player_id, player_name, rating, deviation
                     FROM online_seeks
                     WHERE turn_seconds = $1 AND game_id IS NULL AND seen_at >= $2 AND id <> $3
                        AND (player_id IS NULL) = $4 AND COALESCE(player_id <> $5, TRUE)
                     ORDER BY created_at, id LIMIT $6 FOR UPDATE SKIP LOCKED",
                    &[
                        &(seek.turn_seconds as i32),
                        &alive_since,
                        &seek.id,
                        &signed_in.is_none(),
                        &signed_in,
                        &pairing::CANDIDATES,
                    ],
                )
                .await?
                .iter()
                .map(|row| Seek {
                    id: row.get(0),
                    secret_hash: row.get(1),
                    turn_seconds: seek.turn_seconds,
                    at: row.get(2),
                    player: players::game_player(row.get(3), row.get(4), row.get(5), row.get(6)),
                })
                .collect();
            let Some(partner) = partner_of(&seek, &candidates, now) else {
                if own.is_none() {
                    let player = seek.player.as_ref();
                    transaction
                        .execute(
                            "INSERT INTO online_seeks (id, secret_hash, turn_seconds, created_at,
                                seen_at, player_id, player_name, rating, deviation)
                             VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8)",
                            &[
                                &seek.id,
                                &seek.secret_hash,
                                &(seek.turn_seconds as i32),
                                &seek.at,
                                &player.map(|p| &p.id),
                                &player.map(|p| &p.name),
                                &player.map(|p| p.rating),
                                &player.map(|p| p.deviation),
                            ],
                        )
                        .await?;
                }
                transaction.commit().await?;
                return Ok(None);
            };
            let partner = &candidates[partner];
            let (game, seat) = pair(&seek, partner);
            insert_game(&transaction, &game).await?;
            let mut marks = vec![(&partner.id, seat.other())];
            if own.is_some() {
                marks.push((&seek.id, seat));
            }
            for (id, seat) in marks {
                transaction
                    .execute(
                        "UPDATE online_seeks SET game_id = $1, seat = $2 WHERE id = $3",
                        &[&game.id, &seat.name(), id],
                    )
                    .await?;
            }
            notify(
                &transaction,
                &Notice::Paired {
                    seek: partner.id.clone(),
                },
            )
            .await?;
            transaction.commit().await?;
            Ok(Some((game.id, seat)))
        })
    }

    fn waiting_seek<'a>(&'a self, id: &'a str, secret_hash: &'a str) -> Pending<'a, Option<Seek>> {
        Box::pin(async move {
            let client = self.pool.get().await?;
            let row = client
                .query_opt(
                    "SELECT secret_hash, turn_seconds, created_at, player_id, player_name, rating,
                        deviation
                     FROM online_seeks WHERE id = $1 AND game_id IS NULL",
                    &[&id],
                )
                .await?;
            Ok(row
                .map(|row| Seek {
                    id: id.to_string(),
                    secret_hash: row.get(0),
                    turn_seconds: row.get::<_, i32>(1) as u32,
                    at: row.get(2),
                    player: players::game_player(row.get(3), row.get(4), row.get(5), row.get(6)),
                })
                .filter(|seek| crate::secret::hashes_match(&seek.secret_hash, secret_hash)))
        })
    }

    fn seek_state<'a>(
        &'a self,
        id: &'a str,
        secret_hash: &'a str,
        now: Millis,
    ) -> Pending<'a, SeekState> {
        Box::pin(async move {
            let client = self.pool.get().await?;
            let state = seek_row(&client, id, secret_hash).await?;
            if state == SeekState::Waiting {
                client
                    .execute(
                        "UPDATE online_seeks SET seen_at = $1 WHERE id = $2",
                        &[&now, &id],
                    )
                    .await?;
            }
            Ok(state)
        })
    }

    fn cancel_seek<'a>(&'a self, id: &'a str, secret_hash: &'a str) -> Pending<'a, SeekState> {
        Box::pin(async move {
            let mut client = self.pool.get().await?;
            let transaction = client.transaction().await?;
            transaction
                .execute(
                    "SELECT id FROM online_seeks WHERE id = $1 FOR UPDATE",
                    &[&id],
                )
                .await?;
            let state = seek_row(&transaction, id, secret_hash).await?;
            let state = if state == SeekState::Waiting {
                transaction
                    .execute("DELETE FROM online_seeks WHERE id = $1", &[&id])
                    .await?;
                SeekState::Gone
            } else {
                state
            };
            transaction.commit().await?;
            Ok(state)
        })
    }

    fn expire_seeks(&self, before: Millis) -> Pending<'_, u64> {
        Box::pin(async move {
            let client = self.pool.get().await?;
            Ok(client
                .execute("DELETE FROM online_seeks WHERE seen_at < $1", &[&before])
                .await?)
        })
    }

    fn now(&self) -> Pending<'_, Millis> {
        Box::pin(async move {
            let client = self.pool.get().await?;
            let statement = client
                .prepare_cached("SELECT (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT")
                .await?;
            Ok(client.query_one(&statement, &[]).await?.get(0))
        })
    }

    fn heartbeat<'a>(&'a self, node: &'a str, now: Millis, since: Millis) -> Pending<'a, bool> {
        Box::pin(async move {
            let client = self.pool.get().await?;
            client
                .execute(
                    "INSERT INTO online_nodes (id, seen_at) VALUES ($1, $2)
                     ON CONFLICT (id) DO UPDATE SET seen_at = EXCLUDED.seen_at",
                    &[&node, &now],
                )
                .await?;
            Ok(client
                .query_one(
                    "SELECT EXISTS (SELECT 1 FROM online_nodes WHERE id <> $1 AND seen_at >= $2)",
                    &[&node, &since],
                )
                .await?
                .get(0))
        })
    }

    fn publish(&self, notice: Notice) -> Pending<'_, ()> {
        let queued = self
            .outbox
            .send(notice)
            .map_err(|_| StoreError("the notices' sender has stopped".into()));
        Box::pin(async move { queued })
    }

    fn notices(&self) -> broadcast::Receiver<Notice> {
        self.notices.subscribe()
    }

    fn shared(&self) -> bool {
        true
    }

    fn players(&self) -> &dyn PlayerStore {
        self
    }
}

/// A read-only transaction in which every statement sees the same snapshot, for a read that
/// takes several statements.
async fn snapshot(
    client: &mut deadpool_postgres::Object,
) -> Result<deadpool_postgres::Transaction<'_>, StoreError> {
    Ok(client
        .build_transaction()
        .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await?)
}

fn player_of(row: &tokio_postgres::Row) -> Player {
    Player {
        id: row.get(0),
        name: row.get(1),
    }
}

fn rating_of(row: &tokio_postgres::Row, first: usize) -> Rating {
    players::rating_row(
        row.get(first),
        row.get(first + 1),
        row.get(first + 2),
        i64::from(row.get::<_, i32>(first + 3)),
        row.get(first + 4),
    )
}

async fn player_by_id(client: &impl GenericClient, id: &str) -> Result<Option<Player>, StoreError> {
    Ok(client
        .query_opt(players::PLAYER_BY_ID, &[&id])
        .await?
        .as_ref()
        .map(player_of))
}

impl PlayerStore for PostgresStore {
    fn register(&self, player: NewPlayerRow) -> Pending<'_, Registered> {
        Box::pin(async move {
            let mut client = self.pool.get().await?;
            let transaction = client.transaction().await?;
            let stored = transaction
                .execute(
                    players::INSERT_PLAYER,
                    &[
                        &player.id,
                        &player.name,
                        &player.name_key,
                        &player.created_at,
                    ],
                )
                .await?;
            if stored == 0 {
                return Ok(Registered::NameTaken);
            }
            transaction
                .execute(
                    players::INSERT_TOKEN,
                    &[&player.token_hash, &player.id, &player.created_at],
                )
                .await?;
            transaction.commit().await?;
            Ok(Registered::Stored)
        })
    }

    fn player_by_token<'a>(&'a self, token_hash: &'a str) -> Pending<'a, Option<Player>> {
        Box::pin(async move {
            let client = self.pool.get().await?;
            let statement = client.prepare_cached(players::PLAYER_BY_TOKEN).await?;
            let row = client.query_opt(&statement, &[&token_hash]).await?;
            Ok(row
                .filter(|row| crate::secret::hashes_match(row.get(0), token_hash))
                .map(|row| Player {
                    id: row.get(1),
                    name: row.get(2),
                }))
        })
    }

    fn player_by_name<'a>(&'a self, name_key: &'a str) -> Pending<'a, Option<Player>> {
        Box::pin(async move {
            let client = self.pool.get().await?;
            Ok(client
                .query_opt(players::PLAYER_BY_NAME, &[&name_key])
                .await?
                .as_ref()
                .map(player_of))
        })
    }

    fn ratings<'a>(&'a self, player: &'a str) -> Pending<'a, Option<PlayerRatings>> {
        Box::pin(async move {
            let mut client = self.pool.get().await?;
            // One snapshot for the player and their rows.
            let transaction = snapshot(&mut client).await?;
            if player_by_id(&transaction, player).await?.is_none() {
                return Ok(None);
            }
            let rows = transaction
                .query(players::RATING_ROWS, &[&player])
                .await?
                .iter()
                .map(|row| (row.get::<_, String>(0), rating_of(row, 1)))
                .collect::<Vec<_>>();
            transaction.commit().await?;
            Ok(Some(PlayerRatings::from_rows(rows)))
        })
    }

    fn results<'a>(&'a self, player: &'a str) -> Pending<'a, Results> {
        Box::pin(async move {
            let client = self.pool.get().await?;
            let rows = client.query(players::ENDED_GAMES, &[&player]).await?;
            Ok(players::tally(rows.iter().filter_map(|row| {
                let seat: &str = row.get(0);
                Some((seat.parse().ok()?, row.get::<_, String>(1)))
            })))
        })
    }

    fn games<'a>(&'a self, player: &'a str, limit: u32) -> Pending<'a, Vec<PlayerGame>> {
        Box::pin(async move {
            let client = self.pool.get().await?;
            let rows = client
                .query(players::PLAYER_GAMES_SELECT, &[&player, &i64::from(limit)])
                .await?;
            Ok(rows
                .iter()
                .map(|row| PlayerGame {
                    id: row.get(0),
                    turn_seconds: row.get::<_, i32>(1) as u32,
                    rated: row.get::<_, i32>(2) != 0,
                    seat: row.get::<_, &str>(3).parse().unwrap_or(Seat::Red),
                    opponent: row.get(4),
                    result: row.get(5),
                    created_at: row.get(6),
                    ended_at: row.get(7),
                    rating_before: row.get(8),
                    change: row.get(9),
                })
                .collect())
        })
    }

    fn leaders(&self, speed: Speed, max_deviation: f64, limit: u32) -> Pending<'_, Vec<LeaderRow>> {
        Box::pin(async move {
            let client = self.pool.get().await?;
            let rows = client
                .query(
                    players::LEADERS,
                    &[&speed.as_str(), &max_deviation, &i64::from(limit)],
                )
                .await?;
            Ok(rows
                .iter()
                .map(|row| LeaderRow {
                    name: row.get(0),
                    rating: rating_of(row, 1),
                })
                .collect())
        })
    }

    fn add_code<'a>(
        &'a self,
        code_hash: &'a str,
        player: &'a str,
        expires_at: Millis,
        now: Millis,
    ) -> Pending<'a, ()> {
        Box::pin(async move {
            let mut client = self.pool.get().await?;
            let transaction = client.transaction().await?;
            transaction
                .execute(players::DELETE_EXPIRED_CODES, &[&now])
                .await?;
            transaction
                .execute(players::INSERT_CODE, &[&code_hash, &player, &expires_at])
                .await?;
            transaction.commit().await?;
            Ok(())
        })
    }

    fn sign_in<'a>(
        &'a self,
        code_hash: &'a str,
        token_hash: &'a str,
        now: Millis,
    ) -> Pending<'a, Option<Player>> {
        Box::pin(async move {
            let mut client = self.pool.get().await?;
            let transaction = client.transaction().await?;
            let Some(spent) = transaction
                .query_opt(players::SPEND_CODE, &[&code_hash, &now])
                .await?
            else {
                return Ok(None);
            };
            let player = player_by_id(&transaction, spent.get(0)).await?;
            if let Some(player) = &player {
                transaction
                    .execute(players::INSERT_TOKEN, &[&token_hash, &player.id, &now])
                    .await?;
            }
            transaction.commit().await?;
            Ok(player)
        })
    }

    fn delete(&self, player: String) -> Pending<'_, ()> {
        Box::pin(async move {
            let mut client = self.pool.get().await?;
            let transaction = client.transaction().await?;
            for statement in players::DELETE_PLAYER {
                transaction.execute(statement, &[&player]).await?;
            }
            transaction.commit().await?;
            Ok(())
        })
    }
}
