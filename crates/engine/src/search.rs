//! The search: iterative deepening over a principal-variation alpha-beta (negamax) search with a
//! transposition table, null-move pruning, late-move reductions and a quiescence step that
//! resolves captures and treasure threats. It knows the draw rules: a repetition (against the
//! game's history and the search path) and the quiet limit score as draws.

use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::Duration;

use duobao_rules::{Game, Move, Position, QUIET_LIMIT};
use duobao_tablebase::{Probe, Tablebase};
use web_time::Instant;

use crate::cancel::CancelToken;
use crate::eval::evaluate;
use crate::ordering::{pick_next, Ordering, MAX_PLY};
use crate::tactics::treasure_threat;
use crate::tt::{
    key_with_quiet_count, node_relative, root_relative, Bound, SearchTable, DEFAULT_TABLE_MEGABYTES,
};

/// The score of a won position, less the plies it takes to win.
pub const MATE: i32 = 30_000;
/// Scores beyond this (either sign) are forced wins or losses.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// The magnitudes of forced-win and forced-loss scores, which the table counts from its node.
const MATE_SCORES: RangeInclusive<i32> = MATE_BOUND..=MATE;
const INFINITY: i32 = MATE + 1;
const DRAW: i32 = 0;
/// What an aborted search returns; its callers discard it.
const ABORTED: i32 = 0;

/// Plies of quiescence in which a side facing a treasure threat must answer it rather than stand
/// pat; deeper than this, threats are left to the evaluation.
const EVASION_PLIES: u32 = 4;
/// How often (in nodes, a power of two) the search looks at the clock and the cancel flag.
const POLL_INTERVAL: u64 = 1024;
/// Iterative deepening starts no new iteration past this share of the move time: the next one
/// would rarely finish (each takes about twice the time of the one before), though even a
/// partial iteration can improve the move.
const SOFT_TIME_SHARE: f64 = 0.6;
/// Iterations always completed unless cancelled, so that even an instant answer sees an
/// immediate win and an immediate threat.
const MIN_DEPTH: u32 = 2;

/// A share of the root moves, for searches that split a position's moves between threads or
/// workers that share no memory: the moves at `index`, `index + of`, … of the position's legal
/// moves, in their generated order. The default (`of` 0 or 1) is all of them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RootShare {
    pub index: u32,
    pub of: u32,
}

impl RootShare {
    /// The share `index` of `of` (`index` taken modulo `of`).
    pub fn new(index: u32, of: u32) -> RootShare {
        RootShare {
            index: index % of.max(1),
            of,
        }
    }

    /// Whether the root move at `position` in the legal moves is in this share.
    pub fn takes(self, position: usize) -> bool {
        self.of <= 1 || position % self.of as usize == self.index as usize
    }
}

/// When a search must stop, and how it scores. With no limit at all it runs until stopped (or
/// to the maximum depth).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    pub depth: Option<u32>,
    pub movetime: Option<Duration>,
    pub nodes: Option<u64>,
    /// Search every root move with an open window so that each gets an exact score (rather than
    /// a bound), for callers that choose among good moves rather than the best.
    pub score_all_moves: bool,
    /// How much the side to move at the root dislikes a draw (hundredths of a soldier): a strong
    /// player facing a weaker one should play on rather than repeat.
    pub contempt: i32,
    /// How many lines to find, each with its own principal variation and exact score (multi-PV,
    /// as Stockfish's MultiPV): the best line, then the best of the root moves the earlier lines
    /// did not begin with, and so on. 0 counts as 1.
    pub multi_pv: usize,
    /// The root moves searched: all, or a share of them.
    pub root_share: RootShare,
}

impl SearchLimits {
    /// The deepest iteration a search runs: its arrays hold this many plies.
    pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 1;
}

/// Progress after each completed iteration.
#[derive(Clone, Debug, Default)]
pub struct SearchInfo {
    pub depth: u32,
    /// For the side to move, in hundredths of a soldier; beyond [`MATE_BOUND`] a forced win.
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
    /// Every line found, best first: the best (`score` and `pv`), then with
    /// [`SearchLimits::multi_pv`] the next best, each beginning with another root move.
    pub lines: Vec<SearchLine>,
}

/// One line of a search: its moves from the root and their score for the side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLine {
    pub score: i32,
    pub pv: Vec<Move>,
}

impl SearchInfo {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.nodes, self.elapsed)
    }
}

/// `nodes` visited in `elapsed`, as nodes per second.
fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}

/// A root move and its score from the last completed iteration (exact only with
/// [`SearchLimits::score_all_moves`]; otherwise moves after the best hold upper bounds).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RootMove {
    pub mv: Move,
    pub score: i32,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// `None` only when the game is over (no legal move, or drawn).
    pub best: Option<Move>,
    pub info: SearchInfo,
    /// Every legal move, best first.
    pub root_moves: Vec<RootMove>,
}

/// A search engine that keeps its transposition table and move-ordering history from one search
/// to the next.
pub struct Searcher {
    table: SearchTable,
    ordering: Ordering,
    endgames: Option<Arc<Tablebase>>,
}

impl Default for Searcher {
    fn default() -> Self {
        Self::new()
    }
}

impl Searcher {
    pub fn new() -> Self {
        Self::with_table_megabytes(DEFAULT_TABLE_MEGABYTES)
    }

    pub fn with_table_megabytes(megabytes: usize) -> Self {
        Searcher {
            table: SearchTable::new(megabytes),
            ordering: Ordering::new(),
            endgames: None,
        }
    }

    /// Endgame tables for the searches from now on, or none (the default).
    pub fn set_tablebase(&mut self, tables: Option<Arc<Tablebase>>) {
        self.endgames = tables;
    }

    /// Searches the game's current position to the limits, or until `stop` is cancelled,
    /// calling `on_info` after each iteration.
    pub fn search(
        &mut self,
        game: &Game,
        limits: SearchLimits,
        stop: &CancelToken,
        mut on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        self.start(game, limits).run(stop, &mut on_info)
    }

    /// A search of the game's current position, its clock started now.
    fn start(&mut self, game: &Game, limits: SearchLimits) -> Search<'_> {
        self.table.new_search();
        self.ordering.new_search();
        let root = *game.position();
        // Only positions since the last capture can repeat.
        let history = game.history();
        let since_capture = history
            .len()
            .saturating_sub(root.quiet_plies() as usize + 1);
        let path: Vec<u64> = history[since_capture..]
            .iter()
            .map(Position::hash)
            .collect();
        // A drawn game has legal moves but none to play.
        let root_moves = if game.is_over() {
            Vec::new()
        } else {
            root.legal_moves()
                .iter()
                .enumerate()
                .filter(|&(position, _)| limits.root_share.takes(position))
                .map(|(_, &mv)| RootMove {
                    mv,
                    score: -INFINITY,
                })
                .collect()
        };
        let endgames = self.endgames.as_deref().map(Endgames::new);
        let decided_root = endgames.is_some_and(|tables| tables.decides(&root));
        Search {
            table: &mut self.table,
            ordering: &mut self.ordering,
            endgames,
            decided_root,
            root,
            root_index: path.len() - 1,
            path,
            limits,
            started: Instant::now(),
            nodes: 0,
            aborted: false,
            completed: None,
            root_moves,
            pv: Box::new([[None; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
        }
    }
}

/// A search in progress.
struct Search<'a> {
    table: &'a mut SearchTable,
    ordering: &'a mut Ordering,
    endgames: Option<Endgames<'a>>,
    /// The tables give the root an exact value: its moves need only be looked up.
    decided_root: bool,
    root: Position,
    /// Hashes of the positions since the last capture: the game's, then the search path's.
    path: Vec<u64>,
    root_index: usize,
    limits: SearchLimits,
    started: Instant,
    nodes: u64,
    /// The search is over early: cancelled, out of time or out of nodes.
    aborted: bool,
    /// The last completed iteration.
    completed: Option<SearchInfo>,
    root_moves: Vec<RootMove>,
    pv: Box<[[Option<Move>; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
}

impl Search<'_> {
    /// Deepens until the limits or `stop` end the search, calling `on_info` after each
    /// completed iteration.
    fn run(mut self, stop: &CancelToken, on_info: &mut dyn FnMut(&SearchInfo)) -> SearchResult {
        if self.root_moves.is_empty() {
            return self.result();
        }
        loop {
            let depth = self.completed.as_ref().map_or(1, |info| info.depth + 1);
            if depth as usize >= MAX_PLY || self.enough(depth) {
                return self.result();
            }
            let completed = self.iterate(depth, stop);
            if self.aborted {
                if let Some(partial) = completed {
                    self.completed = Some(partial);
                }
                return self.result();
            }
            let info = completed.expect("an iteration that was not aborted completed");
            on_info(&info);
            self.completed = Some(info);
        }
    }

    /// True when the iteration at `depth` should not be started.
    fn enough(&self, depth: u32) -> bool {
        let Some(done) = &self.completed else {
            return false;
        };
        if depth <= MIN_DEPTH {
            return false;
        }
        // Every line ends in a forced result within the depth searched: deeper changes nothing.
        let forced = done.lines.iter().all(|line| {
            line.score.abs() >= MATE_BOUND && (MATE - line.score.abs()) as u32 <= done.depth
        });
        forced
            || self.decided_root
            || self.root_moves.len() == 1 && self.limits.movetime.is_some()
            || self.limits.depth.is_some_and(|limit| depth > limit)
            || self.limits.movetime.is_some_and(|time| {
                self.started.elapsed().as_secs_f64() > time.as_secs_f64() * SOFT_TIME_SHARE
            })
    }

    fn result(&self) -> SearchResult {
        let info = self.completed.clone().unwrap_or_else(|| SearchInfo {
            depth: 0,
            score: -MATE,
            nodes: self.nodes,
            elapsed: self.started.elapsed(),
            pv: Vec::new(),
            lines: Vec::new(),
        });
        SearchResult {
            best: self.root_moves.first().map(|root| root.mv),
            info,
            root_moves: self.root_moves.clone(),
        }
    }

    /// Searches every root move to `depth`, line by line for [`SearchLimits::multi_pv`]. Returns
    /// the iteration's outcome when it completed, or when it was stopped after at least one root
    /// move was searched (its best is then at least as good as the previous iteration's, which is
    /// searched first), with the lines completed by then.
    fn iterate(&mut self, depth: u32, stop: &CancelToken) -> Option<SearchInfo> {
        let wanted = self.limits.multi_pv.clamp(1, self.root_moves.len());
        let mut lines = Vec::with_capacity(wanted);
        for first in 0..wanted {
            let Some(line) = self.best_of_root_moves(first, depth as i32, stop) else {
                break;
            };
            lines.push(line);
            if self.aborted {
                break;
            }
        }
        if !self.aborted {
            // A later line can come out above an earlier one (the table changes between their
            // searches): best first, the root moves in the same order. Both sorts are stable on
            // the same scores, so they agree.
            lines.sort_by_key(|line| std::cmp::Reverse(line.score));
            self.root_moves[..wanted].sort_by_key(|root| std::cmp::Reverse(root.score));
        }
        // A partial iteration reports the depth it completed.
        let completed_depth = if self.aborted { depth - 1 } else { depth };
        let best = lines.first()?.clone();
        Some(SearchInfo {
            depth: completed_depth,
            score: best.score,
            nodes: self.nodes,
            elapsed: self.started.elapsed(),
            pv: best.pv,
            lines,
        })
    }

    /// Searches the root moves from index `first` on (those no earlier line of this iteration
    /// began with) to `depth`, and moves the best of them to `first`. Its line, once at least
    /// one move was searched.
    fn best_of_root_moves(
        &mut self,
        first: usize,
        depth: i32,
        stop: &CancelToken,
    ) -> Option<SearchLine> {
        let exact = self.limits.score_all_moves;
        let mut best: Option<(usize, i32)> = None;
        let mut scores = Vec::with_capacity(self.root_moves.len() - first);
        for index in first..self.root_moves.len() {
            let m = self.root_moves[index].mv;
            let mut child = self.root;
            child.play_unchecked(m);
            self.path.push(child.hash());
            let score = match best {
                Some((_, alpha)) if !exact => {
                    let probe = -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha, stop);
                    if probe > alpha && !self.aborted {
                        -self.negamax(&child, depth - 1, 1, -INFINITY, -alpha, stop)
                    } else {
                        probe
                    }
                }
                _ => -self.negamax(&child, depth - 1, 1, -INFINITY, INFINITY, stop),
            };
            self.path.pop();
            if self.aborted {
                break;
            }
            scores.push(score);
            if best.is_none_or(|(_, best_score)| score > best_score) {
                best = Some((index, score));
                self.update_pv(0, m);
            }
        }
        let (best, score) = best?;
        let candidates = &mut self.root_moves[first..];
        if !self.aborted {
            for (root, score) in candidates.iter_mut().zip(&scores) {
                root.score = *score;
            }
            candidates.sort_by_key(|root| std::cmp::Reverse(root.score));
        } else {
            // Only the best of a partial search is trusted; move it to the front.
            self.root_moves[best].score = score;
            let chosen = self.root_moves.remove(best);
            self.root_moves.insert(first, chosen);
        }
        Some(SearchLine {
            score,
            pv: self.pv[0][..self.pv_len[0]]
                .iter()
                .flatten()
                .copied()
                .collect(),
        })
    }

    /// Counts a node and, every so often, checks whether to stop.
    fn visit(&mut self, stop: &CancelToken) -> bool {
        self.nodes += 1;
        if self.nodes & (POLL_INTERVAL - 1) == 0 {
            let over = stop.is_cancelled()
                || self.limits.nodes.is_some_and(|limit| self.nodes >= limit)
                || (self
                    .limits
                    .movetime
                    .is_some_and(|time| self.started.elapsed() >= time)
                    && self
                        .completed
                        .as_ref()
                        .is_some_and(|c| c.depth >= MIN_DEPTH));
            // Once over, the search stays over: its callers unwind on the flag.
            self.aborted |= over;
        }
        self.aborted
    }

    /// True when the current position (the last on the path) is a draw by repetition: it occurred
    /// before within the search, or twice before in the game.
    fn is_repetition(&self, position: &Position) -> bool {
        let current = self.path.len() - 1;
        let reach = (position.quiet_plies() as usize).min(current);
        let mut earlier = 0;
        for back in (2..=reach).step_by(2) {
            let index = current - back;
            if self.path[index] == position.hash() {
                if index > self.root_index {
                    return true;
                }
                earlier += 1;
                if earlier >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// A draw as seen by the side to move at `ply`: worse than even for the side to move at the
    /// root by the contempt, better for its opponent.
    fn draw_score(&self, ply: usize) -> i32 {
        if ply & 1 == 0 {
            DRAW - self.limits.contempt
        } else {
            DRAW + self.limits.contempt
        }
    }

    /// The table key: the position's hash mixed with its quiet count, whether or not the quiet
    /// limit is near. Transpositions within a search still meet: they take as many plies.
    fn key(position: &Position) -> u64 {
        key_with_quiet_count(position.hash(), position.quiet_plies())
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        stop: &CancelToken,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if depth <= 0 {
            return self.quiesce(position, ply, alpha, beta, 0, stop);
        }
        if self.visit(stop) {
            return ABORTED;
        }
        let mut moves = position.legal_moves();
        if moves.is_empty() {
            return -MATE + ply as i32;
        }
        if position.quiet_plies() >= QUIET_LIMIT || self.is_repetition(position) {
            return self.draw_score(ply);
        }
        if let Some(score) = self.endgame_score(position, ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(position);
        }
        let pv_node = beta - alpha > 1;
        let key = Self::key(position);
        let hit = self.table.probe(key);
        if let Some(hit) = hit {
            if !pv_node && hit.depth >= depth {
                let score = root_relative(hit.score, ply, MATE_SCORES);
                let cutoff = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cutoff {
                    return score;
                }
            }
        }
        let hash_move = hit.and_then(|hit| hit.best);

        let mut keys = [0i32; duobao_rules::MAX_MOVES];
        for (i, &m) in moves.iter().enumerate() {
            let mut child = *position;
            let captured = child.play_unchecked(m);
            if child.count_moves() == 0 {
                let score = MATE - ply as i32 - 1;
                // The line ends with the winning move.
                self.pv_len[ply + 1] = ply + 1;
                self.update_pv(ply, m);
                self.table.store(
                    key,
                    depth,
                    node_relative(score, ply, MATE_SCORES),
                    Bound::Exact,
                    Some(m),
                );
                return score;
            }
            keys[i] = self.ordering.key(m, ply, hash_move, captured.len());
        }

        if !pv_node && depth >= 3 && beta.abs() < MATE_BOUND && moves.len() >= 6 {
            if let Some(score) = self.null_move(position, depth, ply, beta, stop) {
                return score;
            }
        }

        let alpha_before = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let count = moves.len();
        for searched in 0..count {
            pick_next(&mut moves, &mut keys[..count], searched);
            let m = moves[searched];
            let mut child = *position;
            let quiet = child.play_unchecked(m).is_empty();
            self.path.push(child.hash());
            let score = if searched == 0 {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, stop)
            } else {
                let reduction =
                    if depth >= 3 && searched >= 3 && Ordering::is_ordinary(keys[searched]) {
                        1 + i32::from(searched >= 8 && depth >= 5)
                    } else {
                        0
                    };
                let mut score = -self.negamax(
                    &child,
                    depth - 1 - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    stop,
                );
                if score > alpha && reduction > 0 {
                    score = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha, stop);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, stop);
                }
                score
            };
            self.path.pop();
            if self.aborted {
                return ABORTED;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        if quiet {
                            self.ordering.reward(m, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha_before {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(
            key,
            depth,
            node_relative(best_score, ply, MATE_SCORES),
            bound,
            best_move,
        );
        best_score
    }

    /// Null-move pruning: if passing still leaves the side to move at or above beta, a real move
    /// will too (passing is a legal ply here, but moving is rarely worse). Skipped when the
    /// treasure is threatened or the evaluation is below beta.
    fn null_move(
        &mut self,
        position: &Position,
        depth: i32,
        ply: usize,
        beta: i32,
        stop: &CancelToken,
    ) -> Option<i32> {
        if evaluate(position) < beta || treasure_threat(position).is_some() {
            return None;
        }
        let mut passed = *position;
        passed.pass();
        self.path.push(passed.hash());
        let reduction = 2 + i32::from(depth >= 7);
        let score = -self.negamax(
            &passed,
            depth - 1 - reduction,
            ply + 1,
            -beta,
            -beta + 1,
            stop,
        );
        self.path.pop();
        (score >= beta && !self.aborted).then_some(beta)
    }

    /// Quiescence: only captures, unless the opponent threatens the treasure, in which case every
    /// move is tried (standing pat would ignore the threat).
    fn quiesce(
        &mut self,
        position: &Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        qply: u32,
        stop: &CancelToken,
    ) -> i32 {
        if self.visit(stop) {
            return ABORTED;
        }
        let mut moves = position.legal_moves();
        if moves.is_empty() {
            return -MATE + ply as i32;
        }
        if position.quiet_plies() >= QUIET_LIMIT {
            return self.draw_score(ply);
        }
        if let Some(score) = self.endgame_score(position, ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(position);
        }
        let mut keys = [0i32; duobao_rules::MAX_MOVES];
        let mut captures = 0;
        for (i, &m) in moves.iter().enumerate() {
            let mut child = *position;
            let captured = child.play_unchecked(m).len();
            if child.count_moves() == 0 {
                return MATE - ply as i32 - 1;
            }
            keys[i] = captured as i32;
            captures += usize::from(captured > 0);
        }
        let evading = qply < EVASION_PLIES && treasure_threat(position).is_some();
        let mut best = -INFINITY;
        if !evading {
            best = evaluate(position);
            if best >= beta || captures == 0 {
                return best;
            }
            alpha = alpha.max(best);
        }
        let total = moves.len();
        let count = if evading { total } else { captures };
        for tried in 0..count {
            pick_next(&mut moves, &mut keys[..total], tried);
            let mut child = *position;
            child.play_unchecked(moves[tried]);
            let score = -self.quiesce(&child, ply + 1, -beta, -alpha, qply + 1, stop);
            if self.aborted {
                return ABORTED;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The exact score of a position the tables hold, at `ply`: a win or loss as a mate score
    /// (unless too far away for one), a draw as the search scores draws.
    fn endgame_score(&self, position: &Position, ply: usize) -> Option<i32> {
        let mate_in = |plies: u32| {
            let distance = ply + plies as usize;
            (distance < MAX_PLY).then(|| MATE - distance as i32)
        };
        match self.endgames?.probe(position)? {
            Probe::Win { plies } => mate_in(plies),
            Probe::Loss { plies } => mate_in(plies).map(|score| -score),
            Probe::Draw => Some(self.draw_score(ply)),
            Probe::WinOrDraw { .. } | Probe::LossOrDraw { .. } => None,
        }
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = Some(m);
        let end = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..end {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = end;
    }
}

/// The endgame tables as the search reads them: positions with more soldiers than any table
/// holds are passed over without a look.
#[derive(Copy, Clone)]
struct Endgames<'a> {
    tables: &'a Tablebase,
    most_soldiers: u32,
}

impl<'a> Endgames<'a> {
    fn new(tables: &'a Tablebase) -> Endgames<'a> {
        let most_soldiers = tables.tables().map(|t| t.slice().soldiers()).max();
        Endgames {
            tables,
            most_soldiers: most_soldiers.unwrap_or(0),
        }
    }

    fn probe(self, position: &Position) -> Option<Probe> {
        let soldiers = position.occupied().len() - 1;
        (soldiers <= self.most_soldiers)
            .then(|| self.tables.probe(position))
            .flatten()
    }

    /// True when the tables give `position` an exact value.
    fn decides(self, position: &Position) -> bool {
        self.probe(position).is_some_and(Probe::is_exact)
    }
}

#[cfg(test)]
mod tests {
    use duobao_rules::{Color, Point};

    use super::*;

    fn search(game: &Game, depth: u32) -> SearchResult {
        let limits = SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        };
        Searcher::with_table_megabytes(4).search(game, limits, &CancelToken::new(), |_| {})
    }

    /// Black, two soldiers against seven, shuffles b5-c5 while Red shuffles a2-a3.
    fn shuffled_game(shuffles: usize) -> Game {
        let mut game = Game::from_fen("B.B/...../..T../RR.RR/RRR r - 0").unwrap();
        for ply in ["a2a3", "b5c5", "a3a2", "c5b5"]
            .iter()
            .cycle()
            .take(shuffles)
        {
            game.play(ply.parse().unwrap()).unwrap();
        }
        game
    }

    #[test]
    fn the_losing_side_repeats_for_a_draw_when_the_history_allows() {
        // The position after c5b5 stood twice already: a third time draws.
        let game = shuffled_game(7);
        let result = search(&game, 6);
        assert_eq!(result.best.map(|m| m.to_string()).as_deref(), Some("c5b5"));
        assert_eq!(result.info.score, DRAW);
        // The same position without that history offers no draw.
        let fresh = Game::from_position(*game.position());
        assert!(search(&fresh, 6).info.score < -SOLDIER_HALF);
    }

    const SOLDIER_HALF: i32 = 50;

    #[test]
    fn the_quiet_limit_is_a_draw() {
        let lost = Game::from_fen("B../...../..T../RR.RR/RRR b - 0").unwrap();
        assert!(search(&lost, 6).info.score < -SOLDIER_HALF);
        let at_the_limit = Game::from_fen("B../...../..T../RR.RR/RRR b - 99").unwrap();
        assert_eq!(search(&at_the_limit, 6).info.score, DRAW);
    }

    #[test]
    fn a_drawn_game_has_no_move_to_play() {
        let quiet = Game::from_fen("B../...../..T../RR.RR/RRR b - 100").unwrap();
        let repeated = shuffled_game(8);
        for game in [quiet, repeated] {
            assert!(game.is_over());
            assert_eq!(search(&game, 4).best, None, "{}", game.position());
        }
    }

    #[test]
    fn an_immediate_win_is_found_and_scored_as_mate() {
        let game = Game::from_fen("BB./B.R.B/..T../.R.../RR. r - 0").unwrap();
        let result = search(&game, 4);
        assert_eq!(result.info.score, MATE - 1);
        let mut child = *game.position();
        child.play_unchecked(result.best.unwrap());
        assert!(child.treasure().is_none());
    }

    #[test]
    fn a_forced_win_ends_its_line_with_the_winning_move() {
        // A shipped puzzle: Red wins in 3 plies, c3b4 first.
        let game = Game::from_fen("BBB/B..R./RTRBR/..R../.RR r L 7").unwrap();
        let result = search(&game, 5);
        assert_eq!(result.info.score, MATE - 3);
        let mut replay = game.clone();
        for &m in &result.info.pv {
            replay.play(m.into()).unwrap();
        }
        assert_eq!(result.info.pv.len(), 3);
        assert_eq!(
            replay.result().and_then(|result| result.winner()),
            Some(Color::Red)
        );
    }

    #[test]
    fn multi_pv_lines_begin_with_distinct_moves_and_score_as_an_exact_search_does() {
        let game = Game::from_fen(".B./BB..B/..RT./.R..R/R.. b - 2").unwrap();
        let limits = SearchLimits {
            depth: Some(5),
            multi_pv: 3,
            ..SearchLimits::default()
        };
        let mut reported = Vec::new();
        let result =
            Searcher::with_table_megabytes(4).search(&game, limits, &CancelToken::new(), |info| {
                reported.push(info.lines.len())
            });
        assert_eq!(reported, [3; 5]);
        let lines = &result.info.lines;
        assert_eq!(
            (lines[0].score, &lines[0].pv),
            (result.info.score, &result.info.pv)
        );
        let firsts: Vec<Move> = lines.iter().map(|line| line.pv[0]).collect();
        let roots: Vec<Move> = result.root_moves[..3].iter().map(|root| root.mv).collect();
        assert_eq!(firsts, roots);
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        for line in lines {
            assert_eq!(line.pv.len(), 5, "{line:?}");
        }
        let exact = SearchLimits {
            depth: Some(5),
            score_all_moves: true,
            ..SearchLimits::default()
        };
        let all =
            Searcher::with_table_megabytes(4).search(&game, exact, &CancelToken::new(), |_| {});
        let best_three: Vec<i32> = all.root_moves[..3].iter().map(|root| root.score).collect();
        let scores: Vec<i32> = lines.iter().map(|line| line.score).collect();
        assert_eq!(scores, best_three);
    }

    #[test]
    fn with_endgame_tables_the_search_plays_the_shortest_win_and_the_longest_defence() {
        let tables = Arc::new(Tablebase::build(3, |_| {}).unwrap());
        let mut searcher = Searcher::with_table_megabytes(1);
        searcher.set_tablebase(Some(tables.clone()));
        let limits = SearchLimits {
            depth: Some(8),
            ..SearchLimits::default()
        };
        // Two Red soldiers against one Black, either to move: the first placements (in point
        // order) that the tables call won, or lost, in a dozen plies or more.
        let points: Vec<Point> = Point::all().collect();
        let mut placements = Vec::new();
        for &treasure in &points {
            for (i, &a) in points.iter().enumerate() {
                for &b in &points[i + 1..] {
                    for &black in &points {
                        placements.push((a.set() | b.set(), black.set(), treasure));
                    }
                }
            }
        }
        let long = |turn: Color| {
            placements.iter().find_map(|&(red, black, treasure)| {
                // Placements with two pieces on a point are no positions.
                let position = Position::new(red, black, Some(treasure), turn, false, 0).ok()?;
                let plies = match tables.probe(&position)? {
                    Probe::Win { plies } | Probe::Loss { plies } => plies,
                    _ => return None,
                };
                (plies >= 12).then_some(Game::from_position(position))
            })
        };
        for game in [long(Color::Red).unwrap(), long(Color::Black).unwrap()] {
            let fen = game.position().to_fen();
            let (plies, expected) = match tables.probe(game.position()).unwrap() {
                Probe::Win { plies } => (plies, Probe::Loss { plies: plies - 1 }),
                Probe::Loss { plies } => (plies, Probe::Win { plies: plies - 1 }),
                other => panic!("{fen}: {other}"),
            };
            let result = searcher.search(&game, limits, &CancelToken::new(), |_| {});
            assert_eq!(result.info.score.abs(), MATE - plies as i32, "{fen}");
            assert!(
                result.info.depth <= MIN_DEPTH,
                "a decided root needs no deep search"
            );
            let mut child = *game.position();
            child.play_unchecked(result.best.unwrap());
            assert_eq!(tables.probe(&child), Some(expected), "{fen}");
        }
    }

    #[test]
    fn a_stopped_search_still_answers_with_a_legal_move() {
        let stop = CancelToken::new();
        stop.cancel();
        let game = Game::new();
        let result =
            Searcher::with_table_megabytes(1).search(&game, SearchLimits::default(), &stop, |_| {});
        assert!(game.position().is_legal(result.best.unwrap()));
    }
}
