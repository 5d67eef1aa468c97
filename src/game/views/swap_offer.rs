//! The swap rule's question, on Black's first turn: take over Red's side, or keep Black and
//! answer Red's first move.

use dioxus::prelude::*;
use duobao_rules::{Color, Ply};

use crate::game::controller::Controller;
use crate::i18n::{fill, text, Key};
use crate::prefs::Prefs;
use crate::session::Mode;
use crate::widgets::{Action, Dialog};

/// Asks the player to move whether to swap. Back keeps Black.
#[component]
pub fn SwapDialog() -> Element {
    let mut controller: Signal<Controller> = use_context();
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let state = controller.read();
    let title = match state.mode() {
        Mode::VsAi { .. } => Key::SwapQuestion,
        // Never by link or online, where the swap rule is not played.
        Mode::PassAndPlay { .. } | Mode::ByLink { .. } | Mode::Online { .. } => {
            Key::BlackSwapQuestion
        }
    };
    let opening = match state.game().plies().first().map(|first| first.ply) {
        Some(Ply::Move(first)) => first.to_string(),
        _ => return rsx! {},
    };

    rsx! {
        Dialog { title: text(lang, title), testid: "swap-offer", sheet: true,
            on_back: move |_| controller.write().decline_swap(),
            p { class: "reason", {fill(lang, Key::SwapChoice, &[&opening])} }
            div { class: "dialog-actions",
                Action { label: Key::TakeOverRed, testid: "swap", primary: true,
                    onclick: move |_| controller.write().swap_sides(),
                }
                Action { label: Key::KeepBlack, testid: "keep-black",
                    onclick: move |_| controller.write().decline_swap(),
                }
            }
        }
    }
}

/// What the notice after a swap says: between friends, that the first player now plays Black;
/// against the computer, who took Red.
pub fn swapped_notice(mode: Mode) -> Key {
    match mode {
        Mode::PassAndPlay { .. } | Mode::ByLink { .. } | Mode::Online { .. } => Key::FriendsSwapped,
        Mode::VsAi {
            human: Color::Black,
            ..
        } => Key::ComputerSwapped,
        Mode::VsAi {
            human: Color::Red, ..
        } => Key::YouSwapped,
    }
}
