//! The "Your games" page: the kept games newest first, filtered by opponent and result, each
//! opening its review (analysed once, then kept with the game), deleted one by one or all at
//! once, each after a question. A game with a friend by link that goes on says whose move it
//! waits for, opens to be played on, and shares the link that sends it again. A live game online
//! says it is in play and opens to be played on (*Play on*), never to be reviewed or shared
//! while it goes on.

use std::cell::Cell;
use std::rc::Rc;

use dioxus::prelude::*;
use duobao_rules::{Color, Game};

use super::import_sheet::ImportSheet;
use super::model::{shows, Ending, KeptGame, ModeFilter, Outcome, OutcomeFilter};
use super::stored::{forget_all, forget_kept, load_games};
use crate::account::Players;
use crate::i18n::{level_key, moves_count, side_key, text, titled, Key, Lang, PlayersText};
use crate::local_time::{local_time, use_local_offset};
use crate::navigation::{use_navigator, Reviewed, Route};
use crate::online_service::{player_games, use_answer};
use crate::prefs::Prefs;
use crate::result_words::{reason_key, title_key};
use crate::server_address::ServerAddress;
use crate::session::Mode;
use crate::share::ShareSheet;
use crate::storage::DeviceStore;
use crate::widgets::{Action, ChoiceButton, ChoiceRow, Dialog, PageFrame, ServerGames};

/// The question open over the list.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Question {
    Delete(u64),
    DeleteAll,
}

const MODE_FILTERS: [(ModeFilter, Key, &str); 4] = [
    (ModeFilter::All, Key::GamesAll, "all"),
    (ModeFilter::VsAi, Key::Computer, "vs-ai"),
    (ModeFilter::PassAndPlay, Key::Friend, "pass-and-play"),
    (ModeFilter::Online, Key::FilterOnline, "online"),
];

const OUTCOME_FILTERS: [(OutcomeFilter, Key, &str); 5] = [
    (OutcomeFilter::All, Key::GamesAll, "all"),
    (OutcomeFilter::Only(Outcome::Won), Key::Won, "won"),
    (OutcomeFilter::Only(Outcome::Lost), Key::Lost, "lost"),
    (OutcomeFilter::Only(Outcome::Drawn), Key::Drawn, "drawn"),
    (
        OutcomeFilter::Only(Outcome::Unfinished),
        Key::Unfinished,
        "unfinished",
    ),
];

fn outcome_name(outcome: Outcome) -> &'static str {
    OUTCOME_FILTERS
        .iter()
        .find(|(filter, ..)| *filter == OutcomeFilter::Only(outcome))
        .map_or("all", |(.., name)| name)
}

/// Who the player played: the computer at its level, a friend, or an opponent online.
fn opponent(lang: Lang, mode: Mode) -> String {
    match mode {
        Mode::VsAi { level, .. } => titled(
            lang,
            &[text(lang, Key::Computer), text(lang, level_key(level))],
        ),
        Mode::PassAndPlay { .. } => text(lang, Key::Friend).to_string(),
        Mode::ByLink { .. } => text(lang, Key::FriendByLink).to_string(),
        Mode::Online { .. } => text(lang, Key::OnlineOpponent).to_string(),
    }
}

/// A game with a friend by link that goes on: it waits for a move.
fn goes_on_by_link(kept: &KeptGame) -> bool {
    kept.mode.is_by_link() && kept.ending() == Ending::Unfinished
}

/// A game that opens to be played on rather than reviewed: by link, or live online.
fn goes_on(kept: &KeptGame) -> bool {
    goes_on_by_link(kept) || kept.is_live_online()
}

/// A game by link that waits for the friend's move: Share sends it again.
fn waits_for_the_friend(kept: &KeptGame) -> bool {
    goes_on_by_link(kept) && kept.game.position().turn() != kept.colour()
}

/// The result as the game-over dialog says it, and its reason.
fn result_words(lang: Lang, kept: &KeptGame) -> (&'static str, Option<&'static str>) {
    match kept.ending() {
        Ending::Over(result) => (
            text(lang, title_key(result, kept.mode)),
            Some(text(lang, reason_key(result, kept.mode))),
        ),
        Ending::Unfinished if kept.mode.is_by_link() => {
            let waiting_for = kept.game.position().turn();
            (
                text(
                    lang,
                    side_key(waiting_for, Key::WaitingForRed, Key::WaitingForBlack),
                ),
                None,
            )
        }
        Ending::Unfinished if kept.is_live_online() => (text(lang, Key::GameInPlay), None),
        Ending::Unfinished => (text(lang, Key::Unfinished), None),
    }
}

#[component]
pub fn GamesScreenBody(
    on_play_on: EventHandler<KeptGame>,
    /// Whether the list is the route on top: a review opened from it covers it, and the
    /// verdicts it finds are read again when it closes.
    #[props(default = true)]
    on_top: bool,
) -> Element {
    let navigator = use_navigator();
    let on_review = move |review: Reviewed| navigator.open(Route::Review(review));
    let prefs: Signal<Prefs> = use_context();
    let store: DeviceStore = use_context();
    let lang = prefs.read().lang;
    let loading = store.clone();
    let mut games = use_signal({
        let loading = loading.clone();
        move || loading.read(load_games)
    });
    // Read again only when a review over the list closes: the list just read needs no second
    // pass over the archive's slots.
    let covered = use_hook(|| Rc::new(Cell::new(false)));
    use_effect(use_reactive((&on_top,), move |(on_top,)| {
        if on_top && covered.replace(false) {
            let kept = loading.read(load_games);
            if *games.peek() != kept {
                games.set(kept);
            }
        } else if !on_top {
            covered.set(true);
        }
    }));
    let mut mode_filter = use_signal(ModeFilter::default);
    let mut outcome_filter = use_signal(OutcomeFilter::default);
    let mut importing = use_signal(|| false);
    let mut question = use_signal(|| None::<Question>);
    let mut sharing = use_signal(|| None::<KeptGame>);
    let offset_minutes = use_local_offset();
    let forgetting = store.clone();
    let answer = use_callback(move |confirmed: bool| {
        if confirmed {
            match question() {
                Some(Question::Delete(number)) => {
                    forgetting.write(|device| forget_kept(device, number));
                    games.write().retain(|kept| kept.number != number);
                }
                Some(Question::DeleteAll) => {
                    forgetting.write(forget_all);
                    games.write().clear();
                }
                None => {}
            }
        }
        question.set(None);
    });

    // The games of the player's account on the server, from any device.
    let players: Players = use_context();
    let server: Signal<ServerAddress> = use_context();
    let server_games = use_answer(move || {
        let name = players.read().name().map(str::to_string);
        let server = server.read().clone();
        async move {
            match name {
                Some(name) => player_games(&server, &name).await.map(Some),
                None => Ok(None),
            }
        }
    });
    // Under a review opened from it the list keeps its filters but draws nothing: its page,
    // whose buttons the review's repeat, is not there to be found or tabbed to.
    if !on_top {
        return rsx! {};
    }
    let shown: Vec<KeptGame> = games
        .read()
        .iter()
        .filter(|kept| shows(kept, mode_filter(), outcome_filter()))
        .cloned()
        .collect();
    let any_kept = !games.read().is_empty();
    let online_games = server_games.read().clone().and_then(Result::ok).flatten();

    rsx! {
        PageFrame { title: text(lang, Key::YourGames), testid: "games",
            if any_kept {
                div { class: "game-filters",
                    ChoiceRow { label: text(lang, Key::GamesByMode),
                        for (filter, key, name) in MODE_FILTERS {
                            ChoiceButton {
                                key: "{name}",
                                label: text(lang, key),
                                selected: mode_filter() == filter,
                                testid: "filter-mode-{name}",
                                onclick: move |_| mode_filter.set(filter),
                            }
                        }
                    }
                    ChoiceRow { label: text(lang, Key::GamesByOutcome),
                        for (filter, key, name) in OUTCOME_FILTERS {
                            ChoiceButton {
                                key: "{name}",
                                label: text(lang, key),
                                selected: outcome_filter() == filter,
                                testid: "filter-outcome-{name}",
                                onclick: move |_| outcome_filter.set(filter),
                            }
                        }
                    }
                }
            } else {
                p { class: "games-empty", "data-testid": "games-empty", {text(lang, Key::GamesEmpty)} }
            }
            ol { class: "game-list",
                for kept in shown {
                    {
                        let number = kept.number;
                        let (result, reason) = result_words(lang, &kept);
                        let colour = if kept.colour() == Color::Red { Key::StatsAsRed } else { Key::StatsAsBlack };
                        let plies = moves_count(lang, kept.game.plies().len() as u32);
                        let when = local_time(kept.kept_ms, offset_minutes());
                        let outcome = outcome_name(kept.outcome());
                        let data_mode = match kept.mode {
                            Mode::VsAi { .. } => "vs-ai",
                            Mode::PassAndPlay { .. } => "pass-and-play",
                            Mode::ByLink { .. } => "by-link",
                            Mode::Online { .. } => "online",
                        };
                        let play_on = goes_on(&kept).then(|| kept.clone());
                        let live_online = kept.is_live_online();
                        let review = Reviewed {
                            game: kept.game.clone(),
                            bottom: kept.colour(),
                            at: kept.game.plies().len(),
                            mode: Some(kept.mode),
                            known: kept.reviews().unwrap_or_default(),
                            kept: Some(number),
                        };
                        rsx! {
                            li { key: "{number}", class: "game-item",
                                button {
                                    class: "game-entry {outcome}",
                                    r#type: "button",
                                    "data-testid": "game-entry",
                                    "data-number": number,
                                    "data-outcome": outcome,
                                    "data-mode": data_mode,
                                    onclick: move |_| match play_on.clone() {
                                        Some(kept) => on_play_on.call(kept),
                                        None => on_review(review.clone()),
                                    },
                                    span { class: "entry-when", "{when}" }
                                    span { class: "entry-opponent", {opponent(lang, kept.mode)} }
                                    strong { class: "entry-result", "data-testid": "entry-result", "{result}" }
                                    if let Some(reason) = reason {
                                        span { class: "entry-reason", "{reason}" }
                                    }
                                    span { class: "entry-meta", "{text(lang, colour)}{text(lang, Key::TitleSeparator)}{plies}" }
                                }
                                div { class: "entry-actions",
                                    if live_online {
                                        button {
                                            class: "entry-play-on",
                                            r#type: "button",
                                            "data-testid": "play-on-game",
                                            onclick: {
                                                let kept = kept.clone();
                                                move |_| on_play_on.call(kept.clone())
                                            },
                                            {text(lang, Key::PlayOnGame)}
                                        }
                                    } else {
                                        button {
                                            class: "entry-share",
                                            r#type: "button",
                                            "data-testid": "share-game",
                                            aria_haspopup: "dialog",
                                            onclick: {
                                                let kept = kept.clone();
                                                move |_| sharing.set(Some(kept.clone()))
                                            },
                                            {text(lang, Key::Share)}
                                        }
                                    }
                                    button {
                                        class: "entry-delete",
                                        r#type: "button",
                                        "data-testid": "delete-game",
                                        aria_haspopup: "dialog",
                                        onclick: move |_| question.set(Some(Question::Delete(number))),
                                        {text(lang, Key::DeleteGame)}
                                    }
                                }
                            }
                        }
                    }
                }
            }
            div { class: "games-actions",
                Action { label: Key::ImportGame, testid: "import-game", opens_dialog: true,
                    onclick: move |_| importing.set(true),
                }
                if any_kept {
                    button {
                        class: "clear-games",
                    r#type: "button",
                    "data-testid": "clear-games",
                    aria_haspopup: "dialog",
                        onclick: move |_| question.set(Some(Question::DeleteAll)),
                        {text(lang, Key::ClearGames)}
                    }
                }
                if let Some(online) = online_games {
                    section { class: "server-games", "data-testid": "games-on-server",
                        h2 { {text(lang, PlayersText::GamesOnline)} }
                        ServerGames { games: online }
                    }
                }
            }
        }
        if let Some(kept) = sharing() {
            ShareSheet {
                ply: kept.game.plies().len(),
                by_link: waits_for_the_friend(&kept).then_some(kept.started_ms),
                game: kept.game,
                mode: kept.mode,
                on_close: move |_| sharing.set(None),
            }
        }
        if importing() {
            ImportSheet {
                on_open: move |game: Game| {
                    importing.set(false);
                    let plies = game.plies().len();
                    on_review(Reviewed::from_elsewhere(game, plies));
                },
                on_close: move |_| importing.set(false),
            }
        }
        if let Some(open) = question() {
            Dialog {
                title: text(lang, if open == Question::DeleteAll { Key::ClearGamesQuestion } else { Key::DeleteGameQuestion }),
                testid: "confirm-delete",
                on_back: move |_| answer.call(false),
                div { class: "dialog-actions",
                    button { class: "primary danger", r#type: "button", "data-testid": "confirm-delete-yes",
                        onclick: move |_| answer.call(true),
                        {text(lang, if open == Question::DeleteAll { Key::ClearGames } else { Key::DeleteGame })}
                    }
                    button { r#type: "button", "data-testid": "confirm-delete-no",
                        onclick: move |_| answer.call(false),
                        {text(lang, Key::Cancel)}
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::model::LiveSeat;
    use crate::test_games::game_from;
    use duobao_rules::Concession;

    fn by_link(me: Color, game: Game) -> KeptGame {
        KeptGame {
            number: 1,
            started_ms: 9,
            kept_ms: 10,
            mode: Mode::ByLink { me },
            game,
            verdicts: Vec::new(),
            online: None,
        }
    }

    #[test]
    fn a_game_by_link_waits_for_the_side_to_move_until_it_ends() {
        let waiting = by_link(Color::Red, game_from(duobao_rules::START_FEN, &["b2c2"]));
        assert!(goes_on_by_link(&waiting));
        assert!(waits_for_the_friend(&waiting));
        assert!(!waits_for_the_friend(&by_link(
            Color::Black,
            waiting.game.clone()
        )));
        assert_eq!(
            result_words(Lang::En, &waiting),
            ("Waiting for Black", None)
        );
        assert_eq!(result_words(Lang::Zh, &waiting).0, "等待黑方");
        assert_eq!(opponent(Lang::En, waiting.mode), "A friend by link");
        let mut over = waiting.game.clone();
        over.concede(Concession::Resigned(Color::Black)).unwrap();
        let won = by_link(Color::Red, over);
        assert!(!goes_on_by_link(&won));
        assert_eq!(
            result_words(Lang::En, &won),
            ("You win", Some("Black resigned"))
        );
        assert_eq!(won.outcome(), Outcome::Won);
        let friends = KeptGame {
            mode: Mode::PassAndPlay { bottom: Color::Red },
            ..waiting
        };
        assert!(!goes_on_by_link(&friends));
        assert_eq!(result_words(Lang::En, &friends).0, "Unfinished");
    }

    #[test]
    fn a_live_game_online_is_in_play_against_an_opponent_online_and_plays_on() {
        let as_black = Mode::Online {
            me: Some(Color::Black),
        };
        let seat = LiveSeat {
            seat: serde_json::from_str(r#"{"id":"x1","secret":"s","version":2}"#).unwrap(),
            turn_seconds: Some(60),
        };
        let live = KeptGame {
            mode: as_black,
            online: Some(seat),
            ..by_link(Color::Black, game_from(duobao_rules::START_FEN, &["b2c2"]))
        };
        assert!(goes_on(&live) && !goes_on_by_link(&live));
        assert!(!waits_for_the_friend(&live), "no link to send again");
        assert_eq!(result_words(Lang::En, &live), ("In play", None));
        assert_eq!(result_words(Lang::Zh, &live), ("进行中", None));
        assert_eq!(opponent(Lang::Zh, live.mode), "在线对手");
        assert_eq!(opponent(Lang::En, live.mode), "An opponent online");
        // Over: reviewed, its result told from the player's side.
        let mut over = live.game.clone();
        over.concede(Concession::Abandoned(Color::Red)).unwrap();
        let won = KeptGame {
            game: over,
            online: None,
            ..live.clone()
        };
        assert!(!goes_on(&won));
        assert_eq!(
            result_words(Lang::En, &won),
            ("You win", Some("Red left the game"))
        );
        // Kept without its seat (a game saved before it was kept): reviewed, unfinished.
        let seatless = KeptGame {
            online: None,
            ..live
        };
        assert!(!goes_on(&seatless));
        assert_eq!(result_words(Lang::En, &seatless).0, "Unfinished");
        assert!(MODE_FILTERS
            .iter()
            .any(|(filter, key, _)| *filter == ModeFilter::Online && *key == Key::FilterOnline));
    }
}
