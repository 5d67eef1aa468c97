//! A position: where the pieces stand, whose turn it is, the treasure lock and the quiet-ply
//! count, with its Zobrist hash kept up to date by every move.

use std::fmt;

use crate::board::{Point, PointSet, ALL_POINTS, LINES, LINES_THROUGH, STEPS};
use crate::color::Color;
use crate::draw::QUIET_LIMIT;
use crate::error::{IllegalMove, IllegalReason, SetupError};
use crate::moves::{Move, MoveList};
use crate::piece::{Piece, MAX_SOLDIERS};
use crate::win::{Win, WinReason};
use crate::zobrist;

/// A position of the game. Cheap to copy: searches copy and play rather than undo.
#[derive(Copy, Clone, Eq, PartialEq, Hash)]
pub struct Position {
    soldiers: [u32; 2],
    treasure: u32,
    turn: Color,
    locked: bool,
    quiet_plies: u32,
    hash: u64,
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The start position: Red on rows 1–2, Black on rows 4–5, the treasure on c3, Red to move.
    pub fn start() -> Position {
        let set = |names: &[&str]| -> PointSet {
            names
                .iter()
                .map(|n| n.parse::<Point>().expect("start position names are points"))
                .collect()
        };
        Position::new(
            set(&["b1", "c1", "d1", "a2", "b2", "d2", "e2"]),
            set(&["b5", "c5", "d5", "a4", "b4", "d4", "e4"]),
            "c3".parse().ok(),
            Color::Red,
            false,
            0,
        )
        .expect("the start position is valid")
    }

    /// Builds a position, checking that it can arise in a game: no side has more than 7
    /// soldiers, no point holds two pieces, the side that just moved has soldiers, the quiet
    /// count is at most [`QUIET_LIMIT`] and the treasure is locked only if it is on the board.
    /// A side to move without soldiers is a finished game (it lost by annihilation).
    pub fn new(
        red: PointSet,
        black: PointSet,
        treasure: Option<Point>,
        turn: Color,
        treasure_locked: bool,
        quiet_plies: u32,
    ) -> Result<Position, SetupError> {
        for (color, soldiers) in [(Color::Red, red), (Color::Black, black)] {
            if soldiers.len() > MAX_SOLDIERS {
                return Err(SetupError::TooManySoldiers(color));
            }
        }
        let mover = turn.other();
        if [red, black][mover as usize].is_empty() {
            return Err(SetupError::MoverWithoutSoldiers(mover));
        }
        if quiet_plies > QUIET_LIMIT {
            return Err(SetupError::QuietPliesBeyondLimit(quiet_plies));
        }
        if treasure_locked && treasure.is_none() {
            return Err(SetupError::LockWithoutTreasure);
        }
        let treasure = treasure.map_or(PointSet::EMPTY, Point::set);
        let shared = (red & black) | ((red | black) & treasure);
        if let Some(point) = shared.first() {
            return Err(SetupError::SharedPoint(point));
        }
        let mut position = Position {
            soldiers: [red.bits(), black.bits()],
            treasure: treasure.bits(),
            turn,
            locked: treasure_locked,
            quiet_plies,
            hash: 0,
        };
        position.hash = position.compute_hash();
        Ok(position)
    }

    pub const fn turn(&self) -> Color {
        self.turn
    }

    pub const fn soldiers(&self, color: Color) -> PointSet {
        PointSet::from_bits(self.soldiers[color as usize])
    }

    pub const fn treasure(&self) -> Option<Point> {
        PointSet::from_bits(self.treasure).first()
    }

    /// True when the treasure may not move on this turn.
    pub const fn treasure_locked(&self) -> bool {
        self.locked
    }

    /// Plies (moves and passes) since the last capture.
    pub const fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// The Zobrist hash of the pieces, the side to move and the treasure lock (the quiet count is
    /// left out, so equal hashes mean the same position for the repetition rule).
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// Every point holding a piece.
    pub const fn occupied(&self) -> PointSet {
        PointSet::from_bits(self.occupied_bits())
    }

    const fn occupied_bits(&self) -> u32 {
        self.soldiers[0] | self.soldiers[1] | self.treasure
    }

    const fn empty_bits(&self) -> u32 {
        ALL_POINTS.bits() & !self.occupied_bits()
    }

    pub fn piece_at(&self, point: Point) -> Option<Piece> {
        let bit = point.set().bits();
        if self.soldiers[0] & bit != 0 {
            Some(Piece::RedSoldier)
        } else if self.soldiers[1] & bit != 0 {
            Some(Piece::BlackSoldier)
        } else if self.treasure & bit != 0 {
            Some(Piece::Treasure)
        } else {
            None
        }
    }

    /// True when the two positions are the same for the repetition rule: same pieces on the same
    /// points, same side to move, same treasure lock.
    pub fn same_placement(&self, other: &Position) -> bool {
        self.soldiers == other.soldiers
            && self.treasure == other.treasure
            && self.turn == other.turn
            && self.locked == other.locked
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for color in Color::BOTH {
            for point in self.soldiers(color) {
                hash ^= zobrist::piece(Piece::soldier(color), point.index());
            }
        }
        if let Some(point) = self.treasure() {
            hash ^= zobrist::piece(Piece::Treasure, point.index());
        }
        if self.turn == Color::Black {
            hash ^= zobrist::BLACK_TO_MOVE;
        }
        if self.locked {
            hash ^= zobrist::TREASURE_LOCKED;
        }
        hash
    }

    /// The win this position shows, checked in the order of the rules: the treasure is gone, the
    /// side to move has no soldiers, the side to move has no legal move.
    pub fn win(&self) -> Option<Win> {
        let reason = if self.treasure == 0 {
            WinReason::Treasure
        } else if self.soldiers[self.turn as usize] == 0 {
            WinReason::Annihilation
        } else if self.count_moves_unchecked() == 0 {
            WinReason::Blockade
        } else {
            return None;
        };
        Some(Win {
            winner: self.turn.other(),
            reason,
        })
    }

    /// True when the game is over by treasure or annihilation (blockade shows as no moves).
    #[inline(always)]
    const fn is_decided(&self) -> bool {
        self.treasure == 0 || self.soldiers[self.turn as usize] == 0
    }

    /// The pieces the side to move may move: its soldiers, and the treasure unless locked.
    #[inline(always)]
    const fn movable_bits(&self) -> u32 {
        let own = self.soldiers[self.turn as usize];
        if self.locked {
            own
        } else {
            own | self.treasure
        }
    }

    /// The number of legal moves; 0 in a finished position.
    #[inline]
    pub fn count_moves(&self) -> u32 {
        if self.is_decided() {
            0
        } else {
            self.count_moves_unchecked()
        }
    }

    #[inline(always)]
    fn count_moves_unchecked(&self) -> u32 {
        count_steps(self.movable_bits(), self.empty_bits())
    }

    /// The legal moves, in no particular order; none in a finished position.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.for_each_move(|m| moves.push(m));
        moves
    }

    /// Calls `f` with every legal move, without building a list.
    #[inline(always)]
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.is_decided() {
            return;
        }
        let empty = self.empty_bits();
        for from in PointSet::from_bits(self.movable_bits()) {
            for to in PointSet::from_bits(from.neighbours().bits() & empty) {
                f(Move::new(from, to));
            }
        }
    }

    /// True when `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        !self.is_decided()
            && self.movable_bits() & m.from().set().bits() != 0
            && self.empty_bits() & m.to().set().bits() != 0
            && m.from().neighbours().contains(m.to())
    }

    /// Why `m` may not be played here, if it may not.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        let reason = if self.is_decided() || self.count_moves_unchecked() == 0 {
            IllegalReason::GameOver
        } else if self.piece_at(m.from()).is_none() {
            IllegalReason::NoPiece
        } else if self.soldiers(self.turn.other()).contains(m.from()) {
            IllegalReason::NotYourPiece
        } else if self.treasure().is_some_and(|t| t == m.from()) && self.locked {
            IllegalReason::TreasureLocked
        } else if !m.from().neighbours().contains(m.to()) {
            IllegalReason::NotAdjacent
        } else if self.piece_at(m.to()).is_some() {
            IllegalReason::Occupied
        } else {
            return Ok(());
        };
        Err(IllegalMove { mv: m, reason })
    }

    /// Plays a legal move and returns the points captured by it. The move must be legal
    /// (see [`Position::is_legal`]); [`Position::play`] checks it.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) -> PointSet {
        debug_assert!(self.is_legal(m), "{m} is not legal in {self}");
        let from = m.from().set().bits();
        let to = m.to().set().bits();
        let us = self.turn as usize;
        if self.treasure & from != 0 {
            self.treasure = to;
            self.hash ^= zobrist::piece(Piece::Treasure, m.from().index())
                ^ zobrist::piece(Piece::Treasure, m.to().index());
            if !self.locked {
                self.locked = true;
                self.hash ^= zobrist::TREASURE_LOCKED;
            }
        } else {
            self.soldiers[us] ^= from | to;
            let soldier = Piece::soldier(self.turn);
            self.hash ^=
                zobrist::piece(soldier, m.from().index()) ^ zobrist::piece(soldier, m.to().index());
            if self.locked {
                self.locked = false;
                self.hash ^= zobrist::TREASURE_LOCKED;
            }
        }

        let captured = sandwiched(
            self.soldiers[us],
            self.occupied_bits(),
            LINES_THROUGH[m.from().index()] | LINES_THROUGH[m.to().index()],
        );
        if captured == 0 {
            self.count_quiet_ply();
        } else {
            self.remove(captured);
            self.quiet_plies = 0;
        }
        self.turn = self.turn.other();
        self.hash ^= zobrist::BLACK_TO_MOVE;
        PointSet::from_bits(captured)
    }

    /// Plays `m` if it is legal.
    pub fn play(&mut self, m: Move) -> Result<PointSet, IllegalMove> {
        self.check_move(m)?;
        Ok(self.play_unchecked(m))
    }

    /// A timeout pass: the other side moves next; the board and the treasure lock stay.
    pub fn pass(&mut self) {
        self.count_quiet_ply();
        self.turn = self.turn.other();
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }

    /// The sum over all legal moves of the number of replies, computed without playing the moves
    /// that capture nothing: such a move only swaps one empty point (its destination) for
    /// another (its origin), and toggles whether the treasure may move. This is perft's last two
    /// plies in bulk.
    pub(crate) fn count_replies(&self) -> u64 {
        let them = self.soldiers[self.turn.other() as usize];
        if self.is_decided() || them == 0 {
            return 0;
        }
        let own = self.soldiers[self.turn as usize];
        let occupied = self.occupied_bits();
        let empty = self.empty_bits();
        let after_soldier_move = count_steps(them | self.treasure, empty);
        let after_treasure_move = count_steps(them, empty);
        let mut total = 0u64;
        self.for_each_move(|m| {
            let (from, to) = (m.from(), m.to());
            let path = from.set().bits() | to.set().bits();
            let treasure_moved = self.treasure & path != 0;
            let own_after = if treasure_moved { own } else { own ^ path };
            let lines = LINES_THROUGH[from.index()] | LINES_THROUGH[to.index()];
            if sandwiched(own_after, occupied ^ path, lines) != 0 {
                let mut child = *self;
                child.play_unchecked(m);
                total += u64::from(child.count_moves());
                return;
            }
            let (base, movable) = if treasure_moved {
                (after_treasure_move, them)
            } else {
                (after_soldier_move, them | self.treasure)
            };
            let gained = (from.neighbours().bits() & movable).count_ones();
            let lost = (to.neighbours().bits() & movable).count_ones();
            total += u64::from(base + gained - lost);
        });
        total
    }

    /// Counts a ply without a capture. Play goes on past the quiet limit where the draw rules
    /// are ignored (perft, a search's lines), so the count saturates rather than overflows.
    #[inline(always)]
    fn count_quiet_ply(&mut self) {
        self.quiet_plies = self.quiet_plies.saturating_add(1);
    }

    fn remove(&mut self, captured: u32) {
        let enemy = self.turn.other();
        for point in PointSet::from_bits(captured) {
            let piece = if self.treasure & point.set().bits() != 0 {
                Piece::Treasure
            } else {
                Piece::soldier(enemy)
            };
            self.hash ^= zobrist::piece(piece, point.index());
        }
        self.soldiers[enemy as usize] &= !captured;
        if self.treasure & captured != 0 {
            self.treasure = 0;
            // The game is over; the lock goes with the treasure, as [`Position::new`] requires.
            if self.locked {
                self.locked = false;
                self.hash ^= zobrist::TREASURE_LOCKED;
            }
        }
    }

    /// Draws the board as text, row 5 at the top, with coordinates.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for row in (0..5).rev() {
            out.push_str(&format!("{} ", row + 1));
            for file in 0..5 {
                let symbol = match Point::new(file, row) {
                    None => ' ',
                    Some(point) => match self.piece_at(point) {
                        Some(Piece::RedSoldier) => 'R',
                        Some(Piece::BlackSoldier) => 'B',
                        Some(Piece::Treasure) => 'T',
                        None => '.',
                    },
                };
                out.push(' ');
                out.push(symbol);
            }
            out.push('\n');
        }
        out.push_str("   a b c d e\n");
        out.push_str(&format!(
            "{} to move, treasure {}, quiet plies {}\n",
            self.turn,
            if self.locked { "locked" } else { "free" },
            self.quiet_plies
        ));
        out
    }
}

/// The number of steps from `movable` pieces to `empty` points.
#[inline(always)]
fn count_steps(movable: u32, empty: u32) -> u32 {
    STEPS
        .iter()
        .map(|step| (step.targets(movable) & empty).count_ones())
        .sum()
}

/// The pieces the mover sandwiches on the given lines, given its soldiers and all occupied points
/// after its move: lines holding exactly three pieces, consecutive, the outer two its soldiers.
#[inline(always)]
fn sandwiched(own: u32, occupied: u32, mut lines: u16) -> u32 {
    let mut captured = 0;
    while lines != 0 {
        let line = &LINES[lines.trailing_zeros() as usize];
        lines &= lines - 1;
        let on_line = occupied & line.mask().bits();
        if on_line.count_ones() != 3 {
            continue;
        }
        for sandwich in line.sandwiches() {
            if on_line == sandwich.points().bits() {
                if own & on_line == sandwich.ends().bits() {
                    captured |= sandwich.middle().set().bits();
                }
                break;
            }
        }
    }
    captured
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}
