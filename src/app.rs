//! The root component: the shared state (preferences, the game) and which screen shows.

use crate::log::warning;
use dioxus::prelude::*;
use duobao_rules::{Color, Game, Position};

use crate::analysis::AnalysisScreen;
use crate::app_notice::{AppNotice, AppNoticeToast};
use crate::appearance::use_look;
use crate::board::BoardPaints;
use crate::by_link::{arrive, continued, Arrival};
use crate::editor::EditorScreen;
use crate::endgames::use_endgame_tables;
use crate::game::{use_game, GameView};
use crate::history::{encode_verdicts, load_games, save_verdicts, GamesScreen};
use crate::home::{setup, HomeScreen, Replacing, SavedGameQuestion};
use crate::i18n::{text, Key};
use crate::learn::lessons::lessons_done;
use crate::learn::LearnScreen;
use crate::navigation::{use_back_navigation, Page};
use crate::platform;
use crate::prefs::{load_prefs, use_saving_prefs, Prefs};
use crate::puzzles::{puzzles_solved, PuzzlesScreen};
use crate::review::ReviewScreen;
use crate::rules::RulesScreen;
use crate::session::{load_game, GameSetup, SavedGame};
use crate::settings::SettingsScreen;
use crate::shortcuts::use_shortcuts;
use crate::stats::{use_stats, StatisticsScreen};
use crate::storage::DeviceStore;
use crate::url_options::{Link, Opening};

/// In the web build the page links the stylesheet itself (dx writes the link into index.html),
/// so that the first paint, before the app has loaded, is already styled.
const STYLE: Asset = asset!(
    "/assets/main.css",
    AssetOptions::css().with_static_head(true)
);

/// A link's game waiting for the player's answer: it would replace the saved game.
#[derive(Clone, Debug, PartialEq)]
enum Linked {
    /// A game from a position.
    Start(GameSetup),
    /// A friend's move by link.
    Resume(SavedGame),
}

#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Screen {
    Home,
    Game,
    /// The game's review, opened at the position after this many plies.
    Review(usize),
    /// A shared game's review, opened from a link at the position after this many plies.
    Shared(usize),
    /// The analysis board, which goes back to where it was opened from.
    Analysis(Return),
    /// The position editor, opened from the home screen.
    Editor,
}

/// Where the analysis board goes back to.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Return {
    Home,
    Review(usize),
    Shared(usize),
    Puzzles,
    Games,
    Editor,
}

#[component]
pub fn App() -> Element {
    use_back_navigation();
    use_shortcuts();
    use_endgame_tables();
    let store = use_context_provider(DeviceStore::open);
    let (own, shown, opening, arrival, saved_elsewhere) = use_hook(|| {
        let system_lang = platform::preferred_lang().unwrap_or_default();
        let own = store.read(|device| load_prefs(device, system_lang));
        let link = Link::parse(&platform::page_query());
        let shown = link.shown(&own);
        let saved = store.read(load_game);
        let opening = link.opening(&shown, saved.is_some());
        if let Opening::BadLink(bad) = &opening {
            warning!("the link's game cannot be opened: {bad:?}");
        }
        // A friend's move by link, met with the game kept under its id.
        let arrival = match &opening {
            Opening::ByLink(linked) => Some(arrive(linked.clone(), &store.read(load_games))),
            _ => None,
        };
        // A saved game of another kind, which a friend's move does not replace without asking
        // (one by link is kept in Your games, to be continued by its own next link).
        let saved_elsewhere = saved.is_some_and(|saved| !saved.mode.is_by_link());
        (own, shown, opening, arrival, saved_elsewhere)
    });
    // A friend's move to play at once.
    let play_now = match &arrival {
        Some(Arrival::Play(saved)) if !saved_elsewhere => Some(saved.clone()),
        _ => None,
    };
    let mut screen = use_signal(|| match opening {
        Opening::Game(_) => Screen::Game,
        Opening::Review(_, at) => Screen::Shared(at),
        Opening::Analysis(..) => Screen::Analysis(Return::Home),
        _ if play_now.is_some() => Screen::Game,
        _ => Screen::Home,
    });
    let shared = use_hook(|| match &opening {
        Opening::Review(game, _) => Some(game.clone()),
        _ => None,
    });
    // The game the analysis board opens on, and after how many of its plies.
    let mut analysed = use_signal(|| match &opening {
        Opening::Analysis(game, at) => (game.clone(), *at),
        _ => (Game::new(), 0),
    });
    let mut edited = use_signal(Position::start);
    // The link's game while the player chooses between it and the saved game.
    let mut linked = use_signal(|| match (&opening, &arrival) {
        (Opening::Choose(setup), _) => Some(Linked::Start(setup.clone())),
        (_, Some(Arrival::Play(saved))) if saved_elsewhere => Some(Linked::Resume(saved.clone())),
        _ => None,
    });
    // A friend's link that does not continue the game kept under its id: the kept one and the
    // link's, while the player chooses.
    let mut two_versions = use_signal(|| match &arrival {
        Some(Arrival::TwoVersions { kept, linked }) => Some((kept.clone(), linked.clone())),
        _ => None,
    });
    let link_notice = match &opening {
        Opening::BadLink(bad) => Some(AppNotice::of_bad_link(bad)),
        _ => None,
    };
    let prefs = use_context_provider(|| Signal::new(shown));
    let game_on_screen = use_memo(move || screen() == Screen::Game);
    use_saving_prefs(store.clone(), own, prefs);
    let stats = use_stats(store.clone());
    // Without a game to open at once, the game holds a placeholder until the home screen starts
    // or continues the real game.
    let game = use_game(store.clone(), stats, game_on_screen, || {
        let setup = match &opening {
            Opening::Game(setup) => setup.clone(),
            _ => setup::vs_ai(Color::Red, &prefs.peek()),
        };
        (setup, play_now)
    });
    let mut page = use_signal(|| None::<Page>);
    use_page_title(prefs);
    use_look(use_memo(move || prefs.read().look()));
    let saved_store = store.clone();
    let continue_saved = use_callback(move |()| {
        if let Some(saved) = saved_store.read(load_game) {
            game.resume(saved);
        }
        screen.set(Screen::Game);
    });
    let mut play_on = move |saved: SavedGame| {
        game.resume(saved);
        screen.set(Screen::Game);
    };
    // A game by link played on from Your games, waiting for the player's answer while another
    // unfinished game is saved (which playing on would put away in Your games).
    let mut play_on_asked = use_signal(|| None::<SavedGame>);
    let asking_store = store.clone();
    let replaces_another = move |saved: &SavedGame| {
        asking_store.read(load_game).is_some_and(|current| {
            !(current.mode.is_by_link() && current.started_ms == saved.started_ms)
        })
    };
    let mut analyse = move |game: Game, at: usize, back: Return| {
        analysed.set((game, at));
        screen.set(Screen::Analysis(back));
    };
    let notice = if store.failed() {
        Some(AppNotice::SaveFailed)
    } else {
        link_notice
    };

    rsx! {
        // Natively there is no index.html. A plain element rather than dioxus'
        // `document::Stylesheet`/`Title`, which would add 4 KB to the gzipped download; the
        // title is set by `use_page_title`.
        if cfg!(not(target_arch = "wasm32")) {
            link { rel: "stylesheet", href: STYLE }
        }
        BoardPaints {}
        match screen() {
            Screen::Home if page().is_none() => rsx! {
                HomeScreen {
                    saved_game_available: game.has_saved_game(),
                    on_continue: move |_| continue_saved.call(()),
                    on_start: move |setup| {
                        game.start(setup);
                        screen.set(Screen::Game);
                    },
                    on_open: move |opened| page.set(Some(opened)),
                    on_analyse: move |_| analyse(Game::new(), 0, Return::Home),
                    on_edit: move |_| {
                        edited.set(Position::start());
                        screen.set(Screen::Editor);
                    },
                }
                if linked.read().is_some() {
                    SavedGameQuestion {
                        replacing: Replacing::Link,
                        on_continue: move |_| {
                            linked.set(None);
                            continue_saved.call(());
                        },
                        on_replace: move |_| match linked.take() {
                            Some(Linked::Start(setup)) => {
                                game.start(setup);
                                screen.set(Screen::Game);
                            }
                            Some(Linked::Resume(saved)) => play_on(saved),
                            None => {}
                        },
                        on_back: move |_| linked.set(None),
                    }
                }
                if let Some((kept, theirs)) = two_versions() {
                    SavedGameQuestion {
                        replacing: Replacing::TwoVersions,
                        on_continue: move |_| {
                            two_versions.set(None);
                            play_on(kept.clone());
                        },
                        on_replace: move |_| {
                            two_versions.set(None);
                            play_on(theirs.clone());
                        },
                        on_back: move |_| two_versions.set(None),
                    }
                }
            },
            Screen::Home | Screen::Shared(_) => rsx! {},
            Screen::Analysis(back) => rsx! {
                AnalysisScreen {
                    game: analysed.peek().0.clone(),
                    at: analysed.peek().1,
                    on_close: move |_| screen.set(match back {
                        Return::Home => Screen::Home,
                        Return::Review(at) => Screen::Review(at),
                        Return::Shared(at) => Screen::Shared(at),
                        Return::Puzzles => {
                            page.set(Some(Page::Puzzles));
                            Screen::Home
                        }
                        Return::Games => {
                            page.set(Some(Page::Games));
                            Screen::Home
                        }
                        Return::Editor => Screen::Editor,
                    }),
                    on_play_from: move |setup| {
                        game.start(setup);
                        screen.set(Screen::Game);
                    },
                }
            },
            Screen::Editor => rsx! {
                EditorScreen {
                    start: edited(),
                    on_close: move |_| screen.set(Screen::Home),
                    on_analyse: move |position| {
                        edited.set(position);
                        analyse(Game::from_position(position), 0, Return::Editor);
                    },
                    on_play_from: move |setup| {
                        game.start(setup);
                        screen.set(Screen::Game);
                    },
                }
            },
            Screen::Game => rsx! {
                div { class: if page().is_some() { "covered" } else { "screen" },
                    GameView {
                        on_new_game: move |_| {
                            game.leave();
                            screen.set(Screen::Home);
                        },
                        on_open: move |opened| page.set(Some(opened)),
                        on_review: move |at| {
                            game.leave();
                            screen.set(Screen::Review(at));
                        },
                    }
                }
            },
            Screen::Review(at) => rsx! {
                ReviewScreen {
                    game: game.game(),
                    bottom: game.bottom(),
                    start_at: at,
                    mode: game.mode(),
                    on_analysed: {
                        let kept_as = game.kept_as();
                        let keeping = store.clone();
                        move |reviews: Vec<_>| {
                            if let Some(number) = kept_as {
                                keeping.write(|device| save_verdicts(device, number, encode_verdicts(&reviews)));
                            }
                        }
                    },
                    on_close: move |_| screen.set(Screen::Game),
                    on_play_from: move |setup| {
                        game.start(setup);
                        screen.set(Screen::Game);
                    },
                    on_analyse: move |at| analyse(game.game(), at, Return::Review(at)),
                }
            },
        }
        if let (Screen::Shared(at), Some(shared)) = (screen(), shared.clone()) {
            ReviewScreen {
                game: shared.clone(),
                bottom: Color::Red,
                start_at: at,
                on_close: move |_| screen.set(Screen::Home),
                on_play_from: move |setup| {
                    game.start(setup);
                    screen.set(Screen::Game);
                },
                on_analyse: move |at| analyse(shared.clone(), at, Return::Shared(at)),
            }
        }
        match page() {
            Some(Page::Rules) => rsx! { RulesScreen { on_close: move |_| page.set(None) } },
            Some(Page::Settings) => rsx! { SettingsScreen { on_close: move |_| page.set(None) } },
            Some(Page::Learn) => rsx! { LearnScreen { on_close: move |_| page.set(None) } },
            Some(Page::Statistics) => rsx! {
                StatisticsScreen {
                    puzzles_solved: store.read(puzzles_solved),
                    lessons: lessons_done(|id| stats.read().is_lesson_done(id)),
                    on_close: move |_| page.set(None),
                }
            },
            Some(Page::Puzzles) => rsx! {
                PuzzlesScreen {
                    on_close: move |_| page.set(None),
                    on_analyse: move |game: Game| {
                        page.set(None);
                        let plies = game.plies().len();
                        analyse(game, plies, Return::Puzzles);
                    },
                }
            },
            Some(Page::Games) => rsx! {
                GamesScreen {
                    on_close: move |_| page.set(None),
                    on_play_from: move |setup| {
                        game.start(setup);
                        page.set(None);
                        screen.set(Screen::Game);
                    },
                    on_play_on: move |kept| {
                        let saved = continued(&kept);
                        if replaces_another(&saved) {
                            play_on_asked.set(Some(saved));
                        } else {
                            page.set(None);
                            play_on(saved);
                        }
                    },
                    on_analyse: move |(game, at)| {
                        page.set(None);
                        analyse(game, at, Return::Games);
                    },
                }
                if let Some(saved) = play_on_asked() {
                    SavedGameQuestion {
                        replacing: Replacing::PlayOn,
                        on_continue: move |_| {
                            play_on_asked.set(None);
                            page.set(None);
                            continue_saved.call(());
                        },
                        on_replace: move |_| {
                            play_on_asked.set(None);
                            page.set(None);
                            play_on(saved.clone());
                        },
                        on_back: move |_| play_on_asked.set(None),
                    }
                }
            },
            None => rsx! {},
        }
        if let Some(notice) = notice {
            AppNoticeToast { notice }
        }
    }
}

/// The page's title in the player's language, and on the web (index.html's `duobaoLanguage`)
/// the page's language, the installed app's names and the words of the page's "new version"
/// notice. Natively the window keeps the bilingual name the shell gives it.
fn use_page_title(prefs: Signal<Prefs>) {
    use_effect(move || {
        let lang = prefs.read().lang;
        let quoted = |key| serde_json::to_string(text(lang, key)).unwrap_or_default();
        document::eval(&format!(
            "document.title = {}; window.duobaoLanguage?.('{}', [{}, {}, {}]);",
            quoted(Key::AppTitle),
            lang.code(),
            quoted(Key::UpdateReady),
            quoted(Key::UpdateReload),
            quoted(Key::UpdateLater),
        ));
    });
}
