//! Profile: the device's player (a name asked for first), both ratings with "?" while
//! provisional, won/lost/drawn, the rating over time at each speed, the games on the server
//! (`widgets::ServerGames`), a code for another phone, and deleting the account.

use dioxus::prelude::*;

use super::chart::{polyline, ratings_over_time, HEIGHT, WIDTH};
use super::speed_words;
use crate::account::{NameSheet, Player, Players};
use crate::i18n::{fill, text, Key, Lang, PlayersText};
use crate::navigation::use_navigator;
use crate::online_service::{
    delete_account, new_code, player_games, profile, use_answer, Failure, PlayerGame, Profile,
    Speed,
};
use crate::prefs::Prefs;
use crate::rating_words::rating_text;
use crate::server_address::ServerAddress;
use crate::share::SignInCodeSheet;
use crate::widgets::{Dialog, PageFrame, ServerGames};

/// What the screen has from the server: the profile and the games.
#[derive(Clone, Debug, PartialEq)]
enum Loaded {
    /// No name yet: the sheet asks for one.
    Nobody,
    Shown(Box<Profile>, Vec<PlayerGame>),
    Failed(Key),
}

/// The profile and the games of the player `name`, if any.
async fn load(server: &ServerAddress, players: Players, name: Option<String>) -> Loaded {
    let Some(name) = name else {
        return Loaded::Nobody;
    };
    let answer = match profile(server, &name).await {
        Ok(shown) => player_games(server, &name)
            .await
            .map(|games| Loaded::Shown(Box::new(shown), games)),
        Err(failure) => Err(failure),
    };
    match answer {
        Ok(loaded) => loaded,
        // The account was deleted from another device: this one forgets it too.
        Err(Failure::Refused { code, .. }) if code == "no_player" => {
            players.choose(Player::Unknown);
            Loaded::Nobody
        }
        Err(failure) => Loaded::Failed(failure_key(&failure)),
    }
}

fn failure_key(failure: &Failure) -> Key {
    match failure {
        Failure::Offline => Key::OnlineNeedsNetwork,
        Failure::NoServer => Key::OnlineNoServer,
        _ => Key::OnlineUnreachable,
    }
}

/// Its props are `()`: a chunk's entry takes one argument.
#[allow(non_snake_case)]
pub fn ProfileBody(_: ()) -> Element {
    let navigator = use_navigator();
    let prefs: Signal<Prefs> = use_context();
    let server: Signal<ServerAddress> = use_context();
    let players: Players = use_context();
    let lang = prefs.read().lang;
    let player = players.read();
    let name = player.name().map(str::to_string);
    let mut code = use_signal(|| None::<String>);
    let mut deleting = use_signal(|| false);
    let mut problem = use_signal(|| None::<Key>);

    let loaded = use_answer(move || {
        let name = players.read().name().map(str::to_string);
        let server = server.read().clone();
        async move { load(&server, players, name).await }
    });
    let loaded = loaded.read().clone();

    let Some(name) = name else {
        return rsx! {
            PageFrame { title: text(lang, Key::Profile), testid: "profile-page",
                div { class: "page-body" }
            }
            NameSheet { on_done: |_| {}, on_back: move |_| navigator.close() }
        };
    };

    let token = player.token().map(str::to_string);
    let ask_code = {
        let token = token.clone();
        move |_| {
            let Some(token) = token.clone() else { return };
            spawn(async move {
                match new_code(&server.peek(), &token).await {
                    Ok(made) => code.set(Some(made.code)),
                    Err(failure) => {
                        if !players.forget_if_unknown(&failure) {
                            problem.set(Some(failure_key(&failure)));
                        }
                    }
                }
            });
        }
    };
    let delete = move |_| {
        let Some(token) = token.clone() else { return };
        spawn(async move {
            match delete_account(&server.peek(), &token).await {
                Ok(()) => {
                    deleting.set(false);
                    players.choose(Player::Unknown);
                    navigator.close();
                }
                Err(failure) => {
                    deleting.set(false);
                    if !players.forget_if_unknown(&failure) {
                        problem.set(Some(failure_key(&failure)));
                    }
                }
            }
        });
    };
    rsx! {
        PageFrame { title: text(lang, Key::Profile), testid: "profile-page",
            div { class: "page-body profile",
                h2 { class: "profile-name", "data-testid": "profile-name", "{name}" }
                match loaded {
                    None | Some(Loaded::Nobody) => rsx! {
                        p { class: "thinking", role: "status", {text(lang, Key::JoiningGame)} }
                    },
                    Some(Loaded::Failed(key)) => rsx! {
                        p { class: "notice-line", role: "alert", "data-testid": "profile-error", {text(lang, key)} }
                    },
                    Some(Loaded::Shown(shown, games)) => rsx! {
                        ProfileDetails { lang, profile: *shown, games }
                    },
                }
                if let Some(key) = problem() {
                    p { class: "notice-line", role: "alert", {text(lang, key)} }
                }
                div { class: "menu-items",
                    button { r#type: "button", "data-testid": "profile-code", aria_haspopup: "dialog",
                        onclick: ask_code,
                        {text(lang, PlayersText::UseOnAnotherPhone)}
                    }
                    button { class: "danger", r#type: "button", "data-testid": "profile-delete", aria_haspopup: "dialog",
                        onclick: move |_| deleting.set(true),
                        {text(lang, PlayersText::DeleteAccount)}
                    }
                }
            }
        }
        if let Some(shown) = code() {
            SignInCodeSheet { code: shown, on_close: move |_| code.set(None) }
        }
        if deleting() {
            Dialog { title: text(lang, PlayersText::DeleteAccount), testid: "delete-account", on_back: move |_| deleting.set(false),
                p { class: "reason", {text(lang, PlayersText::DeleteAccountQuestion)} }
                div { class: "dialog-actions",
                    button { class: "primary danger", r#type: "button", "data-testid": "delete-account-confirm",
                        onclick: delete,
                        {text(lang, PlayersText::DeleteAccountConfirm)}
                    }
                    button { r#type: "button", "data-testid": "delete-account-cancel",
                        onclick: move |_| deleting.set(false),
                        {text(lang, Key::Cancel)}
                    }
                }
            }
        }
    }
}

/// The profile as the server has it: ratings, results, the chart at each speed, the games.
#[component]
fn ProfileDetails(lang: Lang, profile: Profile, games: Vec<PlayerGame>) -> Element {
    let results = profile.results;
    let (won, lost, drawn) = (
        results.won.to_string(),
        results.lost.to_string(),
        results.drawn.to_string(),
    );
    rsx! {
        dl { class: "profile-ratings",
            for speed in Speed::BOTH {
                {
                    let rating = match speed {
                        Speed::Fast => profile.ratings.fast,
                        Speed::Standard => profile.ratings.standard,
                    };
                    rsx! {
                        div { key: "{speed.as_str()}", class: "profile-rating",
                            dt { {text(lang, speed_words(speed))} }
                            dd { "data-testid": "rating-{speed.as_str()}", {rating_text(rating.rating, rating.provisional)} }
                        }
                    }
                }
            }
        }
        p { class: "profile-results", "data-testid": "profile-results",
            {fill(lang, PlayersText::Results, &[&won, &lost, &drawn])}
        }
        h3 { {text(lang, PlayersText::RatingOverTime)} }
        for speed in Speed::BOTH {
            {
                let line = polyline(&ratings_over_time(&games, speed));
                let label = format!("{}{}{}", text(lang, PlayersText::RatingOverTime), text(lang, Key::TitleSeparator), text(lang, speed_words(speed)));
                rsx! {
                    figure { key: "{speed.as_str()}", class: "rating-chart",
                        figcaption { {text(lang, speed_words(speed))} }
                        match line {
                            Some(points) => rsx! {
                                svg {
                                    role: "img",
                                    "aria-label": "{label}",
                                    "data-testid": "chart-{speed.as_str()}",
                                    view_box: "0 0 {WIDTH} {HEIGHT}",
                                    preserve_aspect_ratio: "none",
                                    polyline { class: "chart-line", points }
                                }
                            },
                            None => rsx! {
                                p { class: "chart-empty", "data-testid": "chart-{speed.as_str()}-empty", {text(lang, PlayersText::NoRatedGames)} }
                            },
                        }
                    }
                }
            }
        }
        h3 { {text(lang, PlayersText::GamesOnline)} }
        ServerGames { games }
    }
}
