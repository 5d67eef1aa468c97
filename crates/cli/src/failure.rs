//! Why a command failed, and the exit status that tells it: 2 for a bad command line or input
//! (nothing on stdout), 1 when reading or writing failed, and quietly 141, as for a process
//! ended by SIGPIPE, when the reader of the output went away (`duobao moves | head -1`).

use std::io::{self, Write};
use std::process::ExitCode;

#[derive(Debug)]
pub enum Failure {
    /// The command line itself is wrong: reported as the argument parser reports its own errors.
    Usage(clap::Error),
    /// The input (a FEN, a move) is wrong.
    Input(String),
    /// Reading the input or writing the output failed.
    Io(io::Error),
}

/// The status of a process ended by SIGPIPE as shells report it (128 + 13).
const CLOSED_PIPE_STATUS: u8 = 141;

impl Failure {
    /// Reports the failure on stderr and gives the exit status.
    pub fn report(self) -> ExitCode {
        let (message, status) = match self {
            Failure::Usage(error) => error.exit(),
            Failure::Io(error) if error.kind() == io::ErrorKind::BrokenPipe => {
                return ExitCode::from(CLOSED_PIPE_STATUS)
            }
            Failure::Io(error) => (error.to_string(), 1),
            Failure::Input(message) => (message, 2),
        };
        // With stderr gone too there is nobody left to tell.
        let _ = writeln!(io::stderr(), "duobao: {message}");
        ExitCode::from(status)
    }
}
