//! When the app is opened from a link to a game while an unfinished game is saved: the player
//! chooses which to play. Nothing is replaced before the choice; Back (`on_dismiss`) chooses
//! neither and leaves the saved game as it is.

use dioxus::prelude::*;

use crate::i18n::{text, Key};
use crate::prefs::Prefs;
use crate::widgets::Dialog;

#[component]
pub fn LinkChoiceDialog(
    on_continue: EventHandler,
    on_open_link: EventHandler,
    on_dismiss: EventHandler,
) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;

    rsx! {
        Dialog { title: text(lang, Key::LinkChoiceTitle), testid: "link-choice", on_back: on_dismiss,
            p { class: "reason", {text(lang, Key::LinkChoiceText)} }
            div { class: "dialog-actions",
                button { class: "primary", r#type: "button", "data-testid": "link-continue",
                    onclick: move |_| on_continue.call(()),
                    {text(lang, Key::ContinueYourGame)}
                }
                button { r#type: "button", "data-testid": "link-open",
                    onclick: move |_| on_open_link.call(()),
                    {text(lang, Key::OpenLinkedPosition)}
                }
            }
        }
    }
}
