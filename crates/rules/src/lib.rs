//! The rules of Duobao Qi Bing · Seven Soldiers (夺宝棋兵 · 七兵), as written in RULES.md: the
//! board, positions, legal moves with sandwich captures and the treasure lock, FEN, perft, and a
//! game record with undo/redo, the draw rules and the players' own ends (resigning, agreeing a
//! draw), and a game as text. Pure: no I/O, no UI, no async.

mod board;
mod color;
mod concession;
mod draw;
mod error;
mod fen;
mod game;
mod moves;
mod perft;
mod piece;
mod position;
mod result;
mod text;
mod win;
mod zobrist;

pub use board::{
    BadPointName, Line, Point, PointSet, Sandwich, ALL_POINTS, GRID, GRID_POINTS, LINES, LINE_NAMES,
};
pub use color::{Color, UnknownColor};
pub use concession::Concession;
pub use draw::{DrawReason, QUIET_LIMIT, REPETITION_LIMIT};
pub use error::{IllegalMove, IllegalReason, SetupError};
pub use fen::{FenError, START_FEN};
pub use game::{Game, GameRecord, PlayError, PlayedPly, RecordError};
pub use moves::{BadNotation, Move, MoveList, Ply, MAX_MOVES};
pub use perft::{perft, perft_divide, perft_until};
pub use piece::{Piece, MAX_SOLDIERS};
pub use position::Position;
pub use result::GameResult;
pub use text::{read_game_text, write_game_text, GameText, GameTextError, FEN_HEADER};
pub use win::{Win, WinReason};
