//! The root component: the shared state (preferences, the game) and which screen shows.

use dioxus::prelude::*;
use duobao_rules::{Color, Position};

use crate::game::controller::{Controller, GameSetup, Mode};
use crate::game::GameView;
use crate::i18n::{text, Key};
use crate::new_game::NewGameScreen;
use crate::prefs::Prefs;
use crate::{platform, url_options};

const STYLE: Asset = asset!("/assets/main.css");

#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Screen {
    NewGame,
    Game,
}

#[component]
pub fn App() -> Element {
    let (prefs, opening) = use_hook(|| {
        let mut prefs = Prefs::default();
        prefs.lang = platform::preferred_lang().unwrap_or(prefs.lang);
        let opening = url_options::apply(&platform::page_query(), &mut prefs);
        (prefs, opening)
    });
    let mut screen = use_signal(|| match opening {
        Some(_) => Screen::Game,
        None => Screen::NewGame,
    });
    let prefs = use_context_provider(|| Signal::new(prefs));
    // Without a game in the address, the controller holds a placeholder until the new-game
    // screen starts the real game.
    let mut controller = use_context_provider(|| {
        Signal::new(Controller::new(opening.clone().unwrap_or_else(|| {
            GameSetup {
                mode: Mode::VsAi {
                    human: Color::Red,
                    level: prefs.peek().level,
                },
                start: Position::start(),
                turn_seconds: prefs.peek().turn_seconds,
            }
        })))
    });
    let lang = prefs.read().lang;

    rsx! {
        document::Stylesheet { href: STYLE }
        document::Title { {text(lang, Key::AppTitle)} }
        match screen() {
            Screen::NewGame => rsx! {
                NewGameScreen {
                    on_start: move |setup| {
                        controller.write().start(setup);
                        screen.set(Screen::Game);
                    },
                }
            },
            Screen::Game => rsx! {
                GameView {
                    on_new_game: move |_| {
                        controller.write().leave();
                        screen.set(Screen::NewGame);
                    },
                }
            },
        }
    }
}
