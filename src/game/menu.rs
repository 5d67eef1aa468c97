//! The in-game menu: resume, the rules, the settings, a new game and the language. The clock
//! stands still while it is open, and while the rules or settings opened from it are showing.
//! Back resumes the game.

use dioxus::prelude::*;

use crate::i18n::{text, Key};
use crate::navigation::Page;
use crate::prefs::Prefs;
use crate::widgets::{Dialog, LanguageChoices, PageButtons};

#[component]
pub fn GameMenu(
    on_resume: EventHandler,
    on_new_game: EventHandler,
    on_open: EventHandler<Page>,
) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;

    rsx! {
        Dialog { title: text(lang, Key::Menu), testid: "menu", on_back: on_resume,
            div { class: "menu-items",
                button { class: "primary", r#type: "button", "data-testid": "resume",
                    onclick: move |_| on_resume.call(()),
                    {text(lang, Key::Resume)}
                }
                PageButtons { testid_prefix: "menu", on_open }
                button { r#type: "button", "data-testid": "menu-new-game",
                    onclick: move |_| on_new_game.call(()),
                    {text(lang, Key::NewGame)}
                }
                LanguageChoices {}
            }
        }
    }
}
