//! A game online opened by its link (`#online=…`): the friend invited sits down at once; anyone
//! else, or a friend whose seat is taken already, watches it.

use dioxus::prelude::*;

use super::model::{failure_key, seated};
use crate::account::{NameSheet, Player, Players};
use crate::i18n::{text, Key};
use crate::link::OnlineLink;
use crate::navigation::{use_navigator, GameStart};
use crate::online_service::{draw_secret, join, look, Failure, Status};
use crate::platform::forget_page_fragment;
use crate::prefs::Prefs;
use crate::server_address::ServerAddress;
use crate::session::SavedGame;
use crate::widgets::PageFrame;

/// What the link leads to before the player sits down.
enum Arrival {
    Seated(SavedGame),
    /// An invitation, and the player was never asked for a name (a rated one needs it).
    NameFirst {
        rated: bool,
    },
}

/// Sits down at the game as the player whose `token` it is (anonymously without one), or opens
/// it to watch when the seat is taken or none is offered.
async fn arrive(
    server: &ServerAddress,
    player: &Player,
    link: &OnlineLink,
) -> Result<Arrival, Failure> {
    let watched = look(server, &link.id).await?;
    if let Some(invite) = &link.invite {
        let free = watched.status == Status::Waiting;
        if free && (*player == Player::Unknown || (watched.rated && player.token().is_none())) {
            return Ok(Arrival::NameFirst {
                rated: watched.rated,
            });
        }
        // The seat's key drawn here, so that a join whose answer was lost can be sent again.
        let secret = draw_secret().await.ok_or(Failure::Unreachable)?;
        match join(server, player.token(), &link.id, invite, &secret).await {
            Ok(seat) => {
                return Ok(Arrival::Seated(seated(
                    server,
                    link.id.clone(),
                    Some(seat.seat),
                    Some(seat.secret),
                    None,
                    watched.turn_seconds,
                )))
            }
            Err(Failure::Refused { code, .. }) if code == "invite_used" => {}
            Err(failure) => return Err(failure),
        }
    }
    Ok(Arrival::Seated(seated(
        server,
        link.id.clone(),
        None,
        None,
        None,
        watched.turn_seconds,
    )))
}

#[component]
pub fn OnlineArrivalBody(link: OnlineLink) -> Element {
    let navigator = use_navigator();
    let prefs: Signal<Prefs> = use_context();
    let server: Signal<ServerAddress> = use_context();
    let players: Players = use_context();
    let lang = prefs.read().lang;
    let mut failed = use_signal(|| None::<Key>);
    let mut attempts = use_signal(|| 0_u32);
    // The name sheet, before an invitation: whether the game is rated (no playing without one).
    let mut asking_name = use_signal(|| None::<bool>);
    use_effect(move || {
        attempts.read();
        let link = link.clone();
        let server = server.peek().clone();
        let player = players.peek();
        spawn(async move {
            match arrive(&server, &player, &link).await {
                Ok(Arrival::Seated(saved)) => {
                    forget_page_fragment();
                    navigator.open_game(GameStart::PlayOn(saved));
                }
                Ok(Arrival::NameFirst { rated }) => asking_name.set(Some(rated)),
                Err(failure) => {
                    if players.forget_if_unknown(&failure) {
                        attempts += 1;
                    } else {
                        failed.set(Some(failure_key(&failure)));
                    }
                }
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
            if let Some(rated) = asking_name() {
                NameSheet {
                    without_name: !rated,
                    on_done: move |_| {
                        asking_name.set(None);
                        attempts += 1;
                    },
                    on_back: move |_| navigator.close(),
                }
            }
        }
    }
}
