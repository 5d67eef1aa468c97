//! The position editor: set out any position with a palette of pieces, the side to move and the
//! treasure lock; the rules judge it, and a legal one is analysed, played or shared.

mod model;
mod view;

pub use view::{EditorScreenBody, EditorScreenBodyProps};
