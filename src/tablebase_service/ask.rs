//! Asking the service about a position, by the page's own `fetch` (the webview's natively), with
//! a time limit: an answer, or why there is none.

use std::cell::RefCell;
use std::time::Duration;

use dioxus::prelude::*;
use duobao_rules::Position;

use super::answer::{read_answer, MoveValue, TableAnswer};
use crate::endgames::carries;
use crate::server_address::ServerAddress;

/// The longest answer read: a position's answer is a few KB at most.
const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// The service's path on the server, as `duobao-serve` answers it.
const PATH: &str = "/api/tablebase";

/// Fetches `URL?fen=FEN` and sends back `[status, body]`; status 0 when offline, out of reach or
/// out of time (the request is then aborted).
const ASK_SCRIPT: &str = r#"
    const [url, fen, ms] = await dioxus.recv();
    if (!navigator.onLine) {
        dioxus.send([0, ""]);
    } else {
        const stop = new AbortController();
        const timer = setTimeout(() => stop.abort(), ms);
        try {
            const response = await fetch(url + "?fen=" + encodeURIComponent(fen), {
                signal: stop.signal,
                headers: { accept: "application/json" },
            });
            dioxus.send([response.status, await response.text()]);
        } catch (error) {
            dioxus.send([0, ""]);
        } finally {
            clearTimeout(timer);
        }
    }
"#;

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
    let mut asking = document::eval(ASK_SCRIPT);
    if asking
        .send((&url, position.to_fen(), wait.as_millis() as u64))
        .is_err()
    {
        return Reply::Unreachable;
    }
    match asking.recv::<(u16, String)>().await {
        Ok((0, _)) | Err(_) => Reply::Unreachable,
        Ok((404, _)) => {
            ABSENT.with_borrow_mut(|absent| absent.push(url));
            Reply::Absent
        }
        Ok((200, body)) if body.len() <= MAX_ANSWER_BYTES => {
            read_answer(&body, position).map_or(Reply::Nonsense, Reply::Answer)
        }
        // A server error is the service out of order, as good as out of reach.
        Ok((status, _)) if status >= 500 => Reply::Unreachable,
        Ok(_) => Reply::Nonsense,
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
