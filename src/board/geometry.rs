//! Where things sit on the board's drawing, in board units, seen from either side.

use duobao_rules::{Color, Point};

/// Distance between neighbouring points, in board units.
const CELL: f32 = 100.0;
/// Room around the outermost points for the tokens and the coordinates.
const MARGIN: f32 = 80.0;
/// The width and height of the drawing.
pub const SIZE: f32 = 4.0 * CELL + 2.0 * MARGIN;
/// Half the spacing of the points, so that neighbouring targets touch but do not overlap.
pub const HIT_RADIUS: f32 = CELL / 2.0;
/// Where the coordinates sit: between the outer points and the wood's edge.
pub const LABEL_INSET: f32 = 18.0;

/// The centre of a point on the board, seen with `bottom`'s soldiers at the bottom.
pub fn place(point: Point, bottom: Color) -> (f32, f32) {
    grid_place(point.file(), point.row(), bottom)
}

/// Where file `file` (0 = a) and row `row` (0 = row 1) cross on the screen.
pub fn grid_place(file: u8, row: u8, bottom: Color) -> (f32, f32) {
    let (column, row_from_top) = match bottom {
        Color::Red => (file, 4 - row),
        Color::Black => (4 - file, row),
    };
    (
        MARGIN + f32::from(column) * CELL,
        MARGIN + f32::from(row_from_top) * CELL,
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
    }
}
