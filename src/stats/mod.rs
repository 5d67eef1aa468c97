//! Statistics: the player's record (UI-free), kept on the device, and the screen that shows it.
//! Finished games get into it through the game screen's records (`game/records.rs`).

mod provided;
mod record;
mod stored;
mod view;

pub use provided::use_stats;
pub use record::{Stats, Tally};
pub use stored::{load_stats, save_stats};
pub use view::StatisticsScreen;
