//! The engine of Duobao Qi Bing · Seven Soldiers (夺宝棋兵 · 七兵): an iterative-deepening
//! alpha-beta [`Searcher`] with four difficulty [`Level`]s, a plain Monte-Carlo tree search
//! player ([`Mcts`]) kept as an independent yardstick, and the exact forced-win [`Solver`].
//! A win the solver finds can be written down as a [`Certificate`] ([`prove`]) that the rules
//! alone check; the proven win from the start is built in ([`proven`], from
//! [`Certificate::START_WIN`]): Master plays it as Red. Given endgame tables
//! ([`Searcher::set_tablebase`]), the search plays the positions they hold perfectly.
//!
//! The search is plain blocking code that stops when its [`CancelToken`] is raised, run on
//! whatever thread it is given. The app's study services (review, puzzles, the analysis board,
//! the engine's work as jobs) are built on it in `duobao-study`.
//!
//! ```no_run
//! use duobao_engine::{choose_move, CancelToken, Level};
//! let game = duobao_rules::Game::new();
//! let reply = choose_move(&game, Level::Medium, 7, None, &CancelToken::new());
//! ```

mod cancel;
mod certificate;
mod eval;
mod level;
mod mcts;
mod ordering;
mod outcome;
mod prove;
mod proven;
mod search;
mod solve;
mod swap;
mod tactics;
mod think;
mod tt;

pub use cancel::CancelToken;
#[cfg(not(target_arch = "wasm32"))]
pub use cancel::StopOnDrop;
pub use certificate::{Certificate, CertificateError, CheckReport, Distances};
pub use eval::evaluate;
pub use level::{BadLevel, Level, LevelPlayer};
pub use mcts::Mcts;
pub use outcome::Outcome;
pub use prove::{prove, ProveError};
pub use proven::{proven, Proven};
pub use search::{
    RootMove, RootShare, SearchInfo, SearchLimits, SearchLine, SearchResult, Searcher, MATE,
    MATE_BOUND,
};
pub use solve::{Budget, Solution, Solver, MAX_HORIZON};
pub use swap::{first_move_inviting_no_swap, first_move_value, is_first_reply, takes_swap};
pub use tactics::{allows_treasure_capture, treasure_capture, treasure_threat};
pub use think::{best_of_shares, choose_in_share, choose_move, ShareMove, ThinkError};
