//! The four difficulty levels, named in the app 简单 Easy, 中等 Medium, 困难 Hard, 大师 Master.
//!
//! Levels differ in how deep and how long they search and in how they choose among the moves
//! the search scored: Master plays the best move its whole budget finds; Hard searches less
//! deep and now and then prefers a move almost as good; Medium, shallower still, chooses among
//! the good moves with more randomness; Easy also misjudges some moves, looking only at where
//! they land and not at the reply (a human-like oversight, not a random move). Every level takes
//! an immediate win; from Medium on no level allows an immediate loss it could prevent. Each
//! level answers within its [`Level::budget`]. Master in a game that is a line of the proven win
//! from the start plays its move at once (see [`crate::proven`]): as Red it never lets that win
//! go, as Black it makes Red prove it to the end (the longest defence).

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use duobao_rules::{Game, Move, Position};
use duobao_tablebase::Tablebase;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::cancel::CancelToken;
use crate::eval::evaluate;
use crate::proven::{proven, Proven};
use crate::search::{RootMove, RootShare, SearchInfo, SearchLimits, SearchResult, Searcher, MATE};

#[derive(
    Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Medium,
    Hard,
    Master,
}

/// How a level searches and chooses.
struct Style {
    limits: SearchLimits,
    /// Softmax temperature over root scores, in hundredths of a soldier; 0 plays the best.
    temperature: f64,
    /// Chance that a root move is judged only by the position it lands in.
    overlook: f64,
    /// Whether moves that let the opponent win at once are ruled out when others exist.
    guarded: bool,
}

/// The widest score gap a noisy level distinguishes: forced wins and losses count as this.
const SCORE_CLAMP: f64 = 1000.0;
/// The transposition table of the levels below Master.
const SHALLOW_TABLE_MEGABYTES: usize = 2;
/// Master plays on rather than settle for a draw unless it is this far behind.
const MASTER_CONTEMPT: i32 = 25;
/// The score of a move after which the opponent wins at once.
const LOSES_AT_ONCE: i32 = -(MATE - 2);

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Master];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }

    /// Whether the level plays what the endgame tables say, when it is given them: Master
    /// alone. Perfect play in every endgame the tables hold would leave the lower levels
    /// unbeatable there, and they are meant to be beaten.
    pub const fn reads_endgame_tables(self) -> bool {
        matches!(self, Level::Master)
    }

    /// The longest this level may take for a move on one thread, from the request to the
    /// answer.
    pub const fn budget(self) -> Duration {
        match self {
            Level::Easy | Level::Medium | Level::Hard => Duration::from_millis(200),
            Level::Master => Duration::from_millis(1500),
        }
    }

    /// The share of the budget kept from the search for setting up the table and choosing
    /// (Master's table is the large one).
    const fn reserve(self) -> Duration {
        match self {
            Level::Easy | Level::Medium | Level::Hard => Duration::from_millis(20),
            Level::Master => Duration::from_millis(100),
        }
    }

    fn style(self) -> Style {
        let movetime = Some(self.budget().saturating_sub(self.reserve()));
        // Depth-limited levels also stop on time, within their budget on a slow device.
        let depth = |depth| SearchLimits {
            depth: Some(depth),
            movetime,
            score_all_moves: true,
            ..SearchLimits::default()
        };
        match self {
            Level::Easy => Style {
                limits: depth(2),
                temperature: 40.0,
                overlook: 0.1,
                guarded: false,
            },
            Level::Medium => Style {
                limits: depth(4),
                temperature: 20.0,
                overlook: 0.0,
                guarded: true,
            },
            Level::Hard => Style {
                limits: depth(6),
                temperature: 8.0,
                overlook: 0.0,
                guarded: true,
            },
            Level::Master => Style {
                limits: SearchLimits {
                    movetime,
                    contempt: MASTER_CONTEMPT,
                    ..SearchLimits::default()
                },
                temperature: 0.0,
                overlook: 0.0,
                guarded: true,
            },
        }
    }

    /// A searcher sized for this level: the shallow levels need only a small table, which is
    /// quicker to set up and lighter on a phone.
    pub fn searcher(self) -> Searcher {
        match self {
            Level::Master => Searcher::new(),
            _ => Searcher::with_table_megabytes(SHALLOW_TABLE_MEGABYTES),
        }
    }

    /// The search this level runs before choosing.
    pub fn limits(self) -> SearchLimits {
        self.style().limits
    }

    /// What this level plays without searching: for Master, the proven win's line when the game
    /// is one of its lines, Red's winning moves or Black's longest defence (the distances give
    /// both). The lower levels always search, so that they stay beatable from the start.
    pub fn proven_line(self, game: &Game) -> Option<Proven> {
        if self != Level::Master {
            return None;
        }
        proven(game).filter(|known| !known.line.is_empty())
    }

    /// The first move of [`Level::proven_line`].
    pub(crate) fn proven_move(self, game: &Game) -> Option<Move> {
        self.proven_line(game).map(|known| known.line[0])
    }

    /// Chooses a move from a search of `position` run with [`Level::limits`].
    pub fn pick(
        self,
        position: &Position,
        result: &SearchResult,
        rng: &mut impl Rng,
    ) -> Option<Move> {
        let style = self.style();
        let best = result.root_moves.first()?;
        if style.temperature == 0.0 || best.score >= MATE - 1 {
            return Some(best.mv);
        }
        let safe =
            |score: i32| !style.guarded || score > LOSES_AT_ONCE || best.score <= LOSES_AT_ONCE;
        let candidates: Vec<(Move, f64)> = result
            .root_moves
            .iter()
            .filter(|root| safe(root.score))
            .map(|root| {
                let score = if rng.random::<f64>() < style.overlook {
                    let mut child = *position;
                    child.play_unchecked(root.mv);
                    -evaluate(&child)
                } else {
                    root.score
                };
                (root.mv, f64::from(score).clamp(-SCORE_CLAMP, SCORE_CLAMP))
            })
            .collect();
        let top = candidates.iter().map(|c| c.1).fold(f64::MIN, f64::max);
        let weights: Vec<f64> = candidates
            .iter()
            .map(|c| ((c.1 - top) / style.temperature).exp())
            .collect();
        let mut draw = rng.random::<f64>() * weights.iter().sum::<f64>();
        for (candidate, weight) in candidates.iter().zip(&weights) {
            draw -= weight;
            if draw <= 0.0 {
                return Some(candidate.0);
            }
        }
        candidates.last().map(|c| c.0)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLevel(pub String);

impl fmt::Display for BadLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a level (easy, medium, hard or master)",
            self.0
        )
    }
}

impl std::error::Error for BadLevel {}

impl FromStr for Level {
    type Err = BadLevel;

    fn from_str(s: &str) -> Result<Level, BadLevel> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == s)
            .ok_or_else(|| BadLevel(s.to_string()))
    }
}

/// A level playing a whole game: it keeps its search tables between moves. Seeded, so that a
/// match can be replayed.
pub struct LevelPlayer {
    level: Level,
    searcher: Searcher,
    rng: SmallRng,
}

impl LevelPlayer {
    pub fn new(level: Level, seed: u64) -> LevelPlayer {
        LevelPlayer {
            level,
            searcher: level.searcher(),
            rng: SmallRng::seed_from_u64(seed),
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// Endgame tables for the player's searches (see [`Searcher::set_tablebase`]).
    pub fn set_tablebase(&mut self, tables: Option<Arc<Tablebase>>) {
        self.searcher.set_tablebase(tables);
    }

    /// The level's move in the game's current position; `None` when there is none or when
    /// `stop` was cancelled.
    pub fn choose(&mut self, game: &Game, stop: &CancelToken) -> Option<Move> {
        match self.level.proven_move(game) {
            Some(m) if !stop.is_cancelled() => Some(m),
            _ => self.choose_reporting(game, stop).0,
        }
    }

    /// [`LevelPlayer::choose`], with what the search reached.
    pub fn choose_reporting(
        &mut self,
        game: &Game,
        stop: &CancelToken,
    ) -> (Option<Move>, SearchInfo) {
        let result = self
            .searcher
            .search(game, self.level.limits(), stop, |_| {});
        (self.choose_from(game, &result, stop), result.info)
    }

    /// The best move of `share` of the root moves by a search with [`Level::limits`], and what
    /// the search reached; `None` when the share holds no move or `stop` was cancelled.
    pub fn best_in_share(
        &mut self,
        game: &Game,
        share: RootShare,
        stop: &CancelToken,
    ) -> (Option<RootMove>, SearchInfo) {
        let limits = SearchLimits {
            root_share: share,
            ..self.level.limits()
        };
        let result = self.searcher.search(game, limits, stop, |_| {});
        let best = result.root_moves.first().copied();
        (best.filter(|_| !stop.is_cancelled()), result.info)
    }

    /// The level's move from a finished search of the game's current position with
    /// [`Level::limits`] run by its searcher; `None` as for [`LevelPlayer::choose`].
    fn choose_from(
        &mut self,
        game: &Game,
        result: &SearchResult,
        stop: &CancelToken,
    ) -> Option<Move> {
        if stop.is_cancelled() {
            return None;
        }
        self.level.pick(game.position(), result, &mut self.rng)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;
    use crate::tactics::allows_treasure_capture;
    use duobao_rules::Color;

    /// Seeds for a level: only the noisy levels depend on them.
    fn seeds(level: Level) -> std::ops::Range<u64> {
        if level < Level::Master {
            0..20
        } else {
            0..1
        }
    }

    fn choose(level: Level, fen: &str, seed: u64) -> Move {
        let game = Game::from_fen(fen).unwrap();
        LevelPlayer::new(level, seed)
            .choose(&game, &CancelToken::new())
            .unwrap()
    }

    #[test]
    fn every_level_answers_within_its_budget_when_its_depth_would_take_longer() {
        // Without its depth limit a search of the opening would go on far beyond any budget:
        // only the level's clock can bring the answer in on time, its table set up and the
        // move chosen included. A search that ignores the clock is stopped by the watchdog, so
        // that it fails the assertion instead of running on.
        let game = Game::new();
        for level in Level::ALL {
            let stop = CancelToken::new();
            let watchdog = stop.clone();
            std::thread::spawn(move || {
                std::thread::sleep(level.budget() * 5);
                watchdog.cancel();
            });
            let started = Instant::now();
            let mut player = LevelPlayer::new(level, 1);
            let limits = SearchLimits {
                depth: None,
                ..level.limits()
            };
            let result = player.searcher.search(&game, limits, &stop, |_| {});
            let chosen = player.choose_from(&game, &result, &stop);
            let elapsed = started.elapsed();
            // The clock stops the search at the budget; on a machine whose cores are all busy
            // (the other tests beside this one, another build) the thread may then wait its turn
            // for a while, so twice the budget is the guard. A search that ignored the clock
            // would run on to the watchdog's five times.
            assert!(
                chosen.is_some() && elapsed <= level.budget() * 2,
                "{level} answered {chosen:?} after {elapsed:?}, its budget is {:?}",
                level.budget()
            );
        }
    }

    #[test]
    fn master_as_red_wins_from_the_start_within_21_plies_whatever_black_plays() {
        // Black's replies at random, each game its own: every line must be one the
        // certificate answers, and end in Red's win in time.
        let mut walk = SmallRng::seed_from_u64(21);
        let mut red = LevelPlayer::new(Level::Master, 0);
        for _ in 0..200 {
            let mut game = Game::new();
            while !game.is_over() {
                let m = match game.position().turn() {
                    Color::Red => red.choose(&game, &CancelToken::new()).unwrap(),
                    Color::Black => {
                        let moves = game.position().legal_moves();
                        moves[walk.random_range(0..moves.len())]
                    }
                };
                game.play(m.into()).unwrap();
            }
            assert_eq!(
                game.result().and_then(|result| result.winner()),
                Some(Color::Red)
            );
            assert!(game.plies().len() <= 21, "{}", game.plies().len());
        }
    }

    #[test]
    fn names_round_trip() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>().unwrap(), level);
        }
        assert!("grandmaster".parse::<Level>().is_err());
    }

    #[test]
    fn every_level_takes_a_one_move_treasure_capture() {
        // c4d4 closes the b2-c3-d4 diagonal; the rest of the board is quiet.
        let fen = "BB./B.R.B/..T../.R.../RR. r - 0";
        for level in Level::ALL {
            for seed in seeds(level) {
                let m = choose(level, fen, seed);
                let mut child = *Game::from_fen(fen).unwrap().position();
                child.play_unchecked(m);
                assert!(
                    child.treasure().is_none(),
                    "{level} played {m} (seed {seed})"
                );
            }
        }
    }

    #[test]
    fn medium_and_above_stop_a_preventable_treasure_capture() {
        // Black threatens d2c2, closing column c around the treasure; only moving the treasure
        // away prevents it, and most of Red's moves do not.
        let fen = "B.B/..B../..T../R..BR/... r - 0";
        let position = Position::from_fen(fen).unwrap();
        assert!(position
            .legal_moves()
            .iter()
            .any(|&m| !allows_treasure_capture(&position, m)));
        for level in [Level::Medium, Level::Hard, Level::Master] {
            for seed in seeds(level) {
                let m = choose(level, fen, seed);
                assert!(
                    !allows_treasure_capture(&position, m),
                    "{level} played {m} (seed {seed})"
                );
            }
        }
    }

    #[test]
    fn medium_and_hard_never_allow_a_preventable_capture_in_random_positions() {
        let mut walk = SmallRng::seed_from_u64(5);
        let mut checked = 0;
        while checked < 25 {
            let mut game = Game::new();
            for _ in 0..walk.random_range(4..30) {
                let moves = game.position().legal_moves();
                if game.is_over() || moves.is_empty() {
                    break;
                }
                let m = moves[walk.random_range(0..moves.len())];
                game.play(m.into()).unwrap();
            }
            let position = *game.position();
            let moves = position.legal_moves();
            let safe = moves
                .iter()
                .filter(|&&m| !allows_treasure_capture(&position, m));
            let threatened = moves.iter().any(|&m| allows_treasure_capture(&position, m));
            if game.is_over() || !threatened || safe.count() == 0 {
                continue;
            }
            checked += 1;
            for level in [Level::Medium, Level::Hard] {
                let m = LevelPlayer::new(level, checked)
                    .choose(&game, &CancelToken::new())
                    .unwrap();
                assert!(
                    !allows_treasure_capture(&position, m),
                    "{level} played {m} in {position}"
                );
            }
        }
    }
}
