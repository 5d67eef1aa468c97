//! Every screen and page the app shows is a [`Route`], and the routes open form one stack above
//! the home screen: the top one shows, closing it (its own button, or Back through its layer)
//! pops it, and opening a game makes the stack the home screen and the game. A route stays
//! mounted, hidden, under the one it opened over itself where that keeps the player's place: a
//! game under a page of its menu (its menu stays open, its clock paused), Your games under a
//! review opened from its list, the analysis board under the editor it opened. UI-free.

use duobao_rules::{Color, Game, Position};
use duobao_study::PlyReview;

use super::Page;
use crate::session::Mode;

/// A screen or page.
#[derive(Clone, Debug, PartialEq)]
pub enum Route {
    Home,
    /// The game being played (the one game there is, held by the game screen's part).
    Game,
    Page(Page),
    Review(Reviewed),
    /// The analysis board, on `game`'s moves, the board after its first `at` plies.
    Analysis {
        game: Game,
        at: usize,
    },
    /// The position editor, opened on `start`.
    Editor {
        start: Position,
    },
}

/// A game to review.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    pub game: Game,
    /// The side at the bottom of the board.
    pub bottom: Color,
    /// The review opens at the position after this many plies.
    pub at: usize,
    /// Who played it, when the app knows (a shared or pasted game it does not).
    pub mode: Option<Mode>,
    /// The verdicts already known, kept with the game in Your games.
    pub known: Vec<PlyReview>,
    /// Its number in Your games, where the verdicts found are kept.
    pub kept: Option<u64>,
}

impl Reviewed {
    /// A game from elsewhere (a link, pasted text), Red at the bottom, kept nowhere.
    pub fn from_elsewhere(game: Game, at: usize) -> Reviewed {
        Reviewed {
            game,
            bottom: Color::Red,
            at,
            mode: None,
            known: Vec::new(),
            kept: None,
        }
    }
}

impl Route {
    /// Whether this route stays mounted, hidden, while `above` is open over it.
    fn stays_under(&self, above: &Route) -> bool {
        matches!(
            (self, above),
            (Route::Game, Route::Page(_))
                | (Route::Page(Page::Games), Route::Review(_))
                | (Route::Analysis { .. }, Route::Editor { .. })
        )
    }
}

/// Tells a route apart from the others for as long as the app runs: a route opened again is
/// drawn afresh.
pub type RouteId = u64;

/// The stack of open routes, the home screen at the bottom.
#[derive(Clone, Debug, PartialEq)]
pub struct Routes {
    stack: Vec<(RouteId, Route)>,
    next_id: RouteId,
}

impl Routes {
    /// The home screen with `above` opened over it, bottom first.
    pub fn new(above: impl IntoIterator<Item = Route>) -> Routes {
        let mut routes = Routes {
            stack: Vec::new(),
            next_id: 0,
        };
        routes.push(Route::Home);
        for route in above {
            routes.push(route);
        }
        routes
    }

    pub fn top(&self) -> &Route {
        &self
            .stack
            .last()
            .expect("the home screen is never popped")
            .1
    }

    pub fn push(&mut self, route: Route) {
        self.stack.push((self.next_id, route));
        self.next_id += 1;
    }

    /// Closes the top route; the home screen stays.
    pub fn pop(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }

    /// Back to the home screen alone.
    pub fn home(&mut self) {
        self.stack.truncate(1);
    }

    /// The game's screen over the home screen, whatever was open.
    pub fn open_game(&mut self) {
        self.home();
        self.push(Route::Game);
    }

    /// Changes the top route where it stands (a review to reopen at another ply, the editor's
    /// position), without drawing it afresh.
    pub fn update_top(&mut self, change: impl FnOnce(&mut Route)) {
        if let Some((_, route)) = self.stack.last_mut() {
            change(route);
        }
    }

    /// The route under the top one, if the top is not the home screen.
    pub fn below_top(&mut self) -> Option<&mut Route> {
        let below = self.stack.len().checked_sub(2)?;
        self.stack.get_mut(below).map(|(_, route)| route)
    }

    /// The routes to draw, bottom first, each with whether it is the one on top: the top one,
    /// and under it those that stay mounted under what they opened.
    pub fn drawn(&self) -> Vec<(RouteId, Route, bool)> {
        let mut drawn = Vec::new();
        let mut index = self.stack.len() - 1;
        loop {
            let (id, route) = &self.stack[index];
            drawn.push((*id, route.clone(), drawn.is_empty()));
            match index.checked_sub(1) {
                Some(below) if self.stack[below].1.stays_under(route) => index = below,
                _ => break,
            }
        }
        drawn.reverse();
        drawn
    }

    #[cfg(test)]
    fn routes(&self) -> Vec<Route> {
        self.stack.iter().map(|(_, route)| route.clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(routes: &Routes) -> Vec<(Route, bool)> {
        routes
            .drawn()
            .into_iter()
            .map(|(_, route, on_top)| (route, on_top))
            .collect()
    }

    fn analysis() -> Route {
        Route::Analysis {
            game: Game::new(),
            at: 0,
        }
    }

    #[test]
    fn back_returns_where_each_route_was_opened_and_never_past_home() {
        let mut routes = Routes::new([]);
        routes.push(Route::Editor {
            start: Position::start(),
        });
        routes.push(analysis());
        routes.pop();
        assert!(matches!(routes.top(), Route::Editor { .. }));
        routes.pop();
        routes.pop();
        routes.pop();
        assert_eq!(routes.routes(), [Route::Home]);
    }

    #[test]
    fn opening_a_game_leaves_only_home_under_it() {
        let mut routes = Routes::new([Route::Page(Page::Games), analysis()]);
        routes.open_game();
        assert_eq!(routes.routes(), [Route::Home, Route::Game]);
        routes.home();
        assert_eq!(routes.routes(), [Route::Home]);
    }

    #[test]
    fn a_route_stays_mounted_under_what_it_opened_only_where_that_keeps_the_players_place() {
        let mut routes = Routes::new([Route::Game, Route::Page(Page::Rules)]);
        assert_eq!(
            shown(&routes),
            [(Route::Game, false), (Route::Page(Page::Rules), true)]
        );
        routes.open_game();
        assert_eq!(shown(&routes), [(Route::Game, true)]);
        let review = Route::Review(Reviewed::from_elsewhere(Game::new(), 0));
        routes.push(review.clone());
        assert_eq!(shown(&routes), [(review.clone(), true)], "the game is left");
        let mut games = Routes::new([Route::Page(Page::Games), review.clone()]);
        assert_eq!(
            shown(&games),
            [(Route::Page(Page::Games), false), (review, true)]
        );
        games.push(analysis());
        assert_eq!(shown(&games), [(analysis(), true)]);
        let mut board = Routes::new([analysis()]);
        board.push(Route::Editor {
            start: Position::start(),
        });
        assert_eq!(shown(&board)[0], (analysis(), false));
        assert_eq!(shown(&Routes::new([])), [(Route::Home, true)]);
    }

    #[test]
    fn a_route_opened_again_is_drawn_afresh_and_one_changed_in_place_is_not() {
        let mut routes = Routes::new([Route::Page(Page::Rules)]);
        let first = routes.drawn()[0].0;
        routes.update_top(|route| *route = Route::Page(Page::Settings));
        assert_eq!(routes.drawn()[0].0, first);
        routes.pop();
        routes.push(Route::Page(Page::Settings));
        assert_ne!(routes.drawn()[0].0, first);
    }

    #[test]
    fn below_the_top_is_the_route_it_was_opened_over() {
        let mut routes = Routes::new([analysis()]);
        routes.push(Route::Editor {
            start: Position::start(),
        });
        assert_eq!(routes.below_top(), Some(&mut analysis()));
        assert_eq!(Routes::new([]).below_top(), None);
    }
}
