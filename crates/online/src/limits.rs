//! The limits that keep one client from taking the site (docs/SERVER.md, *Limits*): what each
//! bounds and why, then the token buckets (per client address for creating games, seeking and
//! failed attempts at a seat, per socket for its frames) and the counts of what an address holds
//! at once (its sockets, its watchers).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Games an address may create a minute, after a burst of 10: a game, a seek, and each rematch
/// offered or accepted (a rematch is a new game, and abort → rematch chains would otherwise
/// make games without end).
pub const CREATE_RATE: Rate = Rate::per_minute(30, 10);
/// Players an address may register an hour, after a burst of 5: a household names a few
/// players, a script that would take every good name (or fill the table) is held to a trickle.
/// The bench's bots each come from an address of their own (127.a.b.c) and register once.
pub const REGISTER_RATE: Rate = Rate::per_hour(5, 5);
/// Failed attempts at a seat a minute, after a burst of 10: a wrong secret, a wrong invitation,
/// an unknown game (looked at, joined or opened), a token that is no player's, a wrong sign-in
/// code, an unknown player looked up, so that secrets and codes cannot be guessed and looking
/// up what does not exist cannot load the database.
pub const FAILURE_RATE: Rate = Rate::per_minute(10, 10);
/// Sockets an address may open a minute, after a burst of 100: each one opened or closed is
/// told to everyone on its game (who is there) and, across nodes, sent through the database;
/// opening and closing watchers in a loop would make that without end. An app that reconnects
/// backs off (0.3 s, then up to 8 s), and two a second is more than a household needs.
pub const SOCKET_RATE: Rate = Rate::per_minute(120, 100);
/// A seat may offer a draw again only this many plies after its last offer, as lila has it
/// (`Game.playerHasOfferedDrawRecently`): offer → take back → offer again cannot fill the
/// game's history (each offer is stored and sent to everyone).
pub const DRAW_OFFER_EVERY_PLIES: u32 = 20;
/// The rematches of one game a seat may offer: the same bound for a game over, which has no
/// plies to count.
pub const REMATCH_OFFERS: u32 = 3;
/// Sockets open at once on one seat of one game: a player's phone, computer and a tab or two.
/// A new one replaces the oldest, which is told (`replaced`) and closed, so that a player who
/// lost track of old tabs is never locked out, and nobody can hold a seat's sockets by the
/// hundred.
pub const SEAT_SOCKETS: usize = 4;
/// Sockets open at once from one client address, seated or watching: a household behind one
/// address plays a few games; the site's connections (1024 by default) are not one address's.
pub const SOCKETS_PER_ADDRESS: usize = 64;
/// Of them, sockets watching (without a seat's secret): watching needs no secret, so it is
/// what a script would open by the hundred.
pub const WATCHERS_PER_ADDRESS: usize = 16;
/// Games found missing are remembered this long, so that a link to a game that is gone (an
/// invitation expired), opened again and again, costs neither a task nor a database query.
pub const MISSING_REMEMBERED_FOR: Duration = Duration::from_secs(60);
/// The most missing games remembered at once.
pub const MISSING_REMEMBERED: usize = 10_000;

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

    pub const fn per_hour(count: u32, burst: u32) -> Rate {
        Rate {
            per_second: count as f64 / 3600.0,
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

/// How many of something (sockets, watchers) each client address holds at once, at most `max`.
pub struct PerAddressCount {
    max: usize,
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One held by an address, given back when dropped.
pub struct Held {
    address: IpAddr,
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl PerAddressCount {
    pub fn new(max: usize) -> PerAddressCount {
        PerAddressCount {
            max,
            held: Arc::default(),
        }
    }

    /// One more for `address`, unless it holds `max` already.
    pub fn enter(&self, address: IpAddr) -> Option<Held> {
        let mut held = self.held.lock().expect("per-address counts");
        let count = held.entry(address).or_insert(0);
        if *count >= self.max {
            return None;
        }
        *count += 1;
        Some(Held {
            address,
            held: Arc::clone(&self.held),
        })
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.held.lock().expect("per-address counts");
        if let Some(count) = held.get_mut(&self.address) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                held.remove(&self.address);
            }
        }
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

    #[test]
    fn an_address_holds_at_most_its_share() {
        let sockets = PerAddressCount::new(2);
        let here: IpAddr = "127.0.0.1".parse().unwrap();
        let there: IpAddr = "127.0.0.2".parse().unwrap();
        let first = sockets.enter(here).unwrap();
        let _second = sockets.enter(here).unwrap();
        assert!(sockets.enter(here).is_none());
        assert!(sockets.enter(there).is_some(), "each address has its own");
        drop(first);
        assert!(
            sockets.enter(here).is_some(),
            "one given back may be taken again"
        );
    }

    #[test]
    fn the_refusals_give_the_limits_as_they_are() {
        use duobao_protocol::{Refusal, MAX_BODY};
        let says = |refusal: Refusal, number: String| {
            assert!(
                refusal.reason().contains(&number),
                "{refusal:?}: {}",
                refusal.reason()
            )
        };
        says(Refusal::OfferTooSoon, DRAW_OFFER_EVERY_PLIES.to_string());
        says(Refusal::TooManyOffers, REMATCH_OFFERS.to_string());
        says(Refusal::TooManySockets, SOCKETS_PER_ADDRESS.to_string());
        says(Refusal::TooManySockets, WATCHERS_PER_ADDRESS.to_string());
        says(Refusal::TooLarge, format!("{} KiB", MAX_BODY / 1024));
    }
}
