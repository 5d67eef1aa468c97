//! Move ordering: the order in which a node tries its moves decides how much alpha-beta can
//! prune. The transposition-table move comes first, then captures (more pieces first), then the
//! killers of the ply (quiet moves that refuted a sibling), then quiet moves by history (how
//! often a move caused a cutoff anywhere in the tree).

use duobao_rules::{Move, GRID_POINTS};

/// Sort keys: each class lies above every key of the classes after it.
const HASH_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
/// History scores are halved when they reach this, keeping them below the killers.
const HISTORY_CAP: i32 = 1 << 20;

pub const MAX_PLY: usize = 96;

pub struct Ordering {
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Box<[[i32; GRID_POINTS]; GRID_POINTS]>,
}

impl Ordering {
    pub fn new() -> Ordering {
        Ordering {
            killers: [[None; 2]; MAX_PLY],
            history: Box::new([[0; GRID_POINTS]; GRID_POINTS]),
        }
    }

    /// Forgets the killers (they belong to one search's plies) and ages the history.
    pub fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        for row in self.history.iter_mut() {
            for score in row.iter_mut() {
                *score /= 8;
            }
        }
    }

    /// The sort key of `m` at `ply`; `captured` is the number of pieces it takes.
    pub fn key(&self, m: Move, ply: usize, hash_move: Option<Move>, captured: u32) -> i32 {
        if hash_move == Some(m) {
            HASH_MOVE
        } else if captured > 0 {
            CAPTURE + captured as i32
        } else if self.killers[ply][0] == Some(m) {
            KILLER + 1
        } else if self.killers[ply][1] == Some(m) {
            KILLER
        } else {
            self.history[m.from().index()][m.to().index()]
        }
    }

    /// True for keys of quiet moves that are neither the hash move nor a killer: the moves a
    /// search may reduce.
    pub fn is_ordinary(key: i32) -> bool {
        key < KILLER
    }

    /// Records a quiet move that caused a beta cutoff.
    pub fn reward(&mut self, m: Move, ply: usize, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(m) {
            killers[1] = killers[0];
            killers[0] = Some(m);
        }
        let score = &mut self.history[m.from().index()][m.to().index()];
        *score += depth * depth;
        if *score >= HISTORY_CAP {
            for row in self.history.iter_mut() {
                for s in row.iter_mut() {
                    *s /= 2;
                }
            }
        }
    }
}

/// Picks the move with the highest key among `keys[from..]` (the first of equal keys), swapping
/// it and its key to `from`: a lazy selection sort, since most nodes cut off after a move or
/// two. Returns where the move was, so that a caller keeping more beside each move (the solver
/// keeps the position it leads to) can swap that too.
pub fn pick_next(moves: &mut [Move], keys: &mut [i32], from: usize) -> usize {
    let mut best = from;
    for i in from + 1..keys.len() {
        if keys[i] > keys[best] {
            best = i;
        }
    }
    moves.swap(from, best);
    keys.swap(from, best);
    best
}
