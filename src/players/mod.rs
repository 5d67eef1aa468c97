//! The players online as the app shows them: the device's player's profile (its name, both
//! ratings, its results, the chart of its rating, its games on the server, a code for another
//! phone, deleting the account) and the leaderboard. Both are in the pages' chunk
//! (src/screens.rs); the name sheet is `account/`'s.

mod chart;
mod leaderboard;
mod profile;

pub use leaderboard::LeaderboardBody;
pub use profile::ProfileBody;

use crate::i18n::PlayersText;
use crate::online_service::Speed;

/// A speed's name.
fn speed_words(speed: Speed) -> PlayersText {
    match speed {
        Speed::Fast => PlayersText::SpeedFast,
        Speed::Standard => PlayersText::SpeedStandard,
    }
}
