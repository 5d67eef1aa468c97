//! `GET /api/tablebase?fen=FEN`: the endgame tables' answer for a position, in the spirit of
//! Lichess's tablebase API (lila-tablebase): the position's category and distance, and every
//! legal move with the category and distance of the position it leads to, best first.
//!
//! ```json
//! {"fen":"…","category":"win","plies":5,"game_over":false,
//!  "moves":[{"uci":"c3c2","category":"loss","plies":4}, …]}
//! ```
//!
//! As in Lichess's API, a move's category is that of the position after it, for the side then
//! to move: the best move leaves the opponent `loss`. Categories: `win`, `loss`, `draw`,
//! `win-or-draw` and `loss-or-draw` (a win or loss the quiet limit may turn into a draw: the
//! tables never claim more), and `unknown` outside the tables. `plies` is the distance to the
//! end of the game under perfect play (the shortest win, the longest defence), `null` for a
//! draw or an unknown position. A bad FEN is a 400 with the reason in `error`.
//!
//! The tables are opened once, mapped into memory ([`file::open`]), and shared by every request,
//! so that tables larger than the memory can be served; a probe runs off the runtime's threads,
//! since a page of a mapped file may have to be read from the disk.

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::header::{ACCESS_CONTROL_ALLOW_ORIGIN, CACHE_CONTROL, CONTENT_TYPE};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use duobao_protocol::{Category, TablebaseAnswer, TablebaseMove};
use duobao_rules::Position;
use duobao_tablebase::{file, Probe, Tablebase};
use serde::{Deserialize, Serialize};

/// Where the service answers.
pub const TABLEBASE_PATH: &str = "/api/tablebase";

/// The longest FEN taken: the longest real one is under 60 characters.
const MAX_FEN_LEN: usize = 200;

/// How long an answer may be kept: the tables' values never change, though a folder given more
/// tables later answers what was `unknown` (which is not kept).
const KNOWN_CACHE: &str = "public, max-age=86400";
const UNKNOWN_CACHE: &str = "no-cache";

/// The tables in `dir`, each file mapped into memory and checked; an error naming a damaged
/// file, or saying there are none.
pub fn open_tables(dir: &std::path::Path) -> Result<Arc<Tablebase>, file::FileError> {
    file::open(dir).map(Arc::new)
}

#[derive(Deserialize)]
pub struct TablebaseQuery {
    fen: Option<String>,
}

#[derive(Serialize)]
struct Refusal {
    error: String,
}

/// The handler of [`TABLEBASE_PATH`].
pub async fn tablebase(
    State(tables): State<Arc<Tablebase>>,
    Query(query): Query<TablebaseQuery>,
) -> Response {
    let position = match read_fen(query.fen.as_deref()) {
        Ok(position) => position,
        Err(reason) => return refuse(StatusCode::BAD_REQUEST, reason),
    };
    let answer = tokio::task::spawn_blocking(move || answer(&tables, &position)).await;
    match answer {
        Ok(answer) => {
            let cache = if answer.category == Category::Unknown {
                UNKNOWN_CACHE
            } else {
                KNOWN_CACHE
            };
            json(StatusCode::OK, cache, &answer)
        }
        Err(_) => refuse(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the tables could not be read".to_string(),
        ),
    }
}

/// The position of the `fen` parameter, or why it cannot be had.
fn read_fen(fen: Option<&str>) -> Result<Position, String> {
    let fen = fen.ok_or("missing the fen parameter: /api/tablebase?fen=FEN")?;
    if fen.len() > MAX_FEN_LEN {
        return Err(format!("the FEN is too long ({} characters)", fen.len()));
    }
    Position::from_fen(fen.trim()).map_err(|e| format!("bad FEN '{fen}': {e}"))
}

/// What the tables say of `position` and of each of its moves.
fn answer(tables: &Tablebase, position: &Position) -> TablebaseAnswer {
    let (category, plies) = described(tables.probe(position));
    let game_over = position.win().is_some();
    let moves = if game_over {
        Vec::new()
    } else {
        tables
            .probe_moves(position)
            .into_iter()
            .map(|(m, after)| {
                let (category, plies) = described(after);
                TablebaseMove {
                    uci: m.to_string(),
                    category,
                    plies,
                }
            })
            .collect()
    };
    TablebaseAnswer {
        fen: position.to_fen(),
        category,
        plies,
        game_over,
        moves,
    }
}

fn described(probe: Option<Probe>) -> (Category, Option<u32>) {
    let category = match probe {
        None => Category::Unknown,
        Some(Probe::Win { .. }) => Category::Win,
        Some(Probe::Loss { .. }) => Category::Loss,
        Some(Probe::Draw) => Category::Draw,
        Some(Probe::WinOrDraw { .. }) => Category::WinOrDraw,
        Some(Probe::LossOrDraw { .. }) => Category::LossOrDraw,
    };
    (category, probe.and_then(Probe::plies))
}

/// An error with its reason, never kept.
fn refuse(status: StatusCode, reason: String) -> Response {
    json(status, "no-store", &Refusal { error: reason })
}

/// `body` as JSON, answerable to a page of any site (the app may be served from elsewhere than
/// its tables, as Lichess's tablebase answers every site).
fn json(status: StatusCode, cache: &'static str, body: &impl Serialize) -> Response {
    let text = serde_json::to_string(body).expect("answers are plain data");
    (
        status,
        [
            (CONTENT_TYPE, "application/json"),
            (CACHE_CONTROL, cache),
            (ACCESS_CONTROL_ALLOW_ORIGIN, "*"),
        ],
        text,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_or_missing_fen_is_refused_with_the_reason() {
        assert!(read_fen(None).unwrap_err().contains("missing the fen"));
        assert!(read_fen(Some("not a fen"))
            .unwrap_err()
            .starts_with("bad FEN 'not a fen'"));
        assert!(read_fen(Some(&"B".repeat(300)))
            .unwrap_err()
            .contains("too long"));
    }
}
