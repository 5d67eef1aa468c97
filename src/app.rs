//! The root component: the shared state (preferences, the game, the device's store) and the one
//! router: the stack of routes (`navigation::Route`), drawn top first, each closed by popping it.

use crate::log::warning;
use dioxus::prelude::*;
use duobao_rules::{Color, Game, Position};
use duobao_study::PlyReview;

use crate::analysis::AnalysisScreen;
use crate::app_notice::{AppNotice, AppNoticeToast};
use crate::appearance::use_look;
use crate::board::BoardPaints;
use crate::by_link::{arrive, continued};
use crate::editor::EditorScreen;
use crate::engine::use_engine;
use crate::game::{use_game, GameView};
use crate::history::{encode_verdicts, load_games, save_verdicts, GamesScreen};
use crate::home::{setup, HomeScreen, Replacing, SavedGameQuestion};
use crate::i18n::{text, Key};
use crate::learn::lessons::lessons_done;
use crate::learn::LearnScreen;
use crate::link::{Link, Opening};
use crate::navigation::{use_back_navigation, Page, Reviewed, Route, Routes};
use crate::platform;
use crate::prefs::{load_prefs, use_saving_prefs, Prefs};
use crate::puzzles::{puzzles_solved, PuzzlesScreen};
use crate::review::ReviewScreen;
use crate::rules::RulesScreen;
use crate::session::{load_game, SavedGame};
use crate::settings::SettingsScreen;
use crate::shortcuts::use_shortcuts;
use crate::start_up::{start_up, GameStart, Question};
use crate::stats::{use_stats, StatisticsScreen};
use crate::storage::DeviceStore;
use crate::tablebase_service::use_service_address;

/// In the web build the page links the stylesheet itself (dx writes the link into index.html),
/// so that the first paint, before the app has loaded, is already styled.
const STYLE: Asset = asset!(
    "/assets/main.css",
    AssetOptions::css().with_static_head(true)
);

#[component]
pub fn App() -> Element {
    use_back_navigation();
    use_shortcuts();
    use_engine();
    let store = use_context_provider(DeviceStore::open);
    let (own, shown, opened, link_notice) = use_hook(|| {
        let system_lang = platform::preferred_lang().unwrap_or_default();
        let own = store.read(|device| load_prefs(device, system_lang));
        let link = Link::parse(&platform::page_query());
        let shown = link.shown(&own);
        let saved = store.read(load_game);
        let opening = link.opening(&shown, saved.is_some());
        let link_notice = match &opening {
            Opening::BadLink(bad) => {
                warning!("the link's game cannot be opened: {bad:?}");
                Some(AppNotice::of_bad_link(bad))
            }
            _ => None,
        };
        // A friend's move by link, met with the game kept under its id.
        let arrival = match &opening {
            Opening::ByLink(linked) => Some(arrive(linked.clone(), &store.read(load_games))),
            _ => None,
        };
        let saved_elsewhere = saved.is_some_and(|saved| !saved.mode.is_by_link());
        (
            own,
            shown,
            start_up(opening, arrival, saved_elsewhere),
            link_notice,
        )
    });
    let prefs = use_context_provider(|| Signal::new(shown));
    let mut routes = use_signal(|| Routes::new(opened.routes.clone()));
    let mut question = use_signal(|| opened.question.clone());
    let game_on_screen = use_memo(move || {
        routes
            .read()
            .drawn()
            .iter()
            .any(|(_, route, _)| *route == Route::Game)
    });
    use_saving_prefs(store.clone(), own, prefs);
    use_service_address(store.clone());
    let stats = use_stats(store.clone());
    // Without a game to open at once, the game holds a placeholder until the home screen starts
    // or continues the real one.
    let game = use_game(store.clone(), stats, game_on_screen, || {
        match &opened.game {
            Some(GameStart::New(setup)) => (setup.clone(), None),
            Some(GameStart::PlayOn(saved)) => {
                (setup::vs_ai(Color::Red, &prefs.peek()), Some(saved.clone()))
            }
            None => (setup::vs_ai(Color::Red, &prefs.peek()), None),
        }
    });
    use_page_title(prefs);
    use_look(use_memo(move || prefs.read().look()));

    // Opening a game: started or played on, over the home screen.
    let open_game = use_callback(move |start: GameStart| {
        match start {
            GameStart::New(setup) => game.start(setup),
            GameStart::PlayOn(saved) => game.resume(saved),
        }
        routes.write().open_game();
    });
    let saved_store = store.clone();
    let continue_saved = use_callback(move |()| match saved_store.read(load_game) {
        Some(saved) => open_game.call(GameStart::PlayOn(saved)),
        None => routes.write().open_game(),
    });
    // A game by link played on from Your games, waiting for the player's answer while another
    // unfinished game is saved (which playing on would put away in Your games).
    let mut play_on_asked = use_signal(|| None::<SavedGame>);
    let asking_store = store.clone();
    let replaces_another = use_callback(move |saved: SavedGame| {
        asking_store.read(load_game).is_some_and(|current| {
            !(current.mode.is_by_link() && current.started_ms == saved.started_ms)
        })
    });
    let mut analyse = move |game: Game, at: usize| {
        routes.write().push(Route::Analysis { game, at });
    };
    let on_close = move |_| routes.write().pop();
    let keeping = store.clone();
    let keep_verdicts = move |kept: Option<u64>, reviews: Vec<PlyReview>| {
        if let Some(number) = kept {
            keeping.write(|device| save_verdicts(device, number, encode_verdicts(&reviews)));
        }
    };
    let notice = if store.failed() {
        Some(AppNotice::SaveFailed)
    } else {
        link_notice
    };
    let top = routes.read().top().clone();

    rsx! {
        // Natively there is no index.html. A plain element rather than dioxus'
        // `document::Stylesheet`/`Title`, which would add 4 KB to the gzipped download; the
        // title is set by `use_page_title`.
        if cfg!(not(target_arch = "wasm32")) {
            link { rel: "stylesheet", href: STYLE }
        }
        BoardPaints {}
        for (id, route, on_top) in routes.read().drawn() {
            div { key: "{id}", class: if on_top { "screen" } else { "covered" },
                match route {
                    Route::Home => rsx! {
                        HomeScreen {
                            saved_game_available: game.has_saved_game(),
                            on_continue: move |_| continue_saved.call(()),
                            on_start: move |setup| open_game.call(GameStart::New(setup)),
                            on_open: move |page| routes.write().push(Route::Page(page)),
                            on_analyse: move |_| analyse(Game::new(), 0),
                            on_edit: move |_| routes.write().push(Route::Editor { start: Position::start() }),
                        }
                    },
                    Route::Game => rsx! {
                        GameView {
                            on_new_game: move |_| {
                                game.leave();
                                routes.write().home();
                            },
                            on_open: move |page| routes.write().push(Route::Page(page)),
                            on_review: move |at| {
                                game.leave();
                                let review = Reviewed {
                                    game: game.game(),
                                    bottom: game.bottom(),
                                    at,
                                    mode: Some(game.mode()),
                                    known: Vec::new(),
                                    kept: game.kept_as(),
                                };
                                routes.write().push(Route::Review(review));
                            },
                        }
                    },
                    Route::Review(review) => rsx! {
                        ReviewScreen {
                            game: review.game.clone(),
                            bottom: review.bottom,
                            start_at: review.at,
                            known: review.known.clone(),
                            mode: review.mode,
                            on_analysed: {
                                let keep_verdicts = keep_verdicts.clone();
                                move |reviews| keep_verdicts(review.kept, reviews)
                            },
                            on_close,
                            on_play_from: move |setup| open_game.call(GameStart::New(setup)),
                            on_analyse: {
                                let game = review.game.clone();
                                move |at| {
                                    // Back from the board returns to the review at that ply.
                                    routes.write().update_top(|route| {
                                        if let Route::Review(review) = route {
                                            review.at = at;
                                        }
                                    });
                                    analyse(game.clone(), at);
                                }
                            },
                        }
                    },
                    Route::Analysis { game, at } => rsx! {
                        AnalysisScreen {
                            game,
                            at,
                            on_top,
                            on_close,
                            on_play_from: move |setup| open_game.call(GameStart::New(setup)),
                            on_edit: move |start| routes.write().push(Route::Editor { start }),
                        }
                    },
                    Route::Editor { start } => rsx! {
                        EditorScreen {
                            start,
                            on_close,
                            on_analyse: move |position| {
                                let game = Game::from_position(position);
                                let mut routes = routes.write();
                                // Opened from the analysis board: the board takes the position.
                                if let Some(board @ Route::Analysis { .. }) = routes.below_top() {
                                    *board = Route::Analysis { game, at: 0 };
                                    routes.pop();
                                } else {
                                    // Back from the board returns to the editor, holding it.
                                    routes.update_top(|route| *route = Route::Editor { start: position });
                                    routes.push(Route::Analysis { game, at: 0 });
                                }
                            },
                            on_play_from: move |setup| open_game.call(GameStart::New(setup)),
                        }
                    },
                    Route::Page(Page::Rules) => rsx! { RulesScreen { on_close } },
                    Route::Page(Page::Settings) => rsx! { SettingsScreen { on_close } },
                    Route::Page(Page::Learn) => rsx! { LearnScreen { on_close } },
                    Route::Page(Page::Statistics) => rsx! {
                        StatisticsScreen {
                            puzzles_solved: store.read(puzzles_solved),
                            lessons: lessons_done(|id| stats.read().is_lesson_done(id)),
                            on_close,
                        }
                    },
                    Route::Page(Page::Puzzles) => rsx! {
                        PuzzlesScreen {
                            on_close,
                            on_analyse: move |game: Game| {
                                let plies = game.plies().len();
                                analyse(game, plies);
                            },
                        }
                    },
                    Route::Page(Page::Games) => rsx! {
                        GamesScreen {
                            on_top,
                            on_close,
                            on_play_on: move |kept| {
                                let saved = continued(&kept);
                                if replaces_another.call(saved.clone()) {
                                    play_on_asked.set(Some(saved));
                                } else {
                                    open_game.call(GameStart::PlayOn(saved));
                                }
                            },
                            on_review: move |review| routes.write().push(Route::Review(review)),
                        }
                    },
                }
            }
        }
        match (top, question()) {
            (Route::Home, Some(Question::Replace(linked))) => rsx! {
                SavedGameQuestion {
                    replacing: Replacing::Link,
                    on_continue: move |_| {
                        question.set(None);
                        continue_saved.call(());
                    },
                    on_replace: move |_| {
                        question.set(None);
                        open_game.call(linked.clone());
                    },
                    on_back: move |_| question.set(None),
                }
            },
            (Route::Home, Some(Question::TwoVersions { kept, linked })) => rsx! {
                SavedGameQuestion {
                    replacing: Replacing::TwoVersions,
                    on_continue: move |_| {
                        question.set(None);
                        open_game.call(GameStart::PlayOn(kept.clone()));
                    },
                    on_replace: move |_| {
                        question.set(None);
                        open_game.call(GameStart::PlayOn(linked.clone()));
                    },
                    on_back: move |_| question.set(None),
                }
            },
            _ => rsx! {},
        }
        if let Some(saved) = play_on_asked() {
            SavedGameQuestion {
                replacing: Replacing::PlayOn,
                on_continue: move |_| {
                    play_on_asked.set(None);
                    continue_saved.call(());
                },
                on_replace: move |_| {
                    play_on_asked.set(None);
                    open_game.call(GameStart::PlayOn(saved.clone()));
                },
                on_back: move |_| play_on_asked.set(None),
            }
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
