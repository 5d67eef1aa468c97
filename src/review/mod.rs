//! The review of a game: step through its positions, each ply judged in the background (best
//! to blunder, a blunder with its proof), an evaluation graph, and a new game from any
//! position.

mod model;
mod service;
mod view;

pub use view::{ReviewScreenBody, ReviewScreenBodyProps};
