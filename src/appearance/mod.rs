//! How the app looks: the light or dark theme, the board and the piece set the player chose.
//! The stylesheet holds one set of custom properties per theme, board and piece set, chosen by
//! attributes on the page's root element (`data-theme`, `data-board`, `data-pieces`), which the
//! look script of `index.html` sets before the first paint and whenever the choice changes.

mod apply;
mod model;

#[cfg(any(feature = "desktop", feature = "mobile"))]
pub use apply::launch_look;
pub use apply::use_look;
pub use model::{BoardStyle, Look, PieceSet, Theme};
