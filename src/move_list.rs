//! The plies played, in the notation of RULES.md with captures marked, numbered in red/black
//! pairs that flow along the lines of a compact panel (a phone shows many moves in little
//! room): the game screen's list, which scrolls on its own, keeps the newest ply in view and
//! marked and opens the review at a tapped ply, and the rows the review and the analysis board
//! show.

use dioxus::prelude::*;
use duobao_rules::{Color, PlayedPly, Ply};

use crate::i18n::{fill, text, Key, Lang};
use crate::prefs::Prefs;

/// Shown in red's cell when black made the first ply of the record.
const EMPTY_CELL: &str = "…";

/// One ply in the list: its notation and how many plies the game has once it is played.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct MoveCell {
    pub text: String,
    pub after: usize,
}

/// One numbered line: red's ply then black's; a game set up with black to move starts with
/// an empty red cell.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct MoveRow {
    pub number: usize,
    pub red: Option<MoveCell>,
    pub black: Option<MoveCell>,
}

/// A ply in notation, with the skipped turn named in the reader's language (`pass`, 超时): the
/// rest of the notation is the same in both.
pub fn ply_notation(lang: Lang, ply: Ply) -> String {
    match ply {
        Ply::Pass => text(lang, Key::PassNotation).to_string(),
        Ply::Move(m) => m.to_string(),
    }
}

/// A played ply in notation with its captures marked (`d2c2x(b2)`), a skipped turn as in
/// [`ply_notation`].
pub fn ply_text(lang: Lang, played: &PlayedPly) -> String {
    match played.ply {
        Ply::Pass => ply_notation(lang, played.ply),
        Ply::Move(_) => played.to_string(),
    }
}

pub fn move_rows(lang: Lang, plies: &[PlayedPly]) -> Vec<MoveRow> {
    let mut rows: Vec<MoveRow> = Vec::new();
    for (index, played) in plies.iter().enumerate() {
        let notation = Some(MoveCell {
            text: ply_text(lang, played),
            after: index + 1,
        });
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

/// The game's `plies`, handed over by the game screen so that a tap that only picks up a piece
/// does not draw the list again; `on_review` opens the review after the tapped ply.
#[component]
pub fn MoveList(plies: Vec<PlayedPly>, on_review: EventHandler<usize>) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let rows = move_rows(lang, &plies);
    let newest = plies.len();

    rsx! {
        section { class: "moves game-moves", aria_label: text(lang, Key::Moves),
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
                            for (cell, color) in [(row.red, "red"), (row.black, "black")] {
                                if let Some(cell) = cell {
                                    button {
                                        class: "ply {color}",
                                        r#type: "button",
                                        aria_current: if cell.after == newest { "step" } else { "false" },
                                        "data-testid": "ply",
                                        aria_label: fill(lang, Key::ReviewPly, &[&cell.text]),
                                        onclick: move |event: MouseEvent| {
                                            event.stop_propagation();
                                            on_review.call(cell.after);
                                        },
                                        "{cell.text}"
                                    }
                                } else if color == "red" {
                                    span { class: "ply red", {EMPTY_CELL} }
                                }
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
    use crate::test_games::game_from as game;

    fn cell(text: &str, after: usize) -> MoveCell {
        MoveCell {
            text: text.into(),
            after,
        }
    }

    #[test]
    fn pairs_plies_and_marks_captures() {
        let rows = move_rows(
            Lang::En,
            game("BBB/.B.B./..T../.RB../.R. r - 0", &["c1d2", "b4a4", "pass"]).plies(),
        );
        assert_eq!(
            rows,
            [
                MoveRow {
                    number: 1,
                    red: Some(cell("c1d2x(c2)", 1)),
                    black: Some(cell("b4a4", 2))
                },
                MoveRow {
                    number: 2,
                    red: Some(cell("pass", 3)),
                    black: None
                },
            ]
        );
    }

    #[test]
    fn black_to_move_first_leaves_red_empty() {
        let rows = move_rows(
            Lang::En,
            game("BBB/BB.BB/..T../RR.RR/RRR b - 0", &["b4c4", "b2c2"]).plies(),
        );
        assert_eq!(rows[0].red, None);
        assert_eq!(rows[0].black, Some(cell("b4c4", 1)));
        assert_eq!(rows[1].red, Some(cell("b2c2", 2)));
    }

    #[test]
    fn a_skipped_turn_is_named_in_the_readers_language() {
        let record = game("BBB/.B.B./..T../.RB../.R. r - 0", &["c1d2", "pass"]);
        let texts = |lang| {
            let row = &move_rows(lang, record.plies())[0];
            [&row.red, &row.black].map(|cell| cell.as_ref().unwrap().text.clone())
        };
        assert_eq!(texts(Lang::En), ["c1d2x(c2)", "pass"]);
        assert_eq!(texts(Lang::Zh), ["c1d2x(c2)", "超时"]);
    }
}
