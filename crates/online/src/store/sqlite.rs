//! The embedded store: one SQLite file in write-ahead-log mode, every commit synchronous (on
//! disk before a move is acknowledged). One thread owns the connection and groups the writes
//! that arrive while it commits into one transaction, each in a savepoint of its own: one
//! fsync for many moves, so throughput holds, and a write that fails leaves the others alone.

use std::path::Path;
use std::sync::mpsc;
use std::thread;

use rusqlite::{params, Connection, OptionalExtension};
use tokio::sync::{broadcast, oneshot};

use duobao_players::Rating;
use duobao_protocol::{PlayerGame, Results};

use super::players::{self, LeaderRow, NewPlayerRow, Player, PlayerRatings, Registered};
use super::{
    delete_unplayed, notice_channel, partner_of, Append, Appended, NewGame, Notice, Pairing,
    Pending, PlayerStore, RatingUpdate, Seek, SeekState, Store, StoreError, StoredGame, MIGRATIONS,
};
use crate::model::{Event, GamePlayer, Millis};
use crate::{Seat, Status};

/// A piece of work for the database thread; what it returns is called once the transaction it
/// ran in has committed (or failed to).
type Job = Box<dyn FnOnce(&Connection) -> Box<dyn FnOnce(Result<(), StoreError>) + Send> + Send>;

/// The most writes one transaction groups.
const GROUP: usize = 512;

pub struct SqliteStore {
    jobs: mpsc::Sender<Job>,
    notices: broadcast::Sender<Notice>,
}

impl SqliteStore {
    /// Opens the file (creating it and its folder), sets it up and migrates it.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder)
                .map_err(|e| StoreError(format!("cannot make {}: {e}", folder.display())))?;
        }
        let connection = Connection::open(path)
            .map_err(|e| StoreError(format!("cannot open {}: {e}", path.display())))?;
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "FULL")?;
        connection.busy_timeout(std::time::Duration::from_secs(5))?;
        migrate(&connection)?;
        let (jobs, queue) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("online-sqlite".into())
            .spawn(move || work(connection, queue))
            .map_err(|e| StoreError(format!("cannot start the database thread: {e}")))?;
        Ok(SqliteStore {
            jobs,
            notices: notice_channel(),
        })
    }

    /// Runs `work` on the database thread, in the next group's transaction.
    fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Pending<'_, T> {
        let (reply, answer) = oneshot::channel();
        let job: Job = Box::new(move |connection| {
            let outcome = in_savepoint(connection, work);
            Box::new(move |committed: Result<(), StoreError>| {
                let _ = reply.send(committed.and(outcome));
            })
        });
        let sent = self.jobs.send(job);
        Box::pin(async move {
            sent.map_err(|_| StoreError("the database thread has stopped".into()))?;
            answer
                .await
                .map_err(|_| StoreError("the database thread has stopped".into()))?
        })
    }

    fn tell(&self, notice: Notice) {
        let _ = self.notices.send(notice);
    }
}

fn migrate(connection: &Connection) -> Result<(), StoreError> {
    connection
        .execute_batch("CREATE TABLE IF NOT EXISTS online_schema (version INTEGER NOT NULL)")?;
    let done: i64 = connection.query_row(
        "SELECT COALESCE(MAX(version), 0) FROM online_schema",
        [],
        |row| row.get(0),
    )?;
    for (index, statement) in MIGRATIONS.iter().enumerate().skip(done as usize) {
        let transaction = connection.unchecked_transaction()?;
        transaction.execute_batch(statement)?;
        transaction.execute(
            "INSERT INTO online_schema (version) VALUES (?1)",
            params![index as i64 + 1],
        )?;
        transaction.commit()?;
    }
    Ok(())
}

fn in_savepoint<T>(
    connection: &Connection,
    work: impl FnOnce(&Connection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    connection.execute_batch("SAVEPOINT job")?;
    let outcome = work(connection);
    let closing = match outcome {
        Ok(_) => "RELEASE job",
        Err(_) => "ROLLBACK TO job; RELEASE job",
    };
    connection.execute_batch(closing)?;
    outcome
}

/// The database thread: takes a job, and every job queued behind it up to [`GROUP`], runs them
/// in one transaction, commits, then answers them all.
fn work(connection: Connection, queue: mpsc::Receiver<Job>) {
    while let Ok(first) = queue.recv() {
        let mut group = vec![first];
        while group.len() < GROUP {
            match queue.try_recv() {
                Ok(job) => group.push(job),
                Err(_) => break,
            }
        }
        let begun = connection.execute_batch("BEGIN IMMEDIATE");
        let replies: Vec<_> = group.into_iter().map(|job| job(&connection)).collect();
        let committed = begun
            .and_then(|()| connection.execute_batch("COMMIT"))
            .map_err(StoreError::from);
        if committed.is_err() {
            let _ = connection.execute_batch("ROLLBACK");
        }
        for reply in replies {
            reply(committed.clone());
        }
    }
}

/// The shared SQL's `$1`, `$2`, … as SQLite's numbered parameters, bound by number.
fn numbered(sql: &str) -> String {
    sql.replace('$', "?")
}

fn insert_game(connection: &Connection, game: &NewGame) -> Result<(), StoreError> {
    connection
        .prepare_cached(
            "INSERT INTO online_games (id, status, turn_seconds, created_at, updated_at, version,
                red_hash, black_hash, invite_hash, result, rematch_of, rated)
             VALUES (?1, ?2, ?3, ?4, ?4, 0, ?5, ?6, ?7, NULL, ?8, ?9)",
        )?
        .execute(params![
            game.id,
            Status::Waiting.name(),
            game.turn_seconds,
            game.created_at,
            game.red_hash,
            game.black_hash,
            game.invite_hash,
            game.rematch_of,
            game.rated,
        ])?;
    for seat in Seat::BOTH {
        if let Some(player) = &game.players[seat as usize] {
            set_seat_player(connection, &game.id, seat, player)?;
        }
    }
    if let Some(append) = game.first_events() {
        if append_rows(connection, &append)? != Appended::Stored {
            return Err(StoreError(format!("game {} was created twice", game.id)));
        }
    }
    Ok(())
}

fn set_seat_player(
    connection: &Connection,
    game: &str,
    seat: Seat,
    player: &GamePlayer,
) -> Result<(), StoreError> {
    connection
        .prepare_cached(&numbered(&players::set_seat_player(seat)))?
        .execute(params![game, player.id, player.rating, player.deviation])?;
    Ok(())
}

/// Stores an append whole or not at all: in a savepoint of its own, rolled back unless it was
/// stored (a rated end whose ratings moved leaves nothing behind).
fn append_whole(connection: &Connection, append: &Append) -> Result<Appended, StoreError> {
    connection.execute_batch("SAVEPOINT append")?;
    let outcome = append_rows(connection, append);
    let closing = match outcome {
        Ok(Appended::Stored) => "RELEASE append",
        _ => "ROLLBACK TO append; RELEASE append",
    };
    connection.execute_batch(closing)?;
    outcome
}

fn append_rows(connection: &Connection, append: &Append) -> Result<Appended, StoreError> {
    let (red, black) = append.seated_hashes();
    let updated = connection
        .prepare_cached(
            "UPDATE online_games SET version = ?1, status = ?2, updated_at = ?3,
                result = COALESCE(?4, result),
                red_hash = COALESCE(?5, red_hash), black_hash = COALESCE(?6, black_hash),
                invite_hash = CASE WHEN ?7 THEN NULL ELSE invite_hash END,
                ended_at = COALESCE(?10, ended_at)
             WHERE id = ?8 AND version = ?9",
        )?
        .execute(params![
            append.new_version() as i64,
            append.status_after().name(),
            append.at,
            append.result(),
            red,
            black,
            append.seated.is_some(),
            append.game,
            append.expected_version as i64,
            append.ended_at(),
        ])?;
    if updated == 0 {
        return Ok(Appended::Conflict);
    }
    if let (Some((seat, _)), Some(player)) = (&append.seated, &append.seated_player) {
        set_seat_player(connection, &append.game, *seat, player)?;
    }
    if let Some(update) = &append.ratings {
        if !write_ratings(connection, &append.game, update)? {
            return Ok(Appended::RatingsMoved);
        }
    }
    let mut event_row = connection
        .prepare_cached("INSERT INTO online_events (game_id, version, body) VALUES (?1, ?2, ?3)")?;
    for (offset, event) in append.events.iter().enumerate() {
        let version = append.expected_version + offset as u64 + 1;
        event_row.execute(params![append.game, version as i64, event.to_json()])?;
    }
    let mut move_row = connection.prepare_cached(
        "INSERT INTO online_moves (game_id, ply, notation, at) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (ply, notation, at) in append.moves() {
        move_row.execute(params![append.game, ply, notation, at])?;
    }
    if let Some(game) = &append.create {
        insert_game(connection, game)?;
    }
    Ok(Appended::Stored)
}

/// Writes a rated end's ratings, each row only if it still has the games it was read with,
/// and the changes on the game's row: false (to be rolled back) when a row had moved.
fn write_ratings(
    connection: &Connection,
    game: &str,
    update: &RatingUpdate,
) -> Result<bool, StoreError> {
    let speed = update.speed.as_str();
    for seat in update.in_row_order() {
        let new = Rating::NEW;
        connection
            .prepare_cached(&numbered(players::INSERT_DEFAULT_RATING))?
            .execute(params![
                seat.player,
                speed,
                new.rating,
                new.deviation,
                new.volatility
            ])?;
        let (before, after) = (seat.change.before, seat.change.after);
        let written = connection
            .prepare_cached(&numbered(players::UPDATE_RATING))?
            .execute(params![
                seat.player,
                speed,
                after.rating,
                after.deviation,
                after.volatility,
                after.games,
                after.last_played,
                before.games,
            ])?;
        if written == 0 {
            return Ok(false);
        }
    }
    connection
        .prepare_cached(&numbered(players::SET_GAME_CHANGES))?
        .execute(params![
            game,
            update.red.change.before.rating,
            update.red.change.points(),
            update.black.change.before.rating,
            update.black.change.points(),
        ])?;
    Ok(true)
}

fn load_game(connection: &Connection, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let sql = format!(
        "SELECT g.status, g.turn_seconds, g.created_at, g.version, g.red_hash, g.black_hash,
            g.invite_hash, g.result, g.rematch_of, {}
         FROM online_games AS g {} WHERE g.id = ?1",
        players::GAME_PLAYERS_COLUMNS,
        players::GAME_PLAYERS_JOINS
    );
    let row = connection
        .prepare_cached(&sql)?
        .query_row(params![id], |row| {
            Ok(StoredGame {
                id: id.to_string(),
                status: row.get::<_, String>(0)?.parse().unwrap_or(Status::Ended),
                turn_seconds: row.get(1)?,
                created_at: row.get(2)?,
                version: row.get::<_, i64>(3)? as u64,
                red_hash: row.get(4)?,
                black_hash: row.get(5)?,
                invite_hash: row.get(6)?,
                result: row.get(7)?,
                rematch_of: row.get(8)?,
                events: Vec::new(),
                moves: Vec::new(),
                rated: row.get(9)?,
                players: [
                    players::game_player(row.get(10)?, row.get(11)?, row.get(12)?, row.get(13)?),
                    players::game_player(row.get(14)?, row.get(15)?, row.get(16)?, row.get(17)?),
                ],
            })
        })
        .optional()?;
    let Some(mut game) = row else {
        return Ok(None);
    };
    game.events = read_events(connection, id, 0)?;
    game.moves = connection
        .prepare_cached("SELECT notation FROM online_moves WHERE game_id = ?1 ORDER BY ply")?
        .query_map(params![id], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(Some(game))
}

fn read_events(connection: &Connection, id: &str, after: u64) -> Result<Vec<Event>, StoreError> {
    let bodies: Vec<String> = connection
        .prepare_cached(
            "SELECT body FROM online_events WHERE game_id = ?1 AND version > ?2 ORDER BY version",
        )?
        .query_map(params![id, after as i64], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    bodies
        .iter()
        .map(|body| {
            Event::from_json(body).map_err(|e| StoreError(format!("a stored event of {id}: {e}")))
        })
        .collect()
}

fn ids(connection: &Connection, sql: &str) -> Result<Vec<String>, StoreError> {
    Ok(connection
        .prepare_cached(sql)?
        .query_map([], |row| row.get(0))?
        .collect::<Result<_, _>>()?)
}

fn seek_row(
    connection: &Connection,
    id: &str,
    secret_hash: &str,
) -> Result<Option<SeekState>, StoreError> {
    let row: Option<(String, Option<String>, Option<String>)> = connection
        .prepare_cached("SELECT secret_hash, game_id, seat FROM online_seeks WHERE id = ?1")?
        .query_row(params![id], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?))
        })
        .optional()?;
    Ok(row.map(|(stored, game, seat)| {
        if !crate::secret::hashes_match(&stored, secret_hash) {
            return SeekState::Gone;
        }
        match (game, seat.and_then(|seat| seat.parse().ok())) {
            (Some(game), Some(seat)) => SeekState::Paired { game, seat },
            _ => SeekState::Waiting,
        }
    }))
}

impl Store for SqliteStore {
    fn create(&self, game: NewGame) -> Pending<'_, ()> {
        self.run(move |connection| insert_game(connection, &game))
    }

    fn append(&self, append: Append) -> Pending<'_, Appended> {
        let game = append.game.clone();
        let version = append.new_version();
        let stored = self.run(move |connection| append_whole(connection, &append));
        Box::pin(async move {
            let outcome = stored.await?;
            if outcome == Appended::Stored {
                // Nobody else shares the file: this node's own tasks already have the events.
                self.tell(Notice::Game {
                    game,
                    version,
                    events: Vec::new(),
                });
            }
            Ok(outcome)
        })
    }

    fn load<'a>(&'a self, id: &'a str) -> Pending<'a, Option<StoredGame>> {
        let id = id.to_string();
        self.run(move |connection| load_game(connection, &id))
    }

    fn events_after<'a>(&'a self, id: &'a str, version: u64) -> Pending<'a, Vec<Event>> {
        let id = id.to_string();
        self.run(move |connection| read_events(connection, &id, version))
    }

    fn game_ids(&self) -> Pending<'_, Vec<String>> {
        self.run(|connection| {
            ids(
                connection,
                "SELECT id FROM online_games ORDER BY created_at, id",
            )
        })
    }

    fn unfinished(&self) -> Pending<'_, Vec<String>> {
        self.run(|connection| {
            ids(
                connection,
                "SELECT id FROM online_games WHERE status = 'playing'",
            )
        })
    }

    fn expire_waiting(&self, before: Millis) -> Pending<'_, u64> {
        self.run(move |connection| {
            connection.execute(
                "DELETE FROM online_events WHERE game_id IN
                    (SELECT id FROM online_games WHERE status = 'waiting' AND created_at < ?1)",
                params![before],
            )?;
            let gone = connection.execute(
                "DELETE FROM online_games WHERE status = 'waiting' AND created_at < ?1",
                params![before],
            )?;
            Ok(gone as u64)
        })
    }

    fn expire_unplayed(&self, before: Millis) -> Pending<'_, u64> {
        self.run(move |connection| {
            let mut gone = 0;
            for statement in delete_unplayed() {
                gone = connection.execute(&statement, params![before])?;
            }
            Ok(gone as u64)
        })
    }

    fn seek(
        &self,
        seek: Seek,
        alive_since: Millis,
        now: Millis,
        pair: Pairing,
    ) -> Pending<'_, Option<(String, Seat)>> {
        let paired = self.run(move |connection| {
            let own: Option<(Option<String>, Option<String>)> = connection
                .prepare_cached("SELECT game_id, seat FROM online_seeks WHERE id = ?1")?
                .query_row(params![seek.id], |row| Ok((row.get(0)?, row.get(1)?)))
                .optional()?;
            if let Some((Some(game), Some(seat))) = &own {
                let seat = seat
                    .parse()
                    .map_err(|_| StoreError(format!("seat {seat:?}")))?;
                return Ok(Some((game.clone(), seat, None)));
            }
            let signed_in = seek.player.as_ref().map(|player| player.id.clone());
            let candidates: Vec<Seek> = connection
                .prepare_cached(
                    "SELECT id, secret_hash, created_at, player_id, player_name, rating, deviation
                     FROM online_seeks
                     WHERE turn_seconds = ?1 AND game_id IS NULL AND seen_at >= ?2 AND id <> ?3
                        AND (player_id IS NULL) = ?4 AND COALESCE(player_id <> ?5, TRUE)
                     ORDER BY created_at, id LIMIT ?6",
                )?
                .query_map(
                    params![
                        seek.turn_seconds,
                        alive_since,
                        seek.id,
                        signed_in.is_none(),
                        signed_in,
                        crate::pairing::CANDIDATES
                    ],
                    |row| {
                        Ok(Seek {
                            id: row.get(0)?,
                            secret_hash: row.get(1)?,
                            turn_seconds: seek.turn_seconds,
                            at: row.get(2)?,
                            player: players::game_player(
                                row.get(3)?,
                                row.get(4)?,
                                row.get(5)?,
                                row.get(6)?,
                            ),
                        })
                    },
                )?
                .collect::<Result<_, _>>()?;
            let Some(partner) = partner_of(&seek, &candidates, now) else {
                if own.is_none() {
                    let player = seek.player.as_ref();
                    connection.execute(
                        "INSERT INTO online_seeks (id, secret_hash, turn_seconds, created_at,
                            seen_at, player_id, player_name, rating, deviation)
                         VALUES (?1, ?2, ?3, ?4, ?4, ?5, ?6, ?7, ?8)",
                        params![
                            seek.id,
                            seek.secret_hash,
                            seek.turn_seconds,
                            seek.at,
                            player.map(|p| &p.id),
                            player.map(|p| &p.name),
                            player.map(|p| p.rating),
                            player.map(|p| p.deviation),
                        ],
                    )?;
                }
                return Ok(None);
            };
            let partner = &candidates[partner];
            let (game, seat) = pair(&seek, partner);
            insert_game(connection, &game)?;
            let mark = |id: &str, seat: Seat| {
                connection.execute(
                    "UPDATE online_seeks SET game_id = ?1, seat = ?2 WHERE id = ?3",
                    params![game.id, seat.name(), id],
                )
            };
            mark(&partner.id, seat.other())?;
            if own.is_some() {
                mark(&seek.id, seat)?;
            }
            Ok(Some((game.id, seat, Some(partner.id.clone()))))
        });
        Box::pin(async move {
            Ok(paired.await?.map(|(game, seat, partner)| {
                if let Some(partner) = partner {
                    self.tell(Notice::Paired { seek: partner });
                }
                (game, seat)
            }))
        })
    }

    fn waiting_seek<'a>(&'a self, id: &'a str, secret_hash: &'a str) -> Pending<'a, Option<Seek>> {
        let (id, secret_hash) = (id.to_string(), secret_hash.to_string());
        self.run(move |connection| {
            let row = connection
                .prepare_cached(
                    "SELECT secret_hash, turn_seconds, created_at, player_id, player_name, rating,
                        deviation
                     FROM online_seeks WHERE id = ?1 AND game_id IS NULL",
                )?
                .query_row(params![id], |row| {
                    Ok(Seek {
                        id: id.clone(),
                        secret_hash: row.get(0)?,
                        turn_seconds: row.get(1)?,
                        at: row.get(2)?,
                        player: players::game_player(
                            row.get(3)?,
                            row.get(4)?,
                            row.get(5)?,
                            row.get(6)?,
                        ),
                    })
                })
                .optional()?;
            Ok(row.filter(|seek| crate::secret::hashes_match(&seek.secret_hash, &secret_hash)))
        })
    }

    fn seek_state<'a>(
        &'a self,
        id: &'a str,
        secret_hash: &'a str,
        now: Millis,
    ) -> Pending<'a, SeekState> {
        let (id, secret_hash) = (id.to_string(), secret_hash.to_string());
        self.run(move |connection| {
            let state = seek_row(connection, &id, &secret_hash)?.unwrap_or(SeekState::Gone);
            if state == SeekState::Waiting {
                connection.execute(
                    "UPDATE online_seeks SET seen_at = ?1 WHERE id = ?2",
                    params![now, id],
                )?;
            }
            Ok(state)
        })
    }

    fn cancel_seek<'a>(&'a self, id: &'a str, secret_hash: &'a str) -> Pending<'a, SeekState> {
        let (id, secret_hash) = (id.to_string(), secret_hash.to_string());
        self.run(move |connection| {
            let state = seek_row(connection, &id, &secret_hash)?.unwrap_or(SeekState::Gone);
            if state == SeekState::Waiting {
                connection.execute("DELETE FROM online_seeks WHERE id = ?1", params![id])?;
                return Ok(SeekState::Gone);
            }
            Ok(state)
        })
    }

    fn expire_seeks(&self, before: Millis) -> Pending<'_, u64> {
        self.run(move |connection| {
            Ok(connection.execute(
                "DELETE FROM online_seeks WHERE seen_at < ?1",
                params![before],
            )? as u64)
        })
    }

    fn now(&self) -> Pending<'_, Millis> {
        self.run(|connection| {
            Ok(connection.query_row(
                "SELECT CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)",
                [],
                |row| row.get(0),
            )?)
        })
    }

    fn heartbeat<'a>(&'a self, _node: &'a str, _now: Millis, _since: Millis) -> Pending<'a, bool> {
        // One process owns the file: there is no other node.
        Box::pin(async { Ok(false) })
    }

    fn publish(&self, notice: Notice) -> Pending<'_, ()> {
        self.tell(notice);
        Box::pin(async { Ok(()) })
    }

    fn notices(&self) -> broadcast::Receiver<Notice> {
        self.notices.subscribe()
    }

    fn shared(&self) -> bool {
        false
    }

    fn players(&self) -> &dyn PlayerStore {
        self
    }
}

fn player_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Player> {
    Ok(Player {
        id: row.get(0)?,
        name: row.get(1)?,
    })
}

fn rating_of(row: &rusqlite::Row<'_>, first: usize) -> rusqlite::Result<Rating> {
    Ok(players::rating_row(
        row.get(first)?,
        row.get(first + 1)?,
        row.get(first + 2)?,
        row.get(first + 3)?,
        row.get(first + 4)?,
    ))
}

fn player_by_id(connection: &Connection, id: &str) -> Result<Option<Player>, StoreError> {
    Ok(connection
        .prepare_cached(&numbered(players::PLAYER_BY_ID))?
        .query_row(params![id], player_row)
        .optional()?)
}

impl PlayerStore for SqliteStore {
    fn register(&self, player: NewPlayerRow) -> Pending<'_, Registered> {
        self.run(move |connection| {
            let stored = connection
                .prepare_cached(&numbered(players::INSERT_PLAYER))?
                .execute(params![
                    player.id,
                    player.name,
                    player.name_key,
                    player.created_at
                ])?;
            if stored == 0 {
                return Ok(Registered::NameTaken);
            }
            connection
                .prepare_cached(&numbered(players::INSERT_TOKEN))?
                .execute(params![player.token_hash, player.id, player.created_at])?;
            Ok(Registered::Stored)
        })
    }

    fn player_by_token<'a>(&'a self, token_hash: &'a str) -> Pending<'a, Option<Player>> {
        let token_hash = token_hash.to_string();
        self.run(move |connection| {
            let row: Option<(String, Player)> = connection
                .prepare_cached(&numbered(players::PLAYER_BY_TOKEN))?
                .query_row(params![token_hash], |row| {
                    Ok((
                        row.get(0)?,
                        Player {
                            id: row.get(1)?,
                            name: row.get(2)?,
                        },
                    ))
                })
                .optional()?;
            Ok(row
                .filter(|(stored, _)| crate::secret::hashes_match(stored, &token_hash))
                .map(|(_, player)| player))
        })
    }

    fn player_by_name<'a>(&'a self, name_key: &'a str) -> Pending<'a, Option<Player>> {
        let name_key = name_key.to_string();
        self.run(move |connection| {
            Ok(connection
                .prepare_cached(&numbered(players::PLAYER_BY_NAME))?
                .query_row(params![name_key], player_row)
                .optional()?)
        })
    }

    fn ratings<'a>(&'a self, player: &'a str) -> Pending<'a, Option<PlayerRatings>> {
        let player = player.to_string();
        self.run(move |connection| {
            if player_by_id(connection, &player)?.is_none() {
                return Ok(None);
            }
            let rows: Vec<(String, Rating)> = connection
                .prepare_cached(&numbered(players::RATING_ROWS))?
                .query_map(params![player], |row| Ok((row.get(0)?, rating_of(row, 1)?)))?
                .collect::<Result<_, _>>()?;
            Ok(Some(PlayerRatings::from_rows(rows)))
        })
    }

    fn results<'a>(&'a self, player: &'a str) -> Pending<'a, Results> {
        let player = player.to_string();
        self.run(move |connection| {
            let games: Vec<(String, String)> = connection
                .prepare_cached(&numbered(players::ENDED_GAMES))?
                .query_map(params![player], |row| Ok((row.get(0)?, row.get(1)?)))?
                .collect::<Result<_, _>>()?;
            Ok(players::tally(games.into_iter().filter_map(
                |(seat, result)| Some((seat.parse().ok()?, result)),
            )))
        })
    }

    fn games<'a>(&'a self, player: &'a str, limit: u32) -> Pending<'a, Vec<PlayerGame>> {
        let player = player.to_string();
        self.run(move |connection| {
            let rows = connection
                .prepare_cached(&numbered(players::PLAYER_GAMES_SELECT))?
                .query_map(params![player, limit], |row| {
                    let seat: String = row.get(3)?;
                    Ok(PlayerGame {
                        id: row.get(0)?,
                        turn_seconds: row.get(1)?,
                        rated: row.get(2)?,
                        seat: seat.parse().unwrap_or(Seat::Red),
                        opponent: row.get(4)?,
                        result: row.get(5)?,
                        created_at: row.get(6)?,
                        ended_at: row.get(7)?,
                        rating_before: row.get(8)?,
                        change: row.get(9)?,
                    })
                })?
                .collect::<Result<_, _>>()?;
            Ok(rows)
        })
    }

    fn leaders(
        &self,
        speed: duobao_players::Speed,
        max_deviation: f64,
        limit: u32,
    ) -> Pending<'_, Vec<LeaderRow>> {
        self.run(move |connection| {
            Ok(connection
                .prepare_cached(&numbered(players::LEADERS))?
                .query_map(params![speed.as_str(), max_deviation, limit], |row| {
                    Ok(LeaderRow {
                        name: row.get(0)?,
                        rating: rating_of(row, 1)?,
                    })
                })?
                .collect::<Result<_, _>>()?)
        })
    }

    fn add_code<'a>(
        &'a self,
        code_hash: &'a str,
        player: &'a str,
        expires_at: Millis,
        now: Millis,
    ) -> Pending<'a, ()> {
        let (code_hash, player) = (code_hash.to_string(), player.to_string());
        self.run(move |connection| {
            connection
                .prepare_cached(&numbered(players::DELETE_EXPIRED_CODES))?
                .execute(params![now])?;
            connection
                .prepare_cached(&numbered(players::INSERT_CODE))?
                .execute(params![code_hash, player, expires_at])?;
            Ok(())
        })
    }

    fn sign_in<'a>(
        &'a self,
        code_hash: &'a str,
        token_hash: &'a str,
        now: Millis,
    ) -> Pending<'a, Option<Player>> {
        let (code_hash, token_hash) = (code_hash.to_string(), token_hash.to_string());
        self.run(move |connection| {
            let spent: Option<String> = connection
                .prepare_cached(&numbered(players::SPEND_CODE))?
                .query_row(params![code_hash, now], |row| row.get(0))
                .optional()?;
            let Some(player) = spent.map(|id| player_by_id(connection, &id)).transpose()? else {
                return Ok(None);
            };
            if let Some(player) = &player {
                connection
                    .prepare_cached(&numbered(players::INSERT_TOKEN))?
                    .execute(params![token_hash, player.id, now])?;
            }
            Ok(player)
        })
    }

    fn delete(&self, player: String) -> Pending<'_, ()> {
        self.run(move |connection| {
            for statement in players::DELETE_PLAYER {
                connection
                    .prepare_cached(&numbered(statement))?
                    .execute(params![player])?;
            }
            Ok(())
        })
    }
}
