//! Before a game against the computer: which side to play and how strong the computer is; before
//! a game with a friend by link, which side to play and how it goes.

use dioxus::prelude::*;
use duobao_rules::Color;

use super::setup;
use super::{ChoiceButton, ChoiceRow, Dialog, LevelChoices};
use crate::i18n::{color_key, text, Key};
use crate::prefs::Prefs;
use crate::session::GameSetup;

/// `by_link`: the game is with a friend by link, not against the computer.
#[component]
pub fn VsAiDialog(
    #[props(default)] by_link: bool,
    on_start: EventHandler<GameSetup>,
    on_cancel: EventHandler,
) -> Element {
    let mut prefs: Signal<Prefs> = use_context();
    let mut side = use_signal(|| Color::Red);
    let Prefs { lang, level, .. } = *prefs.read();

    rsx! {
        Dialog {
            title: text(lang, if by_link { Key::ByLink } else { Key::VsAi }),
            testid: if by_link { "by-link-setup" } else { "vs-ai-setup" },
            sheet: true,
            on_back: on_cancel,
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
                if by_link {
                    p { class: "hint", "data-testid": "by-link-how", {text(lang, Key::ByLinkHow)} }
                } else {
                    LevelChoices { current: level, onpick: move |level| prefs.write().level = level }
                }
                button { class: "primary start", r#type: "button", "data-testid": "start",
                    onclick: move |_| {
                        on_start.call(if by_link { setup::by_link(side()) } else { setup::vs_ai(side(), &prefs.peek()) })
                    },
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
