//! The players' side of the store: who is registered (a name unique by its key), their devices'
//! tokens and one-time sign-in codes (kept only as SHA-256), their rating at each speed (a row
//! written on first need with the defaults), and what the profile, the player's games and the
//! leaderboard read. A rated end's update ([`RatingUpdate`]) travels with the game's append.

use duobao_players::{Outcome, Rating, RatingChange, Speed};
use duobao_protocol::{OnlineEnd, PlayerGame, Results};
use duobao_rules::GameResult;

use super::{Pending, StoreError};
use crate::model::{GamePlayer, Millis};
use crate::Seat;

/// A registered player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: String,
    pub name: String,
}

/// A player to register, with their first device's token's hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPlayerRow {
    pub id: String,
    pub name: String,
    /// The name as uniqueness sees it (`Name::key`).
    pub name_key: String,
    pub token_hash: String,
    pub created_at: Millis,
}

/// How a registration went.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Registered {
    Stored,
    /// Another player has a name with the same key.
    NameTaken,
}

/// A player's rating at each speed (the defaults where they have not played it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerRatings {
    pub fast: Rating,
    pub standard: Rating,
}

impl PlayerRatings {
    pub fn at(&self, speed: Speed) -> Rating {
        match speed {
            Speed::Fast => self.fast,
            Speed::Standard => self.standard,
        }
    }

    /// From the rows read (speed, rating); a speed without a row has the defaults.
    pub fn from_rows(rows: impl IntoIterator<Item = (String, Rating)>) -> PlayerRatings {
        let mut ratings = PlayerRatings {
            fast: Rating::NEW,
            standard: Rating::NEW,
        };
        for (speed, rating) in rows {
            match speed.parse() {
                Ok(Speed::Fast) => ratings.fast = rating,
                Ok(Speed::Standard) => ratings.standard = rating,
                Err(_) => {}
            }
        }
        ratings
    }
}

/// One seat's part of a rated end: its player and what the game did to their rating.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatUpdate {
    pub player: String,
    pub change: RatingChange,
}

/// Both players' new ratings after a rated game, at its speed. Each row is written only if it
/// still has `change.before.games` games (a row not yet written counts as none).
#[derive(Clone, Debug, PartialEq)]
pub struct RatingUpdate {
    pub speed: Speed,
    pub red: SeatUpdate,
    pub black: SeatUpdate,
}

impl RatingUpdate {
    /// The seats' updates, in the order every writer takes the rows (by player id), so that two
    /// ends that share players cannot each hold the row the other waits for.
    pub fn in_row_order(&self) -> [&SeatUpdate; 2] {
        let mut both = [&self.red, &self.black];
        both.sort_by(|a, b| a.player.cmp(&b.player));
        both
    }
}

/// A row of the leaderboard as read: the name and the rating (its deviation not yet widened by
/// the time away).
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderRow {
    pub name: String,
    pub rating: Rating,
}

/// The players' side of the store.
pub trait PlayerStore: Send + Sync {
    /// Registers a player and their first token, unless the name's key is taken.
    fn register(&self, player: NewPlayerRow) -> Pending<'_, Registered>;
    /// The player a token's hash is of.
    fn player_by_token<'a>(&'a self, token_hash: &'a str) -> Pending<'a, Option<Player>>;
    /// The player with the name of this key.
    fn player_by_name<'a>(&'a self, name_key: &'a str) -> Pending<'a, Option<Player>>;
    /// A player's ratings, `None` if there is no such player.
    fn ratings<'a>(&'a self, player: &'a str) -> Pending<'a, Option<PlayerRatings>>;
    /// A player's games won, lost and drawn (aborted ones left out).
    fn results<'a>(&'a self, player: &'a str) -> Pending<'a, Results>;
    /// A player's games, the latest ended (or created, while not ended) first, at most `limit`.
    fn games<'a>(&'a self, player: &'a str, limit: u32) -> Pending<'a, Vec<PlayerGame>>;
    /// The best ratings of a speed whose stored deviation is at most `max_deviation`, best
    /// first, at most `limit`.
    fn leaders(&self, speed: Speed, max_deviation: f64, limit: u32) -> Pending<'_, Vec<LeaderRow>>;
    /// Stores a sign-in code's hash for `player` until `expires_at` (and forgets the codes that
    /// expired before `now`).
    fn add_code<'a>(
        &'a self,
        code_hash: &'a str,
        player: &'a str,
        expires_at: Millis,
        now: Millis,
    ) -> Pending<'a, ()>;
    /// Spends a code not used and not expired at `now`, giving its player a new token: the
    /// player, or `None` for a code wrong, used or expired.
    fn sign_in<'a>(
        &'a self,
        code_hash: &'a str,
        token_hash: &'a str,
        now: Millis,
    ) -> Pending<'a, Option<Player>>;
    /// Deletes a player: their name, tokens, ratings and codes go; their games stay, the seats
    /// they had anonymous.
    fn delete(&self, player: String) -> Pending<'_, ()>;
}

/// `player` as a game of `turn_seconds` keeps them: with their rating at its speed and its
/// deviation at `now` (`None` if their account is gone).
pub async fn seated_at(
    store: &dyn PlayerStore,
    player: Player,
    turn_seconds: u32,
    now: Millis,
) -> Result<Option<GamePlayer>, StoreError> {
    let ratings = store.ratings(&player.id).await?;
    Ok(ratings.map(|ratings| {
        let rating = ratings.at(Speed::of_turn(turn_seconds));
        GamePlayer {
            id: player.id,
            name: player.name,
            rating: rating.rating,
            deviation: rating.deviation_at(now),
        }
    }))
}

/// Counts a player's results from their ended games: (the seat they had, the result).
pub fn tally(games: impl IntoIterator<Item = (Seat, String)>) -> Results {
    let mut results = Results::default();
    for (seat, result) in games {
        match result.parse().ok().and_then(|end| outcome_of(end, seat)) {
            Some(Outcome::Win) => results.won += 1,
            Some(Outcome::Loss) => results.lost += 1,
            Some(Outcome::Draw) => results.drawn += 1,
            None => {}
        }
    }
    results
}

/// What a game's end was for `seat`: `None` for an aborted game, which counts for nobody.
pub fn outcome_of(end: OnlineEnd, seat: Seat) -> Option<Outcome> {
    let result = match end {
        OnlineEnd::Board(result) => result,
        OnlineEnd::Conceded(concession) => concession.result(),
        OnlineEnd::Aborted => return None,
    };
    Some(match result {
        GameResult::Win(win) if win.winner == seat => Outcome::Win,
        GameResult::Win(_) => Outcome::Loss,
        GameResult::Draw(_) => Outcome::Draw,
    })
}

/// The columns every player's games' query reads, `$1`/`?1` being the player: the game, the
/// player's seat, the opponent's name, the result and times, the rating before and change.
pub const PLAYER_GAMES_SELECT: &str = "SELECT g.id, g.turn_seconds, g.rated,
        CASE WHEN g.red_player = $1 THEN 'red' ELSE 'black' END,
        o.name, g.result, g.created_at, g.ended_at,
        CASE WHEN g.red_player = $1 THEN g.red_before ELSE g.black_before END,
        CASE WHEN g.red_player = $1 THEN g.red_change ELSE g.black_change END
    FROM online_games AS g
    LEFT JOIN online_players AS o
        ON o.id = CASE WHEN g.red_player = $1 THEN g.black_player ELSE g.red_player END
    WHERE g.red_player = $1 OR g.black_player = $1
    ORDER BY COALESCE(g.ended_at, g.created_at) DESC, g.id
    LIMIT $2";

/// Registers a player, `$1` id, `$2` name, `$3` name key, `$4` created at: nothing (no row
/// changed) when the key is taken.
pub const INSERT_PLAYER: &str = "INSERT INTO online_players (id, name, name_key, created_at)
    VALUES ($1, $2, $3, $4) ON CONFLICT (name_key) DO NOTHING";
/// A token's hash `$1` for player `$2` from `$3`.
pub const INSERT_TOKEN: &str =
    "INSERT INTO online_tokens (hash, player_id, created_at) VALUES ($1, $2, $3)";
/// The stored hash, the player's id and name of token hash `$1`.
pub const PLAYER_BY_TOKEN: &str = "SELECT t.hash, p.id, p.name FROM online_tokens AS t
    JOIN online_players AS p ON p.id = t.player_id WHERE t.hash = $1";
/// The id and name of the player with name key `$1`.
pub const PLAYER_BY_NAME: &str = "SELECT id, name FROM online_players WHERE name_key = $1";
/// Player `$1`'s rating rows.
pub const RATING_ROWS: &str = "SELECT speed, rating, rd, volatility, games, last_played
    FROM online_ratings WHERE player_id = $1";
/// Player `$1`'s ended games in which a move was chosen (the others are deleted a week on, as
/// aborted ones: `Store::expire_unplayed`): their seat and the result.
pub const ENDED_GAMES: &str = "SELECT CASE WHEN g.red_player = $1 THEN 'red' ELSE 'black' END,
        g.result
    FROM online_games AS g
    WHERE (g.red_player = $1 OR g.black_player = $1) AND g.status = 'ended'
        AND EXISTS (SELECT 1 FROM online_moves WHERE game_id = g.id AND notation <> 'pass')";
/// The leaders of speed `$1` with a stored deviation of at most `$2`, at most `$3` of them.
pub const LEADERS: &str = "SELECT p.name, r.rating, r.rd, r.volatility, r.games, r.last_played
    FROM online_ratings AS r JOIN online_players AS p ON p.id = r.player_id
    WHERE r.speed = $1 AND r.rd <= $2 AND r.games > 0
    ORDER BY r.rating DESC, p.name_key LIMIT $3";
/// Code hash `$1` for player `$2` until `$3`.
pub const INSERT_CODE: &str =
    "INSERT INTO online_codes (hash, player_id, expires_at, used) VALUES ($1, $2, $3, 0)";
/// Forgets the codes expired before `$1`.
pub const DELETE_EXPIRED_CODES: &str = "DELETE FROM online_codes WHERE expires_at < $1";
/// Spends code hash `$1` if not used and not expired at `$2`: its player's id.
pub const SPEND_CODE: &str = "UPDATE online_codes SET used = 1
    WHERE hash = $1 AND used = 0 AND expires_at > $2 RETURNING player_id";
/// The id and name of player `$1`.
pub const PLAYER_BY_ID: &str = "SELECT id, name FROM online_players WHERE id = $1";
/// Deleting player `$1`: their rows go, the seats they had in games become anonymous.
pub const DELETE_PLAYER: [&str; 7] = [
    "DELETE FROM online_tokens WHERE player_id = $1",
    "DELETE FROM online_codes WHERE player_id = $1",
    "DELETE FROM online_ratings WHERE player_id = $1",
    "DELETE FROM online_seeks WHERE player_id = $1",
    "UPDATE online_games SET red_player = NULL WHERE red_player = $1",
    "UPDATE online_games SET black_player = NULL WHERE black_player = $1",
    "DELETE FROM online_players WHERE id = $1",
];
/// A rating row with the defaults for player `$1` at speed `$2` (`$3` rating, `$4` deviation,
/// `$5` volatility), written on first need: not if there is one, nor if the player is gone.
pub const INSERT_DEFAULT_RATING: &str = "INSERT INTO online_ratings
        (player_id, speed, rating, rd, volatility, games, last_played)
    SELECT $1, $2, $3, $4, $5, 0, NULL
    WHERE EXISTS (SELECT 1 FROM online_players WHERE id = $1)
    ON CONFLICT (player_id, speed) DO NOTHING";
/// The conditional write of a rated end: player `$1`'s rating at speed `$2` becomes `$3`
/// (deviation `$4`, volatility `$5`, `$6` games, last played `$7`) only if it still has `$8`
/// games.
pub const UPDATE_RATING: &str = "UPDATE online_ratings
    SET rating = $3, rd = $4, volatility = $5, games = $6, last_played = $7
    WHERE player_id = $1 AND speed = $2 AND games = $8";
/// A rated end's record on game `$1`: each seat's rating before and its change.
pub const SET_GAME_CHANGES: &str = "UPDATE online_games
    SET red_before = $2, red_change = $3, black_before = $4, black_change = $5 WHERE id = $1";
/// The player taking seat `seat` of game `$1`: `$2` their id, `$3` rating, `$4` deviation.
pub fn set_seat_player(seat: Seat) -> String {
    let seat = seat.name();
    format!(
        "UPDATE online_games SET {seat}_player = $2, {seat}_rating = $3, {seat}_deviation = $4
         WHERE id = $1"
    )
}
/// The columns of a game's players, after its own (`g`): whether rated, then for each seat
/// the player's id, name, rating and deviation at the start.
pub const GAME_PLAYERS_COLUMNS: &str = "g.rated,
    g.red_player, rp.name, g.red_rating, g.red_deviation,
    g.black_player, bp.name, g.black_rating, g.black_deviation";
/// The joins [`GAME_PLAYERS_COLUMNS`] needs.
pub const GAME_PLAYERS_JOINS: &str = "LEFT JOIN online_players AS rp ON rp.id = g.red_player
    LEFT JOIN online_players AS bp ON bp.id = g.black_player";

/// A seat's player as read: `None` unless the id and the name (the player still exists), the
/// rating and deviation are all there.
pub fn game_player(
    id: Option<String>,
    name: Option<String>,
    rating: Option<f64>,
    deviation: Option<f64>,
) -> Option<GamePlayer> {
    Some(GamePlayer {
        id: id?,
        name: name?,
        rating: rating?,
        deviation: deviation?,
    })
}

/// A rating row as read: rating, deviation, volatility, games, last played.
pub fn rating_row(
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i64,
    last_played: Option<i64>,
) -> Rating {
    Rating {
        rating,
        deviation,
        volatility,
        games: u32::try_from(games).unwrap_or(0),
        last_played,
    }
}
