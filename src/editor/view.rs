//! The position editor's screen: the palette, the board that takes the pieces, the side to
//! move and the treasure lock, what the rules say of the set-up, and where a legal one goes
//! (the analysis board, a new game, a link).

use dioxus::prelude::*;
use duobao_rules::{Color, Game, Position};

use super::model::{judgement_text, Setup, Tool};
use crate::board::SetupBoard;
use crate::i18n::{color_key, text, Key};
use crate::navigation::{use_navigator, Route};
use crate::prefs::Prefs;
use crate::share::ShareSheet;
use crate::widgets::{ChoiceButton, ChoiceRow, PageFrame, PlayFromDialog, SettingSwitch};

/// Where a tool's button is told apart, in the stylesheet and the tests.
fn tool_code(tool: Tool) -> &'static str {
    match tool {
        Tool::RedSoldier => "red",
        Tool::BlackSoldier => "black",
        Tool::Treasure => "treasure",
        Tool::Remove => "remove",
    }
}

/// A tool's name on its button, short enough for four in a row.
fn tool_key(tool: Tool) -> Key {
    match tool {
        Tool::RedSoldier => Key::ToolRedSoldier,
        Tool::BlackSoldier => Key::ToolBlackSoldier,
        Tool::Treasure => Key::ToolTreasure,
        Tool::Remove => Key::ToolRemove,
    }
}

/// The editor, set out as `start` at first. A legal set-up goes to the analysis board (the one
/// it was opened from, else a new one, Back from which returns here), or opens as a new game.
#[component]
pub fn EditorScreenBody(start: Position) -> Element {
    let navigator = use_navigator();
    let on_analyse = move |position: Position| {
        let game = Game::from_position(position);
        if !navigator.return_below(Route::Analysis {
            game: game.clone(),
            at: 0,
        }) {
            navigator.update_top(|route| *route = Route::Editor { start: position });
            navigator.open(Route::Analysis { game, at: 0 });
        }
    };
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let mut setup = use_signal(|| Setup::of(&start));
    let mut playing_from = use_signal(|| false);
    let mut sharing = use_signal(|| false);
    let current = setup();
    let judged = current.judge();
    let over = current.finished().is_some();

    rsx! {
        PageFrame {
            title: text(lang, Key::EditorTitle),
            testid: "editor-screen",
            ChoiceRow { label: text(lang, Key::EditorPalette),
                for tool in Tool::ALL {
                    ChoiceButton {
                        key: "{tool_code(tool)}",
                        label: text(lang, tool_key(tool)),
                        selected: current.tool == tool,
                        testid: "tool-{tool_code(tool)}",
                        onclick: move |_| setup.write().tool = tool,
                    }
                }
            }
            div { class: "editor-board", "data-testid": "editor-board",
                SetupBoard {
                    placement: current.placement,
                    on_tap: move |point| setup.write().tap(point),
                }
            }
            ChoiceRow { label: text(lang, Key::SideToMove),
                for color in Color::BOTH {
                    ChoiceButton {
                        key: "{color}",
                        label: text(lang, color_key(color)),
                        selected: current.turn == color,
                        testid: "turn-{color}",
                        onclick: move |_| setup.write().turn = color,
                    }
                }
            }
            SettingSwitch {
                label: Key::TreasureLockSetting,
                value: current.placement.locked,
                testid: "treasure-locked",
                onchange: move |locked| setup.write().placement.locked = locked,
            }
            div { class: "editor-resets",
                button { r#type: "button", "data-testid": "clear-board",
                    onclick: move |_| setup.write().clear(),
                    {text(lang, Key::ClearBoard)}
                }
                button { r#type: "button", "data-testid": "start-position",
                    onclick: move |_| setup.write().start(),
                    {text(lang, Key::StartPosition)}
                }
            }
            p {
                class: if judged.is_ok() { "setup-status" } else { "setup-status refused" },
                role: "status",
                "data-testid": "setup-status",
                "data-legal": judged.is_ok(),
                {judgement_text(lang, &current)}
            }
            div { class: "review-actions",
                button { class: "primary", r#type: "button", "data-testid": "analyse",
                    disabled: judged.is_err(),
                    onclick: move |_| {
                        if let Ok(position) = setup.peek().judge() {
                            on_analyse(position);
                        }
                    },
                    {text(lang, Key::Analyse)}
                }
                button { r#type: "button", "data-testid": "play-from-here", aria_haspopup: "dialog",
                    disabled: judged.is_err() || over,
                    onclick: move |_| playing_from.set(true),
                    {text(lang, Key::PlayFromHere)}
                }
                button { r#type: "button", "data-testid": "share", aria_haspopup: "dialog",
                    disabled: judged.is_err(),
                    onclick: move |_| sharing.set(true),
                    {text(lang, Key::Share)}
                }
            }
        }
        if let (true, Ok(position)) = (playing_from(), judged) {
            PlayFromDialog { position, on_close: move |_| playing_from.set(false) }
        }
        if let (true, Ok(position)) = (sharing(), judged) {
            ShareSheet {
                game: Game::from_position(position),
                ply: 0,
                analysis: true,
                on_close: move |_| sharing.set(false),
            }
        }
    }
}
