//! Rate limits: token buckets, per client address for creating games, seeking and failed
//! attempts at a seat, and per socket for its frames.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// A bucket of `burst` tokens refilled at `per_second`.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    tokens: f64,
    refilled: Instant,
}

#[derive(Clone, Copy, Debug)]
pub struct Rate {
    pub per_second: f64,
    pub burst: f64,
}

impl Rate {
    /// Never runs out.
    pub const UNLIMITED: Rate = Rate {
        per_second: f64::INFINITY,
        burst: f64::INFINITY,
    };

    pub const fn per_minute(count: u32, burst: u32) -> Rate {
        Rate {
            per_second: count as f64 / 60.0,
            burst: burst as f64,
        }
    }
}

impl Bucket {
    pub fn full(rate: Rate) -> Bucket {
        Bucket {
            tokens: rate.burst,
            refilled: Instant::now(),
        }
    }

    fn refill(&mut self, rate: Rate, now: Instant) {
        if rate.per_second.is_infinite() {
            self.tokens = rate.burst;
            return;
        }
        let earned = now.duration_since(self.refilled).as_secs_f64() * rate.per_second;
        self.tokens = (self.tokens + earned).min(rate.burst);
        self.refilled = now;
    }

    /// Takes a token if there is one.
    pub fn take(&mut self, rate: Rate) -> bool {
        self.refill(rate, Instant::now());
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Whether a token is left, without taking it.
    pub fn has(&mut self, rate: Rate) -> bool {
        self.refill(rate, Instant::now());
        self.tokens >= 1.0
    }
}

/// The most addresses remembered; past it, those whose bucket is full again are forgotten.
const REMEMBERED: usize = 100_000;

/// A bucket per client address.
pub struct PerAddress {
    rate: Rate,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl PerAddress {
    pub fn new(rate: Rate) -> PerAddress {
        PerAddress {
            rate,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    fn with<T>(&self, address: IpAddr, f: impl FnOnce(&mut Bucket, Rate) -> T) -> T {
        let mut buckets = self.buckets.lock().expect("rate buckets");
        if buckets.len() >= REMEMBERED {
            let rate = self.rate;
            buckets.retain(|_, bucket| !bucket.has(rate) || bucket.tokens < rate.burst);
        }
        let bucket = buckets
            .entry(address)
            .or_insert_with(|| Bucket::full(self.rate));
        f(bucket, self.rate)
    }

    /// Takes a token for `address`: false when it has used them all.
    pub fn take(&self, address: IpAddr) -> bool {
        self.with(address, |bucket, rate| bucket.take(rate))
    }

    /// Whether `address` has a token left (taken only on a failure).
    pub fn has(&self, address: IpAddr) -> bool {
        self.with(address, |bucket, rate| bucket.has(rate))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_the_rate() {
        let limit = PerAddress::new(Rate::per_minute(60, 3));
        let here: IpAddr = "127.0.0.1".parse().unwrap();
        let there: IpAddr = "127.0.0.2".parse().unwrap();
        assert!(limit.take(here) && limit.take(here) && limit.take(here));
        assert!(!limit.take(here));
        assert!(!limit.has(here));
        assert!(limit.take(there), "each address has its own");
        std::thread::sleep(std::time::Duration::from_millis(1100));
        assert!(limit.take(here), "a token a second comes back");
    }
}
