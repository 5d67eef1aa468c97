//! The players online as the app shows them: the device's player's profile (its name, both
//! ratings, its results, the chart of its rating, its games on the server, a code for another
//! phone, deleting the account) and the leaderboard. Both are in a chunk of their own
//! (src/screens.rs); the name sheet is `account/`'s.

mod chart;
mod leaderboard;
mod profile;

pub use leaderboard::LeaderboardBody;
pub use profile::ProfileBody;

use crate::i18n::{Key, PlayersText};
use crate::online_service::{OnlineEnd, PlayerGame, Speed};

/// A speed's name.
fn speed_words(speed: Speed) -> PlayersText {
    match speed {
        Speed::Fast => PlayersText::SpeedFast,
        Speed::Standard => PlayersText::SpeedStandard,
    }
}

/// How a game ended for the player who sat at `seat`: won, lost or drawn; `None` while it is
/// played or when it was called off.
fn outcome(game: &PlayerGame) -> Option<(Key, &'static str)> {
    let end: OnlineEnd = game.result.as_deref()?.parse().ok()?;
    let result = match end {
        OnlineEnd::Board(result) => result,
        OnlineEnd::Conceded(concession) => concession.result(),
        OnlineEnd::Aborted => return None,
    };
    Some(match result.winner() {
        None => (Key::Drawn, "drawn"),
        Some(winner) if winner == game.seat => (Key::Won, "won"),
        Some(_) => (Key::Lost, "lost"),
    })
}
