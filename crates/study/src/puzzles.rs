//! Puzzles: "win in N moves" positions found in self-play games and proven by the forced-win
//! solver, and the judge of a player's moves while solving one.
//!
//! A puzzle is a position (not over, each side at most 7 soldiers, the treasure on the board)
//! where the side to move wins by force within 2N−1 plies, N from 1 to 5, with no shorter win
//! and exactly one first move that wins that fast. Written `<FEN>;<N>;<solution>`, the solution
//! being the whole line to the win: the winner's moves and the defender's longest replies.
//!
//! While solving, only the first move must be the solution's (it is the only one that wins in
//! time); later moves are accepted whenever they still force the win within the plies left, as
//! a player who finds another way to finish in time has solved the puzzle.

use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

use duobao_rules::{Game, GameResult, Move, Position, MAX_SOLDIERS};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use duobao_engine::CancelToken;
use duobao_engine::Level;
use duobao_engine::Outcome;
use duobao_engine::{Budget, Solver};
use duobao_engine::{SearchLimits, Searcher};

/// The longest puzzle, in the winner's moves.
pub const MAX_PUZZLE_MOVES: u32 = 5;
/// The solver's node budget for each self-play position looked at: a position it cannot settle
/// in that many nodes is skipped (a fixed count keeps generation deterministic).
const CANDIDATE_NODES: u64 = 400_000;
/// Random opening plies of a self-play game, each among the moves close to the best.
const OPENING_PLIES: std::ops::RangeInclusive<usize> = 2..=6;
/// How far below the best (hundredths of a soldier) an opening ply may score.
const OPENING_MARGIN: i32 = 40;
/// The self-play search: shallow, fixed depth (no clock, for determinism).
const SELF_PLAY_DEPTH: u32 = 3;
/// A self-play game stops here if nobody has won.
const MAX_GAME_PLIES: usize = 160;
/// Self-play games tried before settling for fewer puzzles than asked.
const MAX_GAMES: usize = 500;

/// A "win in `moves` moves" puzzle.
/// As serde data, its text (see [`Puzzle`]'s `Display`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Puzzle {
    pub position: Position,
    /// N: the winner's moves to the win.
    pub moves: u32,
    /// The line to the win, 2N−1 plies: the winner's moves and the defender's longest replies.
    pub solution: Vec<Move>,
}

impl Puzzle {
    /// The plies from the puzzle's position to the win: 2N−1.
    pub fn plies(&self) -> u32 {
        2 * self.moves - 1
    }
}

/// A puzzle that does not parse or does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadPuzzle(pub String);

impl fmt::Display for BadPuzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadPuzzle {}

impl fmt::Display for Puzzle {
    /// `<FEN>;<N>;<solution moves, space separated>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line: Vec<String> = self.solution.iter().map(Move::to_string).collect();
        write!(
            f,
            "{};{};{}",
            self.position.to_fen(),
            self.moves,
            line.join(" ")
        )
    }
}

impl TryFrom<String> for Puzzle {
    type Error = BadPuzzle;

    fn try_from(text: String) -> Result<Puzzle, BadPuzzle> {
        text.parse()
    }
}

impl From<Puzzle> for String {
    fn from(puzzle: Puzzle) -> String {
        puzzle.to_string()
    }
}

impl FromStr for Puzzle {
    type Err = BadPuzzle;

    fn from_str(s: &str) -> Result<Puzzle, BadPuzzle> {
        let bad = |why: String| BadPuzzle(format!("'{s}': {why}"));
        let fields: Vec<&str> = s.trim().split(';').collect();
        let [fen, moves, solution] = fields[..] else {
            return Err(bad("expected <FEN>;<N>;<moves>".into()));
        };
        let position = Position::from_fen(fen).map_err(|e| bad(e.to_string()))?;
        let moves = moves
            .parse()
            .map_err(|_| bad(format!("'{moves}' is not a number of moves")))?;
        let solution = solution
            .split_whitespace()
            .map(|m| {
                m.parse()
                    .map_err(|e: duobao_rules::BadNotation| bad(e.to_string()))
            })
            .collect::<Result<_, _>>()?;
        Ok(Puzzle {
            position,
            moves,
            solution,
        })
    }
}

/// Re-checks every property of a puzzle with the solver: the position is open, each side has at
/// most 7 soldiers and the treasure stands; N is 1 to 5; the side to move wins within 2N−1
/// plies and not sooner; exactly one first move wins that fast and it is the solution's; and
/// along the solution each winner's move keeps the shortest win and each reply the longest
/// defence, to the win.
pub fn verify(puzzle: &Puzzle) -> Result<(), BadPuzzle> {
    let fail = |why: String| Err(BadPuzzle(why));
    let position = puzzle.position;
    if position.count_moves() == 0 {
        return fail("the game is already over".into());
    }
    if position.treasure().is_none() {
        return fail("the treasure is gone".into());
    }
    if position.soldiers(position.turn()).len() > MAX_SOLDIERS
        || position.soldiers(position.turn().other()).len() > MAX_SOLDIERS
    {
        return fail("too many soldiers".into());
    }
    if !(1..=MAX_PUZZLE_MOVES).contains(&puzzle.moves) {
        return fail(format!(
            "N is {}, not 1 to {MAX_PUZZLE_MOVES}",
            puzzle.moves
        ));
    }
    let plies = puzzle.plies();
    if puzzle.solution.len() != plies as usize {
        return fail(format!(
            "the solution has {} plies, not {plies}",
            puzzle.solution.len()
        ));
    }
    let mut solver = Solver::new();
    let game = Game::from_position(position);
    let winners = winning_first_moves(&mut solver, &game, plies);
    if winners != puzzle.solution[..1] {
        return fail(format!(
            "the first moves that win within {plies} plies are {winners:?}, not just {}",
            puzzle.solution[0]
        ));
    }
    let mut game = game;
    for (done, &m) in puzzle.solution.iter().enumerate() {
        let left = plies - done as u32;
        let expected = if done % 2 == 0 {
            Outcome::Win { plies: left }
        } else {
            Outcome::Loss { plies: left }
        };
        let found = solver.solve(&game, left, &Budget::default()).outcome;
        if found != expected {
            return fail(format!(
                "after {done} plies the outcome is {found}, not {expected}"
            ));
        }
        game.play(m.into())
            .map_err(|e| BadPuzzle(format!("solution ply {}: {e}", done + 1)))?;
    }
    match game.result() {
        Some(GameResult::Win(win)) if win.winner == position.turn() => Ok(()),
        other => fail(format!("the solution ends in {other:?}, not a win")),
    }
}

/// The moves of the game's position after which its side to move wins within `plies`.
fn winning_first_moves(solver: &mut Solver, game: &Game, plies: u32) -> Vec<Move> {
    game.position()
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| {
            let outcome = solver
                .solve_move(game, m, plies - 1, &Budget::default())
                .outcome;
            outcome.is_win()
        })
        .collect()
}

/// Generates `count` puzzles from self-play games, the same for the same seed, spread over N
/// from 1 to 5 as evenly as the games allow.
pub fn generate(count: usize, seed: u64) -> Vec<Puzzle> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut solver = Solver::new();
    let mut by_moves: Vec<Vec<Puzzle>> = vec![Vec::new(); MAX_PUZZLE_MOVES as usize];
    let mut seen = HashSet::new();
    let per_n = count.div_ceil(MAX_PUZZLE_MOVES as usize);
    for _ in 0..MAX_GAMES {
        if by_moves.iter().all(|found| found.len() >= per_n) {
            break;
        }
        let game = self_play(&mut rng);
        for position in &game.history()[..game.history().len() - 1] {
            // The same placement at another quiet count is the same puzzle.
            if !seen.insert(position.hash()) {
                continue;
            }
            if let Some(puzzle) = puzzle_at(&mut solver, position) {
                by_moves[puzzle.moves as usize - 1].push(puzzle);
            }
        }
    }
    // Take from each N in turn, so that a short supply of long puzzles leaves room for others.
    let mut chosen = Vec::with_capacity(count);
    let mut sources: Vec<std::vec::IntoIter<Puzzle>> =
        by_moves.into_iter().map(Vec::into_iter).collect();
    while chosen.len() < count {
        let before = chosen.len();
        for source in &mut sources {
            if chosen.len() < count {
                chosen.extend(source.next());
            }
        }
        if chosen.len() == before {
            break;
        }
    }
    chosen
}

/// The puzzle at `position`, if it is one (judged without the game's history: a puzzle is
/// played from its FEN alone).
fn puzzle_at(solver: &mut Solver, position: &Position) -> Option<Puzzle> {
    let game = Game::from_position(*position);
    if game.is_over() || position.treasure().is_none() {
        return None;
    }
    let horizon = 2 * MAX_PUZZLE_MOVES - 1;
    let solution = solver.solve(&game, horizon, &Budget::nodes(CANDIDATE_NODES));
    let Outcome::Win { plies } = solution.outcome else {
        return None;
    };
    if winning_first_moves(solver, &game, plies).len() != 1 {
        return None;
    }
    Some(Puzzle {
        position: *position,
        moves: plies.div_ceil(2),
        solution: solution.line,
    })
}

/// A self-play game between two noisy shallow players, after a few random good opening plies:
/// noisy players leave tactics on the board, which is where puzzles are.
pub(crate) fn self_play(rng: &mut SmallRng) -> Game {
    let mut game = Game::new();
    let scoring = SearchLimits {
        depth: Some(SELF_PLAY_DEPTH),
        score_all_moves: true,
        ..SearchLimits::default()
    };
    let opening = rng.random_range(OPENING_PLIES);
    let levels = [Level::Easy, Level::Medium];
    let style = [
        levels[rng.random_range(0..2)],
        levels[rng.random_range(0..2)],
    ];
    let mut searcher = Searcher::with_table_megabytes(2);
    while !game.is_over() && game.plies().len() < MAX_GAME_PLIES {
        let result = searcher.search(&game, scoring, &CancelToken::new(), |_| {});
        let m = if game.plies().len() < opening {
            let best = result.root_moves[0].score;
            let good: Vec<Move> = result
                .root_moves
                .iter()
                .filter(|root| root.score >= best - OPENING_MARGIN)
                .map(|root| root.mv)
                .collect();
            good[rng.random_range(0..good.len())]
        } else {
            let level = style[game.position().turn() as usize];
            level
                .pick(game.position(), &result, rng)
                .expect("a game not over has a move")
        };
        game.play(m.into()).expect("searched moves are legal");
    }
    game
}

/// What happened to a player's move in a puzzle.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum PuzzleStep {
    /// The move does not force the win in time; nothing was played.
    Wrong,
    /// The move won the game: the puzzle is solved.
    Solved,
    /// The move keeps the win; the defender answered with its longest defence.
    Correct { reply: Move },
}

/// A puzzle being solved: the player's moves are judged and answered.
pub struct PuzzleAttempt {
    game: Game,
    plies_left: u32,
    solver: Solver,
}

impl PuzzleAttempt {
    pub fn new(puzzle: &Puzzle) -> PuzzleAttempt {
        PuzzleAttempt {
            game: Game::from_position(puzzle.position),
            plies_left: puzzle.plies(),
            solver: Solver::with_table_megabytes(4),
        }
    }

    /// The attempt after `played`, the moves made so far from the puzzle's position (the
    /// player's and the defender's replies, as [`PuzzleAttempt::play`] made them); `None` when
    /// they are not legal there or are more than the puzzle's plies.
    pub fn after(puzzle: &Puzzle, played: &[Move]) -> Option<PuzzleAttempt> {
        let mut attempt = PuzzleAttempt::new(puzzle);
        for &m in played {
            attempt.plies_left = attempt.plies_left.checked_sub(1)?;
            attempt.game.play(m.into()).ok()?;
        }
        Some(attempt)
    }

    /// The game so far, from the puzzle's position.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plies left to win in, counting the player's next move.
    pub fn plies_left(&self) -> u32 {
        self.plies_left
    }

    /// Judges the player's move: played (with the defender's reply) when it still forces the
    /// win within the plies left, refused otherwise.
    pub fn play(&mut self, m: Move) -> PuzzleStep {
        if self.plies_left == 0 || !self.game.position().is_legal(m) {
            return PuzzleStep::Wrong;
        }
        let budget = Budget::default();
        let after = self
            .solver
            .solve_move(&self.game, m, self.plies_left - 1, &budget);
        if !after.outcome.is_win() {
            return PuzzleStep::Wrong;
        }
        self.game.play(m.into()).expect("checked legal");
        if self.game.is_over() {
            self.plies_left = 0;
            return PuzzleStep::Solved;
        }
        let reply = longest_defence(&mut self.solver, &self.game, self.plies_left - 2)
            .expect("a game not over has a move");
        self.game.play(reply.into()).expect("a legal reply");
        self.plies_left -= 2;
        PuzzleStep::Correct { reply }
    }
}

/// The solver's node budget for a refutation: enough for short wins, small enough to answer at
/// once in a web page.
const REFUTATION_NODES: u64 = 100_000;
/// How much further than the plies left a refutation looks for the defender's own win.
const REFUTATION_EXTRA_PLIES: u32 = 4;

impl PuzzleAttempt {
    /// Why `m` fails (a move [`PuzzleAttempt::play`] refused): the defender's line after it,
    /// its own forced win when the solver finds one, else its reply that escapes the win in
    /// time. Empty when `m` is not legal or ends the game.
    pub fn refutation(&mut self, m: Move) -> Vec<Move> {
        if !self.game.position().is_legal(m) {
            return Vec::new();
        }
        let mut after = self.game.clone();
        after.play(m.into()).expect("checked legal");
        if after.is_over() {
            return Vec::new();
        }
        let horizon = self.plies_left + REFUTATION_EXTRA_PLIES;
        let solution = self
            .solver
            .solve(&after, horizon, &Budget::nodes(REFUTATION_NODES));
        if solution.outcome.is_win() {
            return solution.line;
        }
        let within = self.plies_left.saturating_sub(2);
        longest_defence(&mut self.solver, &after, within)
            .into_iter()
            .collect()
    }
}

/// The defender's reply that holds out longest against a win due within `plies` more plies
/// after it (the first such move, for a deterministic answer); `None` when the game is over.
pub fn longest_defence(solver: &mut Solver, game: &Game, plies: u32) -> Option<Move> {
    let mut best: Option<(Move, u32)> = None;
    for &m in &game.position().legal_moves() {
        let outcome = solver
            .solve_move(game, m, plies, &Budget::default())
            .outcome;
        // The defender's view: lost in `k` plies; anything else is a way out, the best of all.
        let holds = match outcome {
            Outcome::Loss { plies: k } => k,
            _ => u32::MAX,
        };
        if best.is_none_or(|(_, longest)| holds > longest) {
            best = Some((m, holds));
        }
    }
    best.map(|(m, _)| m)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Red to move wins in 2 moves: c3b4, then a3a2 against Black's longest defence.
    const WIN_IN_TWO: &str = "BBB/B..R./RTRBR/..R../.RR r L 7;2;c3b4 b3b2 a3a2";
    const WIN_IN_THREE: &str = "BBB/BT.R./R..BR/..RR./.RR r L 5;3;d2c3 d3d2 b4b3 d2e2 b3b2";

    fn puzzle(text: &str) -> Puzzle {
        text.parse().unwrap()
    }

    #[test]
    fn puzzles_round_trip_through_text_and_bad_text_is_refused() {
        for text in [WIN_IN_TWO, WIN_IN_THREE] {
            assert_eq!(puzzle(text).to_string(), text);
        }
        assert_eq!(puzzle(WIN_IN_THREE).plies(), 5);
        for bad in [
            "",
            "BBB/B..R./RTRBR/..R../.RR r L 7;2",
            "nonsense;2;c3b4",
            "BBB/B..R./RTRBR/..R../.RR r L 7;two;c3b4",
            "BBB/B..R./RTRBR/..R../.RR r L 7;2;c3b4 zz",
        ] {
            assert!(bad.parse::<Puzzle>().is_err(), "{bad}");
        }
    }

    #[test]
    fn verify_accepts_a_true_puzzle_and_names_what_is_wrong_with_others() {
        verify(&puzzle(WIN_IN_TWO)).unwrap();
        verify(&puzzle(WIN_IN_THREE)).unwrap();
        let wrong = |text: &str| verify(&puzzle(text)).unwrap_err().0;
        let reason = wrong("BBB/B..R./RTRBR/..R../.RR r L 7;3;c3b4 b3b2 a3a2");
        assert!(reason.contains("not 5"), "{reason}");
        let reason = wrong("BBB/B..R./RTRBR/..R../.RR r L 7;2;c3b2 b3b2 a3a2");
        assert!(reason.contains("not just c3b2"), "{reason}");
        // Two ways to take the treasure at once: c4d4 and b2c2.
        let reason = wrong("B.B/..R../..T../.R.../... r - 0;1;c4d4");
        assert!(reason.contains("not just c4d4"), "{reason}");
        let reason = wrong("BBB/B..R./RTRBR/..R../.RR r L 7;6;c3b4 b3b2 a3a2");
        assert!(reason.contains("N is 6"), "{reason}");
        let reason = wrong("B../...../.R.../...R./... b - 0;1;b2b3");
        assert!(reason.contains("over"), "{reason}");
    }

    #[test]
    fn an_attempt_follows_the_solution_and_refuses_a_move_that_does_not_win_in_time() {
        let puzzle = puzzle(WIN_IN_THREE);
        let mut attempt = PuzzleAttempt::new(&puzzle);
        assert_eq!(attempt.plies_left(), 5);
        assert_eq!(attempt.play("b1b2".parse().unwrap()), PuzzleStep::Wrong);
        assert_eq!(
            attempt.play("a2a3".parse().unwrap()),
            PuzzleStep::Wrong,
            "not legal"
        );
        assert_eq!(attempt.game().plies().len(), 0);
        let line = &puzzle.solution;
        for pair in line.chunks(2) {
            let step = attempt.play(pair[0]);
            match pair.get(1) {
                Some(&reply) => assert_eq!(step, PuzzleStep::Correct { reply }),
                None => assert_eq!(step, PuzzleStep::Solved),
            }
        }
        assert_eq!(attempt.plies_left(), 0);
        assert_eq!(attempt.game().plies().len(), 5);
        assert_eq!(longest_defence(&mut Solver::new(), attempt.game(), 1), None);
    }

    #[test]
    fn a_wrong_move_is_refuted_by_the_defenders_line() {
        let puzzle = puzzle(WIN_IN_TWO);
        let mut attempt = PuzzleAttempt::new(&puzzle);
        let wrong: Move = "c3c4".parse().unwrap();
        assert_eq!(attempt.play(wrong), PuzzleStep::Wrong);
        let line = attempt.refutation(wrong);
        assert!(!line.is_empty());
        let mut game = attempt.game().clone();
        game.play(wrong.into()).unwrap();
        for &m in &line {
            game.play(m.into()).unwrap();
        }
        // After the line the winner has not won (or the defender has).
        assert_ne!(
            game.result().and_then(GameResult::winner),
            Some(puzzle.position.turn())
        );
        assert!(
            attempt.refutation("d4d3".parse().unwrap()).is_empty(),
            "not legal"
        );
        assert_eq!(attempt.game().plies().len(), 0, "nothing was played");
    }

    #[test]
    #[cfg_attr(
        debug_assertions,
        ignore = "a few seconds in release, minutes in debug"
    )]
    fn generated_puzzles_are_deterministic_spread_and_verified() {
        let puzzles = generate(10, 3);
        assert_eq!(puzzles.len(), 10);
        assert_eq!(puzzles, generate(10, 3));
        let spread: HashSet<u32> = puzzles.iter().map(|p| p.moves).collect();
        assert_eq!(spread.len(), MAX_PUZZLE_MOVES as usize, "{spread:?}");
        for puzzle in &puzzles {
            verify(puzzle).unwrap_or_else(|e| panic!("{puzzle}: {e}"));
        }
    }

    #[test]
    #[ignore = "measures; run with --release --ignored --nocapture"]
    fn generation_time_and_spread() {
        let started = web_time::Instant::now();
        let puzzles = generate(40, 1);
        let mut spread = [0; MAX_PUZZLE_MOVES as usize];
        for puzzle in &puzzles {
            spread[puzzle.moves as usize - 1] += 1;
            println!("{puzzle}");
        }
        println!(
            "{} puzzles in {:.1} s, by N: {spread:?}",
            puzzles.len(),
            started.elapsed().as_secs_f64()
        );
        for puzzle in &puzzles {
            verify(puzzle).unwrap();
        }
        println!("verified in {:.1} s", started.elapsed().as_secs_f64());
    }
}
