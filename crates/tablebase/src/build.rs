//! Building the tables by retrograde analysis, a slice and its twin together (a quiet move
//! leads from one to the other), after every slice with fewer soldiers.
//!
//! Positions are decided level by level, a level being a distance in plies: level 0 holds the
//! finished games (the side to move is blockaded), and a position is decided at level `d` as
//! - a win in `d` (odd) once some move leads to a loss in `d − 1`;
//! - a loss in `d` (even) once every move leads to a win, the longest being `d − 1`.
//!
//! Moves within the pair are followed backwards from each newly decided position (see
//! [`for_each_predecessor`]); captures, which leave the pair, are looked up forwards once, at
//! the start, in the finished smaller slices. What is left undecided when no level adds
//! anything is a draw: neither side can force a win, however long the game.
//!
//! Each decided position's quiet budget is computed at its level too, from its children's,
//! which are all at lower levels: the winner's best budget among the moves that keep the
//! shortest win, the worst over all the loser's moves (see the crate docs).
//!
//! Every level is run in parallel over the positions, with `rayon`; the shared counters are
//! atomics, and each phase of a level ends before the next one starts.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU8, Ordering::Relaxed};
use std::time::{Duration, Instant};

use duobao_rules::{Position, QUIET_LIMIT};
use rayon::prelude::*;

use crate::placement::Placement;
use crate::predecessor::for_each_predecessor;
use crate::slice::Slice;
use crate::table::{SliceTable, Tablebase};
use crate::value::{is_win, Value, BEYOND_LIMIT, MAX_DISTANCE};

/// What the builder reports as it goes.
#[derive(Debug)]
pub enum BuildEvent<'a> {
    /// A slice and its twin (one slice when they are the same) are being built.
    Started {
        slices: &'a [Slice],
        positions: usize,
    },
    /// A level has been decided: `decided` positions of the pair so far.
    Level { level: u32, decided: usize },
    /// A slice is finished; `elapsed` is the time of the whole pair.
    Finished {
        table: &'a SliceTable,
        elapsed: Duration,
    },
}

/// Why the tables could not be built.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// A distance exceeds what a byte of the tables holds.
    DistanceTooLong(Slice),
    /// A slice that captures lead to, which must be built first, is not held.
    Missing(Slice),
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::DistanceTooLong(slice) => write!(
                f,
                "slice {slice} has a distance beyond {MAX_DISTANCE} plies, more than the tables hold"
            ),
            BuildError::Missing(slice) => {
                write!(f, "slice {slice} is needed first: captures lead to it")
            }
        }
    }
}

impl std::error::Error for BuildError {}

impl Tablebase {
    /// The tables of every slice with at most `max_soldiers` soldiers in all.
    pub fn build(
        max_soldiers: u32,
        on_event: impl FnMut(BuildEvent<'_>),
    ) -> Result<Tablebase, BuildError> {
        let mut tables = Tablebase::new();
        tables.extend_to(max_soldiers, on_event)?;
        Ok(tables)
    }

    /// Builds the slices with at most `max_soldiers` soldiers that are not held yet.
    pub fn extend_to(
        &mut self,
        max_soldiers: u32,
        mut on_event: impl FnMut(BuildEvent<'_>),
    ) -> Result<(), BuildError> {
        for slice in Slice::pairs(max_soldiers) {
            if self.get(slice).is_none() {
                for table in self.build_pair(slice, &mut on_event)? {
                    self.insert(table);
                }
            }
        }
        Ok(())
    }

    /// Builds `slice` and its twin (see [`Slice::pair`]) from the slices their captures lead to
    /// ([`Slice::prerequisites`]), which must be held: in memory, or mapped from their files
    /// ([`crate::file::map`]) so that a machine builds one pair without holding the rest.
    pub fn build_pair(
        &self,
        slice: Slice,
        mut on_event: impl FnMut(BuildEvent<'_>),
    ) -> Result<Vec<SliceTable>, BuildError> {
        if let Some(&missing) = slice
            .prerequisites()
            .iter()
            .find(|&&needed| self.get(needed).is_none())
        {
            return Err(BuildError::Missing(missing));
        }
        let started = Instant::now();
        let pair = Pair::new(slice.pair());
        on_event(BuildEvent::Started {
            slices: &pair.slices,
            positions: pair.size(),
        });
        let tables = Retrograde::new(&pair, self).run(&mut on_event)?;
        for table in &tables {
            on_event(BuildEvent::Finished {
                table,
                elapsed: started.elapsed(),
            });
        }
        Ok(tables)
    }
}

impl Slice {
    /// The most memory [`Tablebase::build_pair`] takes for this slice and its twin, in bytes,
    /// besides the smaller slices it reads: per position of the pair, its value, budget, due
    /// level, moves remaining and capture level (5 bytes), with the 3 bytes of its first look
    /// beside them at the start, and room for the list of a level's newly decided positions; a
    /// little more for the program.
    pub fn build_memory(self) -> u64 {
        const PER_POSITION: u64 = 10;
        const PROGRAM: u64 = 64 << 20;
        let pair = Pair::new(self.pair());
        PER_POSITION * pair.size() as u64 + PROGRAM
    }
}

/// A slice and its twin, indexed one after the other.
struct Pair {
    slices: Vec<Slice>,
    /// Where the twin's indices start.
    twin_start: usize,
}

impl Pair {
    fn new(slice: Slice) -> Pair {
        let mut slices = vec![slice];
        if slice.twin() != slice {
            slices.push(slice.twin());
        }
        Pair {
            slices,
            twin_start: slice.size(),
        }
    }

    fn size(&self) -> usize {
        self.slices.iter().map(|slice| slice.size()).sum()
    }

    /// The index of a stored placement of the pair.
    fn index(&self, stored: Placement) -> usize {
        let slice = Slice::of(stored);
        if slice == self.slices[0] {
            slice.index(stored)
        } else {
            self.twin_start + slice.index(stored)
        }
    }

    fn placement(&self, index: usize) -> Placement {
        match index.checked_sub(self.twin_start) {
            Some(twin_index) => self.slices[1].placement(twin_index),
            None => self.slices[0].placement(index),
        }
    }

    fn position(&self, index: usize) -> Position {
        self.placement(index)
            .position()
            .expect("a slice's placements are positions")
    }
}

/// "Not set" in the `due` and `remaining` bytes.
const UNSET: u8 = u8::MAX;

/// The state of a pair's analysis, one entry per index of the pair.
struct Retrograde<'a> {
    pair: &'a Pair,
    smaller: &'a Tablebase,
    /// Value bytes: 0 until decided (and so for the draws at the end).
    values: Vec<AtomicU8>,
    budgets: Vec<AtomicU8>,
    /// The level at which the position is known to be decided, or [`UNSET`].
    due: Vec<AtomicU8>,
    /// For a position that may yet be lost: its quiet moves not known to lead to a win for the
    /// opponent; [`UNSET`] when it cannot be lost (it has a winning or drawing capture).
    remaining: Vec<AtomicU8>,
    /// The level at which its captures alone would let it be lost: one more than the longest
    /// win they lead to (0 when there is none).
    capture_level: Vec<u8>,
    /// The highest level any position is due at.
    last_due: AtomicU32,
    too_long: AtomicBool,
}

/// What the first look at a position finds.
struct Start {
    due: u8,
    remaining: u8,
    capture_level: u8,
}

impl<'a> Retrograde<'a> {
    fn new(pair: &'a Pair, smaller: &'a Tablebase) -> Retrograde<'a> {
        let mut retrograde = Retrograde {
            pair,
            smaller,
            values: Vec::new(),
            budgets: Vec::new(),
            due: Vec::new(),
            remaining: Vec::new(),
            capture_level: Vec::new(),
            last_due: AtomicU32::new(0),
            too_long: AtomicBool::new(false),
        };
        let starts: Vec<Start> = (0..pair.size())
            .into_par_iter()
            .map(|index| retrograde.first_look(index))
            .collect();
        retrograde.values = (0..starts.len()).map(|_| AtomicU8::new(0)).collect();
        retrograde.budgets = (0..starts.len()).map(|_| AtomicU8::new(0)).collect();
        retrograde.due = starts.iter().map(|s| AtomicU8::new(s.due)).collect();
        retrograde.remaining = starts.iter().map(|s| AtomicU8::new(s.remaining)).collect();
        retrograde.capture_level = starts.iter().map(|s| s.capture_level).collect();
        retrograde
    }

    /// The value and budget of the position a capture leads to, in a smaller slice.
    fn after_capture(&self, child: &Position) -> (Value, u8) {
        match Placement::of(child) {
            Some(placement) if !child.soldiers(child.turn()).is_empty() => self
                .smaller
                .entry(placement)
                .expect("the smaller slices are built first"),
            // The treasure or the last soldier was captured: the side to move has lost.
            _ => (Value::Decided { plies: 0 }, 0),
        }
    }

    /// The value and budget of the position a quiet move leads to, as far as decided.
    fn after_quiet(&self, child: &Position) -> (Value, u8) {
        let placement = Placement::of(child).expect("a quiet move keeps the treasure");
        let index = self.pair.index(placement.stored());
        (
            Value::from_byte(self.values[index].load(Relaxed)),
            self.budgets[index].load(Relaxed),
        )
    }

    fn first_look(&self, index: usize) -> Start {
        let position = self.pair.position(index);
        if position.count_moves() == 0 {
            return Start {
                due: 0,
                remaining: UNSET,
                capture_level: 0,
            };
        }
        let (mut win_level, mut capture_level, mut quiet, mut can_hold) = (u32::MAX, 0, 0, false);
        position.for_each_move(|m| {
            let mut child = position;
            if child.play_unchecked(m).is_empty() {
                quiet += 1;
                return;
            }
            match self.after_capture(&child).0 {
                Value::Decided { plies } if !is_win(plies) => win_level = win_level.min(plies + 1),
                Value::Decided { plies } => capture_level = capture_level.max(plies + 1),
                Value::Draw => can_hold = true,
            }
        });
        // A capture level past what a byte holds stays [`UNSET`], which is reported as too long
        // if it is ever due.
        let capture_level = capture_level.min(u32::from(UNSET)) as u8;
        let due = if win_level != u32::MAX {
            Some(win_level)
        } else if !can_hold && quiet == 0 {
            // Every move is a capture into a win for the opponent.
            Some(u32::from(capture_level))
        } else {
            None
        };
        let remaining = if win_level != u32::MAX || can_hold {
            UNSET
        } else {
            quiet
        };
        Start {
            due: due.map_or(UNSET, |level| self.due_byte(level)),
            remaining,
            capture_level,
        }
    }

    /// The `due` byte of a position due at `level`, recording it.
    fn due_byte(&self, level: u32) -> u8 {
        self.last_due.fetch_max(level, Relaxed);
        if level > MAX_DISTANCE {
            self.too_long.store(true, Relaxed);
        }
        level.min(MAX_DISTANCE) as u8
    }

    fn run(self, on_event: &mut impl FnMut(BuildEvent<'_>)) -> Result<Vec<SliceTable>, BuildError> {
        let mut decided = 0;
        let mut level = 0;
        while level <= self.last_due.load(Relaxed) {
            if self.too_long.load(Relaxed) {
                return Err(BuildError::DistanceTooLong(self.pair.slices[0]));
            }
            let byte = level as u8;
            let newly: Vec<u32> = (0..self.values.len())
                .into_par_iter()
                .filter(|&i| self.values[i].load(Relaxed) == 0 && self.due[i].load(Relaxed) == byte)
                .map(|i| i as u32)
                .collect();
            newly
                .par_iter()
                .for_each(|&i| self.values[i as usize].store(Value::decided_byte(level), Relaxed));
            newly.par_iter().for_each(|&i| {
                let budget = self.budget(i as usize, level);
                self.budgets[i as usize].store(budget, Relaxed);
            });
            newly
                .par_iter()
                .for_each(|&i| self.propagate(i as usize, level));
            decided += newly.len();
            on_event(BuildEvent::Level { level, decided });
            level += 1;
        }
        Ok(self.into_tables())
    }

    /// The quiet budget of a position just decided at `level`.
    fn budget(&self, index: usize, level: u32) -> u8 {
        if level == 0 {
            return 0;
        }
        let position = self.pair.position(index);
        let winning = is_win(level);
        let mut best = if winning { BEYOND_LIMIT } else { 0 };
        position.for_each_move(|m| {
            let mut child = position;
            let quiet = child.play_unchecked(m).is_empty();
            let (value, child_budget) = if quiet {
                self.after_quiet(&child)
            } else {
                self.after_capture(&child)
            };
            // After a capture the quiet count starts afresh: the child's budget fits within
            // the whole limit or never.
            let cost = if quiet {
                child_budget.saturating_add(1).min(BEYOND_LIMIT)
            } else if u32::from(child_budget) <= QUIET_LIMIT {
                1
            } else {
                BEYOND_LIMIT
            };
            if !winning {
                debug_assert!(
                    matches!(value, Value::Decided { plies } if is_win(plies) && plies < level)
                );
                best = best.max(cost);
            } else if value == (Value::Decided { plies: level - 1 }) {
                best = best.min(cost);
            }
        });
        best
    }

    /// Tells the positions a quiet move before this newly decided one what it became.
    fn propagate(&self, index: usize, level: u32) {
        let lost_here = !is_win(level);
        for after in self.pair.placement(index).represented() {
            for_each_predecessor(after, |before| {
                if !before.is_stored() {
                    return;
                }
                let before = self.pair.index(before);
                if self.values[before].load(Relaxed) != 0 {
                    return;
                }
                if lost_here {
                    self.due[before].fetch_min(self.due_byte(level + 1), Relaxed);
                } else if self.remaining[before].load(Relaxed) != UNSET
                    && self.remaining[before].fetch_sub(1, Relaxed) == 1
                {
                    let lost_at = (level + 1).max(u32::from(self.capture_level[before]));
                    self.due[before].store(self.due_byte(lost_at), Relaxed);
                }
            });
        }
    }

    fn into_tables(self) -> Vec<SliceTable> {
        let Retrograde {
            pair,
            values,
            budgets,
            due,
            remaining,
            capture_level,
            ..
        } = self;
        // Making room for the twin's copy.
        drop((due, remaining, capture_level));
        let mut values: Vec<u8> = values.into_iter().map(AtomicU8::into_inner).collect();
        let mut budgets: Vec<u8> = budgets.into_iter().map(AtomicU8::into_inner).collect();
        let mut parts = vec![];
        if let [_, twin] = pair.slices[..] {
            let twin_values = values.split_off(pair.twin_start);
            let twin_budgets = budgets.split_off(pair.twin_start);
            parts.push((twin, twin_values, twin_budgets));
        }
        parts.push((pair.slices[0], values, budgets));
        parts
            .into_iter()
            .rev()
            .map(|(slice, values, budgets)| {
                SliceTable::new(slice, values, budgets)
                    .expect("a slice's part of the pair has its size")
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_distance_beyond_the_byte_is_an_error_not_a_wrong_table() {
        let slice = Slice::new(1, 1).unwrap();
        let pair = Pair::new(slice);
        let smaller = Tablebase::new();
        let retrograde = Retrograde::new(&pair, &smaller);
        assert_eq!(retrograde.due_byte(MAX_DISTANCE), MAX_DISTANCE as u8);
        assert!(!retrograde.too_long.load(Relaxed));
        // As a position found due one ply past the longest distance a byte holds.
        retrograde.due_byte(MAX_DISTANCE + 1);
        let result = retrograde.run(&mut |_| {});
        assert_eq!(result.unwrap_err(), BuildError::DistanceTooLong(slice));
        assert_eq!(MAX_DISTANCE, 254);
    }
}
