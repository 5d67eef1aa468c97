//! Perfect endgames of Duobao Qi Bing · Seven Soldiers: the exact value of every position with
//! few soldiers, computed by retrograde analysis, for the side to move: won or lost in how
//! many plies (to the end of the game: the shortest win, the longest defence), or drawn.
//!
//! # Slices and index
//! No rule depends on a side's colour or direction, so the tables speak of the side to move and
//! its opponent: a [`Slice`] is the positions with `mover` soldiers against `opponent`, the
//! treasure on the board (without it the game is over), both locks. Captures are irreversible,
//! so slices are built from the fewest soldiers up, a slice together with its twin (the other
//! side to move), which its quiet moves lead to. Each slice has a perfect index with the
//! left–right mirror folded: the treasure on files a–c, its mirror image standing for the rest.
//!
//! # The draw rules
//! The tables are solved as a game without draw rules, in which only endless play draws; a
//! probe then makes the value exact under the real rules:
//! - **Repetition never changes a value.** A forced win in the game without draw rules is won
//!   by a strategy along which the distance to the end falls by one each ply, so no position
//!   repeats on it; and a draw or loss there cannot become a win under rules that only add
//!   draws. So the value of a position, taken alone (as from a FEN), is the same with the
//!   repetition rule. The tables know no history, as a FEN does not: in a game whose history
//!   already holds a position twice, the third time draws it. A search with the game's history
//!   checks each position it meets before it probes; only a table line running on through such
//!   a position could end in a draw the tables do not see.
//! - **The quiet limit is kept by a quiet budget.** Every capture leaves the slice and resets
//!   the quiet count, so the limit only ever bounds the plies spent within one slice pair. Each
//!   decided position stores, besides its distance, its budget: the fewest plies that must be
//!   left before the limit (100 less the quiet count) for the winner to carry out a shortest
//!   win without the limit drawing it, every later stretch between captures fitting in a fresh
//!   limit too. The winner's budget is the best over the moves that keep the shortest win, the
//!   loser's the worst over all its moves. When the budget fits, the value and distance are
//!   exact under the rules; when it does not (a rare win that needs longer quiet stretches, or
//!   a count too close to the limit), the probe says so, [`Probe::WinOrDraw`] or
//!   [`Probe::LossOrDraw`], and never claims more.
//! - A position at the quiet limit is drawn, and a finished game lost in 0, held or not.
//! - Like the exact solver, the tables count moves only: a timeout pass is no choice a player
//!   makes, and the position after one is simply another position of the tables.
//!
//! # Files
//! [`file`] writes each slice to a file of its own with a header and a checksum, and loading
//! checks both: a damaged file is an error that names it, never a wrong answer. For carrying
//! tables (the app's), [`file::pack`] encodes a slice the same way checked but each value beside
//! its budget, which compresses to little more than half.
//!
//! # A pair at a time
//! A slice pair is the unit of a build: [`Tablebase::build_pair`] needs only the slices its
//! captures lead to ([`Slice::prerequisites`]), which may be files mapped into memory
//! ([`file::map`]) rather than loaded, so that machines sharing a folder of files can build the
//! pairs of one level side by side, each in the memory [`Slice::build_memory`] tells.

// Probing alone, without the builder, leaves the decoding half of the index unused.
#![cfg_attr(not(feature = "build"), allow(dead_code))]

#[cfg(feature = "build")]
mod build;
mod combination;
pub mod file;
mod placement;
#[cfg(feature = "build")]
mod predecessor;
mod slice;
mod table;
mod value;

#[cfg(feature = "build")]
pub use build::{BuildError, BuildEvent};
pub use slice::Slice;
pub use table::{SliceStats, SliceTable, Tablebase};
pub use value::Probe;
