//! The rules pages: a quick start, then every rule of RULES.md in sections, illustrated with
//! small diagrams drawn by the game's own board.

mod content;
mod diagram;
mod diagrams;
mod view;

pub use view::RulesScreenBody;
