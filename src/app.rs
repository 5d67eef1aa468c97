//! The root component: the shared state (preferences, the game, the device's store), what the
//! app opens on, and each route of the navigator's stack drawn as its screen.

use dioxus::prelude::*;
use duobao_rules::Color;
use duobao_study::PlyReview;

use crate::account::use_players;
use crate::app_notice::{AppNotice, AppNoticeToast};
use crate::appearance::use_look;
use crate::board::BoardPaints;
use crate::by_link::play_on;
use crate::engine::use_engine;
use crate::game::use_game;
use crate::history::{encode_verdicts, save_verdicts};
use crate::home::{AskedQuestion, HomeScreen};
use crate::learn::lessons::lessons_done;
use crate::navigation::{use_game_opener, use_navigation, GameStart, Page, Route, RouteScreen};
use crate::prefs::use_saving_prefs;
use crate::puzzles::puzzles_solved;
use crate::screens::{
    AnalysisScreen, EditorScreen, GameView, GamesScreen, LeaderboardScreen, LearnScreen,
    OnlineArrivalScreen, PlayOnlineScreen, ProfileScreen, PuzzlesScreen, ReviewScreen, RulesScreen,
    SettingsScreen, StatisticsScreen,
};
use crate::server_address::use_server_address;
use crate::session::load_game;
use crate::shell::use_page_title;
use crate::shortcuts::use_shortcuts;
use crate::start_up::{read_opening, Opened};
use crate::stats::use_stats;
use crate::storage::DeviceStore;
use crate::widgets::setup;

/// In the web build the page links the stylesheet itself (dx writes the link into index.html),
/// so that the first paint, before the app has loaded, is already styled.
const STYLE: Asset = asset!(
    "/assets/main.css",
    AssetOptions::css().with_static_head(true)
);

#[component]
pub fn App() -> Element {
    use_shortcuts();
    use_engine();
    let store = use_context_provider(DeviceStore::open);
    let Opened {
        own,
        shown,
        start: opened,
        notice: link_notice,
    } = use_hook(|| read_opening(&store));
    let prefs = use_context_provider(|| Signal::new(shown));
    let navigator = use_navigation(|| opened.routes.clone(), || opened.question.clone());
    let game_on_screen = use_memo(move || {
        navigator
            .drawn()
            .iter()
            .any(|(_, route, _)| *route == Route::Game)
    });
    use_saving_prefs(store.clone(), own, prefs);
    use_server_address(store.clone());
    use_players(store.clone());
    let stats = use_stats(store.clone());
    // Without a game to open at once, the game holds a placeholder until the home screen starts
    // or continues the real one.
    let game = use_game(|| {
        let placeholder = setup::vs_ai(Color::Red, &prefs.peek());
        match &opened.game {
            Some(GameStart::New(setup)) => (setup.clone(), None),
            Some(GameStart::PlayOn(saved)) => (placeholder, Some(saved.clone())),
            Some(GameStart::Saved) | None => (placeholder, None),
        }
    });
    crate::subscribers::use_game_subscribers(game, store.clone(), stats, game_on_screen);
    let saved_game = store.clone();
    use_game_opener(navigator, move |start| match start {
        GameStart::New(setup) => game.start(setup),
        GameStart::PlayOn(saved) => game.resume(saved),
        GameStart::Saved => {
            if let Some(saved) = saved_game.read(load_game) {
                game.resume(saved);
            }
        }
    });
    use_page_title(prefs);
    use_look(use_memo(move || prefs.read().look()));
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
        for (id, route, on_top) in navigator.drawn() {
            RouteScreen { key: "{id}", id, on_top,
                match route {
                    Route::Home => rsx! { HomeScreen { saved_game_available: game.has_saved_game() } },
                    Route::Game => rsx! { GameView {} },
                    Route::Review(review) => rsx! {
                        ReviewScreen {
                            game: review.game,
                            bottom: review.bottom,
                            start_at: review.at,
                            known: review.known,
                            mode: review.mode,
                            on_analysed: {
                                let store = store.clone();
                                move |reviews: Vec<PlyReview>| if let Some(number) = review.kept {
                                    store.write(|device| save_verdicts(device, number, encode_verdicts(&reviews)));
                                }
                            },
                        }
                    },
                    Route::Analysis { game, at } => rsx! { AnalysisScreen { game, at, on_top } },
                    Route::Editor { start } => rsx! { EditorScreen { start } },
                    Route::PlayOnline => rsx! { PlayOnlineScreen {} },
                    Route::OnlineArrival(link) => rsx! { OnlineArrivalScreen { link } },
                    Route::Page(Page::Rules) => rsx! { RulesScreen {} },
                    Route::Page(Page::Settings) => rsx! { SettingsScreen {} },
                    Route::Page(Page::Learn) => rsx! { LearnScreen {} },
                    Route::Page(Page::Statistics) => rsx! {
                        StatisticsScreen {
                            puzzles_solved: store.read(puzzles_solved),
                            lessons: lessons_done(|id| stats.read().is_lesson_done(id)),
                        }
                    },
                    Route::Page(Page::Puzzles) => rsx! { PuzzlesScreen {} },
                    Route::Page(Page::Profile) => rsx! { ProfileScreen {} },
                    Route::Page(Page::Leaderboard) => rsx! { LeaderboardScreen {} },
                    Route::Page(Page::Games) => rsx! {
                        GamesScreen {
                            on_top,
                            on_play_on: {
                                let store = store.clone();
                                move |kept| play_on(navigator, &store, &kept)
                            },
                        }
                    },
                }
            }
        }
        AskedQuestion {}
        if let Some(notice) = notice {
            AppNoticeToast { notice }
        }
    }
}
