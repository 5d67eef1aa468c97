//! The analysis board: any position explored with both sides' moves kept as a tree of
//! variations, the engine's best lines and the exact solver's verdict beside it, and from any
//! position an edit, a link or a new game.

mod engine;
mod model;
mod panel;
mod readout;
mod server_tables;
mod tree;
mod view;

pub use view::{AnalysisScreenBody, AnalysisScreenBodyProps};
