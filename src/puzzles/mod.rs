//! "Win in N" puzzles: the shipped list, a puzzle being solved move by move against the
//! defender's best replies, and the progress kept on the device.

mod judge;
mod model;
mod progress;
mod view;

pub use progress::puzzles_solved;
pub use view::PuzzlesScreenBody;
