//! A game online opened by its link (`#online=…`): the friend invited sits down at once; anyone
//! else, or a friend whose seat is taken already, watches it.

use dioxus::prelude::*;

use super::model::{failure_key, seated};
use crate::i18n::{text, Key};
use crate::link::OnlineLink;
use crate::navigation::{use_navigator, GameStart};
use crate::online_service::{draw_secret, join, look, Failure};
use crate::platform::forget_page_fragment;
use crate::prefs::Prefs;
use crate::server_address::ServerAddress;
use crate::session::SavedGame;
use crate::widgets::PageFrame;

/// Sits down at the game, or opens it to watch when the seat is taken or none is offered.
async fn arrive(server: &ServerAddress, link: &OnlineLink) -> Result<SavedGame, Failure> {
    let watched = look(server, &link.id).await?;
    if let Some(invite) = &link.invite {
        // The seat's key drawn here, so that a join whose answer was lost can be sent again.
        let secret = draw_secret().await.ok_or(Failure::Unreachable)?;
        match join(server, &link.id, invite, &secret).await {
            Ok(seat) => {
                return Ok(seated(
                    server,
                    link.id.clone(),
                    Some(seat.seat),
                    Some(seat.secret),
                    None,
                    watched.turn_seconds,
                ))
            }
            Err(Failure::Refused { code, .. }) if code == "invite_used" => {}
            Err(failure) => return Err(failure),
        }
    }
    Ok(seated(
        server,
        link.id.clone(),
        None,
        None,
        None,
        watched.turn_seconds,
    ))
}

#[component]
pub fn OnlineArrivalBody(link: OnlineLink) -> Element {
    let navigator = use_navigator();
    let prefs: Signal<Prefs> = use_context();
    let server: Signal<ServerAddress> = use_context();
    let lang = prefs.read().lang;
    let mut failed = use_signal(|| None::<Key>);
    let mut attempts = use_signal(|| 0_u32);
    use_effect(move || {
        attempts.read();
        let link = link.clone();
        let server = server.peek().clone();
        spawn(async move {
            match arrive(&server, &link).await {
                Ok(saved) => {
                    forget_page_fragment();
                    navigator.open_game(GameStart::PlayOn(saved));
                }
                Err(failure) => failed.set(Some(failure_key(&failure))),
            }
        });
    });

    rsx! {
        PageFrame { title: text(lang, Key::PlayOnline), testid: "online-arrival",
            div { class: "page-body",
                match failed() {
                    None => rsx! {
                        p { class: "thinking", role: "status", "data-testid": "joining", {text(lang, Key::JoiningGame)} }
                    },
                    Some(key) => rsx! {
                        p { class: "notice-line", role: "alert", "data-testid": "online-error", {text(lang, key)} }
                        div { class: "menu-items",
                            button { class: "primary", r#type: "button", "data-testid": "online-retry",
                                onclick: move |_| {
                                    failed.set(None);
                                    attempts += 1;
                                },
                                {text(lang, Key::TryAgain)}
                            }
                        }
                    },
                }
            }
        }
    }
}
