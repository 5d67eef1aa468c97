//! Statistics: the player's record (UI-free), kept on the device, and the screen that shows it.
//! Finished games get into it as the game's events say (`counting.rs`).

mod counting;
mod provided;
mod record;
mod stored;
mod view;

pub use counting::use_counting;
#[cfg(test)]
pub use counting::Counter;
pub use provided::use_stats;
pub use record::{Stats, Tally};
pub use stored::{load_stats, save_stats};
pub use view::{StatisticsScreenBody, StatisticsScreenBodyProps};
