//! Home → *Play online*: the side and the turn time, then *Invite a friend* (the game is made
//! and opened, its invitation ready to send) or *Play someone now* (waiting, as long as the
//! player likes, for another player who asked for the same turn time).

use dioxus::prelude::*;
use duobao_rules::Color;

use super::model::{failure_key, seated, DEFAULT_TURN, TURN_TIMES};
use crate::account::{NameSheet, Player, Players};
use crate::i18n::{color_key, fill, text, Key, Lang, PlayersText};
use crate::navigation::{use_navigator, GameStart, Navigator, Page, Route};
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

/// What the player asked for, waiting for the name sheet: the first game online asks for a
/// name first.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Wanted {
    Invite,
    Someone,
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
    let players: Players = use_context();
    let lang = prefs.read().lang;
    let mut side = use_signal(|| Side::Red);
    let mut turn = use_signal(|| DEFAULT_TURN);
    // Casual by default, as Lichess invites; rated only when signed in.
    let mut rated = use_signal(|| false);
    let mut asking = use_signal(|| Asking::Idle);
    let mut wanted = use_signal(|| None::<Wanted>);
    // A refusal of the token (401) forgets the account and asks for a name again.
    let mut failed = move |failure, what| {
        if players.forget_if_unknown(&failure) {
            asking.set(Asking::Idle);
            wanted.set(Some(what));
        } else {
            asking.set(Asking::Failed(failure_key(&failure)));
        }
    };
    // Bumped to stop a wait: the loop sees a newer number and gives up.
    let mut waits = use_signal(|| 0_u64);
    let offline = !is_online();

    let mut invite = move || {
        if matches!(*asking.peek(), Asking::Creating | Asking::Seeking(_)) {
            return;
        }
        if players.peek() == Player::Unknown {
            return wanted.set(Some(Wanted::Invite));
        }
        asking.set(Asking::Creating);
        let server = server.peek().clone();
        let token = players.peek().token().map(str::to_string);
        let (side, turn) = (*side.peek(), *turn.peek());
        let rated = *rated.peek() && token.is_some();
        spawn(async move {
            match create_game(&server, token.as_deref(), side, turn, rated).await {
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
                Err(failure) => failed(failure, Wanted::Invite),
            }
        });
    };

    let mut play_someone = move || {
        if matches!(*asking.peek(), Asking::Creating | Asking::Seeking(_)) {
            return;
        }
        if players.peek() == Player::Unknown {
            return wanted.set(Some(Wanted::Someone));
        }
        asking.set(Asking::Seeking(None));
        let server = server.peek().clone();
        let token = players.peek().token().map(str::to_string);
        let turn = *turn.peek();
        let wait = *waits.peek();
        spawn(async move {
            let mut answer = seek(&server, token.as_deref(), turn).await;
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
                        answer = renew_seek(&server, token.as_deref(), &seek, &secret).await;
                    }
                    Err(failure) => return failed(failure, Wanted::Someone),
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
    let name = players.read().name().map(str::to_string);
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
                if name.is_some() {
                    ChoiceRow { label: text(lang, PlayersText::GameKind),
                        for (kind, label, testid) in [(false, PlayersText::Casual, "casual"), (true, PlayersText::Rated, "rated")] {
                            ChoiceButton {
                                key: "{testid}",
                                label: text(lang, label),
                                selected: rated() == kind,
                                testid,
                                onclick: move |_| rated.set(kind),
                            }
                        }
                    }
                }
                p { class: "hint", {text(lang, Key::OnlineHow)} }
                p { class: "hint", "data-testid": "online-account",
                    match &name {
                        Some(name) => rsx! { {fill(lang, PlayersText::SignedInAs, &[name])} {text(lang, Key::SentenceBreak)} {text(lang, PlayersText::SeekIsRated)} },
                        None => rsx! { {text(lang, PlayersText::WithoutNameHint)} },
                    }
                }
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
                            onclick: move |_| invite(),
                            {text(lang, Key::InviteFriend)}
                        }
                        button { r#type: "button", "data-testid": "online-seek",
                            disabled: offline || busy,
                            onclick: move |_| play_someone(),
                            {text(lang, Key::PlaySomeoneNow)}
                        }
                    }
                }
                if let Asking::Failed(key) = state {
                    p { class: "notice-line", role: "alert", "data-testid": "online-error", {text(lang, key)} }
                }
                div { class: "menu-items",
                    button { r#type: "button", "data-testid": "open-profile",
                        onclick: move |_| navigator.open(Route::Page(Page::Profile)),
                        {text(lang, Key::Profile)}
                    }
                    button { r#type: "button", "data-testid": "open-leaderboard",
                        onclick: move |_| navigator.open(Route::Page(Page::Leaderboard)),
                        {text(lang, PlayersText::Leaderboard)}
                    }
                }
            }
            if let Some(what) = wanted() {
                NameSheet {
                    without_name: true,
                    on_done: move |_| {
                        wanted.set(None);
                        match what {
                            Wanted::Invite => invite(),
                            Wanted::Someone => play_someone(),
                        }
                    },
                    on_back: move |_| wanted.set(None),
                }
            }
        }
    }
}
