//! A position as the tables see it: the soldiers of the side to move and those of its
//! opponent, whatever their colours (no rule depends on colour or direction, so Red to move
//! and Black to move with the same soldiers are the same problem), the treasure and its lock.
//! The quiet count is left out: the tables answer for every count at once (see the crate docs).

use duobao_rules::{Color, Point, PointSet, Position};

/// The grid bits of files a, b and c: a placement is stored with its treasure there.
const LEFT_FILES_AND_CENTRE: u32 = PointSet::files(0, 2).bits();
const CENTRE_FILE: u32 = PointSet::files(2, 2).bits();

/// The left–right mirror image (file a ↔ file e) of a set of grid bits. The board, its lines
/// and its diagonals are symmetric under it, so the rules are too.
const fn mirror_bits(bits: u32) -> u32 {
    PointSet::from_bits(bits).mirrored().bits()
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Placement {
    pub mover: u32,
    pub opponent: u32,
    /// The treasure's bit: a placement has its treasure (a game without it is over).
    pub treasure: u32,
    pub locked: bool,
}

impl Placement {
    /// The placement of a position that still has its treasure.
    pub fn of(position: &Position) -> Option<Placement> {
        let treasure = position.treasure()?;
        let turn = position.turn();
        Some(Placement {
            mover: position.soldiers(turn).bits(),
            opponent: position.soldiers(turn.other()).bits(),
            treasure: treasure.set().bits(),
            locked: position.treasure_locked(),
        })
    }

    /// The position with Red to move and no quiet plies: `None` when no game has it (the
    /// opponent, who just moved, has no soldier).
    pub fn position(self) -> Option<Position> {
        self.position_for(Color::Red)
    }

    /// The position with `turn` to move and no quiet plies, or `None` as for
    /// [`Placement::position`].
    pub fn position_for(self, turn: Color) -> Option<Position> {
        let (mover, opponent) = (
            PointSet::from_bits(self.mover),
            PointSet::from_bits(self.opponent),
        );
        let (red, black) = match turn {
            Color::Red => (mover, opponent),
            Color::Black => (opponent, mover),
        };
        let treasure = PointSet::from_bits(self.treasure).first();
        Position::new(red, black, treasure, turn, self.locked, 0).ok()
    }

    pub fn treasure_point(self) -> Point {
        PointSet::from_bits(self.treasure)
            .first()
            .expect("a placement has its treasure")
    }

    pub fn occupied(self) -> u32 {
        self.mover | self.opponent | self.treasure
    }

    pub fn mirrored(self) -> Placement {
        Placement {
            mover: mirror_bits(self.mover),
            opponent: mirror_bits(self.opponent),
            treasure: mirror_bits(self.treasure),
            locked: self.locked,
        }
    }

    /// True for the placements the tables keep: those with the treasure on files a to c. Of a
    /// placement and its mirror image exactly one is kept, unless the treasure is on file c,
    /// where both are (they are told apart by the soldiers, and folding them too would cost
    /// the index its simplicity for a sixth of the positions).
    pub fn is_stored(self) -> bool {
        self.treasure & LEFT_FILES_AND_CENTRE != 0
    }

    /// The stored placement with this one's value: itself or its mirror image.
    pub fn stored(self) -> Placement {
        if self.is_stored() {
            self
        } else {
            self.mirrored()
        }
    }

    /// The placements a stored one stands for: itself, and its mirror image unless the
    /// treasure is on the centre file (where the mirror image is stored on its own).
    pub fn represented(self) -> impl Iterator<Item = Placement> {
        let mirror = (self.treasure & CENTRE_FILE == 0).then(|| self.mirrored());
        std::iter::once(self).chain(mirror)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mirror_maps_the_board_onto_itself_and_back() {
        let board = duobao_rules::ALL_POINTS.bits();
        assert_eq!(mirror_bits(board), board);
        for point in Point::all() {
            let image = point.mirrored();
            assert_eq!(mirror_bits(point.set().bits()), image.set().bits());
            assert_eq!(mirror_bits(image.set().bits()), point.set().bits());
        }
    }

    #[test]
    fn a_position_and_its_mirror_image_have_mirrored_moves() {
        let position = Position::from_fen("B.B/B..B./.RTB./R.R.R/.R. r - 6").unwrap();
        let placement = Placement::of(&position).unwrap();
        let mirror = placement.mirrored().position().unwrap();
        let mut moves: Vec<(u32, u32)> = position
            .legal_moves()
            .iter()
            .map(|m| {
                (
                    mirror_bits(m.from().set().bits()),
                    mirror_bits(m.to().set().bits()),
                )
            })
            .collect();
        let mut mirrored: Vec<(u32, u32)> = mirror
            .legal_moves()
            .iter()
            .map(|m| (m.from().set().bits(), m.to().set().bits()))
            .collect();
        moves.sort_unstable();
        mirrored.sort_unstable();
        assert_eq!(moves, mirrored);
    }
}
