//! The home screen's layout: the title, the language, and one button per way in.

use dioxus::prelude::*;
use duobao_rules::{Game, Position};

use super::saved_game_question::{Replacing, SavedGameQuestion};
use crate::i18n::{text, Key};
use crate::learn::lessons::next_lesson;
use crate::navigation::{use_navigator, GameStart, Page, Route};
use crate::prefs::Prefs;
use crate::session::GameSetup;
use crate::stats::Stats;
use crate::widgets::{setup, Action, LanguageToggle, PageButtons, VsAiDialog};

/// The new game the player asked for from the home screen.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum NewGame {
    VsAi,
    PassAndPlay,
    ByLink,
    Online,
}

/// `saved_game_available` shows Continue, which plays the saved game on. The analysis board
/// opens on the start position, the position editor on it too.
#[component]
pub fn HomeScreen(saved_game_available: bool) -> Element {
    let navigator = use_navigator();
    let on_start = move |setup: GameSetup| navigator.open_game(GameStart::New(setup));
    let on_continue = move || navigator.open_game(GameStart::Saved);
    let on_open = move |page: Page| navigator.open(Route::Page(page));
    let prefs: Signal<Prefs> = use_context();
    let stats: Signal<Stats> = use_context();
    let learning = next_lesson(|id| stats.read().is_lesson_done(id)).is_some();
    // The game whose side the player is choosing: against the computer, or with a friend by link.
    let mut choosing_side = use_signal(|| None::<NewGame>);
    // The new game asked for while a saved one waits for the player's answer.
    let mut asking = use_signal(|| None::<NewGame>);
    let lang = prefs.read().lang;
    let mut begin = move |new_game: NewGame| match new_game {
        NewGame::VsAi | NewGame::ByLink => choosing_side.set(Some(new_game)),
        NewGame::PassAndPlay => on_start(setup::pass_and_play(&prefs.peek())),
        NewGame::Online => navigator.open(Route::PlayOnline),
    };
    let mut ask_or_begin = move |new_game: NewGame| {
        if saved_game_available {
            asking.set(Some(new_game));
        } else {
            begin(new_game);
        }
    };

    rsx! {
        main { class: "home", lang: lang.tag(), "data-testid": "home",
            header {
                LanguageToggle {}
            }
            div { class: "title",
                h1 { {text(lang, Key::AppTitle)} }
                p { class: "tagline", {text(lang, Key::Tagline)} }
            }
            nav { class: "home-actions",
                if saved_game_available {
                    Action { label: Key::ContinueGame, testid: "continue", primary: true,
                        onclick: move |_| on_continue(),
                    }
                }
                button {
                    class: if !saved_game_available { "primary" },
                    r#type: "button",
                    "data-testid": "play-ai",
                    aria_haspopup: "dialog",
                    onclick: move |_| ask_or_begin(NewGame::VsAi),
                    {text(lang, Key::VsAi)}
                }
                button { r#type: "button", "data-testid": "play-pnp",
                    onclick: move |_| ask_or_begin(NewGame::PassAndPlay),
                    {text(lang, Key::PassAndPlay)}
                }
                button { r#type: "button", "data-testid": "play-by-link", aria_haspopup: "dialog",
                    onclick: move |_| ask_or_begin(NewGame::ByLink),
                    {text(lang, Key::ByLink)}
                }
                button { r#type: "button", "data-testid": "play-online",
                    onclick: move |_| ask_or_begin(NewGame::Online),
                    {text(lang, Key::PlayOnline)}
                }
                // Offered up front until every lesson is done, then with the other pages.
                if learning {
                    button { class: "learn", r#type: "button", "data-testid": "open-learn",
                        onclick: move |_| on_open(Page::Learn),
                        {text(lang, Key::Learn)}
                    }
                }
                Action { label: Key::Puzzles, testid: "open-puzzles", onclick: move |_| on_open(Page::Puzzles) }
                div { class: "home-more",
                    PageButtons { testid_prefix: "open" }
                    Action { label: Key::Analysis, testid: "open-analysis",
                        onclick: move |_| navigator.open(Route::Analysis { game: Game::new(), at: 0 }),
                    }
                    Action { label: Key::EditorTitle, testid: "open-editor",
                        onclick: move |_| navigator.open(Route::Editor { start: Position::start() }),
                    }
                    Action { label: Key::YourGames, testid: "open-games", onclick: move |_| on_open(Page::Games) }
                    Action { label: Key::Statistics, testid: "open-statistics",
                        onclick: move |_| on_open(Page::Statistics),
                    }
                    if !learning {
                        Action { label: Key::Learn, testid: "open-learn", onclick: move |_| on_open(Page::Learn) }
                    }
                }
            }
            if let Some(new_game) = asking() {
                SavedGameQuestion {
                    replacing: Replacing::NewGame,
                    on_continue: move |_| {
                        asking.set(None);
                        on_continue();
                    },
                    on_replace: move |_| {
                        asking.set(None);
                        begin(new_game);
                    },
                    on_back: move |_| asking.set(None),
                }
            }
            if let Some(new_game) = choosing_side() {
                VsAiDialog {
                    by_link: new_game == NewGame::ByLink,
                    on_start,
                    on_cancel: move |_| choosing_side.set(None),
                }
            }
        }
    }
}
