//! A seat's network lag as the server measures it: the round trips of the server's own
//! protocol pings, timed by the server (never a time the client writes), and of the last few the
//! median, so that one slow answer, or one quick one, does not move the clock's allowance.

use std::collections::VecDeque;
use std::time::Duration;

use crate::model::Millis;

/// How many round trips are weighed: at a ping every 10 s, the last 50 s.
const SAMPLES: usize = 5;

/// The last round trips of one seat's sockets.
#[derive(Default)]
pub struct Lag {
    samples: VecDeque<Millis>,
}

impl Lag {
    pub fn record(&mut self, round_trip: Duration) {
        if self.samples.len() == SAMPLES {
            self.samples.pop_front();
        }
        self.samples
            .push_back(Millis::try_from(round_trip.as_millis()).unwrap_or(Millis::MAX));
    }

    /// The median round trip (of an even count, the lower middle), or nothing before any.
    pub fn figure(&self) -> Millis {
        let mut sorted: Vec<Millis> = self.samples.iter().copied().collect();
        sorted.sort_unstable();
        sorted
            .get(sorted.len().saturating_sub(1) / 2)
            .copied()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lag_of(round_trips: &[u64]) -> Millis {
        let mut lag = Lag::default();
        for &ms in round_trips {
            lag.record(Duration::from_millis(ms));
        }
        lag.figure()
    }

    #[test]
    fn one_odd_round_trip_does_not_move_the_figure() {
        assert_eq!(lag_of(&[]), 0);
        assert_eq!(lag_of(&[40]), 40);
        assert_eq!(lag_of(&[40, 5_000]), 40);
        assert_eq!(lag_of(&[40, 5_000, 50]), 50);
        assert_eq!(lag_of(&[40, 45, 1, 50, 60]), 45);
        // Only the last few count: a network that got slower is followed.
        assert_eq!(lag_of(&[10, 10, 10, 300, 300, 300, 300]), 300);
    }
}
