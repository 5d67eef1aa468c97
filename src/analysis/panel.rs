//! The engine panel: the evaluation from Red's side as a number and a bar, the engine's best
//! lines with their depth and speed, the exact verdict, and how many lines to show.

use dioxus::prelude::*;
use duobao_rules::Move;

use super::readout::{Exact, Readout};
use crate::i18n::{fill, text, Key};
use crate::prefs::Prefs;
use crate::widgets::{ChoiceButton, ChoiceRow};

/// The most lines the engine is asked for.
pub const MAX_LINES: usize = 3;

/// `readout` as it stands, `lines` of it asked for (`on_lines` changes that). A tap on a move
/// of a line hands the line up to that move to `on_play`.
#[component]
pub fn EnginePanel(
    readout: Readout,
    lines: usize,
    on_lines: EventHandler<usize>,
    on_play: EventHandler<Vec<Move>>,
) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let words = readout.words(lang);
    let (verdict, proof) = readout.verdict(lang);
    let kind = match &readout.exact {
        Exact::Searching => "searching",
        Exact::Forced { .. } => "forced",
        Exact::Unknown { .. } => "unknown",
        Exact::Over(_) => "over",
    };
    let plies = match &readout.exact {
        Exact::Forced { plies, .. } => Some(*plies),
        _ => None,
    };

    rsx! {
        section { class: "engine-panel", aria_label: text(lang, Key::ShowEngine), "data-testid": "engine-panel",
            div { class: "eval-row",
                span { class: "eval-figure", "data-testid": "analysis-eval", aria_label: "{words}", {readout.figure()} }
                div { class: "eval-bar", role: "img", aria_label: "{words}",
                    div { class: "eval-red", style: "width: {readout.red_share()}%" }
                }
            }
            if readout.lines.is_empty() && !matches!(readout.exact, Exact::Over(_)) {
                p { class: "engine-progress", {text(lang, Key::EngineStarting)} }
            }
            ol { class: "engine-lines",
                for (number, line) in readout.lines.iter().enumerate() {
                    li {
                        key: "{number}",
                        "data-testid": if number == 0 { "analysis-line".to_string() } else { format!("analysis-line-{}", number + 1) },
                        "data-moves": line.moves.iter().map(Move::to_string).collect::<Vec<_>>().join(" "),
                        aria_label: fill(lang, Key::EngineLine, &[
                            &(number + 1).to_string(),
                            &readout.line_words(lang, line),
                            &line.moves.iter().map(Move::to_string).collect::<Vec<_>>().join(" "),
                        ]),
                        span { class: "line-figure", {readout.line_figure(line)} }
                        for (index, m) in line.moves.iter().enumerate() {
                            {
                                let upto = line.moves[..=index].to_vec();
                                rsx! {
                                    button {
                                        key: "{index}",
                                        class: "line-move",
                                        r#type: "button",
                                        onclick: move |_| on_play.call(upto.clone()),
                                        "{m}"
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if !readout.lines.is_empty() {
                p { class: "engine-progress", "data-testid": "analysis-depth", "data-depth": readout.depth, "data-threads": readout.threads, "data-nps": readout.positions_per_second,
                    {readout.progress(lang)}
                }
            }
            div { class: "analysis-verdict {kind}", role: "status", "data-testid": "analysis-verdict",
                "data-kind": kind, "data-plies": plies,
                p { "{verdict}" }
                if let Some(proof) = proof {
                    p { class: "proof", "data-testid": "analysis-verdict-line", "{proof}" }
                }
            }
            ChoiceRow { label: text(lang, Key::EngineLines),
                for count in 1..=MAX_LINES {
                    ChoiceButton {
                        key: "{count}",
                        label: count.to_string(),
                        selected: lines == count,
                        testid: "engine-lines-{count}",
                        onclick: move |_| on_lines.call(count),
                    }
                }
            }
        }
    }
}
