//! Why a command failed: both kinds end with exit status 2 and nothing on stdout.

#[derive(Debug)]
pub enum Failure {
    /// The command line itself is wrong: reported as the argument parser reports its own errors.
    Usage(clap::Error),
    /// The input (a FEN, a move) is wrong, or the engine's input or output failed.
    Input(String),
}
