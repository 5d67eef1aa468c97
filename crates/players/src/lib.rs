//! Players online: what a name may be (`name`) and the Glicko-2 rating of each speed
//! (`glicko`), with every constant of the rating in one place (`constants`). Pure: the server
//! decides with it, and the app says the same reasons before it asks.

mod constants;
mod glicko;
mod name;
mod speed;

pub use constants::{
    DAYS_PER_RATING_PERIOD, DEFAULT_DEVIATION, DEFAULT_RATING, DEFAULT_VOLATILITY,
    LEADERBOARD_DEVIATION, MAX_DEVIATION, MAX_VOLATILITY, MIN_DEVIATION, PROVISIONAL_DEVIATION,
    TAU,
};
pub use glicko::{Outcome, Rating, RatingChange};
pub use name::{BadName, Name, NAME_MAX_CHARS, NAME_MIN_CHARS};
pub use speed::{BadSpeed, Speed};
