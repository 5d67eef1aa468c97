//! The plies played, in the notation of RULES.md with captures marked, numbered in red/black
//! pairs. Scrolls on its own and keeps the newest ply in view.

use dioxus::prelude::*;
use duobao_rules::{Color, Game};

use super::controller::Controller;
use crate::i18n::{text, Key};
use crate::prefs::Prefs;

/// Shown in red's cell when black made the first ply of the record.
const EMPTY_CELL: &str = "…";

/// One numbered line: red's ply then black's; a game set up with black to move starts with
/// an empty red cell.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct MoveRow {
    pub number: usize,
    pub red: Option<String>,
    pub black: Option<String>,
}

pub fn move_rows(game: &Game) -> Vec<MoveRow> {
    let mut rows: Vec<MoveRow> = Vec::new();
    for played in game.plies() {
        let notation = Some(played.to_string());
        match (played.mover, rows.last_mut()) {
            (Color::Black, Some(row)) if row.black.is_none() => row.black = notation,
            (mover, _) => {
                let number = rows.len() + 1;
                rows.push(match mover {
                    Color::Red => MoveRow {
                        number,
                        red: notation,
                        black: None,
                    },
                    Color::Black => MoveRow {
                        number,
                        red: None,
                        black: notation,
                    },
                });
            }
        }
    }
    rows
}

#[component]
pub fn MoveList() -> Element {
    let controller: Signal<Controller> = use_context();
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let rows = move_rows(controller.read().game());

    rsx! {
        section { class: "moves", aria_label: text(lang, Key::Moves),
            h2 { {text(lang, Key::Moves)} }
            // Reversed flex keeps the scroll position pinned to the newest ply.
            div { class: "moves-scroll", "data-testid": "move-list",
                ol {
                    if rows.is_empty() {
                        li { class: "empty", {text(lang, Key::NoMovesYet)} }
                    }
                    for row in rows {
                        li { key: "{row.number}",
                            span { class: "number", "{row.number}." }
                            span { class: "ply red", "data-testid": "ply", {row.red.unwrap_or_else(|| EMPTY_CELL.to_string())} }
                            if let Some(black) = row.black {
                                span { class: "ply black", "data-testid": "ply", "{black}" }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_support::game_from as game;

    #[test]
    fn pairs_plies_and_marks_captures() {
        let rows = move_rows(&game(
            "BBB/.B.B./..T../.RB../.R. r - 0",
            &["c1d2", "b4a4", "pass"],
        ));
        assert_eq!(
            rows,
            [
                MoveRow {
                    number: 1,
                    red: Some("c1d2x(c2)".into()),
                    black: Some("b4a4".into())
                },
                MoveRow {
                    number: 2,
                    red: Some("pass".into()),
                    black: None
                },
            ]
        );
    }

    #[test]
    fn black_to_move_first_leaves_red_empty() {
        let rows = move_rows(&game("BBB/BB.BB/..T../RR.RR/RRR b - 0", &["b4c4", "b2c2"]));
        assert_eq!(rows[0].red, None);
        assert_eq!(rows[0].black.as_deref(), Some("b4c4"));
        assert_eq!(rows[1].red.as_deref(), Some("b2c2"));
    }
}
