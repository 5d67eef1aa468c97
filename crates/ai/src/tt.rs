//! The transposition table: search results keyed by the position's Zobrist hash, so that a
//! position reached by another move order, or again in the next iteration, is not searched anew.

use duobao_rules::{Move, Point, GRID_POINTS};

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

pub struct Table {
    entries: Vec<Entry>,
    generation: u8,
}

impl Table {
    /// A table of about `megabytes` MiB (rounded down to a power of two of entries).
    pub fn new(megabytes: usize) -> Table {
        let wanted = (megabytes.max(1) << 20) / std::mem::size_of::<Entry>();
        let len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            entries: vec![Entry::default(); len],
            generation: 0,
        }
    }

    /// Marks later stores as newer, so they win over entries of earlier searches.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
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

    #[test]
    fn stores_and_finds_an_entry_by_its_full_key() {
        let mut table = Table::new(1);
        let m: Move = "c1c2".parse().unwrap();
        table.store(12345, 4, -77, Bound::Lower, Some(m));
        let hit = table.probe(12345).unwrap();
        assert_eq!(
            (hit.score, hit.best, hit.depth, hit.bound),
            (-77, Some(m), 4, Bound::Lower)
        );
        assert!(table.probe(12345 + (1 << 40)).is_none());
    }
}
