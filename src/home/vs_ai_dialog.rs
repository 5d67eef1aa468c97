//! Before a game against the computer: which side to play and how strong the computer is.

use dioxus::prelude::*;
use duobao_rules::Color;

use super::setup;
use crate::i18n::{color_key, text, Key};
use crate::prefs::Prefs;
use crate::session::GameSetup;
use crate::widgets::{ChoiceButton, ChoiceRow, Dialog, LevelChoices};

#[component]
pub fn VsAiDialog(on_start: EventHandler<GameSetup>, on_cancel: EventHandler) -> Element {
    let mut prefs: Signal<Prefs> = use_context();
    let mut side = use_signal(|| Color::Red);
    let Prefs { lang, level, .. } = *prefs.read();

    rsx! {
        Dialog { title: text(lang, Key::VsAi), testid: "vs-ai-setup", sheet: true, on_back: on_cancel,
            div { class: "menu-items",
                ChoiceRow { label: text(lang, Key::YourSide),
                    for color in Color::BOTH {
                        ChoiceButton {
                            key: "{color}",
                            label: text(lang, color_key(color)),
                            selected: side() == color,
                            testid: "side-{color}",
                            onclick: move |_| side.set(color),
                        }
                    }
                }
                p { class: "hint", {text(lang, Key::RedMovesFirst)} }
                LevelChoices { current: level, onpick: move |level| prefs.write().level = level }
                button { class: "primary start", r#type: "button", "data-testid": "start",
                    onclick: move |_| on_start.call(setup::vs_ai(side(), &prefs.peek())),
                    {text(lang, Key::Start)}
                }
                button { r#type: "button", "data-testid": "cancel",
                    onclick: move |_| on_cancel.call(()),
                    {text(lang, Key::Back)}
                }
            }
        }
    }
}
