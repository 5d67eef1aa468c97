//! Zobrist keys, generated at compile time, so a position's hash is the XOR of the keys of what
//! it holds and can be kept up to date move by move.

use crate::board::GRID_POINTS;
use crate::piece::Piece;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

struct Keys {
    pieces: [[u64; GRID_POINTS]; 3],
    black_to_move: u64,
    treasure_locked: u64,
}

const KEYS: Keys = {
    let mut state = 0x5EED_D0B0_7B1F_u64;
    let mut pieces = [[0u64; GRID_POINTS]; 3];
    let mut kind = 0;
    while kind < 3 {
        let mut point = 0;
        while point < GRID_POINTS {
            let (next, key) = splitmix64(state);
            state = next;
            pieces[kind][point] = key;
            point += 1;
        }
        kind += 1;
    }
    let (next, black_to_move) = splitmix64(state);
    let (_, treasure_locked) = splitmix64(next);
    Keys {
        pieces,
        black_to_move,
        treasure_locked,
    }
};

#[inline(always)]
pub(crate) const fn piece(piece: Piece, point_index: usize) -> u64 {
    KEYS.pieces[piece as usize][point_index]
}

pub(crate) const BLACK_TO_MOVE: u64 = KEYS.black_to_move;
pub(crate) const TREASURE_LOCKED: u64 = KEYS.treasure_locked;
