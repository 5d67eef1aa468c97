//! The game-over dialog: who won and why, a rematch with the colours swapped, a new game, the
//! game's review, or a look at the final board and the move list.

use dioxus::prelude::*;
use duobao_rules::Color;

use crate::game::controller::Controller;
use crate::i18n::{color_key, fill, text, Key, PlayersText};
use crate::prefs::Prefs;
use crate::rating_words::{change_text, rating_text};
use crate::result_words::{reason_key, title_key};
use crate::session::Mode;
use crate::widgets::{Action, Dialog};

#[component]
pub fn GameOverDialog(
    on_send: EventHandler,
    on_new_game: EventHandler,
    on_review: EventHandler,
    on_view_board: EventHandler,
) -> Element {
    let mut controller: Signal<Controller> = use_context();
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let Some(result) = controller.read().game().result() else {
        return rsx! {};
    };
    let mode = controller.read().mode();
    let hints = controller.read().hints_used().to_string();
    let can_send = controller.read().can_send();
    let winner = result.winner().map_or("draw", |color| color.name());
    // A rated game's changes, each side's, once the server told them.
    let changes: Vec<_> = controller
        .read()
        .online()
        .map(|online| {
            Color::BOTH
                .into_iter()
                .filter_map(|seat| {
                    let player = online.player(seat)?;
                    let change = player.change?;
                    Some((
                        seat,
                        player.name.clone(),
                        rating_text(player.rating + change, player.provisional),
                        change_text(change),
                    ))
                })
                .collect()
        })
        .unwrap_or_default();
    // Online a rematch is offered to the opponent, or accepted when the opponent offered it.
    let rematch = match (mode, controller.read().rematch_offered_by()) {
        (Mode::Online { me: None }, _) => None,
        (Mode::Online { me: Some(me) }, Some(by)) if by == me => Some((Key::RematchOffered, true)),
        (Mode::Online { .. }, Some(_)) => Some((Key::AcceptRematch, false)),
        _ => Some((Key::Rematch, false)),
    };

    rsx! {
        Dialog { title: text(lang, title_key(result, mode)), testid: "game-over", sheet: true, on_back: on_view_board,
            p { class: "reason", "data-testid": "result-reason", "data-winner": winner, {text(lang, reason_key(result, mode))} }
            if !changes.is_empty() {
                ul { class: "rating-changes", "aria-label": text(lang, PlayersText::RatingChanges), "data-testid": "rating-changes",
                    for (seat, name, rating, change) in changes {
                        li { key: "{seat:?}", "data-testid": "change-{seat}",
                            span { class: "change-who", "{name}{text(lang, Key::TitleSeparator)}{text(lang, color_key(seat))}" }
                            span { class: "change-rating", "{rating}" }
                            strong { class: "change", "{change}" }
                        }
                    }
                }
            }
            if !mode.is_by_link() && !mode.is_online() {
                p { class: "hints-used", "data-testid": "hints-used", {fill(lang, Key::HintsUsed, &[&hints])} }
            }
            div { class: "dialog-actions",
                if can_send {
                    button { class: "primary", r#type: "button", "data-testid": "send-move",
                        aria_haspopup: "dialog",
                        onclick: move |_| on_send.call(()),
                        {text(lang, Key::SendMove)}
                    }
                }
                if let Some((label, offered)) = rematch {
                    button {
                        class: if !can_send { "primary" },
                        r#type: "button",
                        "data-testid": "rematch",
                        disabled: offered,
                        onclick: move |_| controller.write().rematch(),
                        {text(lang, label)}
                    }
                }
                Action { label: Key::NewGame, testid: "new-game", onclick: move |_| on_new_game.call(()) }
                Action { label: Key::Review, testid: "review", onclick: move |_| on_review.call(()) }
                Action { label: Key::ViewBoard, testid: "view-board", onclick: move |_| on_view_board.call(()) }
            }
        }
    }
}
