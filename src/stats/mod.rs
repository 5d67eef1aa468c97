//! Statistics: the player's record (UI-free) and the screen that shows it. Finished games get
//! into it through `persistence::use_stats`, which keeps it on the device.

mod record;
mod stored;
mod view;

pub use record::{Stats, Tally};
pub use stored::{load_stats, save_stats};
pub use view::StatisticsScreen;
