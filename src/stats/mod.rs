//! Statistics: the player's record (UI-free), how finished games get into it, and the screen
//! that shows it.

mod record;
mod recording;
mod view;

pub use record::{Stats, Tally};
pub use recording::use_stats;
pub use view::StatisticsScreen;
