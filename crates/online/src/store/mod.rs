//! Where live games are kept: one interface, [`Store`], over SQLite (embedded, the default: a
//! file in the server's data folder) and PostgreSQL (for several server nodes sharing games).
//! Both take the same migrations and pass the same conformance suite (tests/store.rs).
//!
//! A game is a row (its seats' secrets' hashes, its status and its version) and its events, one
//! row per version; every ply also has a row of its own, one per game and ply, so that the
//! database itself orders the moves. [`Store::append`] stores a game's next events only if the
//! game is still at the version the writer saw: two nodes that both try to play ply 12 cannot
//! both succeed, and the one that loses reads what happened instead.
//!
//! Players, their devices' tokens, their ratings and sign-in codes are kept beside the games
//! ([`PlayerStore`], `players`). A rated game's end commits in one transaction with both
//! players' new ratings, each rating row written only if it still has the games it was read
//! with ([`RatingUpdate`]): the update is applied once, never twice, and one that lost a race
//! to another game of the same player is refused ([`Appended::RatingsMoved`]) to be made again
//! from the ratings as they now are.

mod players;
mod postgres;
mod sqlite;

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use tokio::sync::broadcast;

use crate::model::{Event, GamePlayer, Millis};
use crate::pairing::{self, Seeker};
use crate::{Seat, Status};
use duobao_protocol::OnlineEnd;

pub(crate) use players::{outcome_of, seated_at};
pub use players::{
    LeaderRow, NewPlayerRow, Player, PlayerRatings, PlayerStore, RatingUpdate, Registered,
    SeatUpdate,
};
pub use postgres::PostgresStore;
pub use sqlite::SqliteStore;

/// A boxed future, so that the store can be chosen at start-up (`dyn Store`).
pub type Pending<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// The schema, in order; each statement is run once, by both databases, recorded in
/// `online_schema`. Types both understand: TEXT, INTEGER, BIGINT.
pub const MIGRATIONS: &[&str] = &[
    "CREATE TABLE online_games (
        id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        turn_seconds INTEGER NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        version BIGINT NOT NULL,
        red_hash TEXT,
        black_hash TEXT,
        invite_hash TEXT,
        result TEXT,
        rematch_of TEXT
    )",
    "CREATE INDEX online_games_by_status ON online_games (status, created_at)",
    "CREATE TABLE online_events (
        game_id TEXT NOT NULL,
        version BIGINT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (game_id, version)
    )",
    "CREATE TABLE online_moves (
        game_id TEXT NOT NULL,
        ply INTEGER NOT NULL,
        notation TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (game_id, ply)
    )",
    "CREATE TABLE online_seeks (
        id TEXT PRIMARY KEY,
        secret_hash TEXT NOT NULL,
        turn_seconds INTEGER NOT NULL,
        created_at BIGINT NOT NULL,
        seen_at BIGINT NOT NULL,
        game_id TEXT,
        seat TEXT
    )",
    "CREATE INDEX online_seeks_waiting ON online_seeks (turn_seconds, created_at)",
    "CREATE TABLE online_nodes (
        id TEXT PRIMARY KEY,
        seen_at BIGINT NOT NULL
    )",
    // Players (issue 50). A name is unique by its key, the name as uniqueness sees it
    // (`duobao_players::Name::key`); tokens and codes are kept only as their SHA-256.
    "CREATE TABLE online_players (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL
    )",
    "CREATE TABLE online_tokens (
        hash TEXT PRIMARY KEY,
        player_id TEXT NOT NULL,
        created_at BIGINT NOT NULL
    )",
    "CREATE INDEX online_tokens_by_player ON online_tokens (player_id)",
    // One row per player and speed, written on first need with the defaults; `games` is what a
    // rated end's conditional write checks.
    "CREATE TABLE online_ratings (
        player_id TEXT NOT NULL,
        speed TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        last_played BIGINT,
        PRIMARY KEY (player_id, speed)
    )",
    "CREATE INDEX online_ratings_by_speed ON online_ratings (speed, rating)",
    "CREATE TABLE online_codes (
        hash TEXT PRIMARY KEY,
        player_id TEXT NOT NULL,
        expires_at BIGINT NOT NULL,
        used INTEGER NOT NULL
    )",
    // A game's players: each seat's player and their rating (and deviation) at its start; once
    // a rated game ended, each one's rating before the update and its change.
    "ALTER TABLE online_games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE online_games ADD COLUMN ended_at BIGINT",
    "ALTER TABLE online_games ADD COLUMN red_player TEXT",
    "ALTER TABLE online_games ADD COLUMN red_rating DOUBLE PRECISION",
    "ALTER TABLE online_games ADD COLUMN red_deviation DOUBLE PRECISION",
    "ALTER TABLE online_games ADD COLUMN red_before DOUBLE PRECISION",
    "ALTER TABLE online_games ADD COLUMN red_change DOUBLE PRECISION",
    "ALTER TABLE online_games ADD COLUMN black_player TEXT",
    "ALTER TABLE online_games ADD COLUMN black_rating DOUBLE PRECISION",
    "ALTER TABLE online_games ADD COLUMN black_deviation DOUBLE PRECISION",
    "ALTER TABLE online_games ADD COLUMN black_before DOUBLE PRECISION",
    "ALTER TABLE online_games ADD COLUMN black_change DOUBLE PRECISION",
    "CREATE INDEX online_games_by_red_player ON online_games (red_player, ended_at)",
    "CREATE INDEX online_games_by_black_player ON online_games (black_player, ended_at)",
    // A signed-in seeker: who, and their rating at the turn time's speed (pairing by rating).
    "ALTER TABLE online_seeks ADD COLUMN player_id TEXT",
    "ALTER TABLE online_seeks ADD COLUMN player_name TEXT",
    "ALTER TABLE online_seeks ADD COLUMN rating DOUBLE PRECISION",
    "ALTER TABLE online_seeks ADD COLUMN deviation DOUBLE PRECISION",
];

/// The statements that delete the games [`Store::expire_unplayed`] names, `$1` the time they
/// must have ended before, in SQL both databases take: their rows first (whose deletion leaves
/// them named still).
fn delete_unplayed() -> [String; 3] {
    let aborted = OnlineEnd::Aborted;
    let unplayed = format!(
        "SELECT id FROM online_games AS g WHERE status = 'ended' AND updated_at < $1
         AND (result = '{aborted}'
            OR NOT EXISTS (SELECT 1 FROM online_moves WHERE game_id = g.id AND notation <> 'pass'))"
    );
    [
        format!("DELETE FROM online_moves WHERE game_id IN ({unplayed})"),
        format!("DELETE FROM online_events WHERE game_id IN ({unplayed})"),
        format!("DELETE FROM online_games WHERE id IN ({unplayed})"),
    ]
}

/// A game to create: waiting for its second player, or (a rematch, a pairing) with both seats
/// and its first events.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    pub id: String,
    pub turn_seconds: u32,
    pub created_at: Millis,
    pub red_hash: Option<String>,
    pub black_hash: Option<String>,
    pub invite_hash: Option<String>,
    pub rematch_of: Option<String>,
    /// Its first events, versions 1, 2, …
    pub events: Vec<Event>,
    pub rated: bool,
    /// Each seat's player (Red first), where a signed-in player has it.
    pub players: [Option<GamePlayer>; 2],
}

impl NewGame {
    /// Its first events as an append to the row just made, if it has any.
    fn first_events(&self) -> Option<Append> {
        (!self.events.is_empty()).then(|| Append {
            game: self.id.clone(),
            expected_version: 0,
            status_before: Status::Waiting,
            events: self.events.clone(),
            seated: None,
            seated_player: None,
            create: None,
            ratings: None,
            at: self.created_at,
        })
    }
}

fn status_after(status: Status, events: &[Event]) -> Status {
    events.iter().fold(status, |status, event| match event {
        Event::Joined { .. } => Status::Playing,
        Event::End { .. } => Status::Ended,
        _ => status,
    })
}

/// A game's next events, stored only if it is still at `expected_version`.
#[derive(Clone, Debug, PartialEq)]
pub struct Append {
    pub game: String,
    pub expected_version: u64,
    /// The status before these events (so the new one can be told).
    pub status_before: Status,
    pub events: Vec<Event>,
    /// The seat taken with these events (a join), whose invitation is then spent …
    pub seated: Option<(Seat, String)>,
    /// … and its player, if signed in.
    pub seated_player: Option<GamePlayer>,
    /// A game created with them (the rematch), in the same transaction.
    pub create: Option<NewGame>,
    /// A rated game's end: both players' new ratings, written in the same transaction, each
    /// only if its row still has the games it was read with.
    pub ratings: Option<RatingUpdate>,
    pub at: Millis,
}

impl Append {
    pub fn new_version(&self) -> u64 {
        self.expected_version + self.events.len() as u64
    }

    pub fn status_after(&self) -> Status {
        status_after(self.status_before, &self.events)
    }

    pub fn result(&self) -> Option<&str> {
        self.events.iter().find_map(|e| match e {
            Event::End { result, .. } => Some(result.as_str()),
            _ => None,
        })
    }

    /// When the game ended, if these events end it.
    pub fn ended_at(&self) -> Option<Millis> {
        self.events.iter().find_map(|e| match e {
            Event::End { at, .. } => Some(*at),
            _ => None,
        })
    }

    /// The seats' hashes to store: the one taken with these events, none for the other.
    pub fn seated_hashes(&self) -> (Option<&str>, Option<&str>) {
        match &self.seated {
            Some((Seat::Red, hash)) => (Some(hash.as_str()), None),
            Some((Seat::Black, hash)) => (None, Some(hash.as_str())),
            None => (None, None),
        }
    }

    /// The move rows: (ply, notation, at).
    pub fn moves(&self) -> impl Iterator<Item = (u32, &str, Millis)> {
        self.events.iter().filter_map(|e| match e {
            Event::Move {
                ply, notation, at, ..
            } => Some((*ply, notation.as_str(), *at)),
            _ => None,
        })
    }
}

/// How an append went.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Appended {
    /// Committed: the game is at the new version.
    Stored,
    /// The game was not at the expected version (another node wrote first), or is gone.
    Conflict,
    /// Nothing stored: a rating the end was computed from was moved first (another game of the
    /// same player ended), or its player is gone. Computed again, it may be tried again.
    RatingsMoved,
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    pub id: String,
    pub status: Status,
    pub turn_seconds: u32,
    pub created_at: Millis,
    pub version: u64,
    pub red_hash: Option<String>,
    pub black_hash: Option<String>,
    pub invite_hash: Option<String>,
    pub result: Option<String>,
    pub rematch_of: Option<String>,
    /// Every event, version 1 first.
    pub events: Vec<Event>,
    /// The move rows, ply 0 first.
    pub moves: Vec<String>,
    pub rated: bool,
    /// Each seat's player (Red first): `None` for an anonymous seat, one not taken yet, or one
    /// whose player deleted their account.
    pub players: [Option<GamePlayer>; 2],
}

/// Makes the game of a pairing from the two seeks (the one pairing first, then its partner):
/// the game and the first one's seat.
pub type Pairing = Box<dyn FnOnce(&Seek, &Seek) -> (NewGame, Seat) + Send>;

/// A player waiting to be paired.
#[derive(Clone, Debug, PartialEq)]
pub struct Seek {
    pub id: String,
    pub secret_hash: String,
    pub turn_seconds: u32,
    pub at: Millis,
    /// A signed-in seeker, with their rating at the turn time's speed: paired only with
    /// signed-in seekers, by rating; an anonymous one only with anonymous ones.
    pub player: Option<GamePlayer>,
}

/// Where a seek stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeekState {
    Waiting,
    Paired {
        game: String,
        seat: Seat,
    },
    /// Unknown, expired, or the secret does not open it.
    Gone,
}

impl Seek {
    fn seeker(&self) -> Seeker {
        Seeker {
            rating: self.player.as_ref().map(|player| player.rating),
            since: self.at,
        }
    }
}

/// Which of `candidates` (oldest first) `seek` is paired with at `now` ([`pairing::choose`]).
fn partner_of(seek: &Seek, candidates: &[Seek], now: Millis) -> Option<usize> {
    let seekers: Vec<Seeker> = candidates.iter().map(Seek::seeker).collect();
    pairing::choose(seek.seeker(), &seekers, now)
}

/// A change another writer (or this one) made, for the games' tasks to catch up with.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// Game `game` is now at `version`, through `events` (the last of its events) when they
    /// fit in a notice: then the other nodes apply them without reading the database.
    Game {
        game: String,
        version: u64,
        events: Vec<Event>,
    },
    /// Seek `seek` was paired.
    Paired { seek: String },
    /// On node `node`, game `game` has these sockets open.
    Presence {
        game: String,
        node: String,
        red: bool,
        black: bool,
        watchers: u32,
    },
    /// Notices may have been missed (the connection that LISTENs was down): every game reads
    /// what was stored after its version.
    Missed,
}

/// The longest NOTIFY payload PostgreSQL takes is 8000 bytes; a game's notice whose events
/// would make it longer goes without them (its readers then read the events).
const PAYLOAD_LIMIT: usize = 7900;

impl Notice {
    /// As PostgreSQL carries it (a NOTIFY payload, at most 8000 bytes): words apart by spaces,
    /// a game's events last, as a JSON array.
    pub fn to_payload(&self) -> String {
        match self {
            Notice::Game {
                game,
                version,
                events,
            } => {
                let bare = format!("g {game} {version}");
                if events.is_empty() {
                    return bare;
                }
                let events = serde_json::to_string(events).expect("events serialize");
                if bare.len() + 1 + events.len() > PAYLOAD_LIMIT {
                    return bare;
                }
                format!("{bare} {events}")
            }
            Notice::Paired { seek } => format!("s {seek}"),
            Notice::Presence {
                game,
                node,
                red,
                black,
                watchers,
            } => format!(
                "p {game} {node} {} {} {watchers}",
                u8::from(*red),
                u8::from(*black)
            ),
            Notice::Missed => "m".into(),
        }
    }

    pub fn from_payload(text: &str) -> Option<Notice> {
        if let Some(game) = text.strip_prefix("g ") {
            let mut words = game.splitn(3, ' ');
            let (game, version) = (words.next()?, words.next()?);
            let events = match words.next() {
                Some(events) => serde_json::from_str(events).ok()?,
                None => Vec::new(),
            };
            return Some(Notice::Game {
                game: game.to_string(),
                version: version.parse().ok()?,
                events,
            });
        }
        let words: Vec<&str> = text.split(' ').collect();
        match words.as_slice() {
            ["s", seek] => Some(Notice::Paired {
                seek: seek.to_string(),
            }),
            ["p", game, node, red, black, watchers] => Some(Notice::Presence {
                game: game.to_string(),
                node: node.to_string(),
                red: *red == "1",
                black: *black == "1",
                watchers: watchers.parse().ok()?,
            }),
            ["m"] => Some(Notice::Missed),
            _ => None,
        }
    }
}

/// Why the database did not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the online games' database: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError(e.to_string())
    }
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> Self {
        StoreError(e.to_string())
    }
}

/// The database of live games.
pub trait Store: Send + Sync + 'static {
    /// Creates a game.
    fn create(&self, game: NewGame) -> Pending<'_, ()>;
    /// Stores a game's next events if it is at the expected version, in one transaction with
    /// its move rows, its new status and the game it creates; tells the other nodes.
    fn append(&self, append: Append) -> Pending<'_, Appended>;
    /// A game with all its events.
    fn load<'a>(&'a self, id: &'a str) -> Pending<'a, Option<StoredGame>>;
    /// A game's events after `version`, in order.
    fn events_after<'a>(&'a self, id: &'a str, version: u64) -> Pending<'a, Vec<Event>>;
    /// Every game's id.
    fn game_ids(&self) -> Pending<'_, Vec<String>>;
    /// The games being played.
    fn unfinished(&self) -> Pending<'_, Vec<String>>;
    /// Deletes the games still waiting that were created before `before`; how many.
    fn expire_waiting(&self, before: Millis) -> Pending<'_, u64>;
    /// Deletes the games that ended before `before` aborted (at most one ply played) or with no
    /// move played, only passes if any (left by both players, drawn by repetition); how many.
    fn expire_unplayed(&self, before: Millis) -> Pending<'_, u64>;
    /// Pairs `seek` (new, or already waiting under its id) with the seek of the same turn time
    /// and kind (signed in or not) seen since `alive_since` that `pairing::choose` takes at
    /// `now`, creating the game `pair` makes: the paired game and `seek`'s seat, or `None`
    /// when it waits (a new one is stored to wait).
    fn seek(
        &self,
        seek: Seek,
        alive_since: Millis,
        now: Millis,
        pair: Pairing,
    ) -> Pending<'_, Option<(String, Seat)>>;
    /// The waiting seek `id`, if `secret_hash` opens it.
    fn waiting_seek<'a>(&'a self, id: &'a str, secret_hash: &'a str) -> Pending<'a, Option<Seek>>;
    /// Where seek `id` stands, if `secret_hash` is its; marks it seen at `now`.
    fn seek_state<'a>(
        &'a self,
        id: &'a str,
        secret_hash: &'a str,
        now: Millis,
    ) -> Pending<'a, SeekState>;
    /// Withdraws a waiting seek; where it stands (paired if it was, too late to withdraw).
    fn cancel_seek<'a>(&'a self, id: &'a str, secret_hash: &'a str) -> Pending<'a, SeekState>;
    /// Deletes seeks not paired and not seen since `before`.
    fn expire_seeks(&self, before: Millis) -> Pending<'_, u64>;
    /// The database's clock, milliseconds since the Unix epoch: what the nodes judge time by.
    fn now(&self) -> Pending<'_, Millis>;
    /// Marks this node alive at `now` and tells whether another was alive since `since`.
    fn heartbeat<'a>(&'a self, node: &'a str, now: Millis, since: Millis) -> Pending<'a, bool>;
    /// Tells the other nodes (and this one's subscribers).
    fn publish(&self, notice: Notice) -> Pending<'_, ()>;
    /// The notices of every node, this one's included.
    fn notices(&self) -> broadcast::Receiver<Notice>;
    /// Whether other nodes may share this database.
    fn shared(&self) -> bool;
    /// The players, their tokens, ratings and codes.
    fn players(&self) -> &dyn PlayerStore;
}

/// The store behind a game service.
pub type Database = Arc<dyn Store>;

/// Opens (creating and migrating as needed) `sqlite:PATH` or `postgres://…`/`postgresql://…`.
pub async fn open(url: &str) -> Result<Database, StoreError> {
    if let Some(path) = url.strip_prefix("sqlite:") {
        Ok(Arc::new(SqliteStore::open(std::path::Path::new(path))?))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(Arc::new(PostgresStore::open(url).await?))
    } else {
        Err(StoreError(format!(
            "{url:?} is neither sqlite:PATH nor postgres://…"
        )))
    }
}

/// The notices' channel: big enough for a burst, and a task that falls behind catches up
/// through the database (it is told it lagged).
fn notice_channel() -> broadcast::Sender<Notice> {
    broadcast::channel(4096).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_travel_as_payloads() {
        for notice in [
            Notice::Game {
                game: "abc".into(),
                version: 12,
                events: Vec::new(),
            },
            Notice::Game {
                game: "abc".into(),
                version: 13,
                events: vec![
                    Event::Clock { at: 5 },
                    Event::End {
                        result: "1-0 red wins by time".into(),
                        at: 6,
                        changes: None,
                    },
                ],
            },
            Notice::Paired { seek: "s1".into() },
            Notice::Presence {
                game: "abc".into(),
                node: "n1".into(),
                red: true,
                black: false,
                watchers: 3,
            },
            Notice::Missed,
        ] {
            assert_eq!(Notice::from_payload(&notice.to_payload()), Some(notice));
        }
        assert_eq!(Notice::from_payload("g abc x"), None);
        assert_eq!(Notice::from_payload("g abc 3 [not json"), None);
    }

    #[test]
    fn a_game_notice_too_long_for_postgresql_goes_without_its_events() {
        let events = vec![
            Event::End {
                result: "x".repeat(500),
                at: 1,
                changes: None,
            };
            20
        ];
        let notice = Notice::Game {
            game: "abc".into(),
            version: 40,
            events,
        };
        let payload = notice.to_payload();
        assert!(payload.len() <= 8000);
        assert_eq!(
            Notice::from_payload(&payload),
            Some(Notice::Game {
                game: "abc".into(),
                version: 40,
                events: Vec::new(),
            })
        );
        assert_eq!(Notice::from_payload(""), None);
    }
}
