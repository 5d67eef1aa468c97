//! "Win in N" puzzles: the shipped list, a puzzle being solved move by move against the
//! defender's best replies, and the progress kept on the device.

mod model;
mod progress;
mod view;

pub use progress::{load_puzzle_progress, puzzles_solved, save_puzzle_progress, PuzzleProgress};
pub use view::PuzzlesScreen;
