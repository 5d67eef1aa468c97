//! Home → *Play online*: the side and the turn time, then *Invite a friend* (the game is made
//! and opened, its invitation ready to send) or *Play someone now* (waiting, as long as the
//! player likes, for another player who asked for the same turn time).

use dioxus::prelude::*;
use duobao_rules::Color;

use super::model::{failure_key, seated, DEFAULT_TURN, TURN_TIMES};
use crate::i18n::{color_key, text, Key, Lang};
use crate::navigation::{use_navigator, GameStart, Navigator};
use crate::online_service::{create_game, renew_seek, seek, stop_seek, Paired, SeekAnswer, Side};
use crate::platform::is_online;
use crate::prefs::Prefs;
use crate::server_address::ServerAddress;
use crate::widgets::{ChoiceButton, ChoiceRow, PageFrame};

/// What the screen is doing.
#[derive(Clone, Debug, PartialEq)]
enum Asking {
    Idle,
    /// Making the game for the invitation.
    Creating,
    /// Waiting for a partner: the seek's id and key once the server gave them.
    Seeking(Option<(String, String)>),
    Failed(Key),
}

fn side_label(lang: Lang, side: Side) -> &'static str {
    match side {
        Side::Red => text(lang, color_key(Color::Red)),
        Side::Black => text(lang, color_key(Color::Black)),
        Side::Random => text(lang, Key::SideRandom),
    }
}

fn side_testid(side: Side) -> &'static str {
    match side {
        Side::Red => "side-red",
        Side::Black => "side-black",
        Side::Random => "side-random",
    }
}

/// Opens the game the server paired or seated the player in.
fn open_paired(navigator: Navigator, server: &ServerAddress, paired: Paired, turn: u32) {
    navigator.open_game(GameStart::PlayOn(seated(
        server,
        paired.id,
        Some(paired.seat),
        Some(paired.secret),
        None,
        turn,
    )));
}

/// Its props are `()`: a chunk's entry takes one argument.
#[allow(non_snake_case)]
pub fn PlayOnlineBody(_: ()) -> Element {
    let navigator = use_navigator();
    let prefs: Signal<Prefs> = use_context();
    let server: Signal<ServerAddress> = use_context();
    let lang = prefs.read().lang;
    let mut side = use_signal(|| Side::Red);
    let mut turn = use_signal(|| DEFAULT_TURN);
    let mut asking = use_signal(|| Asking::Idle);
    // Bumped to stop a wait: the loop sees a newer number and gives up.
    let mut waits = use_signal(|| 0_u64);
    let offline = !is_online();

    let invite = move |_| {
        if matches!(*asking.peek(), Asking::Creating | Asking::Seeking(_)) {
            return;
        }
        asking.set(Asking::Creating);
        let server = server.peek().clone();
        let (side, turn) = (*side.peek(), *turn.peek());
        spawn(async move {
            match create_game(&server, side, turn).await {
                Ok(created) => {
                    asking.set(Asking::Idle);
                    navigator.open_game(GameStart::PlayOn(seated(
                        &server,
                        created.id,
                        Some(created.seat),
                        Some(created.secret),
                        Some(created.invite),
                        turn,
                    )));
                }
                Err(failure) => asking.set(Asking::Failed(failure_key(&failure))),
            }
        });
    };

    let play_someone = move |_| {
        if matches!(*asking.peek(), Asking::Creating | Asking::Seeking(_)) {
            return;
        }
        asking.set(Asking::Seeking(None));
        let server = server.peek().clone();
        let turn = *turn.peek();
        let wait = *waits.peek();
        spawn(async move {
            let mut answer = seek(&server, turn).await;
            loop {
                if *waits.peek() != wait {
                    return;
                }
                match answer {
                    Ok(SeekAnswer::Paired(paired)) => {
                        asking.set(Asking::Idle);
                        return open_paired(navigator, &server, paired, turn);
                    }
                    Ok(SeekAnswer::Waiting { seek, secret }) => {
                        asking.set(Asking::Seeking(Some((seek.clone(), secret.clone()))));
                        answer = renew_seek(&server, &seek, &secret).await;
                    }
                    Err(failure) => {
                        return asking.set(Asking::Failed(failure_key(&failure)));
                    }
                }
            }
        });
    };

    // Stops waiting: the server drops the seek, or says it was paired meanwhile.
    let mut stop_waiting = move || {
        waits += 1;
        let seeking = asking.peek().clone();
        asking.set(Asking::Idle);
        if let Asking::Seeking(Some((seek, secret))) = seeking {
            let server = server.peek().clone();
            let turn = *turn.peek();
            dioxus::core::spawn_forever(async move {
                if let Ok(Some(paired)) = stop_seek(&server, &seek, &secret).await {
                    open_paired(navigator, &server, paired, turn);
                }
            });
        }
    };
    // Leaving the screen stops the wait too.
    use_drop(move || {
        if matches!(*asking.peek(), Asking::Seeking(_)) {
            stop_waiting();
        }
    });

    let state = asking();
    let busy = matches!(state, Asking::Creating | Asking::Seeking(_));
    rsx! {
        PageFrame { title: text(lang, Key::PlayOnline), testid: "online-page",
            div { class: "page-body online-setup",
                if offline {
                    p { class: "notice-line", role: "status", "data-testid": "online-offline",
                        {text(lang, Key::OnlineNeedsNetwork)}
                    }
                }
                ChoiceRow { label: text(lang, Key::YourSide),
                    for choice in [Side::Red, Side::Black, Side::Random] {
                        ChoiceButton {
                            key: "{side_testid(choice)}",
                            label: side_label(lang, choice),
                            selected: side() == choice,
                            testid: side_testid(choice),
                            onclick: move |_| side.set(choice),
                        }
                    }
                }
                ChoiceRow { label: text(lang, Key::TurnTime),
                    for seconds in TURN_TIMES {
                        ChoiceButton {
                            key: "{seconds}",
                            label: format!("{seconds}{}", text(lang, Key::Seconds)),
                            selected: turn() == seconds,
                            testid: "turn-{seconds}",
                            onclick: move |_| turn.set(seconds),
                        }
                    }
                }
                p { class: "hint", {text(lang, Key::OnlineHow)} }
                if let Asking::Seeking(_) = state {
                    div { class: "seeking", role: "status", "data-testid": "seeking",
                        span { class: "thinking", {text(lang, Key::LookingForOpponent)} }
                        button { r#type: "button", "data-testid": "seek-stop",
                            onclick: move |_| stop_waiting(),
                            {text(lang, Key::StopWaiting)}
                        }
                    }
                } else {
                    div { class: "menu-items",
                        button { class: "primary", r#type: "button", "data-testid": "online-invite",
                            disabled: offline || busy,
                            "aria-busy": state == Asking::Creating,
                            onclick: invite,
                            {text(lang, Key::InviteFriend)}
                        }
                        button { r#type: "button", "data-testid": "online-seek",
                            disabled: offline || busy,
                            onclick: play_someone,
                            {text(lang, Key::PlaySomeoneNow)}
                        }
                    }
                }
                if let Asking::Failed(key) = state {
                    p { class: "notice-line", role: "alert", "data-testid": "online-error", {text(lang, key)} }
                }
            }
        }
    }
}
