//! The exact forced-win search: within a horizon of plies, does the side to move win by force,
//! lose by force, or is neither proven? An alpha-beta search over three values (won, lost, not
//! decided) with mate distances, its own transposition table and iterative deepening of the
//! horizon one ply at a time, each iteration a null-window test: a win first shows at the
//! horizon equal to its length, so the first horizon that proves something gives the exact
//! distance (shortest win, longest defence).
//!
//! # The draw rules, exactly
//! The quiet limit is part of the position (the quiet count); the table key includes the count
//! whenever the limit lies within the horizon. Repetition is handled in two parts:
//! - a position already seen twice in the game (before the root) is a draw wherever the search
//!   meets it; that depends on the game only, not on the search path, so the table stays valid
//!   for one game history (the table is cleared when that set of positions changes);
//! - repetitions of positions met only within the search are ignored. This is exact, not an
//!   approximation: along every line of a shortest-win strategy the distance to the win falls
//!   by one each ply, so no position repeats on it, and each position of it occurs at most
//!   twice counting the game (only those seen twice already are draws, and they are never part
//!   of a win). Repetition draws only ever take options away, so no other win exists either.
//!   Keeping the values path-independent is what makes the transposition table exact.

use std::ops::RangeInclusive;

use duobao_rules::{Game, GameResult, Move, Position, MAX_MOVES, QUIET_LIMIT};
use web_time::Instant;

use crate::cancel::CancelToken;
use crate::ordering::pick_next;
use crate::outcome::Outcome;
use crate::tactics::{win_threatened, wins_at_once};
use crate::tt::{
    key_with_quiet_count, node_relative, root_relative, SolverEntry, SolverTable,
    DEFAULT_TABLE_MEGABYTES,
};

/// The value of winning now; a win in `k` plies is `WIN - k` at the node where it starts.
const WIN: i32 = 1_000;
/// The magnitudes of forced wins and losses (`WIN - k` for one `k` plies away), well clear of
/// the undecided 0.
const DECIDED: RangeInclusive<i32> = WIN - 199..=WIN;
const INFINITY: i32 = WIN + 1;
/// Longest horizon a search accepts (distances must stay clear of the undecided values).
pub const MAX_HORIZON: u32 = 120;
/// How often (in nodes, a power of two) the search looks at its budget.
const POLL_INTERVAL: u64 = 1024;

/// When a solve must stop early. The default has no limit.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Nodes this call may visit: the deterministic limit (reviews and puzzles use it).
    pub nodes: Option<u64>,
    /// A wall-clock end: an analysis's time limit.
    pub deadline: Option<Instant>,
    pub cancel: Option<CancelToken>,
}

impl Budget {
    pub fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes: Some(nodes),
            ..Budget::default()
        }
    }
}

/// The answer of [`Solver::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// For the side to move: a win, a loss, a drawn game or unknown (the solver never scores).
    pub outcome: Outcome,
    /// For a win or loss, the proof line: the winner's shortest win against the longest
    /// defence, `plies` moves long. Empty otherwise.
    pub line: Vec<Move>,
    /// The horizon searched completely: nothing shorter than this is left unproven. For a win
    /// or loss it is the distance.
    pub horizon: u32,
    /// False when the budget ran out before the requested horizon was searched; calling again
    /// resumes cheaply, the work done being in the table.
    pub finished: bool,
    pub nodes: u64,
}

/// The forced-win search, keeping its table from one call to the next (for one game: a solve
/// of another game's positions clears it when their histories differ in what they draw).
pub struct Solver {
    table: SolverTable,
    /// Hashes of the positions seen twice in the game: a third time draws.
    drawn: Vec<u64>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    cancel: Option<CancelToken>,
    aborted: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver::with_table_megabytes(DEFAULT_TABLE_MEGABYTES)
    }

    pub fn with_table_megabytes(megabytes: usize) -> Solver {
        Solver {
            table: SolverTable::new(megabytes),
            drawn: Vec::new(),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            cancel: None,
            aborted: false,
        }
    }

    /// Decides the game's current position within `horizon` plies (at most [`MAX_HORIZON`]),
    /// deepening the horizon one ply at a time until something is proven or the budget runs
    /// out.
    pub fn solve(&mut self, game: &Game, horizon: u32, budget: &Budget) -> Solution {
        self.solve_with_line(game, horizon, budget, u32::MAX, &mut |_| {})
    }

    /// [`Solver::solve`], calling `searched_without_result` with each horizon searched
    /// completely without a result, as it deepens: what a long solve can say before it ends.
    pub fn solve_reporting(
        &mut self,
        game: &Game,
        horizon: u32,
        budget: &Budget,
        searched_without_result: &mut dyn FnMut(u32),
    ) -> Solution {
        self.solve_with_line(game, horizon, budget, u32::MAX, searched_without_result)
    }

    /// Like [`Solver::solve`], but the line stops after its first move: all that a strategy
    /// needs, and much cheaper when every position of a proof is asked for its move.
    pub(crate) fn solve_first_move(
        &mut self,
        game: &Game,
        horizon: u32,
        budget: &Budget,
    ) -> Solution {
        self.solve_with_line(game, horizon, budget, 1, &mut |_| {})
    }

    /// [`Solver::solve_reporting`] with the proof line cut to `line_plies` moves.
    fn solve_with_line(
        &mut self,
        game: &Game,
        horizon: u32,
        budget: &Budget,
        line_plies: u32,
        searched_without_result: &mut dyn FnMut(u32),
    ) -> Solution {
        let horizon = horizon.min(MAX_HORIZON);
        let over = |outcome| Solution {
            outcome,
            line: Vec::new(),
            horizon: 0,
            finished: true,
            nodes: 0,
        };
        match game.result() {
            Some(GameResult::Win(_)) => return over(Outcome::Loss { plies: 0 }),
            Some(GameResult::Draw(_)) => return over(Outcome::Draw),
            None => {}
        }
        self.prepare(game, budget);
        let root = *game.position();
        let mut searched = 0;
        for depth in 1..=horizon {
            // Wins take an odd number of plies, losses an even one: each horizon can only add
            // one kind, so a null-window test around 0 decides it.
            let value = if depth % 2 == 1 {
                self.search(&root, depth, 0, 0, 1)
            } else {
                self.search(&root, depth, 0, -1, 0)
            };
            if self.aborted {
                break;
            }
            searched = depth;
            if value != 0 {
                let outcome = outcome_of(value);
                let line = self.proof_line(&root, outcome, line_plies);
                return Solution {
                    outcome,
                    line,
                    horizon: depth,
                    finished: true,
                    nodes: self.nodes,
                };
            }
            searched_without_result(depth);
        }
        Solution {
            outcome: Outcome::Unknown,
            line: Vec::new(),
            horizon: searched,
            finished: !self.aborted,
            nodes: self.nodes,
        }
    }

    /// The outcome of playing `m` in the game's current position, for the player making it,
    /// searched to `horizon` plies after the move.
    pub fn solve_move(&mut self, game: &Game, m: Move, horizon: u32, budget: &Budget) -> Solution {
        let mut after = game.clone();
        after
            .play(m.into())
            .unwrap_or_else(|error| panic!("solve_move needs a legal move: {error}"));
        let mut solution = self.solve(&after, horizon, budget);
        solution.outcome = solution.outcome.for_mover();
        solution.line.insert(0, m);
        solution
    }

    /// Resets the counters and limits, and learns which positions the game has drawn.
    fn prepare(&mut self, game: &Game, budget: &Budget) {
        let mut hashes: Vec<u64> = game.history().iter().map(Position::hash).collect();
        hashes.sort_unstable();
        let mut drawn: Vec<u64> = hashes
            .windows(2)
            .filter(|pair| pair[0] == pair[1])
            .map(|pair| pair[0])
            .collect();
        drawn.dedup();
        if drawn != self.drawn {
            self.table.clear();
            self.drawn = drawn;
        }
        self.nodes = 0;
        self.node_limit = budget.nodes.unwrap_or(u64::MAX);
        self.deadline = budget.deadline;
        self.cancel = budget.cancel.clone();
        self.aborted = self.cancel.as_ref().is_some_and(CancelToken::is_cancelled);
    }

    /// Counts a node and, every so often, checks the budget.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & (POLL_INTERVAL - 1) == 0 {
            self.aborted = self.nodes >= self.node_limit
                || self.deadline.is_some_and(|end| Instant::now() >= end)
                || self.cancel.as_ref().is_some_and(CancelToken::is_cancelled);
        }
        self.aborted
    }

    fn is_draw(&self, position: &Position, ply: u32) -> bool {
        position.quiet_plies() >= QUIET_LIMIT
            || (ply > 0
                && !self.drawn.is_empty()
                && self.drawn.binary_search(&position.hash()).is_ok())
    }

    /// The value of `position` (not finished) at `ply` from the root, within `depth` plies, as
    /// fail-soft alpha-beta: a win at ply `p` of the root is `WIN - p`, a loss `-(WIN - p)`,
    /// anything undecided 0.
    fn search(
        &mut self,
        position: &Position,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if self.visit() || self.is_draw(position, ply) || depth == 0 {
            return 0;
        }
        let ply_value = ply as i32;
        // The best is to win with the next move; the worst, to lose to the reply.
        alpha = alpha.max(-(WIN - ply_value - 2));
        beta = beta.min(WIN - ply_value - 1);
        if alpha >= beta {
            return alpha;
        }

        let mut moves = position.legal_moves();
        let mut children = [*position; MAX_MOVES];
        let mut keys = [0i32; MAX_MOVES];
        for (i, &m) in moves.iter().enumerate() {
            let captured = children[i].play_unchecked(m);
            if children[i].count_moves() == 0 {
                return WIN - ply_value - 1;
            }
            keys[i] = captured.len() as i32;
        }
        if depth == 1 {
            return 0;
        }
        if depth == 2 {
            // Only a loss is still possible: every move must allow a win at once.
            let survives = children[..moves.len()]
                .iter()
                .any(|child| self.is_draw(child, ply + 1) || !wins_at_once(child));
            return if survives { 0 } else { -(WIN - ply_value - 2) };
        }

        let key = table_key(position, depth);
        let hint = match self.table.probe(key) {
            Some(entry) => {
                let (lower, upper) = bounds_within(&entry, depth);
                let to_root = |value| root_relative(value, ply as usize, DECIDED);
                let (lower, upper) = (to_root(lower), to_root(upper));
                if lower >= beta || lower == upper {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                entry.best
            }
            None => None,
        };

        let count = moves.len();
        for i in 0..count {
            if Some(moves[i]) == hint {
                keys[i] = HINT_KEY;
            } else if depth >= 4 && win_threatened(&children[i]) {
                // Moves that threaten to win come first: a forced win is a chain of them.
                keys[i] += THREAT_KEY;
            }
        }
        let alpha_before = alpha;
        let mut best_value = -INFINITY;
        let mut best_move = None;
        for searched in 0..count {
            let picked = pick_next(&mut moves[..count], &mut keys[..count], searched);
            children.swap(searched, picked);
            let value = -self.search(&children[searched], depth - 1, ply + 1, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if value > best_value {
                best_value = value;
                best_move = Some(moves[searched]);
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        let node_value = node_relative(best_value, ply as usize, DECIDED);
        let (lower, upper) = if best_value <= alpha_before {
            (-INFINITY, node_value)
        } else if best_value >= beta {
            (node_value, INFINITY)
        } else {
            (node_value, node_value)
        };
        self.table.store(SolverEntry {
            key,
            lower,
            upper,
            depth,
            best: best_move,
        });
        best_value
    }

    /// True when `position` is decided within `depth` plies the way `outcome` says (a win
    /// within the depth, or a loss within it).
    fn proves(&mut self, position: &Position, depth: u32, win: bool) -> bool {
        // A finished game is won by the player who moved into it, even at the quiet limit.
        if position.count_moves() == 0 {
            return !win;
        }
        // `position` follows the root: a position the game has seen twice is drawn here.
        if self.is_draw(position, 1) {
            return false;
        }
        if win {
            self.search(position, depth, 0, 0, 1) > 0
        } else {
            self.search(position, depth, 0, -1, 0) < 0
        }
    }

    /// The line behind a proven outcome, up to `most` moves: at each step the winner's move that
    /// keeps the shortest win, the loser's move that keeps the longest defence. Its tests all hit
    /// the table, so it runs without the budget.
    fn proof_line(&mut self, root: &Position, outcome: Outcome, most: u32) -> Vec<Move> {
        let (limit, deadline, cancel) = (self.node_limit, self.deadline.take(), self.cancel.take());
        self.node_limit = u64::MAX;
        let mut line = Vec::new();
        let mut position = *root;
        let (mut plies, mut winning) = match outcome {
            Outcome::Win { plies } => (plies, true),
            Outcome::Loss { plies } => (plies, false),
            Outcome::Draw | Outcome::Unknown | Outcome::Score(_) => return line,
        };
        while plies > 0 && (line.len() as u32) < most {
            let moves = position.legal_moves();
            let next = moves.iter().copied().find(|&m| {
                let mut child = position;
                child.play_unchecked(m);
                if winning {
                    // The opponent loses within the rest.
                    self.proves(&child, plies - 1, false)
                } else {
                    // The opponent needs all the rest to win.
                    plies < 2 || !self.proves(&child, plies - 2, true)
                }
            });
            let m = next.expect("a proven outcome has a move that keeps it");
            line.push(m);
            position.play_unchecked(m);
            plies -= 1;
            winning = !winning;
        }
        self.node_limit = limit;
        self.deadline = deadline;
        self.cancel = cancel;
        line
    }
}

/// Move-ordering keys above the capture counts.
const THREAT_KEY: i32 = 1 << 8;
const HINT_KEY: i32 = 1 << 16;

/// The table key: the hash, with the quiet count when the quiet limit lies within reach (only
/// then does the count change the value). The count goes in plus one so that even a count of 0
/// gives a key other than the bare hash.
fn table_key(position: &Position, depth: u32) -> u64 {
    if position.quiet_plies() + depth >= QUIET_LIMIT {
        key_with_quiet_count(position.hash(), position.quiet_plies() + 1)
    } else {
        position.hash()
    }
}

/// The plies to the end of a decided node-relative value.
fn distance(value: i32) -> u32 {
    (WIN - value.abs()) as u32
}

fn outcome_of(root_value: i32) -> Outcome {
    let plies = distance(root_value);
    if root_value > 0 {
        Outcome::Win { plies }
    } else {
        Outcome::Loss { plies }
    }
}

/// The bounds `entry` gives within `depth` plies. A decided value is the same at every
/// horizon that reaches it and undecided at shorter ones; an undecided value says nothing about
/// a longer horizon.
fn bounds_within(entry: &SolverEntry, depth: u32) -> (i32, i32) {
    if entry.depth >= depth {
        (clip(entry.lower, depth), clip(entry.upper, depth))
    } else {
        // A decided bound keeps holding at a longer horizon: a win found stays a win at most
        // that long, a loss found a loss at most that long; "0 or better" could turn into a
        // long loss, "0 or worse" into a long win.
        let lower = if entry.lower == 0 {
            -INFINITY
        } else {
            entry.lower
        };
        let upper = if entry.upper == 0 {
            INFINITY
        } else {
            entry.upper
        };
        (lower, upper)
    }
}

/// A node-relative value as seen within `depth` plies: decided values further away are
/// undecided there. (Monotone, so it maps bounds to bounds.)
fn clip(value: i32, depth: u32) -> i32 {
    if DECIDED.contains(&value.abs()) && distance(value) > depth {
        0
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_rules::Color;

    fn solve(fen: &str, horizon: u32) -> Solution {
        Solver::with_table_megabytes(4).solve(
            &Game::from_fen(fen).unwrap(),
            horizon,
            &Budget::default(),
        )
    }

    /// Plays the line and checks that it ends the game for the side it says.
    fn assert_line_wins(fen: &str, solution: &Solution) {
        let mut game = Game::from_fen(fen).unwrap();
        let mover = game.position().turn();
        for &m in &solution.line {
            game.play(m.into()).unwrap();
        }
        let winner = game.result().and_then(GameResult::winner);
        let expected = match solution.outcome {
            Outcome::Win { .. } => Some(mover),
            Outcome::Loss { .. } => Some(mover.other()),
            _ => None,
        };
        assert_eq!(winner, expected, "{:?}", solution.line);
    }

    #[test]
    fn a_one_move_treasure_capture_is_a_win_in_one() {
        let fen = "BB./B.R.B/..T../.R.../RR. r - 0";
        let solution = solve(fen, 9);
        assert_eq!(solution.outcome, Outcome::Win { plies: 1 });
        assert_line_wins(fen, &solution);
    }

    #[test]
    fn every_position_of_a_proof_line_is_decided_one_ply_closer() {
        // After b2c2 from the start, Black wins by force in 7 plies (the example).
        let mut game = Game::new();
        game.play("b2c2".parse().unwrap()).unwrap();
        let mut solver = Solver::with_table_megabytes(4);
        let solution = solver.solve(&game, 9, &Budget::default());
        assert_eq!(solution.outcome, Outcome::Win { plies: 7 });
        assert_eq!(solution.line.len(), 7);
        for (done, &m) in solution.line.iter().enumerate() {
            let left = 7 - done as u32;
            let expected = if done % 2 == 0 {
                Outcome::Win { plies: left }
            } else {
                Outcome::Loss { plies: left }
            };
            let here = solver.solve(&game, 9, &Budget::default());
            assert_eq!(here.outcome, expected, "after {:?}", &solution.line[..done]);
            game.play(m.into()).unwrap();
        }
        assert_eq!(
            game.result().and_then(GameResult::winner),
            Some(Color::Black)
        );
    }

    #[test]
    fn a_finished_game_is_lost_in_zero_and_a_drawn_one_is_no_win() {
        assert_eq!(
            solve("B../...../.R.../...R./... b - 0", 5).outcome,
            Outcome::Loss { plies: 0 }
        );
        let mut game = Game::new();
        for m in ["b2c2", "b4c4", "c2b2", "c4b4"].iter().cycle().take(8) {
            game.play(m.parse().unwrap()).unwrap();
        }
        assert!(game.is_over());
        let solution = Solver::new().solve(&game, 5, &Budget::default());
        assert_eq!(solution.outcome, Outcome::Draw);
    }

    #[test]
    fn the_quiet_limit_draws_a_win_that_comes_too_late() {
        // Red wins in one move; at 99 quiet plies the capture still comes in time (a capture
        // ends the quiet count), but at 100 the game is already drawn.
        let fen = "BB./B.R.B/..T../.R.../RR. r - 99";
        assert_eq!(solve(fen, 3).outcome, Outcome::Win { plies: 1 });
        // A blockade on the hundredth quiet ply still wins, wins coming before draws: the
        // treasure to b2 leaves Black's last soldier (b1) no move, and it is then locked.
        let blockade = ".../...../...../..T../BR. r - 99";
        let solution = solve(blockade, 3);
        assert_eq!(solution.outcome, Outcome::Win { plies: 1 });
        assert_eq!(solution.line, ["c2b2".parse().unwrap()]);
        let drawn = "BB./B.R.B/..T../.R.../RR. r - 100";
        let game = Game::from_fen(drawn).unwrap();
        assert!(game.is_over());
        assert_eq!(solve(drawn, 3).outcome, Outcome::Draw);
    }

    /// The outcome by plain minimax over `Game` (which applies every draw rule, repetition
    /// within the line included): what the solver must reproduce exactly.
    fn reference(game: &Game, depth: u32) -> Outcome {
        match game.result() {
            Some(GameResult::Win(_)) => return Outcome::Loss { plies: 0 },
            Some(GameResult::Draw(_)) => return Outcome::Draw,
            None if depth == 0 => return Outcome::Unknown,
            None => {}
        }
        // Node-relative values: a win in k is WIN - k, a loss -(WIN - k).
        let value = |outcome| match outcome {
            Outcome::Win { plies } => WIN - plies as i32,
            Outcome::Loss { plies } => -(WIN - plies as i32),
            Outcome::Draw | Outcome::Unknown | Outcome::Score(_) => 0,
        };
        let best = game
            .position()
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut child = game.clone();
                child.play(m.into()).unwrap();
                let v = -value(reference(&child, depth - 1));
                v - v.signum()
            })
            .max()
            .expect("a game not over has a move");
        if best == 0 {
            Outcome::Unknown
        } else {
            outcome_of(best)
        }
    }

    /// Games of random plies, some with a four-ply shuffle played twice so that positions of
    /// the history occur twice and a third occurrence would draw.
    fn random_games(count: usize, seed: u64) -> Vec<Game> {
        use rand::rngs::SmallRng;
        use rand::{Rng, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut games = Vec::new();
        while games.len() < count {
            let mut game = Game::new();
            for _ in 0..rng.random_range(6..40) {
                let moves = game.position().legal_moves();
                if game.is_over() {
                    break;
                }
                game.play(moves[rng.random_range(0..moves.len())].into())
                    .unwrap();
            }
            if !game.is_over() && rng.random_bool(0.5) {
                let mut shuffled = game.clone();
                let there: Vec<Move> = (0..2)
                    .map_while(|_| {
                        let moves = shuffled.position().legal_moves();
                        let m = *moves.get(rng.random_range(0..moves.len().max(1)))?;
                        shuffled.play(m.into()).ok()?;
                        Some(m)
                    })
                    .collect();
                let back = there.iter().map(|m| Move::new(m.to(), m.from()));
                let cycle: Vec<Move> = there.iter().copied().chain(back).collect();
                for &m in cycle.iter().chain(&cycle[..2]) {
                    if game.play(m.into()).is_err() {
                        break;
                    }
                }
            }
            if !game.is_over() {
                games.push(game);
            }
        }
        games
    }

    #[test]
    fn agrees_with_plain_minimax_under_every_draw_rule() {
        let depth = if cfg!(debug_assertions) { 4 } else { 5 };
        let mut solver = Solver::with_table_megabytes(4);
        let (mut decided, mut history_mattered) = (0, 0);
        for game in random_games(200, 3) {
            for horizon in 1..=depth {
                let expected = reference(&game, horizon);
                let got = solver.solve(&game, horizon, &Budget::default()).outcome;
                assert_eq!(got, expected, "horizon {horizon} in {:?}", game.to_record());
                decided += usize::from(expected != Outcome::Unknown);
                let without_history = Game::from_position(*game.position());
                let other = solver.solve(&without_history, horizon, &Budget::default());
                history_mattered += usize::from(other.outcome != got);
            }
        }
        assert!(decided >= 50, "only {decided} decided cases");
        assert!(
            history_mattered >= 1,
            "no case where the game's history mattered"
        );
    }

    #[test]
    fn a_shared_table_answers_like_a_fresh_one_and_every_proof_line_wins_by_the_rules() {
        let horizon = if cfg!(debug_assertions) { 7 } else { 9 };
        let mut shared = Solver::with_table_megabytes(4);
        let mut decided = 0;
        for game in random_games(30, 5) {
            let reused = shared.solve(&game, horizon, &Budget::default());
            let fresh = Solver::with_table_megabytes(1).solve(&game, horizon, &Budget::default());
            assert_eq!(reused.outcome, fresh.outcome, "{:?}", game.to_record());
            if reused.line.is_empty() {
                continue;
            }
            decided += 1;
            // The line is played as a game, with every draw rule: it must end in the win.
            let mut replay = game.clone();
            for &m in &reused.line {
                replay.play(m.into()).unwrap();
            }
            let mover = game.position().turn();
            let winner = if reused.outcome.is_win() {
                mover
            } else {
                mover.other()
            };
            assert_eq!(replay.result().and_then(GameResult::winner), Some(winner));
        }
        assert!(decided >= 5, "only {decided} decided games");
    }

    #[test]
    fn an_exhausted_budget_reports_unknown_and_a_second_call_resumes() {
        let game = Game::new();
        let mut solver = Solver::with_table_megabytes(4);
        let first = solver.solve(&game, 11, &Budget::nodes(2_000));
        assert!(!first.finished);
        assert_eq!(first.outcome, Outcome::Unknown);
        let full = solver.solve(&game, 11, &Budget::default());
        assert!(full.finished);
        assert_eq!(full.horizon, 11);
        let cancelled = CancelToken::new();
        cancelled.cancel();
        let budget = Budget {
            cancel: Some(cancelled),
            ..Budget::default()
        };
        assert!(!solver.solve(&game, 9, &budget).finished);
    }

    #[test]
    fn a_reporting_solve_names_each_horizon_searched_before_its_answer() {
        // A shipped puzzle: Red wins in 3 plies, so horizons 1 and 2 show nothing.
        let win_in_3 = Game::from_fen("BBB/B..R./RTRBR/..R../.RR r L 7").unwrap();
        let mut searched = Vec::new();
        let solution = Solver::with_table_megabytes(4).solve_reporting(
            &win_in_3,
            11,
            &Budget::default(),
            &mut |horizon| searched.push(horizon),
        );
        assert_eq!(solution.outcome, Outcome::Win { plies: 3 });
        assert_eq!(searched, [1, 2]);
        // Nothing within 6 plies of the start: every horizon is reported, the last one the
        // answer's.
        searched.clear();
        let solution = Solver::with_table_megabytes(4).solve_reporting(
            &Game::new(),
            6,
            &Budget::default(),
            &mut |horizon| searched.push(horizon),
        );
        assert_eq!((solution.outcome, solution.horizon), (Outcome::Unknown, 6));
        assert_eq!(searched, [1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn table_bounds_follow_the_horizon() {
        let win_in_3 = SolverEntry {
            key: 0,
            lower: WIN - 3,
            upper: WIN - 3,
            depth: 5,
            best: None,
        };
        assert_eq!(bounds_within(&win_in_3, 9), (WIN - 3, WIN - 3));
        assert_eq!(bounds_within(&win_in_3, 2), (0, 0));
        let nothing_within_4 = SolverEntry {
            lower: 0,
            upper: 0,
            depth: 4,
            ..win_in_3
        };
        assert_eq!(bounds_within(&nothing_within_4, 3), (0, 0));
        assert_eq!(bounds_within(&nothing_within_4, 6), (-INFINITY, INFINITY));
    }
}

#[cfg(test)]
mod speed {
    use super::*;

    /// The start, two positions from balanced match openings (as in the search bench) and two
    /// later midgame positions.
    const POSITIONS: [&str; 5] = [
        "BBB/BB.BB/..T../RR.RR/RRR r - 0",
        "BBB/BBTBB/....R/RR.RR/RR. b - 3",
        "BBB/BBT.B/R..BR/.R..R/RRR r - 4",
        "B.B/B..B./.RTB./R.R.R/.R. r - 6",
        ".B./BB..B/..RT./.R..R/R.. b - 2",
    ];

    #[test]
    #[ignore = "measures; run with --release --ignored --nocapture"]
    fn solve_times_by_horizon() {
        for fen in POSITIONS {
            let game = Game::from_fen(fen).unwrap();
            for horizon in [9, 11, 13, 15] {
                let started = Instant::now();
                let solution = Solver::new().solve(&game, horizon, &Budget::default());
                println!(
                    "{fen:32} horizon {horizon:2}: {:10} {:>10} nodes {:>8.1} ms",
                    solution.outcome.to_string(),
                    solution.nodes,
                    started.elapsed().as_secs_f64() * 1000.0
                );
            }
        }
    }
}
