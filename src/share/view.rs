//! The share sheet: a link that opens the game's review at the ply shown, its QR code, the game
//! as text, and the system's share sheet where the browser has one (or, natively, Android's), else
//! the link is copied.

use dioxus::prelude::*;
use duobao_rules::{write_game_text, Game};
use qrcode::render::svg;
use qrcode::QrCode;

use super::text::game_headers;
use crate::i18n::{text, Key, PlayersText};
use crate::link::{analysis_query, by_link_query, game_query};
use crate::local_time::{local_time, use_local_offset};
use crate::platform::{now_ms, share_base};
use crate::prefs::Prefs;
use crate::session::Mode;
use crate::widgets::Dialog;

/// The link to `game` after `ply` plies (on the analysis board with `analysis`, else in its
/// review), or sending it all to the friend who plays it by link as the game `by_link`, if the
/// app knows the address it is served at.
fn game_link(game: &Game, ply: usize, by_link: Option<u64>, analysis: bool) -> Option<String> {
    let query = match by_link {
        Some(id) => by_link_query(game, id),
        None if analysis => analysis_query(game, ply),
        None => game_query(game, ply),
    };
    share_base().map(|base| format!("{base}?{query}"))
}

/// The QR code of `link`, as an SVG document.
fn qr_svg(link: &str) -> Option<String> {
    let code = QrCode::new(link.as_bytes()).ok()?;
    Some(
        code.render::<svg::Color>()
            .min_dimensions(232, 232)
            .quiet_zone(true)
            .build(),
    )
}

/// Receives `[how, title, value]`: `share` hands the link `value` to the system's share sheet,
/// or copies it where there is none; `copy` copies `value`. Answers `shared`, `copied`,
/// `cancelled` or `failed`.
const SEND_SCRIPT: &str = r#"
    const [how, title, value] = await dioxus.recv();
    try {
        if (how === "share" && navigator.share) {
            await navigator.share({ title, url: value });
            dioxus.send("shared");
        } else {
            await navigator.clipboard.writeText(value);
            dioxus.send("copied");
        }
    } catch (error) {
        dioxus.send(error && error.name === "AbortError" ? "cancelled" : "failed");
    }
"#;

/// What became of the last tap on a Share or Copy button.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Sent {
    Copied(Key),
    Failed,
}

/// `game` shown after `ply` plies; `mode` names its players in the text, when known. With
/// `by_link`, the game's id, the sheet sends the game to the friend who plays it by link; with
/// `analysis`, the link opens the analysis board.
#[component]
pub fn ShareSheet(
    game: Game,
    ply: usize,
    #[props(default)] mode: Option<Mode>,
    #[props(default)] by_link: Option<u64>,
    #[props(default)] analysis: bool,
    on_close: EventHandler,
) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let mut sent = use_signal(|| None::<Sent>);
    let offset_minutes = use_local_offset();
    let link = game_link(&game, ply, by_link, analysis);
    let (title, send_label) = match by_link {
        Some(_) => (Key::SendMove, Key::SendLink),
        None => (Key::Share, Key::ShareLink),
    };
    let qr = link.as_deref().and_then(qr_svg);
    let date = local_time(now_ms(), offset_minutes());
    let headers = game_headers(lang, mode, &game, &date);
    let named: Vec<(&str, &str)> = headers
        .iter()
        .map(|(name, value)| (*name, value.as_str()))
        .collect();
    let game_text = write_game_text(&game, &named);
    let send = move |how: &'static str, value: String, copied: Key| {
        if how == "share" && crate::device::share_natively(text(lang, Key::AppTitle), &value) {
            // A copy of the signal: the handler stays callable from both buttons.
            let mut shown = sent;
            shown.set(None);
            return;
        }
        spawn(async move {
            let mut sending = document::eval(SEND_SCRIPT);
            let _ = sending.send((how, text(lang, Key::AppTitle), value));
            sent.set(match sending.recv::<String>().await.as_deref() {
                Ok("copied") => Some(Sent::Copied(copied)),
                Ok("shared") | Ok("cancelled") => None,
                _ => Some(Sent::Failed),
            });
        });
    };

    rsx! {
        Dialog { title: text(lang, title), testid: "share-sheet", sheet: true, on_back: on_close,
            if by_link.is_some() {
                p { class: "reason", {text(lang, Key::SendMoveHelp)} }
            }
            if let Some(qr) = qr {
                div {
                    class: "share-qr",
                    role: "img",
                    aria_label: text(lang, Key::ShareQr),
                    "data-testid": "share-qr",
                    dangerous_inner_html: qr,
                }
            }
            if let Some(link) = &link {
                p { class: "share-link", "data-testid": "share-link", "{link}" }
            } else {
                p { class: "reason", {text(lang, Key::ShareNoAddress)} }
            }
            pre { class: "share-text", "data-testid": "share-text", "{game_text}" }
            match sent() {
                Some(Sent::Copied(key)) => rsx! { p { class: "share-status", role: "status", "data-testid": "share-status", {text(lang, key)} } },
                Some(Sent::Failed) => rsx! { p { class: "share-status", role: "status", "data-testid": "share-status", {text(lang, Key::ShareFailed)} } },
                None => rsx! {},
            }
            div { class: "dialog-actions",
                if let Some(link) = link {
                    button { class: "primary", r#type: "button", "data-testid": "share-send",
                        onclick: move |_| send("share", link.clone(), Key::LinkCopied),
                        {text(lang, send_label)}
                    }
                }
                button { r#type: "button", "data-testid": "share-copy-text",
                    onclick: move |_| send("copy", game_text.clone(), Key::TextCopied),
                    {text(lang, Key::CopyText)}
                }
                button { r#type: "button", "data-testid": "share-close",
                    onclick: move |_| on_close.call(()),
                    {text(lang, Key::Back)}
                }
            }
        }
    }
}

/// The invitation to a game online: its link (which seats the friend who opens it) and QR code,
/// sent through the system's share sheet or copied.
#[component]
pub fn InviteSheet(link: String, on_close: EventHandler) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let mut sent = use_signal(|| None::<Sent>);
    let qr = qr_svg(&link);
    let send = {
        let link = link.clone();
        move |_| {
            if crate::device::share_natively(text(lang, Key::AppTitle), &link) {
                return;
            }
            let link = link.clone();
            spawn(async move {
                let mut sending = document::eval(SEND_SCRIPT);
                let _ = sending.send(("share", text(lang, Key::InviteFriend), link));
                sent.set(match sending.recv::<String>().await.as_deref() {
                    Ok("copied") => Some(Sent::Copied(Key::LinkCopied)),
                    Ok("shared") | Ok("cancelled") => None,
                    _ => Some(Sent::Failed),
                });
            });
        }
    };

    rsx! {
        Dialog { title: text(lang, Key::InviteFriend), testid: "invite-sheet", sheet: true, on_back: on_close,
            p { class: "reason", {text(lang, Key::InviteHelp)} }
            if let Some(qr) = qr {
                div {
                    class: "share-qr",
                    role: "img",
                    aria_label: text(lang, Key::ShareQr),
                    "data-testid": "invite-qr",
                    dangerous_inner_html: qr,
                }
            }
            p { class: "share-link", "data-testid": "invite-link", "{link}" }
            match sent() {
                Some(Sent::Copied(key)) => rsx! { p { class: "share-status", role: "status", "data-testid": "share-status", {text(lang, key)} } },
                Some(Sent::Failed) => rsx! { p { class: "share-status", role: "status", "data-testid": "share-status", {text(lang, Key::ShareFailed)} } },
                None => rsx! {},
            }
            div { class: "dialog-actions",
                button { class: "primary", r#type: "button", "data-testid": "invite-send", onclick: send,
                    {text(lang, Key::SendLink)}
                }
                button { r#type: "button", "data-testid": "invite-close",
                    onclick: move |_| on_close.call(()),
                    {text(lang, Key::Back)}
                }
            }
        }
    }
}

/// A code that signs another phone in to the player's account, and its QR code, which a phone
/// with a camera reads as the code.
#[component]
pub fn SignInCodeSheet(code: String, on_close: EventHandler) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let qr = qr_svg(&code);
    rsx! {
        Dialog { title: text(lang, PlayersText::UseOnAnotherPhone), testid: "code-sheet", sheet: true, on_back: on_close,
            p { class: "reason", {text(lang, PlayersText::CodeShown)} }
            if let Some(qr) = qr {
                div {
                    class: "share-qr",
                    role: "img",
                    aria_label: text(lang, Key::ShareQr),
                    "data-testid": "code-qr",
                    dangerous_inner_html: qr,
                }
            }
            p { class: "share-link sign-in-code", "data-testid": "sign-in-code", "{code}" }
            div { class: "dialog-actions",
                button { class: "primary", r#type: "button", "data-testid": "code-close",
                    onclick: move |_| on_close.call(()),
                    {text(lang, Key::Back)}
                }
            }
        }
    }
}
