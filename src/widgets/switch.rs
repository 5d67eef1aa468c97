//! An on/off setting as one switch: the whole row (label and track) is the tap target, and it
//! tells assistive technology its state (`role="switch"`, `aria-checked`).

use dioxus::prelude::*;

use crate::i18n::{text, Key};
use crate::prefs::Prefs;

/// A labelled switch; `onchange` receives the new state. `testid` names the switch itself.
#[component]
pub fn SettingSwitch(
    label: Key,
    value: bool,
    #[props(into)] testid: String,
    onchange: EventHandler<bool>,
) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    rsx! {
        button {
            class: "switch-row",
            r#type: "button",
            role: "switch",
            aria_checked: value,
            "data-testid": testid,
            onclick: move |_| onchange.call(!value),
            span { class: "switch-label", {text(lang, label)} }
            span { class: "switch-track", aria_hidden: "true",
                span { class: "switch-thumb" }
            }
        }
    }
}
