//! The AI of Duobao Qi Bing · Seven Soldiers (夺宝棋兵 · 七兵): an iterative-deepening alpha-beta
//! search with four difficulty levels, a plain Monte-Carlo tree search player kept as an
//! independent yardstick, and the levels' benchmark ([`bench`](mod@bench)). For learning the
//! game: an exact forced-win [`Solver`], game [`Review`] built on it, "win in N" [`Puzzle`]s,
//! and the analysis board: the engine's best lines as they deepen ([`analyse_lines`]) and the
//! exact verdict ([`analyse_verdict`]). The proven win from the start is built in ([`proven`]):
//! Master plays it as Red, and the review states it. Given endgame tables
//! ([`Searcher::set_tablebase`]), the search plays the positions they hold perfectly, and a
//! review states their exact outcomes ([`table_solution`]).
//!
//! All the long work is plain blocking code that stops when its [`CancelToken`] is raised, run
//! on whatever thread it is given: the app's engine work is a [`Job`] worked out by
//! [`run_job`] (on the web in a Web Worker). Natively an async caller can also await an
//! analysis off its thread (`analyse`, which `duobao analyse` runs).
//!
//! ```no_run
//! use duobao_ai::{choose_move, CancelToken, Level};
//! let game = duobao_rules::Game::new();
//! let reply = choose_move(&game, Level::Medium, 7, None, &CancelToken::new());
//! ```

mod analysis;
pub mod bench;
mod cancel;
mod endgames;
mod eval;
mod job;
mod level;
mod mcts;
mod ordering;
mod outcome;
mod prove;
mod proven;
mod puzzles;
mod review;
#[cfg(not(target_arch = "wasm32"))]
mod runner;
mod search;
mod solve;
mod swap;
mod tactics;
mod think;
mod tt;

#[cfg(not(target_arch = "wasm32"))]
pub use analysis::analyse;
pub use analysis::{
    analyse_lines, analyse_verdict, AnalysisEvent, AnalysisLimit, AnalysisSettings,
    AnalysisVerdict, EngineLine, EngineLines, LineValue, MAX_ANALYSIS_LINES,
};
pub use cancel::CancelToken;
#[cfg(not(target_arch = "wasm32"))]
pub use cancel::StopOnDrop;
pub use endgames::table_solution;
pub use eval::evaluate;
pub use job::{run_job, Finding, ForcedLine, Job};
pub use level::{BadLevel, Level, LevelPlayer};
pub use mcts::Mcts;
pub use outcome::Outcome;
pub use prove::{prove, ProveError};
pub use proven::{proven, Proven};
pub use puzzles::{
    generate, longest_defence, verify, BadPuzzle, Puzzle, PuzzleAttempt, PuzzleStep,
    MAX_PUZZLE_MOVES,
};
pub use review::{review_game, KnownOutcome, PlyReview, Review, ReviewSettings, Verdict};
#[cfg(not(target_arch = "wasm32"))]
pub use runner::run_off_thread;
pub use search::{
    RootMove, RootShare, SearchInfo, SearchLimits, SearchLine, SearchResult, Searcher, MATE,
    MATE_BOUND,
};
pub use solve::{Budget, Solution, Solver, MAX_HORIZON};
pub use swap::{first_move_inviting_no_swap, first_move_value, is_first_reply, takes_swap};
pub use tactics::{allows_treasure_capture, treasure_capture, treasure_threat};
pub use think::{best_of_shares, choose_in_share, choose_move, ShareMove, ThinkError};
