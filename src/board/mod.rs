//! The board every screen shows — the game, the review, the puzzles, the lessons, the editor,
//! the rules' diagrams, the look's preview — as one drawing whose props say what it shows and
//! whether it takes taps, and the picking up and putting down of pieces that makes two taps a
//! move.

mod geometry;
mod parts;
mod picker;
mod placement;
mod still;
mod tokens;
mod view;

use duobao_rules::{Move, Point, PointSet};

pub use parts::{soldier_glyph, BoardPaints};
pub use placement::Placement;
pub use still::{point_label, Frame, Scene, StillBoard};
pub use view::{Board, SetupBoard};

/// What a board shows over its position, besides the last move's trail.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// The piece picked up.
    pub selected: Option<Point>,
    /// Where the piece picked up may go.
    pub targets: PointSet,
    /// The engine's suggestion.
    pub hint: Option<Move>,
    /// A judgement on a point.
    pub badge: Option<Badge>,
}

/// A judgement shown on a point: a lesson's verdict on the point its move went to, a reviewed
/// move's mark on its destination.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Badge {
    pub point: Point,
    /// Its look, in the stylesheet: `passed`, `missed`, or a review mark's class.
    pub class: &'static str,
    /// Shown on the piece's corner when not empty: `??`, `!`.
    pub symbol: &'static str,
}
