//! The analysis board's screen: the engine panel, the board on which both sides move by taps,
//! the steps through the moves (buttons, swipes, arrow keys), the move list with its variations,
//! and what can be done from the position shown: edit it, share it, play from it.

use std::cell::RefCell;
use std::rc::Rc;

use dioxus::prelude::*;
use duobao_rules::{Color, Game, Move};

use super::engine::use_engine;
use super::model::Analysis;
use super::panel::EnginePanel;
use super::server_tables::ServerTables;
use crate::board::Board;
use crate::i18n::{text, Key};
use crate::navigation::{use_navigator, Route};
use crate::prefs::Prefs;
use crate::share::ShareSheet;
use crate::widgets::{PageFrame, PlayFromDialog, SettingSwitch, Step, StepButtons};

/// A dialog the analysis board opens over itself.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Over {
    PlayFrom,
    Share,
}

/// `game`'s moves as the main line, the board after its first `at` plies (and again whenever
/// they change: the editor opened over the board hands it another position). A new game from a
/// position shown opens as a game; *Edit* opens the editor on the position shown.
#[component]
pub fn AnalysisScreenBody(
    game: Game,
    at: usize,
    /// Whether the board is the route on top (the editor opened from it hides it).
    #[props(default = true)]
    on_top: bool,
) -> Element {
    let navigator = use_navigator();
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let mut analysis = use_signal(|| Analysis::new(&game, at));
    let opened_on = use_hook(|| Rc::new(RefCell::new((game.clone(), at))));
    use_effect(use_reactive((&game, &at), move |(game, at)| {
        let opened = (game, at);
        if *opened_on.borrow() != opened {
            analysis.set(Analysis::new(&opened.0, opened.1));
            *opened_on.borrow_mut() = opened;
        }
    }));
    let mut engine_on = use_signal(|| true);
    let mut lines = use_signal(|| 1);
    let mut over = use_signal(|| None::<Over>);
    let mut bottom = use_signal(|| Color::Red);
    let shown = use_memo(move || analysis.read().game().clone());
    // The engine thinks only while the panel shows, over nothing else (the editor opened from
    // here leaves the board mounted under it, hidden: see `navigation::Route`).
    let thinking = use_memo(use_reactive((&on_top,), move |(on_top,)| {
        on_top && engine_on() && over().is_none()
    }));
    let readout = use_engine(shown, thinking, lines);

    let current = analysis.read();
    let board_game = current.game().clone();
    let runs = current.runs(lang);
    let (back, forward) = (current.can_go_back(), current.can_go_forward());
    let in_variation = current.in_variation();
    let plies = board_game.plies().len();
    let position = *board_game.position();
    let finished = board_game.is_over();
    drop(current);

    rsx! {
        div { class: "screen",
            PageFrame {
                title: text(lang, Key::AnalysisTitle),
                testid: "analysis-screen",
                if engine_on() {
                    EnginePanel {
                        readout: readout(),
                        lines: lines(),
                        on_lines: move |count| lines.set(count),
                        on_play: move |line: Vec<Move>| {
                            let mut analysis = analysis.write();
                            for m in line {
                                analysis.play(m);
                            }
                        },
                    }
                }
                div {
                    class: "analysis-board",
                    "data-testid": "analysis-board",
                    "data-plies": plies,
                    // A swipe steps through the moves (crate::shortcuts).
                    "data-swipe": true,
                    Board {
                        game: board_game,
                        bottom: bottom(),
                        on_move: move |m| analysis.write().play(m),
                    }
                }
                StepButtons {
                    testid_prefix: "analysis",
                    can_go_back: back,
                    can_go_forward: forward,
                    on_step: move |step| {
                        let mut analysis = analysis.write();
                        match step {
                            Step::First => analysis.first(),
                            Step::Back => analysis.back(),
                            Step::Forward => analysis.forward(),
                            Step::Last => analysis.last(),
                        }
                    },
                }
                // Below the board, as Lichess lays out its tablebase: the board stays in view.
                if engine_on() {
                    ServerTables {
                        game: shown,
                        on_play: move |m| analysis.write().play(m),
                    }
                }
                section { class: "moves analysis-moves", aria_label: text(lang, Key::Moves), "data-testid": "analysis-moves",
                    if runs.is_empty() {
                        p { class: "empty", {text(lang, Key::NoMovesYet)} }
                    }
                    for (index, run) in runs.into_iter().enumerate() {
                        div {
                            key: "{index}",
                            class: if run.depth == 0 { "run main-line" } else { "run variation" },
                            "data-testid": if run.depth == 0 { "main-line" } else { "variation" },
                            style: "--depth: {run.depth}",
                            for cell in run.cells {
                                button {
                                    key: "{cell.node:?}",
                                    class: "ply {cell.mover.name()}",
                                    r#type: "button",
                                    aria_current: if cell.current { "step" } else { "false" },
                                    "data-testid": "tree-move",
                                    "data-move": "{cell.text}",
                                    onclick: move |_| analysis.write().go(cell.node),
                                    if let Some(prefix) = &cell.prefix {
                                        span { class: "number", "{prefix} " }
                                    }
                                    "{cell.text}"
                                }
                            }
                        }
                    }
                }
                div { class: "analysis-tools",
                    button { r#type: "button", "data-testid": "flip-board",
                        onclick: move |_| bottom.set(bottom().other()),
                        {text(lang, Key::FlipSides)}
                    }
                    if in_variation {
                        button { r#type: "button", "data-testid": "promote-variation",
                            onclick: move |_| analysis.write().promote(),
                            {text(lang, Key::PromoteVariation)}
                        }
                    }
                    if back {
                        button { r#type: "button", "data-testid": "delete-from-here",
                            onclick: move |_| analysis.write().delete(),
                            {text(lang, Key::DeleteFromHere)}
                        }
                    }
                }
                SettingSwitch {
                    label: Key::ShowEngine,
                    value: engine_on(),
                    testid: "engine-switch",
                    onchange: move |on| engine_on.set(on),
                }
                div { class: "review-actions",
                    button { r#type: "button", "data-testid": "edit-position",
                        onclick: move |_| navigator.open(Route::Editor { start: position }),
                        {text(lang, Key::EditPosition)}
                    }
                    button { r#type: "button", "data-testid": "share", aria_haspopup: "dialog",
                        onclick: move |_| over.set(Some(Over::Share)),
                        {text(lang, Key::Share)}
                    }
                    button { class: "primary", r#type: "button", "data-testid": "play-from-here",
                        aria_haspopup: "dialog",
                        disabled: finished,
                        onclick: move |_| over.set(Some(Over::PlayFrom)),
                        {text(lang, Key::PlayFromHere)}
                    }
                }
            }
        }
        match over() {
            Some(Over::PlayFrom) => rsx! {
                PlayFromDialog { position, on_close: move |_| over.set(None) }
            },
            Some(Over::Share) => rsx! {
                ShareSheet {
                    game: shown(),
                    ply: plies,
                    analysis: true,
                    on_close: move |_| over.set(None),
                }
            },
            None => rsx! {},
        }
    }
}
