//! The time a node judges the games by: the database's clock, as this node last measured its
//! offset to it (at start and at every heartbeat), so that the nodes on one database agree on
//! when a turn ends however their machines' clocks are set. A measurement is the database's time
//! read between two readings of this machine's: taken as read halfway through that round trip,
//! it is off by at most half of it; of the last few the one of the shortest round trip is
//! trusted, as NTP's clock filter does, since a slow answer says least.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::model::Millis;

/// How many measurements are weighed: at a heartbeat every 2 s, the last 16 s.
const SAMPLES: usize = 8;

/// A node's clock.
pub struct Clock {
    /// How far this machine's clock reads from the true time: nothing but in tests, which set a
    /// node's clock wrong on purpose.
    skew: Millis,
    /// What is added to this machine's time to read the database's.
    offset: AtomicI64,
    samples: Mutex<VecDeque<Sample>>,
}

#[derive(Copy, Clone)]
struct Sample {
    offset: Millis,
    round_trip: Millis,
}

impl Clock {
    /// A clock that reads this machine's time (`skew` ahead of it) until it is measured.
    pub fn new(skew: Millis) -> Clock {
        Clock {
            skew,
            offset: AtomicI64::new(0),
            samples: Mutex::new(VecDeque::with_capacity(SAMPLES)),
        }
    }

    /// This machine's time, milliseconds since the Unix epoch.
    pub fn machine(&self) -> Millis {
        let since_epoch = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as Millis);
        since_epoch + self.skew
    }

    /// The database's time, as last measured.
    pub fn now(&self) -> Millis {
        self.machine() + self.offset.load(Ordering::Relaxed)
    }

    /// Takes a measurement: the database read `database` while this machine's clock went from
    /// `before` to `after`.
    pub fn measured(&self, before: Millis, database: Millis, after: Millis) {
        let sample = Sample {
            offset: database - (before + after) / 2,
            round_trip: (after - before).max(0),
        };
        let mut samples = self.samples.lock().expect("clock samples");
        if samples.len() == SAMPLES {
            samples.pop_front();
        }
        samples.push_back(sample);
        if let Some(best) = samples.iter().min_by_key(|s| s.round_trip) {
            self.offset.store(best.offset, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_set_wrong_reads_the_database_once_measured() {
        let clock = Clock::new(2_500);
        let machine = clock.machine();
        // The database reads 2.5 s behind this machine, in the middle of a 10 ms round trip.
        clock.measured(machine, machine - 2_500 + 5, machine + 10);
        let truth = Clock::new(0).machine();
        assert!((clock.now() - truth).abs() < 100, "{}", clock.now() - truth);
    }

    #[test]
    fn the_shortest_round_trip_of_the_last_few_is_trusted() {
        let clock = Clock::new(0);
        let t = clock.machine();
        clock.measured(t, t + 1_000 + 2, t + 4);
        // A slow answer, its reading anywhere within 800 ms: not trusted over the quick one.
        clock.measured(t, t + 1_700, t + 800);
        assert!((clock.now() - clock.machine() - 1_000).abs() <= 2);
        // Once the quick one is old, the best of the newer ones counts.
        for _ in 0..SAMPLES {
            clock.measured(t, t + 500 + 10, t + 20);
        }
        assert!((clock.now() - clock.machine() - 500).abs() <= 2);
    }
}
