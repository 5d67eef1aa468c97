//! "Play from here": a new game from a position the player is looking at (a review, the
//! analysis board, the editor), against the computer or between friends on this phone.

use dioxus::prelude::*;
use duobao_rules::Position;

use super::setup;
use super::vs_ai_dialog::VsAiDialog;
use super::Dialog;
use crate::i18n::{text, Key};
use crate::navigation::{use_navigator, GameStart};
use crate::prefs::Prefs;
use crate::session::GameSetup;

/// The question, then (against the computer) the side and level: the new game from `position`
/// opens; `on_close` when the player goes back.
#[component]
pub fn PlayFromDialog(position: Position, on_close: EventHandler) -> Element {
    let navigator = use_navigator();
    let on_play_from = move |setup| navigator.open_game(GameStart::New(setup));
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let mut vs_ai = use_signal(|| false);
    if vs_ai() {
        return rsx! {
            VsAiDialog {
                on_start: move |setup: GameSetup| on_play_from(GameSetup { start: position, ..setup }),
                on_cancel: move |_| on_close.call(()),
            }
        };
    }
    rsx! {
        Dialog { title: text(lang, Key::PlayFromHere), testid: "play-from", sheet: true,
            on_back: move |_| on_close.call(()),
            div { class: "menu-items",
                button { class: "primary", r#type: "button", "data-testid": "play-from-ai",
                    onclick: move |_| vs_ai.set(true),
                    {text(lang, Key::VsAi)}
                }
                button { r#type: "button", "data-testid": "play-from-pnp",
                    onclick: move |_| on_play_from(GameSetup {
                        start: position,
                        ..setup::pass_and_play(&prefs.peek())
                    }),
                    {text(lang, Key::PassAndPlay)}
                }
                button { r#type: "button", "data-testid": "cancel",
                    onclick: move |_| on_close.call(()),
                    {text(lang, Key::Back)}
                }
            }
        }
    }
}
