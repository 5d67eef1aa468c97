//! `duobao match`: two players over many games from varied openings, alternating colours, with
//! the score and the Elo difference and its 95% interval.
//!
//! Each opening is a few random plies from the start (`--opening-plies`), each among the moves
//! a search scores close to the best: in this sharp game most random moves lose by force. Balanced openings (the default) are also kept only when a deeper search finds the
//! result still open, since a pair of games from a lost opening ends 1–1 whoever plays better;
//! `--natural` skips that check, for measuring the game's own balance. By default each opening
//! is played twice, colours swapped, so that what is left of an opening's bias cancels out;
//! `--unpaired` gives every game its own opening (for a player against itself, where a pair
//! would repeat the same game). `--a-plays red` (or `black`) keeps A on one side in every game;
//! with `--opening-plies 0` that plays A as Red from the start, as the proven win is checked.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use duobao_engine::{CancelToken, SearchLimits, Searcher};
use duobao_rules::{Color, Game, GameResult, Move};
use duobao_tablebase::Tablebase;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::failure::Failure;
use crate::limits::{number_within, GAMES};
use crate::players::{Player, PlayerSpec};
use crate::tablebase::shared_tables;

/// Plies of random opening unless told, and the most allowed.
const OPENING_PLIES: usize = 3;
const MAX_OPENING_PLIES: u64 = 20;
/// Each opening ply is a random one among the moves a search scores within this margin of the
/// best (and not lost by force): in this sharp game most random moves, even the first, lose.
const OPENING_MARGIN: i32 = 60;
const OPENING_PLY_DEPTH: u32 = 10;
/// The final judge of an opening, and the largest score it may give either side.
const OPENING_CHECK_DEPTH: u32 = 16;
const OPENING_CHECK_MILLIS: u64 = 600;
const OPENING_BALANCE: i32 = 60;
/// Random openings tried before settling for an unbalanced one.
const OPENING_TRIES: usize = 20;

#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// Player A: easy, medium, hard, master (a level), depth:N or movetime:MS (a plain search)
    /// or mcts:N (Monte-Carlo tree search, N playouts a move)
    #[arg(long, value_name = "PLAYER")]
    a: PlayerSpec,
    /// Player B, written as player A
    #[arg(long, value_name = "PLAYER")]
    b: PlayerSpec,
    /// Games to play (1 to 1000000)
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = game_count)]
    games: u32,
    /// Seed of the openings and of the players' choices
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Give every game its own opening, instead of each opening twice with colours swapped
    #[arg(long)]
    unpaired: bool,
    /// Random plies of each opening (at most 20)
    #[arg(long, value_name = "N", default_value_t = OPENING_PLIES, value_parser = opening_plies)]
    opening_plies: usize,
    /// Keep openings that a deeper search finds won for one side
    #[arg(long)]
    natural: bool,
    /// A plays this side (red or black) in every game, instead of alternating
    #[arg(long, value_name = "SIDE", value_parser = side)]
    a_plays: Option<Color>,
    /// Endgame tables for the players' searches (every table file in DIR, as `tablebase build`
    /// writes them): Master and depth:/movetime: players read them
    #[arg(long, value_name = "DIR")]
    tables: Option<PathBuf>,
}

struct Settings {
    a: PlayerSpec,
    b: PlayerSpec,
    games: u32,
    seed: u64,
    paired: bool,
    opening_plies: usize,
    balanced: bool,
    a_plays: Option<Color>,
    tables: Option<Arc<Tablebase>>,
}

fn game_count(text: &str) -> Result<u32, String> {
    // GAMES fits in a u32.
    number_within("games", text, GAMES).map(|games| games as u32)
}

fn side(text: &str) -> Result<Color, String> {
    Color::BOTH
        .into_iter()
        .find(|color| color.name() == text)
        .ok_or_else(|| format!("'{text}' is not a side (red or black)"))
}

fn opening_plies(text: &str) -> Result<usize, String> {
    number_within("opening plies", text, 0..=MAX_OPENING_PLIES).map(|plies| plies as usize)
}

impl Settings {
    /// The match's settings, its tables read; an error naming a table file that is not sound.
    fn new(args: MatchArgs) -> Result<Settings, Failure> {
        Ok(Settings {
            tables: shared_tables(args.tables.as_deref())?,
            a: args.a,
            b: args.b,
            games: args.games,
            seed: args.seed,
            paired: !args.unpaired,
            opening_plies: args.opening_plies,
            // No plies, no opening to judge: every game starts at the start.
            balanced: !args.natural && args.opening_plies > 0,
            a_plays: args.a_plays,
        })
    }
}

/// Results from A's point of view, and from the board's.
#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    red_wins: u32,
    black_wins: u32,
    plies: u64,
}

/// Plays the match, printing a line on stderr as each game ends; returns the summary.
pub fn match_command(args: MatchArgs) -> Result<String, Failure> {
    let settings = Settings::new(args)?;
    let mut tally = Tally::default();
    let mut openings = Openings {
        rng: SmallRng::seed_from_u64(settings.seed),
        judge: Searcher::new(),
        plies: settings.opening_plies,
    };
    let mut opening = Vec::new();
    for index in 0..settings.games {
        if !settings.paired || index % 2 == 0 {
            opening = if settings.balanced {
                openings.balanced()
            } else {
                openings.reasonable()
            };
        }
        let a_color = match settings.a_plays {
            Some(side) => side,
            None if index % 2 == 0 => Color::Red,
            None => Color::Black,
        };
        let seed = settings
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(u64::from(index));
        let (game, result) = play_game(&settings, &opening, a_color, seed);
        tally.add(result, a_color, game.plies().len());
        let moves: Vec<String> = game.plies().iter().map(|p| p.ply.to_string()).collect();
        // Progress goes out at once: long matches are watched while they run. It is a courtesy:
        // with stderr closed the match goes on.
        let _ = writeln!(
            std::io::stderr(),
            "game {} a={} {result} plies {} score {:.1}/{}: {}",
            index + 1,
            a_color,
            game.plies().len(),
            tally.points(),
            index + 1,
            moves.join(" ")
        );
    }
    Ok(tally.summary(&settings))
}

/// The source of a match's openings.
struct Openings {
    rng: SmallRng,
    /// The search that scores the candidate plies and judges the openings.
    judge: Searcher,
    plies: usize,
}

impl Openings {
    /// A reasonable opening, kept when a deeper search then finds no clear advantage for
    /// either side.
    fn balanced(&mut self) -> Vec<Move> {
        let check = SearchLimits {
            depth: Some(OPENING_CHECK_DEPTH),
            movetime: Some(Duration::from_millis(OPENING_CHECK_MILLIS)),
            ..SearchLimits::default()
        };
        let mut opening = Vec::new();
        for _ in 0..OPENING_TRIES {
            opening = self.reasonable();
            let verdict =
                self.judge
                    .search(&game_after(&opening), check, &CancelToken::new(), |_| {});
            if verdict.info.score.abs() <= OPENING_BALANCE {
                break;
            }
        }
        opening
    }

    /// Plies from the start, each chosen at random among the moves close to the best that do
    /// not end the game (a third repetition, say): the opening leaves the game to the players.
    /// It is shorter when no such move is left.
    fn reasonable(&mut self) -> Vec<Move> {
        let scoring = SearchLimits {
            depth: Some(OPENING_PLY_DEPTH),
            score_all_moves: true,
            ..SearchLimits::default()
        };
        let mut game = Game::new();
        let mut opening = Vec::new();
        for _ in 0..self.plies {
            let scored = self
                .judge
                .search(&game, scoring, &CancelToken::new(), |_| {});
            let Some(best) = scored.root_moves.first() else {
                break;
            };
            let mut good: Vec<(Move, Game)> = scored
                .root_moves
                .iter()
                .filter(|root| root.score >= best.score - OPENING_MARGIN)
                .map(|root| {
                    let mut next = game.clone();
                    next.play(root.mv.into()).expect("searched moves are legal");
                    (root.mv, next)
                })
                .filter(|(_, next)| !next.is_over())
                .collect();
            if good.is_empty() {
                break;
            }
            let (m, next) = good.swap_remove(self.rng.random_range(0..good.len()));
            game = next;
            opening.push(m);
        }
        opening
    }
}

fn game_after(opening: &[Move]) -> Game {
    let mut game = Game::new();
    for &m in opening {
        game.play(m.into()).expect("openings are legal");
    }
    game
}

fn play_game(
    settings: &Settings,
    opening: &[Move],
    a_color: Color,
    seed: u64,
) -> (Game, GameResult) {
    let mut game = game_after(opening);
    let mut a = Player::new(settings.a, seed, settings.tables.clone());
    let mut b = Player::new(settings.b, seed ^ 0x5EED, settings.tables.clone());
    loop {
        if let Some(result) = game.result() {
            return (game, result);
        }
        let player = if game.position().turn() == a_color {
            &mut a
        } else {
            &mut b
        };
        let m = player
            .choose(&game)
            .expect("a game that is not over has a move");
        game.play(m.into()).expect("players play legal moves");
    }
}

impl Tally {
    fn add(&mut self, result: GameResult, a_color: Color, plies: usize) {
        self.plies += plies as u64;
        match result.winner() {
            None => self.draws += 1,
            Some(winner) => {
                if winner == a_color {
                    self.wins += 1;
                } else {
                    self.losses += 1;
                }
                if winner == Color::Red {
                    self.red_wins += 1;
                } else {
                    self.black_wins += 1;
                }
            }
        }
    }

    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    fn summary(&self, settings: &Settings) -> String {
        let n = f64::from(self.games());
        let score = self.points() / n;
        // The spread of one game's points, for the interval of the mean.
        let variance = (f64::from(self.wins) * (1.0 - score).powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2)
            + f64::from(self.losses) * score.powi(2))
            / n;
        let margin = 1.96 * (variance / n).sqrt();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "match a={} b={} games {}",
            settings.a,
            settings.b,
            self.games()
        );
        let _ = writeln!(
            out,
            "a wins {} draws {} losses {}",
            self.wins, self.draws, self.losses
        );
        let _ = writeln!(
            out,
            "score {:.1}% elo {} (95% {} .. {})",
            100.0 * score,
            elo(score),
            elo(score - margin),
            elo(score + margin)
        );
        let _ = writeln!(
            out,
            "red wins {} black wins {} draws {} mean length {:.1} plies",
            self.red_wins,
            self.black_wins,
            self.draws,
            self.plies as f64 / n
        );
        out
    }
}

/// The Elo difference that expects this score, as text (±inf at the ends).
fn elo(score: f64) -> String {
    if score <= 0.0 {
        "-inf".into()
    } else if score >= 1.0 {
        "+inf".into()
    } else {
        format!("{:+.0}", 400.0 * (score / (1.0 - score)).log10())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_common_scores() {
        assert_eq!(elo(0.5), "+0");
        assert_eq!(elo(0.75), "+191");
        assert_eq!(elo(0.25), "-191");
        assert_eq!(elo(1.0), "+inf");
    }

    #[test]
    fn openings_are_legal_and_varied() {
        let mut openings = Openings {
            rng: SmallRng::seed_from_u64(3),
            judge: Searcher::with_table_megabytes(4),
            plies: 2,
        };
        let drawn: Vec<Vec<Move>> = (0..4).map(|_| openings.reasonable()).collect();
        for opening in &drawn {
            let game = game_after(opening);
            assert_eq!(game.plies().len(), 2);
            assert!(!game.is_over());
        }
        assert!(
            drawn.iter().any(|opening| *opening != drawn[0]),
            "{drawn:?}"
        );
        assert_eq!(openings.balanced().len(), 2);
    }

    /// Two games of A against B from varied openings, with the endgame tables in `tables`.
    fn short_match(
        a: PlayerSpec,
        b: PlayerSpec,
        tables: Option<PathBuf>,
    ) -> Result<String, Failure> {
        match_command(MatchArgs {
            a,
            b,
            games: 2,
            seed: 5,
            unpaired: false,
            opening_plies: OPENING_PLIES,
            natural: false,
            a_plays: None,
            tables,
        })
    }

    #[test]
    fn a_short_match_counts_every_game() {
        let out = short_match(PlayerSpec::Depth(2), PlayerSpec::Mcts(50), None).unwrap();
        assert!(out.contains("games 2\n"), "{out}");
        assert!(out.contains("mean length"), "{out}");
    }

    #[test]
    fn sides_are_read_by_name() {
        assert_eq!(side("red"), Ok(Color::Red));
        assert_eq!(side("black"), Ok(Color::Black));
        assert!(side("blue").unwrap_err().contains("red or black"));
    }

    #[test]
    fn a_match_without_sound_tables_is_refused_naming_them() {
        let dir = std::env::temp_dir().join(format!("duobao-match-tables-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let error = short_match(
            PlayerSpec::Level(duobao_engine::Level::Master),
            PlayerSpec::Depth(2),
            Some(dir.clone()),
        )
        .unwrap_err();
        std::fs::remove_dir_all(&dir).unwrap();
        let Failure::Input(why) = error else {
            panic!("{error:?}")
        };
        assert!(why.contains("no table files"), "{why}");
    }
}
