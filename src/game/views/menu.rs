//! The in-game menu: resume, sharing the game so far, the rules, the settings, a new game,
//! resigning (asked once more) and, between friends, offering a draw, and the language. The
//! clock stands still while it is open, and while the share sheet, the question before
//! resigning, the rules or settings opened from it are showing. Back resumes the game.

use dioxus::prelude::*;

use super::resign_and_draw_dialogs::ResignDialog;
use crate::game::controller::Controller;
use crate::i18n::{text, Key};
use crate::prefs::Prefs;
use crate::share::ShareSheet;
use crate::widgets::{Dialog, LanguageChoices, PageButtons};

#[component]
pub fn GameMenu(on_resume: EventHandler, on_new_game: EventHandler) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let mut controller: Signal<Controller> = use_context();
    let lang = prefs.read().lang;
    let mut sharing = use_signal(|| false);
    let mut asking_to_resign = use_signal(|| false);
    if asking_to_resign() {
        // Either answer goes back to the board: the game played on, or its result.
        return rsx! {
            ResignDialog { on_close: on_resume }
        };
    }
    if sharing() {
        let game = controller.read().game().clone();
        let mode = controller.read().mode();
        let ply = game.plies().len();
        return rsx! {
            ShareSheet { game, ply, mode, on_close: move |_| sharing.set(false) }
        };
    }

    rsx! {
        Dialog { title: text(lang, Key::Menu), testid: "menu", on_back: on_resume,
            div { class: "menu-items",
                button { class: "primary", r#type: "button", "data-testid": "resume",
                    onclick: move |_| on_resume.call(()),
                    {text(lang, Key::Resume)}
                }
                button { r#type: "button", "data-testid": "menu-share", aria_haspopup: "dialog",
                    onclick: move |_| sharing.set(true),
                    {text(lang, Key::Share)}
                }
                PageButtons { testid_prefix: "menu" }
                button { r#type: "button", "data-testid": "menu-new-game",
                    onclick: move |_| on_new_game.call(()),
                    {text(lang, Key::NewGame)}
                }
                // After the entries above, whose order the native end-to-end test counts on.
                if controller.read().resigning_side().is_some() && !controller.read().can_abort() {
                    button { r#type: "button", "data-testid": "menu-resign", aria_haspopup: "dialog",
                        onclick: move |_| asking_to_resign.set(true),
                        {text(lang, Key::Resign)}
                    }
                }
                if controller.read().can_abort() {
                    button { r#type: "button", "data-testid": "menu-abort",
                        onclick: move |_| {
                            controller.write().abort();
                            on_resume.call(());
                        },
                        {text(lang, Key::AbortGame)}
                    }
                }
                if controller.read().can_offer_draw() {
                    button { r#type: "button", "data-testid": "menu-offer-draw",
                        onclick: move |_| {
                            controller.write().offer_draw();
                            on_resume.call(());
                        },
                        {text(lang, Key::OfferDraw)}
                    }
                }
                LanguageChoices {}
            }
        }
    }
}
