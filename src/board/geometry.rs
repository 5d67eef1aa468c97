//! Where things sit on the board's drawing, in board units, seen from either side.

use duobao_rules::{Color, Point, GRID};

/// Distance between neighbouring points, in board units.
const CELL: f32 = 100.0;
/// Room around the outermost points for the tokens and the coordinates.
const MARGIN: f32 = 80.0;
/// The width and height of the drawing.
pub const SIZE: f32 = 4.0 * CELL + 2.0 * MARGIN;
/// Half the spacing of the points, so that neighbouring targets touch but do not overlap.
pub const HIT_RADIUS: f32 = CELL / 2.0;
/// The width and height of the room a token's drawing needs about its centre: the disc, its
/// shadow and the treasure's padlock reach 47 units out.
pub const TOKEN_BOX: f32 = 96.0;
/// Where the coordinates sit: between the outer points and the wood's edge.
pub const LABEL_INSET: f32 = 18.0;

/// The centre of a point on the board, seen with `bottom`'s soldiers at the bottom.
pub fn place(point: Point, bottom: Color) -> (f32, f32) {
    // The drawing is the grid as Red sees it; Black sees each point where Red sees the one
    // opposite.
    let seen = match bottom {
        Color::Red => point,
        Color::Black => point.opposite(),
    };
    // Rows count up the board, the drawing's y down it.
    let rows_above = GRID - 1 - seen.row();
    (
        MARGIN + f32::from(seen.file()) * CELL,
        MARGIN + f32::from(rows_above) * CELL,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_sees_its_own_camp_at_the_bottom() {
        let b1: Point = "b1".parse().unwrap();
        assert_eq!(place(b1, Color::Red), (MARGIN + CELL, MARGIN + 4.0 * CELL));
        assert_eq!(place(b1, Color::Black), (MARGIN + 3.0 * CELL, MARGIN));
        let c3: Point = "c3".parse().unwrap();
        assert_eq!(place(c3, Color::Red), place(c3, Color::Black));
        for point in Point::all() {
            let (x, y) = place(point, Color::Red);
            assert_eq!(place(point, Color::Black), (SIZE - x, SIZE - y), "{point}");
        }
    }
}
