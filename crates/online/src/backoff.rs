//! How long a game's task waits before its clock tries the database again after a failure:
//! twice as long after each failure in a row, from 250 ms up to 16 s, so that a database that is
//! away is not asked in a spin by every game; the task says so in the log each time the wait
//! changes, and once when the database answers again, not at every try.

use std::time::Duration;

use tokio::time::Instant;

const FIRST: Duration = Duration::from_millis(250);
const LONGEST: Duration = Duration::from_secs(16);

/// The failures in a row of one game's writes.
#[derive(Default)]
pub struct Backoff {
    wait: Option<Duration>,
    until: Option<Instant>,
}

impl Backoff {
    /// A write failed: the wait before the next try, if it is not what it was (to be logged).
    pub fn failed(&mut self) -> Option<Duration> {
        let wait = self.wait.map_or(FIRST, |wait| (wait * 2).min(LONGEST));
        let changed = self.wait != Some(wait);
        self.wait = Some(wait);
        self.until = Some(Instant::now() + wait);
        changed.then_some(wait)
    }

    /// A write went through: whether it had been failing (to be logged).
    pub fn succeeded(&mut self) -> bool {
        self.until = None;
        self.wait.take().is_some()
    }

    /// Not before this may the clock try again.
    pub fn until(&self) -> Option<Instant> {
        self.until
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_up_to_its_cap_and_is_told_only_when_it_changes() {
        let mut backoff = Backoff::default();
        let told: Vec<Option<Duration>> = (0..9).map(|_| backoff.failed()).collect();
        let ms = |ms| Some(Duration::from_millis(ms));
        assert_eq!(
            told,
            [
                ms(250),
                ms(500),
                ms(1000),
                ms(2000),
                ms(4000),
                ms(8000),
                ms(16000),
                None,
                None
            ]
        );
        assert!(backoff.until().is_some());
        assert!(backoff.succeeded());
        assert!(!backoff.succeeded());
        assert_eq!(backoff.until(), None);
        assert_eq!(backoff.failed(), ms(250));
    }
}
