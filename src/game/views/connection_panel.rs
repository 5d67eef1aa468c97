//! What the game screen shows of a game played online besides the board and the bars: the
//! connection when it is not live, the invitation while the friend has not sat down, the
//! opponent away (and the win to claim), watching, and a game the server no longer has.

use dioxus::prelude::*;
use duobao_rules::Color;

use crate::game::controller::{Connection, Controller, Lost, Status};
use crate::i18n::{fill, text, Key};
use crate::link::online_fragment;
use crate::platform::share_base;
use crate::prefs::Prefs;
use crate::session::{Mode, OnlineSeat};
use crate::share::InviteSheet;

/// The link that seats the friend invited: on the server's site (the page's own on the web).
pub fn invite_link(seat: &OnlineSeat) -> Option<String> {
    let invite = seat.invite.as_deref()?;
    let base = if seat.server.is_empty() {
        share_base()?
    } else {
        format!("{}/", seat.server)
    };
    Some(format!("{base}{}", online_fragment(&seat.id, Some(invite))))
}

/// What the panel shows, read from the controller.
#[derive(Clone, Debug, PartialEq)]
struct Shown {
    me: Option<Color>,
    status: Status,
    connection: Connection,
    lost: Option<Lost>,
    opponent_away: bool,
    can_claim: bool,
    watchers: u32,
    invite: Option<String>,
}

impl Shown {
    fn of(state: &Controller) -> Option<Shown> {
        let online = state.online()?;
        let me = match state.mode() {
            Mode::Online { me } => me,
            _ => None,
        };
        let presence = online.presence();
        Some(Shown {
            me,
            status: online.status(),
            connection: online.connection(),
            lost: online.lost(),
            opponent_away: me.is_some_and(|me| !presence.of(me.other()))
                && online.status() == Status::Playing,
            can_claim: state.can_claim(),
            watchers: presence.watchers,
            invite: invite_link(online.seat()),
        })
    }
}

#[component]
pub fn ConnectionPanel() -> Element {
    let mut controller: Signal<Controller> = use_context();
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let shown = use_memo(move || Shown::of(&controller.read()));
    // The invitation shows by itself while the friend has not sat down, until the player closes
    // it (then the button opens it again).
    let mut inviting = use_signal(|| None::<bool>);
    let Some(shown) = shown() else {
        return rsx! {};
    };
    let waiting_for_friend = shown.status == Status::Waiting && shown.me.is_some();
    let invitation_open = inviting().unwrap_or(true);
    let connection = match (shown.lost, shown.connection) {
        (Some(Lost::NoGame), _) => Some(Key::OnlineNoGame),
        (Some(Lost::WrongSecret), _) => Some(Key::OnlineSeatLost),
        (None, Connection::Live) => None,
        (None, Connection::Connecting) if shown.status == Status::Unknown => Some(Key::Connecting),
        (None, Connection::Connecting | Connection::Reconnecting) => Some(Key::Reconnecting),
        (None, Connection::Offline) => Some(Key::OnlineNeedsNetwork),
    };

    rsx! {
        if let Some(key) = connection {
            p { class: "hint-line online-line", role: "status", "data-testid": "online-connection",
                {text(lang, key)}
            }
        }
        if shown.me.is_none() {
            p { class: "hint-line online-line", role: "status", "data-testid": "watching",
                {fill(lang, Key::Watching, &[&shown.watchers.to_string()])}
            }
        }
        if waiting_for_friend {
            p { class: "hint-line online-line", role: "status", "data-testid": "waiting-for-friend",
                {text(lang, Key::WaitingForFriend)}
            }
            if shown.invite.is_some() {
                button { class: "primary", r#type: "button", "data-testid": "send-invite",
                    aria_haspopup: "dialog",
                    onclick: move |_| inviting.set(Some(true)),
                    {text(lang, Key::InviteFriend)}
                }
            }
        }
        if shown.opponent_away && shown.connection == Connection::Live {
            p { class: "hint-line online-line", role: "status", "data-testid": "opponent-away",
                {text(lang, Key::OpponentAway)}
            }
        }
        if shown.can_claim {
            button { class: "primary", r#type: "button", "data-testid": "claim-win",
                onclick: move |_| controller.write().claim(),
                {text(lang, Key::ClaimWin)}
            }
        }
        if shown.status == Status::Aborted {
            p { class: "hint-line online-line", role: "status", "data-testid": "online-aborted",
                {text(lang, Key::OnlineAborted)}
            }
        }
        if let (true, Some(link), true) = (invitation_open, shown.invite.clone(), waiting_for_friend) {
            InviteSheet { link, on_close: move |_| inviting.set(Some(false)) }
        }
    }
}
