//! "Win in N" puzzles: the shipped list, a puzzle being solved move by move against the
//! defender's best replies, and the progress kept on the device.

mod model;
mod view;

pub use view::PuzzlesScreen;
