//! The leaderboard at each speed: the top 100 the server lists (players whose rating has
//! settled), best first.

use dioxus::prelude::*;

use super::speed_words;
use crate::i18n::{text, Key, PlayersText};
use crate::online_service::{leaderboard, use_answer, LeaderboardEntry, Speed};
use crate::prefs::Prefs;
use crate::rating_words::rating_text;
use crate::server_address::ServerAddress;
use crate::widgets::{ChoiceButton, ChoiceRow, PageFrame};

/// Its props are `()`: a chunk's entry takes one argument.
#[allow(non_snake_case)]
pub fn LeaderboardBody(_: ()) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let server: Signal<ServerAddress> = use_context();
    let lang = prefs.read().lang;
    let mut speed = use_signal(|| Speed::Standard);
    let rows = use_answer(move || {
        let (speed, server) = (speed(), server.read().clone());
        async move { leaderboard(&server, speed).await }
    });
    let answer = rows.read().clone();

    rsx! {
        PageFrame { title: text(lang, PlayersText::Leaderboard), testid: "leaderboard-page",
            div { class: "page-body leaderboard",
                ChoiceRow { label: text(lang, PlayersText::Rating),
                    for choice in Speed::BOTH {
                        ChoiceButton {
                            key: "{choice.as_str()}",
                            label: text(lang, speed_words(choice)),
                            selected: speed() == choice,
                            testid: "speed-{choice.as_str()}",
                            onclick: move |_| speed.set(choice),
                        }
                    }
                }
                match answer {
                    None => rsx! {
                        p { class: "thinking", role: "status", {text(lang, Key::JoiningGame)} }
                    },
                    Some(Err(_)) => rsx! {
                        p { class: "notice-line", role: "alert", "data-testid": "leaderboard-error", {text(lang, Key::OnlineUnreachable)} }
                    },
                    Some(Ok(entries)) if entries.is_empty() => rsx! {
                        p { class: "games-empty", "data-testid": "leaderboard-empty", {text(lang, PlayersText::LeaderboardEmpty)} }
                    },
                    Some(Ok(entries)) => rsx! {
                        ol { class: "leaderboard-list", "data-testid": "leaderboard-list",
                            for (rank, LeaderboardEntry { name, rating, .. }) in entries.into_iter().enumerate() {
                                li { key: "{name}", class: "leaderboard-row",
                                    span { class: "rank", "{rank + 1}" }
                                    span { class: "leader-name", "{name}" }
                                    span { class: "leader-rating", {rating_text(rating, false)} }
                                }
                            }
                        }
                    },
                }
            }
        }
    }
}
