//! What the tablebase service knows of a reviewed game's positions, asked before the review
//! starts and handed to it: the review then judges those plies by exact distances, as it does
//! the endgames the app carries.

use std::time::Duration;

use duobao_rules::Game;
use duobao_study::KnownOutcome;
use web_time::Instant;

use crate::endgames::carries;
use crate::server_address::ServerAddress;
use crate::tablebase_service::{ask, sure_outcome, Category, Reply};

/// The longest the review waits for the service, all questions together.
const BUDGET: Duration = Duration::from_secs(2);

/// The exact outcomes the service gives for `game`'s positions beyond the app's own tables.
/// Asked from the end of the game back: a game only loses soldiers as it goes, so the first
/// position the service does not know (or cannot answer about) ends the asking.
pub async fn known_outcomes(service: &ServerAddress, game: &Game) -> Vec<KnownOutcome> {
    let started = Instant::now();
    let mut known = Vec::new();
    for (plies, position) in game.history().iter().enumerate().rev() {
        if carries(position) || position.win().is_some() {
            continue;
        }
        let Some(left) = BUDGET.checked_sub(started.elapsed()) else {
            break;
        };
        let Reply::Answer(answer) = ask(service, position, left).await else {
            break;
        };
        if answer.category == Category::Unknown {
            break;
        }
        // A draw with best play, or what the quiet limit may draw, stays the solver's.
        if let Some(outcome) = sure_outcome(answer.category, answer.plies) {
            known.push(KnownOutcome { plies, outcome });
        }
    }
    known
}
