//! The one stack of everything Back closes, the home screen at the bottom: the routes (screens
//! and pages) and the dialogs open over them, each an entry that owns one entry of the page's
//! history, so the stack's depth is how far the history stands above the home screen's entry.
//! A route stays mounted, hidden, under the one it opened over itself where that keeps the
//! player's place (`Route::stays_under`). UI-free: `T` is what closes a dialog when the player
//! goes back, or what a screen does instead of closing.

use super::route::Route;

/// Tells an entry apart from the others for as long as the app runs: a route opened again is
/// drawn afresh.
pub type EntryId = u64;

#[derive(Clone, Debug, PartialEq)]
enum Entry<T> {
    /// A screen or page; `on_back`, when its screen set one (with the setter's token), is what
    /// Back does instead of closing it.
    Route {
        route: Route,
        on_back: Option<(u64, T)>,
    },
    /// A dialog, closed by calling what it holds.
    Dialog(T),
}

/// What one step back does.
#[derive(Debug, PartialEq)]
pub enum BackStep<T> {
    /// The stack is already no deeper than asked.
    Done,
    /// The top route left the stack.
    Closed,
    /// A dialog left the stack: calling this makes it go away.
    Dialog(T),
    /// The top route's screen decides what Back does (the game leaves, a lesson returns to the
    /// list): calling this does it; the route is still in the stack.
    Screen(EntryId, T),
}

/// The stack, bottom first.
#[derive(Clone, Debug)]
pub struct Stack<T> {
    entries: Vec<(EntryId, Entry<T>)>,
    next_id: EntryId,
}

impl<T: Clone> Stack<T> {
    /// The home screen with `above` opened over it, bottom first.
    pub fn new(above: impl IntoIterator<Item = Route>) -> Stack<T> {
        let mut stack = Stack {
            entries: Vec::new(),
            next_id: 0,
        };
        stack.push(Route::Home);
        for route in above {
            stack.push(route);
        }
        stack
    }

    fn add(&mut self, entry: Entry<T>) -> EntryId {
        let id = self.next_id;
        self.next_id += 1;
        self.entries.push((id, entry));
        id
    }

    /// Opens `route` on top.
    pub fn push(&mut self, route: Route) -> EntryId {
        self.add(Entry::Route {
            route,
            on_back: None,
        })
    }

    /// A dialog opened on top; `on_back` closes it when the player goes back.
    pub fn open_dialog(&mut self, on_back: T) -> EntryId {
        self.add(Entry::Dialog(on_back))
    }

    /// A dialog that went away by itself (its own button, or the screen under it closed). True
    /// when it was still open, so its history entry must go too.
    pub fn close_dialog(&mut self, id: EntryId) -> bool {
        let before = self.entries.len();
        self.entries
            .retain(|(open, entry)| *open != id || !matches!(entry, Entry::Dialog(_)));
        self.entries.len() != before
    }

    /// How many entries stand above the home screen.
    pub fn depth(&self) -> usize {
        self.entries.len() - 1
    }

    pub fn contains(&self, id: EntryId) -> bool {
        self.entries.iter().any(|(open, _)| *open == id)
    }

    fn top_route_index(&self) -> usize {
        self.entries
            .iter()
            .rposition(|(_, entry)| matches!(entry, Entry::Route { .. }))
            .expect("the home screen is never closed")
    }

    fn route_at(&mut self, index: usize) -> &mut Route {
        match &mut self.entries[index].1 {
            Entry::Route { route, .. } => route,
            Entry::Dialog(_) => unreachable!("an index of a route"),
        }
    }

    /// The route on top, whatever dialogs are open over it.
    #[cfg(test)]
    pub fn top(&self) -> &Route {
        match &self.entries[self.top_route_index()].1 {
            Entry::Route { route, .. } => route,
            Entry::Dialog(_) => unreachable!("an index of a route"),
        }
    }

    /// Closes the top route and the dialogs over it; the home screen stays.
    pub fn pop(&mut self) {
        let top = self.top_route_index();
        self.entries.truncate(top.max(1));
    }

    /// Back to the home screen alone.
    pub fn home(&mut self) {
        self.entries.truncate(1);
    }

    /// The game's screen over the home screen, whatever was open.
    pub fn open_game(&mut self) {
        self.home();
        self.push(Route::Game);
    }

    /// Changes the top route where it stands (a review to reopen at another ply, the editor's
    /// position), without drawing it afresh.
    pub fn update_top(&mut self, change: impl FnOnce(&mut Route)) {
        let top = self.top_route_index();
        change(self.route_at(top));
    }

    /// The route under the top one, if the top is not the home screen.
    pub fn below_top(&mut self) -> Option<&mut Route> {
        let top = self.top_route_index();
        let below = self.entries[..top]
            .iter()
            .rposition(|(_, entry)| matches!(entry, Entry::Route { .. }))?;
        Some(self.route_at(below))
    }

    /// What Back does on the route `id` while its screen is there, told apart by `token`.
    pub fn set_on_back(&mut self, id: EntryId, token: u64, on_back: Option<T>) {
        for (open, entry) in &mut self.entries {
            if let (true, Entry::Route { on_back: set, .. }) = (*open == id, entry) {
                let own = set.as_ref().is_none_or(|(by, _)| *by == token);
                if on_back.is_some() || own {
                    *set = on_back.clone().map(|on_back| (token, on_back));
                }
            }
        }
    }

    /// One step of going back to where the stack was `depth` deep: the top dialog leaves (and
    /// is handed back to be closed), or the top route's screen is asked, or the top route closes.
    pub fn back_step(&mut self, depth: usize) -> BackStep<T> {
        if self.depth() <= depth {
            return BackStep::Done;
        }
        let (id, entry) = self.entries.last().expect("the home screen stays").clone();
        match entry {
            Entry::Dialog(on_back) => {
                self.entries.pop();
                BackStep::Dialog(on_back)
            }
            Entry::Route {
                on_back: Some((_, on_back)),
                ..
            } => BackStep::Screen(id, on_back),
            Entry::Route { on_back: None, .. } => {
                self.pop();
                BackStep::Closed
            }
        }
    }

    /// The routes to draw, bottom first, each with whether it is the one on top: the top one,
    /// and under it those that stay mounted under what they opened.
    pub fn drawn(&self) -> Vec<(EntryId, Route, bool)> {
        let routes: Vec<(EntryId, &Route)> = self
            .entries
            .iter()
            .filter_map(|(id, entry)| match entry {
                Entry::Route { route, .. } => Some((*id, route)),
                Entry::Dialog(_) => None,
            })
            .collect();
        let mut drawn = Vec::new();
        let mut index = routes.len() - 1;
        loop {
            let (id, route) = routes[index];
            drawn.push((id, route.clone(), drawn.is_empty()));
            match index.checked_sub(1) {
                Some(below) if routes[below].1.stays_under(route) => index = below,
                _ => break,
            }
        }
        drawn.reverse();
        drawn
    }

    #[cfg(test)]
    fn routes(&self) -> Vec<Route> {
        self.entries
            .iter()
            .filter_map(|(_, entry)| match entry {
                Entry::Route { route, .. } => Some(route.clone()),
                Entry::Dialog(_) => None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use duobao_rules::{Game, Position};

    use super::*;
    use crate::navigation::{Page, Reviewed};

    type Routes = Stack<&'static str>;

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

    fn editor() -> Route {
        Route::Editor {
            start: Position::start(),
        }
    }

    /// Goes back to `depth`, closing dialogs and calling no screen: what each step closed.
    fn back_to(stack: &mut Routes, depth: usize) -> Vec<&'static str> {
        let mut closed = Vec::new();
        loop {
            match stack.back_step(depth) {
                BackStep::Done => return closed,
                BackStep::Closed => closed.push("route"),
                BackStep::Dialog(name) => closed.push(name),
                BackStep::Screen(_, name) => return [closed, vec![name]].concat(),
            }
        }
    }

    #[test]
    fn back_returns_where_each_route_was_opened_and_never_past_home() {
        let mut routes = Routes::new([]);
        routes.push(editor());
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
        routes.open_dialog("share");
        routes.open_game();
        assert_eq!(routes.routes(), [Route::Home, Route::Game]);
        assert_eq!(routes.depth(), 1, "the dialog went with its screen");
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
        board.open_dialog("lines");
        board.push(editor());
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
        routes.open_dialog("share");
        routes.push(editor());
        routes.open_dialog("play from");
        assert_eq!(routes.below_top(), Some(&mut analysis()));
        assert!(matches!(routes.top(), Route::Editor { .. }));
        assert_eq!(Routes::new([]).below_top(), None);
    }

    #[test]
    fn each_route_and_dialog_adds_one_level() {
        let mut stack = Routes::new([]);
        assert_eq!(stack.depth(), 0);
        stack.push(Route::Game);
        stack.open_dialog("menu");
        stack.push(Route::Page(Page::Rules));
        assert_eq!(stack.depth(), 3);
    }

    #[test]
    fn back_closes_the_top_entry_only_and_a_jump_back_every_one_above_from_the_top() {
        let mut stack = Routes::new([Route::Game]);
        stack.open_dialog("menu");
        stack.push(Route::Page(Page::Rules));
        stack.open_dialog("diagram");
        assert_eq!(back_to(&mut stack, 3), ["diagram"]);
        assert_eq!(back_to(&mut stack, 2), ["route"]);
        assert_eq!(stack.top(), &Route::Game);
        assert_eq!(back_to(&mut stack, 0), ["menu", "route"]);
        assert_eq!(stack.routes(), [Route::Home]);
        assert!(back_to(&mut stack, 0).is_empty(), "never past home");
    }

    #[test]
    fn a_screen_that_decides_what_back_does_is_asked_and_stays_until_it_closes() {
        let mut stack = Routes::new([Route::Game]);
        let game = stack.drawn()[0].0;
        stack.set_on_back(game, 1, Some("leave"));
        stack.open_dialog("menu");
        assert_eq!(back_to(&mut stack, 0), ["menu", "leave"]);
        assert!(stack.contains(game));
        stack.set_on_back(game, 2, None);
        assert_eq!(
            back_to(&mut stack, 0),
            ["leave"],
            "only its setter clears it"
        );
        stack.set_on_back(game, 1, None);
        assert_eq!(back_to(&mut stack, 0), ["route"]);
    }

    #[test]
    fn a_dialog_closed_by_its_own_button_leaves_its_entry_to_remove_once() {
        let mut stack = Routes::new([Route::Game]);
        let menu = stack.open_dialog("menu");
        assert!(stack.close_dialog(menu));
        assert_eq!(stack.depth(), 1);
        let menu = stack.open_dialog("menu");
        back_to(&mut stack, 1);
        assert!(!stack.close_dialog(menu), "Back had closed it");
        assert!(!stack.close_dialog(0), "a route is no dialog");
        assert_eq!(stack.depth(), 1);
    }

    #[test]
    fn a_dialog_under_a_route_opened_over_it_closes_from_the_middle() {
        let mut stack = Routes::new([Route::Page(Page::Games)]);
        let import = stack.open_dialog("import");
        stack.push(Route::Review(Reviewed::from_elsewhere(Game::new(), 0)));
        assert!(stack.close_dialog(import));
        assert_eq!(stack.depth(), 2);
        assert!(matches!(stack.top(), Route::Review(_)));
    }
}
