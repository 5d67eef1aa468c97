//! The root component: the shared state (preferences, the game) and which screen shows.

use dioxus::prelude::*;
use duobao_rules::Color;

use crate::game::board::BoardPaints;
use crate::game::controller::Controller;
use crate::game::GameView;
use crate::home::{setup, HomeScreen};
use crate::i18n::{text, Key};
use crate::navigation::Page;
use crate::persistence::{use_saving, DeviceStore};
use crate::puzzles::PuzzlesScreen;
use crate::review::ReviewScreen;
use crate::rules::RulesScreen;
use crate::settings::SettingsScreen;
use crate::{platform, url_options};

const STYLE: Asset = asset!("/assets/main.css");

#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Screen {
    Home,
    Game,
    /// The game's review, opened at the position after this many plies.
    Review(usize),
}

#[component]
pub fn App() -> Element {
    let store = use_context_provider(DeviceStore::open);
    let (prefs, opening) = use_hook(|| {
        let mut prefs = store.prefs(platform::preferred_lang().unwrap_or_default());
        let opening = url_options::apply(&platform::page_query(), &mut prefs);
        (prefs, opening)
    });
    let mut screen = use_signal(|| match opening {
        Some(_) => Screen::Game,
        None => Screen::Home,
    });
    let prefs = use_context_provider(|| Signal::new(prefs));
    // Without a game in the address, the controller holds a placeholder until the home screen
    // starts or continues the real game.
    let mut controller = use_context_provider(|| {
        Signal::new(Controller::new(
            opening
                .clone()
                .unwrap_or_else(|| setup::vs_ai(Color::Red, &prefs.peek())),
        ))
    });
    let game_on_screen = use_memo(move || screen() == Screen::Game);
    let has_saved_game = use_saving(store.clone(), prefs, controller, game_on_screen);
    let mut page = use_signal(|| None::<Page>);
    let lang = prefs.read().lang;
    let saved_store = store.clone();

    rsx! {
        document::Stylesheet { href: STYLE }
        document::Title { {text(lang, Key::AppTitle)} }
        BoardPaints {}
        match screen() {
            Screen::Home if page().is_none() => rsx! {
                HomeScreen {
                    saved_game_available: has_saved_game(),
                    on_continue: move |_| {
                        if let Some(saved) = saved_store.saved_game() {
                            controller.write().resume(saved);
                        }
                        screen.set(Screen::Game);
                    },
                    on_start: move |setup| {
                        controller.write().start(setup);
                        screen.set(Screen::Game);
                    },
                    on_open: move |opened| page.set(Some(opened)),
                }
            },
            Screen::Home => rsx! {},
            Screen::Game => rsx! {
                div { class: if page().is_some() { "covered" } else { "screen" },
                    GameView {
                        on_new_game: move |_| {
                            controller.write().leave();
                            screen.set(Screen::Home);
                        },
                        on_open: move |opened| page.set(Some(opened)),
                        on_review: move |at| {
                            controller.write().leave();
                            screen.set(Screen::Review(at));
                        },
                    }
                }
            },
            Screen::Review(at) => rsx! {
                ReviewScreen {
                    game: controller.peek().game().clone(),
                    bottom: controller.peek().bottom(),
                    start_at: at,
                    on_close: move |_| screen.set(Screen::Game),
                    on_play_from: move |setup| {
                        controller.write().start(setup);
                        screen.set(Screen::Game);
                    },
                }
            },
        }
        match page() {
            Some(Page::Rules) => rsx! { RulesScreen { on_close: move |_| page.set(None) } },
            Some(Page::Settings) => rsx! { SettingsScreen { on_close: move |_| page.set(None) } },
            Some(Page::Puzzles) => rsx! { PuzzlesScreen { on_close: move |_| page.set(None) } },
            None => rsx! {},
        }
    }
}
