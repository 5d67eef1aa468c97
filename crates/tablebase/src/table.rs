//! The tables of the slices, and probing them: the exact value of a position under the rules
//! and a move that keeps it.

use duobao_rules::{Move, Position, MAX_SOLDIERS, QUIET_LIMIT};

use crate::placement::Placement;
use crate::slice::Slice;
use crate::value::{is_win, Probe, Value, BEYOND_LIMIT};

/// One slice's values and quiet budgets, by index.
#[derive(Clone, Debug)]
pub struct SliceTable {
    slice: Slice,
    bytes: Bytes,
}

/// Where a table's bytes are: in memory, or in its file mapped into memory, which the builder
/// reads the smaller slices from so that the system pages in only what the captures look up
/// and may drop it again.
#[derive(Clone, Debug)]
enum Bytes {
    Owned {
        values: Vec<u8>,
        budgets: Vec<u8>,
    },
    /// The whole file; the values start at `start`, the budgets follow.
    #[cfg(feature = "map")]
    Mapped {
        file: std::sync::Arc<memmap2::Mmap>,
        start: usize,
    },
}

impl PartialEq for SliceTable {
    fn eq(&self, other: &SliceTable) -> bool {
        self.slice == other.slice
            && self.values() == other.values()
            && self.budgets() == other.budgets()
    }
}

impl Eq for SliceTable {}

/// How a slice's positions are valued.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SliceStats {
    pub positions: usize,
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    pub longest_win: u32,
    pub longest_loss: u32,
    /// Decided positions that the quiet limit may turn into draws even with a fresh count:
    /// their probes say `win-or-draw` or `loss-or-draw` from every count.
    pub quiet_limited: usize,
}

impl SliceTable {
    /// A slice's table from its bytes, one value and one budget per index; `None` when their
    /// number is not the slice's size.
    pub(crate) fn new(slice: Slice, values: Vec<u8>, budgets: Vec<u8>) -> Option<SliceTable> {
        (values.len() == slice.size() && budgets.len() == slice.size()).then_some(SliceTable {
            slice,
            bytes: Bytes::Owned { values, budgets },
        })
    }

    /// A slice's table in a mapped file whose values start at `start`, the budgets following;
    /// `None` when the file is too short for them.
    #[cfg(feature = "map")]
    pub(crate) fn mapped(slice: Slice, file: memmap2::Mmap, start: usize) -> Option<SliceTable> {
        (file.len() >= start + 2 * slice.size()).then(|| SliceTable {
            slice,
            bytes: Bytes::Mapped {
                file: std::sync::Arc::new(file),
                start,
            },
        })
    }

    pub fn slice(&self) -> Slice {
        self.slice
    }

    pub(crate) fn values(&self) -> &[u8] {
        match &self.bytes {
            Bytes::Owned { values, .. } => values,
            #[cfg(feature = "map")]
            Bytes::Mapped { file, start } => &file[*start..start + self.slice.size()],
        }
    }

    pub(crate) fn budgets(&self) -> &[u8] {
        match &self.bytes {
            Bytes::Owned { budgets, .. } => budgets,
            #[cfg(feature = "map")]
            Bytes::Mapped { file, start } => {
                let size = self.slice.size();
                &file[start + size..start + 2 * size]
            }
        }
    }

    /// The bytes it takes in memory and on disk (less the file's header).
    pub fn bytes(&self) -> usize {
        2 * self.slice.size()
    }

    pub fn stats(&self) -> SliceStats {
        let mut stats = SliceStats {
            positions: self.slice.size(),
            ..SliceStats::default()
        };
        for (&value, &budget) in self.values().iter().zip(self.budgets()) {
            match Value::from_byte(value) {
                Value::Draw => stats.draws += 1,
                Value::Decided { plies } if is_win(plies) => {
                    stats.wins += 1;
                    stats.longest_win = stats.longest_win.max(plies);
                }
                Value::Decided { plies } => {
                    stats.losses += 1;
                    stats.longest_loss = stats.longest_loss.max(plies);
                }
            }
            stats.quiet_limited += usize::from(value != 0 && budget >= BEYOND_LIMIT);
        }
        stats
    }

    fn entry(&self, placement: Placement) -> (Value, u8) {
        let index = self.slice.index(placement);
        (
            Value::from_byte(self.values()[index]),
            self.budgets()[index],
        )
    }
}

/// The tables of any number of slices.
#[derive(Clone, Debug, Default)]
pub struct Tablebase {
    /// By `(mover − 1) * 7 + opponent − 1`.
    tables: Vec<Option<SliceTable>>,
}

fn slot(slice: Slice) -> usize {
    ((slice.mover - 1) * MAX_SOLDIERS + slice.opponent - 1) as usize
}

impl Tablebase {
    pub fn new() -> Tablebase {
        Tablebase {
            tables: vec![None; (MAX_SOLDIERS * MAX_SOLDIERS) as usize],
        }
    }

    pub fn insert(&mut self, table: SliceTable) {
        let at = slot(table.slice);
        self.tables[at] = Some(table);
    }

    pub fn get(&self, slice: Slice) -> Option<&SliceTable> {
        self.tables[slot(slice)].as_ref()
    }

    /// The tables held, fewest soldiers first.
    pub fn tables(&self) -> impl Iterator<Item = &SliceTable> {
        Slice::up_to(2 * MAX_SOLDIERS)
            .into_iter()
            .filter_map(|slice| self.get(slice))
    }

    /// The most soldiers in all such that every slice with as many or fewer is held.
    pub fn max_soldiers(&self) -> u32 {
        (2..=2 * MAX_SOLDIERS)
            .take_while(|&n| {
                Slice::up_to(n)
                    .iter()
                    .all(|&slice| self.get(slice).is_some())
            })
            .last()
            .unwrap_or(0)
    }

    /// The stored value and budget of a placement, if its slice is held.
    pub(crate) fn entry(&self, placement: Placement) -> Option<(Value, u8)> {
        let table = self.get(Slice::of(placement))?;
        Some(table.entry(placement.stored()))
    }

    /// The value of `position` for the side to move, exact under the rules (see [`Probe`]);
    /// `None` when its slice is not held. A finished game is lost in 0 and a game at the quiet
    /// limit is drawn, held or not.
    pub fn probe(&self, position: &Position) -> Option<Probe> {
        if position.win().is_some() {
            return Some(Probe::Loss { plies: 0 });
        }
        if position.quiet_plies() >= QUIET_LIMIT {
            return Some(Probe::Draw);
        }
        let placement = Placement::of(position).expect("a game not won has its treasure");
        let (value, budget) = self.entry(placement)?;
        Some(value.judge(budget, position.quiet_plies()))
    }

    /// Every legal move of `position` with the value of the position it leads to, for the side
    /// then to move (`None` where that slice is not held), best first for the side to move now:
    /// see [`Probe::rank_for_mover`]; moves the tables cannot judge come last.
    pub fn probe_moves(&self, position: &Position) -> Vec<(Move, Option<Probe>)> {
        let mut moves: Vec<_> = position
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut child = *position;
                child.play_unchecked(m);
                (m, self.probe(&child))
            })
            .collect();
        moves.sort_by_key(|(_, probe)| probe.map_or((u8::MAX, 0), Probe::rank_for_mover));
        moves
    }

    /// A move that keeps an exact value: the shortest win, the longest defence, a draw. `None`
    /// when the game is over, the value is not exact or the slice is not held.
    pub fn best_move(&self, position: &Position) -> Option<Move> {
        let wanted = match self.probe(position)? {
            Probe::Win { plies } => Probe::Loss { plies: plies - 1 },
            Probe::Loss { plies } if plies > 0 => Probe::Win { plies: plies - 1 },
            Probe::Draw if position.quiet_plies() < QUIET_LIMIT => Probe::Draw,
            _ => return None,
        };
        position.legal_moves().iter().copied().find(|&m| {
            let mut child = *position;
            child.play_unchecked(m);
            self.probe(&child) == Some(wanted)
        })
    }
}
