//! Before a new game replaces the unfinished one that is saved: the player is asked whether to
//! continue that game or start the new one. Nothing is replaced before the answer.

use dioxus::prelude::*;

use crate::i18n::{text, Key};
use crate::prefs::Prefs;
use crate::widgets::Dialog;

/// The new game the player asked for from the home screen.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum NewGame {
    VsAi,
    PassAndPlay,
}

/// `on_cancel` closes the question and leaves everything as it was (Back, Escape).
#[component]
pub fn ConfirmNewGameDialog(
    on_continue: EventHandler,
    on_start_new: EventHandler,
    on_cancel: EventHandler,
) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;

    rsx! {
        Dialog { title: text(lang, Key::LinkChoiceTitle), testid: "confirm-new-game", on_back: on_cancel,
            p { class: "reason", {text(lang, Key::NewGameReplacesSaved)} }
            div { class: "dialog-actions",
                button { class: "primary", r#type: "button", "data-testid": "confirm-continue",
                    onclick: move |_| on_continue.call(()),
                    {text(lang, Key::ContinueGame)}
                }
                button { r#type: "button", "data-testid": "confirm-start-new",
                    onclick: move |_| on_start_new.call(()),
                    {text(lang, Key::StartNew)}
                }
            }
        }
    }
}
