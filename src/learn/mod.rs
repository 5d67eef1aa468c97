//! Learn: a guided first game in short lessons, each one move on the real board. The lessons
//! and the judge of a move are free of any UI; the view shows them.

pub mod lessons;
mod view;

pub use view::LearnScreenBody;
