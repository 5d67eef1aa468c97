//! Asking the service about a position on the app's server (`server_address::request`), with a
//! time limit: an answer, or why there is none.

use std::cell::RefCell;
use std::time::Duration;

use duobao_rules::Position;

use super::answer::{read_answer, MoveValue, TableAnswer};
use crate::endgames::carries;
use crate::server_address::{request, Reply as ServerReply, ServerAddress};

/// The longest answer read: a position's answer is a few KB at most.
const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// The service's path on the server, as `duobao-serve` answers it.
const PATH: &str = "/api/tablebase";

thread_local! {
    /// The services' URLs that answered that they are not there: not asked again until the
    /// app starts again, so that a site without tables gets one request, not one a position.
    static ABSENT: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// What became of a question to the service.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Reply {
    Answer(TableAnswer),
    /// No address to ask (natively, until the player gives one).
    NoService,
    /// Offline, refused, or no answer in time.
    Unreachable,
    /// The site answered that it has no such service (404).
    Absent,
    /// An answer that is not one about the position (see [`read_answer`]).
    Nonsense,
}

/// Asks the service at `address` about `position`, waiting at most `wait`.
pub async fn ask(address: &ServerAddress, position: &Position, wait: Duration) -> Reply {
    let Some(url) = address.endpoint(PATH) else {
        return Reply::NoService;
    };
    if ABSENT.with_borrow(|absent| absent.contains(&url)) {
        return Reply::Absent;
    }
    let query = form_urlencoded::Serializer::new(String::new())
        .append_pair("fen", &position.to_fen())
        .finish();
    match request("GET", &format!("{url}?{query}"), None, None, wait).await {
        ServerReply::Offline | ServerReply::Unreachable => Reply::Unreachable,
        ServerReply::Answered { status: 404, .. } => {
            ABSENT.with_borrow_mut(|absent| absent.push(url));
            Reply::Absent
        }
        ServerReply::Answered { status: 200, body } if body.len() <= MAX_ANSWER_BYTES => {
            read_answer(&body, position).map_or(Reply::Nonsense, Reply::Answer)
        }
        // A server error is the service out of order, as good as out of reach.
        ServerReply::Answered { status, .. } if status >= 500 => Reply::Unreachable,
        ServerReply::Answered { .. } => Reply::Nonsense,
    }
}

/// The best move by the service's tables in `position`, when it knows the position within
/// `wait`; never asked about a position the app's own tables hold, which the engine knows.
pub async fn best_move(
    service: &ServerAddress,
    position: &Position,
    wait: Duration,
) -> Option<MoveValue> {
    if carries(position) {
        return None;
    }
    match ask(service, position, wait).await {
        Reply::Answer(answer) => answer.best_move().cloned(),
        _ => None,
    }
}
