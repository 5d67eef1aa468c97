//! Whom a seeker is paired with, as lila's pool does it (`modules/pool`, `PoolMatcher`): the
//! closest rating first, within a gap that starts narrow and widens the longer either player
//! has waited, so that nobody waits forever for want of an exact match. A provisional player
//! pairs as their rating. Seekers without a name have no rating: they are paired only with one
//! another, the one waiting longest first. Pure: the store asks it, in the transaction that
//! pairs.

use crate::model::Millis;

/// The rating gap a pair may have when both have just arrived: about the gap between two
/// players who score 36 % and 64 % against each other, close enough for a fair game …
pub const START_GAP: f64 = 100.0;
/// … widened by this much for every second the one who waited less has waited: ±400 after 30 s,
/// ±1,000 after 90 s — the seek is renewed every 25 s and lives 40 s unseen, so a player waiting
/// for a minute or two is paired with whoever else waits.
pub const GAP_PER_SECOND: f64 = 10.0;
/// The most waiting seeks of one turn time read to choose from: the oldest, who are owed a game
/// first.
pub const CANDIDATES: i64 = 200;

/// A seeker as pairing sees them: their rating (`None` without a name) and since when they wait.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seeker {
    pub rating: Option<f64>,
    pub since: Millis,
}

/// The widest gap a seeker who has waited since `since` accepts at `now`.
pub fn accepted_gap(since: Millis, now: Millis) -> f64 {
    let waited = (now - since).max(0) as f64 / 1000.0;
    START_GAP + GAP_PER_SECOND * waited
}

/// The gap between two seekers if they may be paired at `now`: both signed in or both not, and
/// (when rated) no further apart than both accept.
fn gap(one: Seeker, other: Seeker, now: Millis) -> Option<f64> {
    match (one.rating, other.rating) {
        (None, None) => Some(0.0),
        (Some(a), Some(b)) => {
            let gap = (a - b).abs();
            let accepted = accepted_gap(one.since, now).min(accepted_gap(other.since, now));
            (gap <= accepted).then_some(gap)
        }
        _ => None,
    }
}

/// Which of `candidates` (oldest first) `seeker` is paired with at `now`: the closest rating
/// within the gap both accept, the one waiting longest among equals.
pub fn choose(seeker: Seeker, candidates: &[Seeker], now: Millis) -> Option<usize> {
    candidates
        .iter()
        .enumerate()
        .filter_map(|(index, candidate)| Some((index, gap(seeker, *candidate, now)?)))
        .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)))
        .map(|(index, _)| index)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: Millis = 1_800_000_000_000;

    fn rated(rating: f64, waited_seconds: i64) -> Seeker {
        Seeker {
            rating: Some(rating),
            since: NOW - waited_seconds * 1000,
        }
    }

    fn anonymous(waited_seconds: i64) -> Seeker {
        Seeker {
            rating: None,
            since: NOW - waited_seconds * 1000,
        }
    }

    #[test]
    fn the_gap_widens_with_waiting() {
        assert_eq!(accepted_gap(NOW, NOW), START_GAP);
        assert!(accepted_gap(NOW - 10_000, NOW) > accepted_gap(NOW, NOW));
        assert!(accepted_gap(NOW - 60_000, NOW) > accepted_gap(NOW - 10_000, NOW));
        // A newcomer 300 points away is refused at first, taken once both have waited.
        let newcomer = rated(1500.0, 0);
        assert_eq!(choose(newcomer, &[rated(1800.0, 60)], NOW), None);
        let later = NOW + 25_000;
        assert_eq!(choose(newcomer, &[rated(1800.0, 60)], later), Some(0));
        // Anyone is taken in the end: both waiting two minutes, 1,000 points apart.
        assert_eq!(
            choose(rated(1000.0, 120), &[rated(2000.0, 120)], NOW),
            Some(0)
        );
    }

    #[test]
    fn the_closest_rating_is_chosen_the_longest_waiting_among_equals() {
        let seeker = rated(1500.0, 30);
        let candidates = [
            rated(1580.0, 40),
            rated(1460.0, 35),
            rated(1540.0, 30),
            rated(1960.0, 200),
        ];
        assert_eq!(choose(seeker, &candidates, NOW), Some(1));
        let equals = [rated(1530.0, 50), rated(1470.0, 40)];
        assert_eq!(choose(seeker, &equals, NOW), Some(0));
        assert_eq!(choose(seeker, &[], NOW), None);
    }

    #[test]
    fn anonymous_and_signed_in_seekers_are_never_paired() {
        assert_eq!(choose(anonymous(0), &[rated(1500.0, 600)], NOW), None);
        assert_eq!(choose(rated(1500.0, 600), &[anonymous(600)], NOW), None);
        let mixed = [rated(1500.0, 90), anonymous(30), anonymous(10)];
        assert_eq!(
            choose(anonymous(0), &mixed, NOW),
            Some(1),
            "the oldest anonymous"
        );
    }
}
