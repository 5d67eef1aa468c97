//! Where a game stands.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The second seat is free.
    Waiting,
    Playing,
    Ended,
}

impl Status {
    pub const ALL: [Status; 3] = [Status::Waiting, Status::Playing, Status::Ended];

    /// Its name on the wire and in the database.
    pub fn name(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Ended => "ended",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStatus(pub String);

impl fmt::Display for UnknownStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is no game status", self.0)
    }
}

impl std::error::Error for UnknownStatus {}

impl FromStr for Status {
    type Err = UnknownStatus;

    fn from_str(name: &str) -> Result<Status, UnknownStatus> {
        Status::ALL
            .into_iter()
            .find(|status| status.name() == name)
            .ok_or_else(|| UnknownStatus(name.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_reads_back_as_written() {
        for status in Status::ALL {
            assert_eq!(status.to_string().parse(), Ok(status));
            assert_eq!(
                serde_json::to_string(&status).unwrap(),
                format!("\"{status}\"")
            );
        }
        assert!("Playing".parse::<Status>().is_err());
    }
}
