//! When the computer could not move twice in a row: ask it again, skip its turn, or start a
//! new game. Its turn never passes without the player's choice.

use dioxus::prelude::*;

use crate::game::controller::Controller;
use crate::i18n::{text, Key};
use crate::prefs::Prefs;
use crate::widgets::{Action, Dialog};

#[component]
pub fn AiFailedDialog(on_new_game: EventHandler) -> Element {
    let mut controller: Signal<Controller> = use_context();
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;

    rsx! {
        // Back chooses the one way out that changes nothing: home, with the game saved as it is.
        Dialog { title: text(lang, Key::AiFailedTitle), testid: "ai-failed", sheet: true, on_back: on_new_game,
            p { class: "reason", {text(lang, Key::AiFailedText)} }
            div { class: "dialog-actions",
                Action { label: Key::TryAgain, testid: "ai-retry", primary: true,
                    onclick: move |_| controller.write().retry_ai(),
                }
                Action { label: Key::SkipAiTurn, testid: "ai-skip",
                    onclick: move |_| controller.write().skip_ai_turn(),
                }
                Action { label: Key::NewGame, testid: "ai-new-game", onclick: move |_| on_new_game.call(()) }
            }
        }
    }
}
