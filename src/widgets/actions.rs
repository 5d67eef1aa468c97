//! A button that does one thing, in the rows of actions the screens and dialogs show (the game's
//! end, the home screen, the computer's failure, the swap offer, Your games, the review).

use dioxus::prelude::*;

use crate::i18n::{text, Key};
use crate::prefs::Prefs;

/// A plain button labelled `label` in the player's language: `primary` is the row's main one,
/// `opens_dialog` says so to assistive technology (`aria-haspopup`).
#[component]
pub fn Action(
    label: Key,
    #[props(into)] testid: String,
    #[props(default)] primary: bool,
    #[props(default)] opens_dialog: bool,
    onclick: EventHandler<MouseEvent>,
) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    rsx! {
        button {
            class: if primary { "primary" },
            r#type: "button",
            "data-testid": testid,
            aria_haspopup: if opens_dialog { "dialog" },
            onclick: move |event| onclick.call(event),
            {text(lang, label)}
        }
    }
}
