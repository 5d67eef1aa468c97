//! What the app opens on, decided once from the link it was opened with, a friend's move met
//! with Your games, and whether another unfinished game is saved: the routes, the game to play
//! at once, and the question to ask first. Decided purely (`start_up`), so that every way in is
//! tested here, from what `read_opening` reads at start-up.

use crate::app_notice::AppNotice;
use crate::by_link::{arrive, Arrival};
use crate::history::load_games;
use crate::link::{online_link, Link, Opening};
use crate::log::warning;
use crate::navigation::{GameStart, Question, Reviewed, Route};
use crate::platform;
use crate::prefs::{load_prefs, Prefs};
use crate::session::load_game;
use crate::storage::DeviceStore;

/// What the app starts with.
#[derive(Clone)]
pub struct Opened {
    /// The player's own preferences, and those shown on this visit (a link's options too).
    pub own: Prefs,
    pub shown: Prefs,
    pub start: StartUp,
    /// Why the link's game cannot be opened, if it cannot.
    pub notice: Option<AppNotice>,
}

/// Reads the device's store and the page's link once, at start-up.
pub fn read_opening(store: &DeviceStore) -> Opened {
    let system_lang = platform::preferred_lang().unwrap_or_default();
    let own = store.read(|device| load_prefs(device, system_lang));
    let link = Link::parse(&platform::page_query());
    let online = online_link(&platform::page_fragment());
    let shown = link.shown(&own);
    let saved = store.read(load_game);
    let opening = link.opening(&shown, saved.is_some());
    let notice = match &opening {
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
    Opened {
        own,
        shown,
        start: match online {
            // A game online: seated (or watching) first, then played.
            Some(online) => StartUp {
                routes: vec![Route::OnlineArrival(online)],
                game: None,
                question: None,
            },
            None => start_up(opening, arrival, saved_elsewhere),
        },
        notice,
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct StartUp {
    /// The routes open over the home screen, bottom first.
    pub routes: Vec<Route>,
    /// The game played at once.
    pub game: Option<GameStart>,
    pub question: Option<Question>,
}

/// What to open for `opening`, `arrival` (a friend's move met with Your games) and
/// `saved_elsewhere` (a saved game of another kind than by link, which a friend's move does not
/// replace without asking: one by link is kept in Your games, to be continued by its own link).
pub fn start_up(opening: Opening, arrival: Option<Arrival>, saved_elsewhere: bool) -> StartUp {
    let at_home = |question| StartUp {
        routes: Vec::new(),
        game: None,
        question,
    };
    let play = |game| StartUp {
        routes: vec![Route::Game],
        game: Some(game),
        question: None,
    };
    match (opening, arrival) {
        (Opening::Game(setup), _) => play(GameStart::New(setup)),
        (Opening::Choose(setup), _) => at_home(Some(Question::Replace(GameStart::New(setup)))),
        (Opening::Review(game, at), _) => StartUp {
            routes: vec![Route::Review(Reviewed::from_elsewhere(game, at))],
            ..at_home(None)
        },
        (Opening::Analysis(game, at), _) => StartUp {
            routes: vec![Route::Analysis { game, at }],
            ..at_home(None)
        },
        (_, Some(Arrival::Play(saved))) if saved_elsewhere => {
            at_home(Some(Question::Replace(GameStart::PlayOn(saved))))
        }
        (_, Some(Arrival::Play(saved))) => play(GameStart::PlayOn(saved)),
        (_, Some(Arrival::TwoVersions { kept, linked })) => {
            at_home(Some(Question::TwoVersions { kept, linked }))
        }
        _ => at_home(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link::BadLink;
    use crate::session::{GameSetup, Mode, SavedGame, SwapRule};
    use duobao_rules::{Color, Game, Position};

    fn setup() -> GameSetup {
        GameSetup {
            mode: Mode::PassAndPlay { bottom: Color::Red },
            start: Position::start(),
            turn_seconds: None,
            swap: SwapRule::Off,
        }
    }

    fn saved(started_ms: u64) -> SavedGame {
        SavedGame {
            online: None,
            mode: Mode::ByLink { me: Color::Black },
            turn_seconds: None,
            game: Game::new(),
            hints: 0,
            counted: false,
            time_left_ms: None,
            started_ms,
            kept_as: None,
            swap: SwapRule::Off,
            draw_offer: None,
        }
    }

    #[test]
    fn a_plain_visit_opens_home() {
        assert_eq!(
            start_up(Opening::Home, None, true),
            StartUp {
                routes: Vec::new(),
                game: None,
                question: None
            }
        );
    }

    #[test]
    fn a_links_game_opens_at_once_or_asks_before_replacing_the_saved_one() {
        let opened = start_up(Opening::Game(setup()), None, true);
        assert_eq!(opened.routes, [Route::Game]);
        assert_eq!(opened.game, Some(GameStart::New(setup())));
        let asked = start_up(Opening::Choose(setup()), None, true);
        assert_eq!(asked.routes, []);
        assert_eq!(asked.game, None);
        assert_eq!(
            asked.question,
            Some(Question::Replace(GameStart::New(setup())))
        );
    }

    #[test]
    fn a_shared_game_opens_in_its_review_and_a_position_on_the_analysis_board() {
        let game = Game::new();
        let review = start_up(Opening::Review(game.clone(), 0), None, true);
        assert_eq!(
            review.routes,
            [Route::Review(Reviewed::from_elsewhere(game.clone(), 0))]
        );
        assert_eq!(review.game, None);
        let analysis = start_up(Opening::Analysis(game.clone(), 0), None, false);
        assert_eq!(analysis.routes, [Route::Analysis { game, at: 0 }]);
    }

    #[test]
    fn a_friends_move_is_played_at_once_unless_another_kind_of_game_is_saved() {
        let arrival = || Some(Arrival::Play(saved(7)));
        let linked = || Opening::Home;
        let played = start_up(linked(), arrival(), false);
        assert_eq!(played.routes, [Route::Game]);
        assert_eq!(played.game, Some(GameStart::PlayOn(saved(7))));
        let asked = start_up(linked(), arrival(), true);
        assert_eq!((asked.routes.len(), asked.game), (0, None));
        assert_eq!(
            asked.question,
            Some(Question::Replace(GameStart::PlayOn(saved(7))))
        );
    }

    #[test]
    fn a_link_that_does_not_continue_the_kept_game_asks_which_to_keep() {
        let arrival = Some(Arrival::TwoVersions {
            kept: saved(7),
            linked: saved(8),
        });
        let asked = start_up(Opening::Home, arrival, false);
        assert_eq!((asked.routes.len(), asked.game), (0, None));
        assert_eq!(
            asked.question,
            Some(Question::TwoVersions {
                kept: saved(7),
                linked: saved(8)
            })
        );
    }

    #[test]
    fn a_bad_link_opens_home() {
        let bad = start_up(Opening::BadLink(BadLink::GameOver), None, false);
        assert_eq!((bad.routes.len(), bad.game, bad.question), (0, None, None));
    }
}
