//! Bots that play live games on duobao-serve (crates/online) as docs/PROTOCOL.md describes
//! them, written from that page alone: the load benchmark (`duobao-bots`,
//! scripts/bench-online.sh) and the tests that kill servers under them (tests/).

mod abuse;
mod bots;
pub mod http;
pub mod protocol;
mod record;
mod replay;
mod shared;
pub mod socket;

pub use abuse::Abuse;
pub use bots::{run, Config};
pub use record::{AckedPly, Latency, Report, Summary};
pub use replay::replay;

/// Raises the soft limit of open files towards `wanted`, as far as the hard limit allows (a
/// bot's socket is a file); the limit in force after.
#[cfg(unix)]
pub fn raise_open_files(wanted: u64) -> Option<u64> {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let limit = getrlimit(Resource::Nofile);
    let current = limit.current?;
    let raised = limit.maximum.map_or(wanted, |hard| hard.min(wanted));
    if raised > current {
        let wanted = Rlimit {
            current: Some(raised),
            maximum: limit.maximum,
        };
        if setrlimit(Resource::Nofile, wanted).is_ok() {
            return Some(raised);
        }
    }
    Some(current)
}

#[cfg(not(unix))]
pub fn raise_open_files(_wanted: u64) -> Option<u64> {
    None
}
