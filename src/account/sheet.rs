//! The sheet that asks for a name the first time a player plays online or opens Profile: the
//! name checked here first by the rules the server checks (`duobao_players::Name`), each
//! refusal said in the player's words, then registered; or this device signed in with a code
//! another one shows; or, for an invitation, playing without a name. The fields are read when
//! a button is tapped (a page script), as the settings' address field is, for the download's
//! sake.

use dioxus::prelude::*;
use duobao_players::{BadName, Name};

use super::{Player, Players};
use crate::i18n::{fill, text, Key, Lang, PlayersText};
use crate::online_service::{register, sign_in, Failure};
use crate::prefs::Prefs;
use crate::server_address::ServerAddress;
use crate::widgets::Dialog;

const NAME_FIELD: &str = "account-name";
const CODE_FIELD: &str = "account-code";

/// Why a name cannot be registered, in the player's words: a rule broken, or taken.
pub(crate) fn bad_name_words(lang: Lang, bad: &BadName) -> String {
    let key = match bad {
        BadName::TooShort => PlayersText::NameTooShort,
        BadName::TooLong => PlayersText::NameTooLong,
        BadName::SpacesAtEnds => PlayersText::NameSpacesAtEnds,
        BadName::Control => PlayersText::NameControl,
        BadName::Markup => PlayersText::NameMarkup,
        BadName::Character(c) if c.is_whitespace() => PlayersText::NameSpace,
        BadName::Character(c) => return fill(lang, PlayersText::NameCharacter, &[&c.to_string()]),
        BadName::Reserved => PlayersText::NameReserved,
    };
    text(lang, key).to_string()
}

/// A refusal of the server's in the player's words: the name's, the code's, or the lobby's.
fn failure_words(lang: Lang, failure: &Failure) -> String {
    let key = match failure {
        Failure::Refused { code, .. } if code == "name_taken" => PlayersText::NameTaken,
        Failure::Refused { code, .. } if code == "wrong_code" => PlayersText::WrongCode,
        // The server's rules are the app's: a name it refuses was checked here already, but
        // for a rule added since.
        Failure::Refused { code, .. } if code == "bad_name" => PlayersText::NameReserved,
        Failure::Refused { code, .. } if code == "too_many_requests" => {
            return text(lang, Key::OnlineTooMany).into()
        }
        Failure::Offline => return text(lang, Key::OnlineNeedsNetwork).into(),
        Failure::NoServer => return text(lang, Key::OnlineNoServer).into(),
        _ => return text(lang, Key::OnlineUnreachable).into(),
    };
    text(lang, key).to_string()
}

/// The text in the field whose test id is `testid`.
async fn field_text(testid: &str) -> String {
    let script =
        format!(r#"dioxus.send(document.querySelector('[data-testid="{testid}"]')?.value ?? "");"#);
    let mut typed = document::eval(&script);
    typed.recv::<String>().await.unwrap_or_default()
}

#[derive(Clone, Debug, PartialEq)]
enum Asking {
    Typing,
    Sending,
    Refused(String),
}

/// Asks for a name (or a code). `on_done` is called once the device has a player: named, or
/// anonymous when `without_name` let the player go on without one.
#[component]
pub fn NameSheet(
    #[props(default)] without_name: bool,
    on_done: EventHandler,
    on_back: EventHandler,
) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let server: Signal<ServerAddress> = use_context();
    let players: Players = use_context();
    let mut with_code = use_signal(|| false);
    let mut asking = use_signal(|| Asking::Typing);

    let send = move |_| {
        if *asking.peek() == Asking::Sending {
            return;
        }
        let by_code = *with_code.peek();
        spawn(async move {
            let server = server.peek().clone();
            let answer = if by_code {
                let code = field_text(CODE_FIELD).await;
                asking.set(Asking::Sending);
                sign_in(&server, &code).await
            } else {
                let typed = field_text(NAME_FIELD).await;
                if let Err(bad) = Name::parse(&typed) {
                    return asking.set(Asking::Refused(bad_name_words(lang, &bad)));
                }
                asking.set(Asking::Sending);
                register(&server, &typed).await
            };
            match answer {
                Ok(account) => {
                    asking.set(Asking::Typing);
                    players.choose(Player::Named(account));
                    on_done.call(());
                }
                Err(failure) => asking.set(Asking::Refused(failure_words(lang, &failure))),
            }
        });
    };
    let state = asking();
    let (title, field, label, button) = if with_code() {
        (
            PlayersText::SignInWithCode,
            CODE_FIELD,
            PlayersText::CodeLabel,
            PlayersText::SignIn,
        )
    } else {
        (
            PlayersText::ChooseName,
            NAME_FIELD,
            PlayersText::NameLabel,
            PlayersText::UseName,
        )
    };

    rsx! {
        Dialog { title: text(lang, title), testid: "name-sheet", sheet: true, on_back,
            p { class: "hint",
                {text(lang, if with_code() { PlayersText::CodeHint } else { PlayersText::NameHint })}
            }
            label { class: "choice-label name-label", r#for: field, {text(lang, label)} }
            input {
                id: field,
                class: "address-field name-field",
                r#type: "text",
                autocomplete: "off",
                spellcheck: "false",
                maxlength: if with_code() { "32" } else { "40" },
                "data-testid": field,
            }
            if let Asking::Refused(words) = &state {
                p { class: "notice-line", role: "alert", "data-testid": "name-error", "{words}" }
            }
            div { class: "dialog-actions",
                button { class: "primary", r#type: "button", "data-testid": "name-send",
                    disabled: state == Asking::Sending,
                    "aria-busy": state == Asking::Sending,
                    onclick: send,
                    {text(lang, button)}
                }
                button { r#type: "button", "data-testid": "name-mode",
                    onclick: move |_| {
                        with_code.toggle();
                        asking.set(Asking::Typing);
                    },
                    {text(lang, if with_code() { PlayersText::ChooseName } else { PlayersText::SignInWithCode })}
                }
                if without_name {
                    button { r#type: "button", "data-testid": "name-skip",
                        onclick: move |_| {
                            players.choose(Player::Anonymous);
                            on_done.call(());
                        },
                        {text(lang, PlayersText::PlayWithoutName)}
                    }
                }
            }
            if without_name {
                p { class: "hint", {text(lang, PlayersText::WithoutNameHint)} }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refused_name_has_its_reason_in_both_languages() {
        let cases = [
            ("a", PlayersText::NameTooShort),
            (
                "小明小明小明小明小明小明小明小明小明小明小",
                PlayersText::NameTooLong,
            ),
            (" 小明", PlayersText::NameSpacesAtEnds),
            ("ab\u{7}c", PlayersText::NameControl),
            ("<b>", PlayersText::NameMarkup),
            ("Admin_7", PlayersText::NameReserved),
            ("管理员", PlayersText::NameReserved),
        ];
        for (name, key) in cases {
            let bad = Name::parse(name).unwrap_err();
            for lang in [Lang::Zh, Lang::En] {
                assert_eq!(bad_name_words(lang, &bad), text(lang, key), "{name:?}");
            }
        }
        let spaced = Name::parse("小 明").unwrap_err();
        assert_eq!(bad_name_words(Lang::Zh, &spaced), "名字中间不能有空格。");
        assert_eq!(
            bad_name_words(Lang::En, &Name::parse("a+b").unwrap_err()),
            "A name holds only letters, digits, _ and -, not “+”."
        );
        assert!(Name::parse("小明_2").is_ok() && Name::parse("Ada-x").is_ok());
    }

    #[test]
    fn the_servers_refusals_are_said_in_words() {
        let refused = |code: &str| Failure::Refused {
            code: code.into(),
            reason: String::new(),
        };
        assert_eq!(
            failure_words(Lang::En, &refused("name_taken")),
            "That name is taken: choose another."
        );
        assert_eq!(
            failure_words(Lang::Zh, &refused("wrong_code")),
            "登录码不对，或者已经过期。"
        );
        assert_eq!(
            failure_words(Lang::En, &Failure::Unreachable),
            text(Lang::En, Key::OnlineUnreachable)
        );
    }
}
