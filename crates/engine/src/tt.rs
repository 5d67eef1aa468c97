//! The transposition tables: results keyed by the position's Zobrist hash, so that a position
//! reached by another move order, or again in the next iteration, is not searched anew. The
//! search's [`SearchTable`] keeps a score and which bound it is, one entry a slot; the exact
//! solver's [`SolverTable`] keeps both bounds of a value that is proven or undecided, the
//! deepest entry of a bucket beside the newest. Both are sized alike, and the helpers that key
//! their positions and store their forced results are written here once, so that the search and
//! the solver cannot drift apart.

use std::ops::RangeInclusive;

use duobao_rules::{Move, Point, GRID_POINTS};

/// Either table's size unless its owner asks for another; smaller on the web, where a page's
/// memory is tighter.
pub(crate) const DEFAULT_TABLE_MEGABYTES: usize = if cfg!(target_arch = "wasm32") { 8 } else { 32 };

/// The Zobrist hash leaves out the quiet count, but the quiet limit can make one placement a
/// draw at one count and not at another, so a key that must tell counts apart mixes the count
/// in. The multiplier is odd, so no two counts give one hash the same key.
pub(crate) fn key_with_quiet_count(hash: u64, quiet_count: u32) -> u64 {
    hash ^ u64::from(quiet_count).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// A score for the table: while searching, a forced win or loss counts its distance from the
/// root, but an entry must hold wherever its position is met again, at any ply, so it is stored
/// counting from the entry's own node, `ply` plies below the root. `decided` holds the
/// magnitudes of forced wins and losses; any other score (undecided, or a sentinel beyond them)
/// is stored as it is.
pub(crate) fn node_relative(score: i32, ply: usize, decided: RangeInclusive<i32>) -> i32 {
    shift_decided(score, ply as i32, decided)
}

/// The score a table entry gives at `ply` plies below the root: the inverse of
/// [`node_relative`].
pub(crate) fn root_relative(score: i32, ply: usize, decided: RangeInclusive<i32>) -> i32 {
    shift_decided(score, -(ply as i32), decided)
}

/// Moves a forced result `plies` further from the end (a win's score falls, a loss's rises),
/// or closer for negative `plies`.
fn shift_decided(score: i32, plies: i32, decided: RangeInclusive<i32>) -> i32 {
    if decided.contains(&score.abs()) {
        score + plies * score.signum()
    } else {
        score
    }
}

/// What a stored score says about the true score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

#[derive(Copy, Clone, Default)]
struct Entry {
    key: u64,
    score: i16,
    /// The best move as `from * GRID_POINTS + to + 1` (by point index), 0 for none.
    best: u16,
    depth: i8,
    /// 0 for an empty slot, else 1 + the `Bound` discriminant.
    bound: u8,
    generation: u8,
}

/// A probe hit.
#[derive(Copy, Clone, Debug)]
pub struct Hit {
    pub score: i32,
    pub best: Option<Move>,
    pub depth: i32,
    pub bound: Bound,
}

/// How many buckets of `bucket_bytes` fit in about `megabytes` MiB, rounded down to a power
/// of two so that a key's low bits choose its bucket.
fn bucket_count(megabytes: usize, bucket_bytes: usize) -> usize {
    let fitting = ((megabytes.max(1) << 20) / bucket_bytes).max(1);
    1 << fitting.ilog2()
}

/// The bucket of `key` among `buckets`, a power of two (as [`bucket_count`] gives): the key's
/// low bits, as uniform as any in a Zobrist hash.
fn bucket_of(key: u64, buckets: usize) -> usize {
    key as usize & (buckets - 1)
}

/// The search's table: one entry a slot, replaced unless it holds a deeper result of the
/// current search.
pub struct SearchTable {
    entries: Vec<Entry>,
    generation: u8,
}

impl SearchTable {
    /// A table of about `megabytes` MiB.
    pub fn new(megabytes: usize) -> SearchTable {
        let len = bucket_count(megabytes, std::mem::size_of::<Entry>());
        SearchTable {
            entries: vec![Entry::default(); len],
            generation: 0,
        }
    }

    /// Marks later stores as newer, so they win over entries of earlier searches.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn slot(&self, key: u64) -> usize {
        bucket_of(key, self.entries.len())
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let entry = self.entries[self.slot(key)];
        if entry.bound == 0 || entry.key != key {
            return None;
        }
        let bound = match entry.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            score: i32::from(entry.score),
            best: decode(entry.best),
            depth: i32::from(entry.depth),
            bound,
        })
    }

    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: Option<Move>) {
        let slot = self.slot(key);
        let old = self.entries[slot];
        let replace = old.bound == 0
            || old.key == key
            || old.generation != self.generation
            || depth >= i32::from(old.depth);
        if !replace {
            return;
        }
        // Keep the old best move when this search found none (an all-node) for the same position.
        let best = match best {
            Some(m) => encode(m),
            None if old.key == key => old.best,
            None => 0,
        };
        self.entries[slot] = Entry {
            key,
            score: score.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            best,
            depth: depth.clamp(0, i8::MAX.into()) as i8,
            bound: 1 + bound as u8,
            generation: self.generation,
        };
    }
}

/// What the solver keeps of a position: bounds on its value within `depth` plies, relative to
/// the position (the solver's values: a win in `k` plies from it, a loss, or undecided), and the
/// best move found.
#[derive(Copy, Clone, Debug)]
pub struct SolverEntry {
    pub key: u64,
    pub lower: i32,
    pub upper: i32,
    pub depth: u32,
    pub best: Option<Move>,
}

/// The solver's table: buckets of two entries, one kept for the deepest search, one always
/// replaced.
pub struct SolverTable {
    slots: Vec<Option<SolverEntry>>,
    buckets: usize,
}

/// Entries in a bucket of the solver's table.
const SOLVER_WAYS: usize = 2;

impl SolverTable {
    /// A table of about `megabytes` MiB.
    pub fn new(megabytes: usize) -> SolverTable {
        let bucket_bytes = SOLVER_WAYS * std::mem::size_of::<Option<SolverEntry>>();
        let buckets = bucket_count(megabytes, bucket_bytes);
        SolverTable {
            slots: vec![None; buckets * SOLVER_WAYS],
            buckets,
        }
    }

    pub fn clear(&mut self) {
        self.slots.fill(None);
    }

    fn bucket(&self, key: u64) -> usize {
        bucket_of(key, self.buckets) * SOLVER_WAYS
    }

    pub fn probe(&self, key: u64) -> Option<SolverEntry> {
        let at = self.bucket(key);
        self.slots[at..at + SOLVER_WAYS]
            .iter()
            .flatten()
            .find(|entry| entry.key == key)
            .copied()
    }

    pub fn store(&mut self, entry: SolverEntry) {
        let at = self.bucket(entry.key);
        let deep = &mut self.slots[at];
        let replaces_deep = deep.is_none_or(|old| old.key == entry.key || old.depth <= entry.depth);
        if replaces_deep {
            *deep = Some(entry);
        } else {
            self.slots[at + 1] = Some(entry);
        }
    }
}

fn encode(m: Move) -> u16 {
    (m.from().index() * GRID_POINTS + m.to().index() + 1) as u16
}

fn decode(code: u16) -> Option<Move> {
    let code = usize::from(code.checked_sub(1)?);
    Some(Move::new(
        Point::from_index(code / GRID_POINTS)?,
        Point::from_index(code % GRID_POINTS)?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_rules::QUIET_LIMIT;

    #[test]
    fn tables_are_sized_in_powers_of_two_of_buckets() {
        assert_eq!(bucket_count(1, 16), 1 << 16);
        assert_eq!(bucket_count(1, 48), 1 << 14);
        assert_eq!(bucket_count(32, 48), 1 << 19);
        assert_eq!(bucket_count(0, 1 << 21), 1);
    }

    /// The helpers know no scale of their own; the tests use one like the solver's: a win now
    /// is 1000, a win in `k` plies `1000 - k`.
    const WIN: i32 = 1000;
    const DECIDED: RangeInclusive<i32> = WIN - 199..=WIN;

    #[test]
    fn a_forced_result_stored_at_one_ply_reads_its_own_distance_at_another() {
        // A win 5 plies after a node first met 3 plies from the root, met again at ply 10.
        let stored = node_relative(WIN - 3 - 5, 3, DECIDED);
        assert_eq!(stored, WIN - 5);
        assert_eq!(root_relative(stored, 10, DECIDED), WIN - 10 - 5);
        let loss = node_relative(-(WIN - 3 - 5), 3, DECIDED);
        assert_eq!(root_relative(loss, 10, DECIDED), -(WIN - 10 - 5));
        // Undecided scores and the sentinels beyond the decided ones are no distances.
        for score in [0, 120, -(WIN - 200), WIN + 1, -(WIN + 1)] {
            assert_eq!(node_relative(score, 3, DECIDED), score);
            assert_eq!(root_relative(score, 10, DECIDED), score);
        }
    }

    #[test]
    fn every_quiet_count_keys_a_hash_apart() {
        let hash = 0x0123_4567_89AB_CDEF;
        let mut keys: Vec<u64> = (0..=2 * QUIET_LIMIT)
            .map(|count| key_with_quiet_count(hash, count))
            .collect();
        assert_eq!(keys[0], hash, "a count of 0 leaves the hash as it is");
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 2 * QUIET_LIMIT as usize + 1);
    }

    #[test]
    fn keys_land_in_the_table_by_their_low_bits() {
        for buckets in [1, 2, 1 << 14] {
            let mut key = 0x9E37_79B9_7F4A_7C15_u64;
            for _ in 0..1000 {
                key = key.rotate_left(17).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                let bucket = bucket_of(key, buckets);
                assert!(bucket < buckets);
                assert_eq!(
                    bucket_of(key.wrapping_add(3 * buckets as u64), buckets),
                    bucket
                );
                assert_eq!(bucket_of(key % buckets as u64, buckets), bucket);
            }
        }
    }

    #[test]
    fn stores_and_finds_an_entry_by_its_full_key() {
        let mut table = SearchTable::new(1);
        let m: Move = "c1c2".parse().unwrap();
        table.store(12345, 4, -77, Bound::Lower, Some(m));
        let hit = table.probe(12345).unwrap();
        assert_eq!(
            (hit.score, hit.best, hit.depth, hit.bound),
            (-77, Some(m), 4, Bound::Lower)
        );
        assert!(table.probe(12345 + (1 << 40)).is_none());
    }

    #[test]
    fn the_solver_keeps_its_deepest_entry_beside_the_newest() {
        let mut table = SolverTable::new(1);
        let entry = |key, depth| SolverEntry {
            key,
            lower: 0,
            upper: 0,
            depth,
            best: None,
        };
        let buckets = table.buckets as u64;
        table.store(entry(1, 9));
        table.store(entry(1 + buckets, 3));
        table.store(entry(1 + 2 * buckets, 4));
        assert_eq!(table.probe(1).map(|found| found.depth), Some(9));
        assert!(
            table.probe(1 + buckets).is_none(),
            "the newest took its place"
        );
        assert_eq!(
            table.probe(1 + 2 * buckets).map(|found| found.depth),
            Some(4)
        );
        table.clear();
        assert!(table.probe(1).is_none());
    }
}
