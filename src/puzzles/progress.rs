//! Puzzle progress: the puzzles solved (by their position, so that a regenerated list keeps
//! them) and the streak of puzzles solved at the first try, each under its own key.

use std::collections::BTreeSet;

use crate::storage::{load, save, SaveError, Store};

const SOLVED: &str = "puzzles.solved";
const STREAK: &str = "puzzles.streak";

/// What the player has done in the puzzles.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct PuzzleProgress {
    /// The FENs of the puzzles solved.
    pub solved: BTreeSet<String>,
    /// Puzzles solved in a row without a wrong move.
    pub streak: u32,
}

impl PuzzleProgress {
    /// A puzzle solved; at the first try it lengthens the streak.
    pub fn record_solved(&mut self, fen: &str, first_try: bool) {
        self.solved.insert(fen.to_string());
        if first_try {
            self.streak += 1;
        }
    }

    /// A wrong move ends the streak.
    pub fn record_failed(&mut self) {
        self.streak = 0;
    }
}

/// The saved progress; a missing or damaged value reads as none.
pub fn load_puzzle_progress(store: &dyn Store) -> PuzzleProgress {
    PuzzleProgress {
        solved: load(store, SOLVED).unwrap_or_default(),
        streak: load(store, STREAK).unwrap_or_default(),
    }
}

pub fn save_puzzle_progress(store: &dyn Store, progress: &PuzzleProgress) -> Result<(), SaveError> {
    save(store, SOLVED, &progress.solved)?;
    save(store, STREAK, &progress.streak)
}

/// How many puzzles the player has solved (for the statistics).
pub fn puzzles_solved(store: &dyn Store) -> usize {
    load_puzzle_progress(store).solved.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{full_key, MemoryStore};

    #[test]
    fn progress_comes_back_and_counts_each_puzzle_once() {
        let store = MemoryStore::default();
        assert_eq!(load_puzzle_progress(&store), PuzzleProgress::default());
        let mut progress = PuzzleProgress::default();
        progress.record_solved("B../...../..T../.R.../... r - 0", true);
        progress.record_solved("B../...../..T../.R.../... r - 0", true);
        progress.record_solved("BBB/...../..T../.R.../... r - 0", false);
        assert_eq!(progress.streak, 2);
        save_puzzle_progress(&store, &progress).unwrap();
        assert_eq!(load_puzzle_progress(&store), progress);
        assert_eq!(puzzles_solved(&store), 2);
        progress.record_failed();
        assert_eq!(progress.streak, 0);
    }

    #[test]
    fn a_damaged_value_costs_only_itself() {
        let store = MemoryStore::default();
        let mut progress = PuzzleProgress::default();
        progress.record_solved("B../...../..T../.R.../... r - 0", true);
        save_puzzle_progress(&store, &progress).unwrap();
        store.write(&full_key(STREAK), "-3").unwrap();
        assert_eq!(load_puzzle_progress(&store).solved, progress.solved);
        assert_eq!(load_puzzle_progress(&store).streak, 0);
        store.write(&full_key(SOLVED), "{").unwrap();
        assert_eq!(puzzles_solved(&store), 0);
    }
}
