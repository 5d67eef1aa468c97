//! The AI of Duobao Qi Bing · Seven Soldiers (夺宝棋兵 · 七兵): an iterative-deepening alpha-beta
//! search with four difficulty levels, an async [`think`] task the app awaits, a plain
//! Monte-Carlo tree search player kept as an independent yardstick, and the levels' benchmark
//! ([`bench`](mod@bench)).
//!
//! ```no_run
//! # async fn demo() {
//! use duobao_ai::{think, CancelToken, Level};
//! let game = duobao_rules::Game::new();
//! let reply: Result<_, duobao_ai::ThinkError> = think(game, Level::Medium, CancelToken::new()).await;
//! # }
//! ```

pub mod bench;
mod cancel;
mod eval;
mod level;
mod mcts;
mod ordering;
mod search;
mod tactics;
mod think;
mod tt;

pub use cancel::CancelToken;
pub use eval::evaluate;
pub use level::{BadLevel, Level, LevelPlayer};
pub use mcts::Mcts;
pub use search::{
    RootMove, Search, SearchInfo, SearchLimits, SearchResult, Searcher, MATE, MATE_BOUND,
};
pub use tactics::{allows_treasure_capture, treasure_capture};
pub use think::{think, ThinkError};
