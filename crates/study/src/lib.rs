//! The study services of Duobao Qi Bing · Seven Soldiers (夺宝棋兵 · 七兵), built on the engine
//! (`duobao-engine`): game [`Review`] on the exact solver, "win in N" [`Puzzle`]s, the analysis
//! board — the engine's best lines as they deepen ([`analyse_lines`]) and the exact verdict
//! ([`analyse_verdict`]) — the exact outcomes the endgame tables state ([`table_solution`]), and
//! the levels' benchmark ([`bench`](mod@bench)).
//!
//! All the long work is plain blocking code that stops when its `CancelToken` is raised, run on
//! whatever thread it is given: the app's engine work is a [`Job`] worked out by [`run_job`] (on
//! the web in a Web Worker). Natively an async caller can also await an analysis off its thread
//! (`analyse`, which `duobao analyse` runs), or any blocking work (`run_off_thread`).

mod analysis;
pub mod bench;
mod endgames;
mod job;
mod puzzles;
mod review;
#[cfg(not(target_arch = "wasm32"))]
mod runner;

#[cfg(not(target_arch = "wasm32"))]
pub use analysis::analyse;
pub use analysis::{
    analyse_lines, analyse_verdict, AnalysisEvent, AnalysisLimit, AnalysisSettings,
    AnalysisVerdict, EngineLine, EngineLines, LineValue, MAX_ANALYSIS_LINES,
};
pub use endgames::table_solution;
pub use job::{run_job, Finding, ForcedLine, Job, JobRun};
pub use puzzles::{
    generate, longest_defence, verify, BadPuzzle, Puzzle, PuzzleAttempt, PuzzleStep,
    MAX_PUZZLE_MOVES,
};
pub use review::{review_game, KnownOutcome, PlyReview, Review, ReviewSettings, Verdict};
#[cfg(not(target_arch = "wasm32"))]
pub use runner::run_off_thread;
