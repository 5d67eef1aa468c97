//! The in-game menu: resume, a new game, the language, and the settings that may change
//! mid-game (the computer's level, turning the top bar around, coordinates).

use dioxus::prelude::*;

use super::controller::{Controller, Mode};
use crate::i18n::{text, Key};
use crate::prefs::Prefs;
use crate::widgets::{Dialog, LanguageToggle, LevelChoices, OnOffChoices};

#[component]
pub fn GameMenu(on_new_game: EventHandler) -> Element {
    let mut controller: Signal<Controller> = use_context();
    let mut prefs: Signal<Prefs> = use_context();
    let Prefs {
        lang,
        flip_top,
        coordinates,
        ..
    } = *prefs.read();
    let mode = controller.read().mode();

    rsx! {
        Dialog { title: text(lang, Key::Menu), testid: "menu",
            div { class: "menu-items",
                button { class: "primary", r#type: "button", "data-testid": "resume",
                    onclick: move |_| controller.write().set_menu_open(false),
                    {text(lang, Key::Resume)}
                }
                button { r#type: "button", "data-testid": "menu-new-game",
                    onclick: move |_| on_new_game.call(()),
                    {text(lang, Key::NewGame)}
                }
                div { class: "choice-row",
                    span { class: "choice-label", {text(lang, Key::Language)} }
                    LanguageToggle {}
                }
                match mode {
                    Mode::VsAi { level, .. } => rsx! {
                        LevelChoices {
                            current: level,
                            onpick: move |level| {
                                controller.write().set_level(level);
                                prefs.write().level = level;
                            },
                        }
                    },
                    Mode::PassAndPlay { .. } => rsx! {
                        OnOffChoices {
                            label: Key::FlipTop,
                            value: flip_top,
                            testid: "flip",
                            onpick: move |on| prefs.write().flip_top = on,
                        }
                    },
                }
                OnOffChoices {
                    label: Key::Coordinates,
                    value: coordinates,
                    testid: "coordinates",
                    onpick: move |on| prefs.write().coordinates = on,
                }
            }
        }
    }
}
