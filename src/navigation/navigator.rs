//! The navigator: the one stack of routes and dialogs (`stack.rs`) as the app holds it, the page's
//! history following it alone (`history.rs`). Every screen reaches it through
//! [`use_navigator`]: it opens a route, closes the top one, opens a game, asks a question; a
//! dialog joins the stack while it is mounted ([`use_back_layer`]), and a screen may decide what
//! Back does to its route ([`use_screen_back`]).

use dioxus::prelude::*;

use super::history::start_history;
use super::stack::{BackStep, EntryId, Stack};
use super::{GameStart, Question, Route};

/// The handle every screen navigates with, from the context the root provides.
#[derive(Clone, Copy)]
pub struct Navigator {
    stack: CopyValue<Stack<EventHandler>>,
    /// Bumped whenever a route opens, closes or changes, so that what is drawn follows; a dialog
    /// opening or closing changes no route.
    routes: Signal<u64>,
    question: Signal<Option<Question>>,
    history: dioxus::document::Eval,
    /// How the root starts or plays on a game (`use_game_opener`).
    games: CopyValue<Option<Callback<GameStart>>>,
    tokens: CopyValue<u64>,
}

impl Navigator {
    fn change(mut self, change: impl FnOnce(&mut Stack<EventHandler>)) {
        change(&mut self.stack.write());
        *self.routes.write() += 1;
        self.follow();
    }

    /// Hands the history the stack's depth.
    fn follow(self) {
        if let Ok(stack) = self.stack.try_read() {
            // Fails only once the page is gone, when there is no history left to keep.
            let _ = self.history.send(stack.depth());
        }
    }

    /// Opens `route` over the top one.
    pub fn open(self, route: Route) {
        self.change(|stack| {
            stack.push(route);
        });
    }

    /// Closes the top route (and the dialogs over it); the home screen stays.
    pub fn close(self) {
        self.change(Stack::pop);
    }

    /// Back to the home screen alone.
    pub fn home(self) {
        self.change(Stack::home);
    }

    /// Starts or plays on a game, and shows it over the home screen alone.
    pub fn open_game(self, start: GameStart) {
        if let Some(games) = *self.games.read() {
            games.call(start);
        }
        self.change(Stack::open_game);
    }

    /// Changes the top route where it stands (a review to reopen at another ply), without
    /// drawing it afresh.
    pub fn update_top(self, change: impl FnOnce(&mut Route)) {
        self.change(|stack| stack.update_top(change));
    }

    /// When the route under the top one is of `route`'s kind, it becomes `route` and the top
    /// closes (the editor opened from the analysis board hands it its position): true. Else
    /// nothing changes.
    pub fn return_below(self, route: Route) -> bool {
        let mut returned = false;
        self.change(|stack| {
            if let Some(below) = stack.below_top() {
                if std::mem::discriminant(below) == std::mem::discriminant(&route) {
                    *below = route;
                    stack.pop();
                    returned = true;
                }
            }
        });
        returned
    }

    /// The routes to draw, bottom first, each with whether it is the one on top (see
    /// [`Stack::drawn`]).
    pub fn drawn(self) -> Vec<(EntryId, Route, bool)> {
        self.routes.read();
        self.stack.read().drawn()
    }

    /// Asks the player before a game replaces the saved one.
    pub fn ask(mut self, question: Question) {
        self.question.set(Some(question));
    }

    /// The question asked, until it is answered.
    pub fn question(self) -> Option<Question> {
        self.question.read().clone()
    }

    /// Answers the question: the game the answer opens, or none (Back).
    pub fn answer(mut self, start: Option<GameStart>) {
        self.question.set(None);
        if let Some(start) = start {
            self.open_game(start);
        }
    }

    /// The player went back to where the stack was `depth` deep: the dialogs above it close and
    /// the routes above it close or, where their screen says what Back does, do that.
    fn back_to(mut self, depth: usize) {
        loop {
            let step = self.stack.write().back_step(depth);
            match step {
                BackStep::Done => break,
                BackStep::Closed => *self.routes.write() += 1,
                BackStep::Dialog(on_back) => on_back.call(()),
                BackStep::Screen(id, on_back) => {
                    on_back.call(());
                    if self.stack.read().contains(id) {
                        break;
                    }
                }
            }
        }
        self.follow();
    }
}

/// The navigator, provided by the root.
pub fn use_navigator() -> Navigator {
    use_context()
}

/// Starts the navigator for the whole app, with `above` open over the home screen and
/// `question` asked; called once, by the root component.
pub fn use_navigation(
    above: impl FnOnce() -> Vec<Route>,
    question: impl FnOnce() -> Option<Question>,
) -> Navigator {
    let navigator = use_context_provider(|| Navigator {
        stack: CopyValue::new(Stack::new(above())),
        routes: Signal::new(0),
        question: Signal::new(question()),
        history: start_history(),
        games: CopyValue::new(None),
        tokens: CopyValue::new(0),
    });
    // Listens for as long as the app runs: the root's task ends with it.
    use_hook(move || {
        navigator.follow();
        spawn(async move {
            let mut history = navigator.history;
            while let Ok(depth) = history.recv::<usize>().await {
                navigator.back_to(depth);
            }
        })
    });
    navigator
}

/// How the root starts or plays on a game when a screen opens one (`Navigator::open_game`).
pub fn use_game_opener(navigator: Navigator, open: impl FnMut(GameStart) + 'static) {
    let open = use_callback(open);
    use_hook(move || {
        let mut games = navigator.games;
        games.set(Some(open));
    });
}

/// Makes the calling component a dialog of the stack while it is mounted: Back (or Escape) while
/// it is on top calls `on_back`, which must make it go away. A dialog that goes away by itself
/// (its own button) takes its entry with it. `on_back` is an event handler prop or a
/// `use_callback`, which keep calling the latest closure the component rendered.
pub fn use_back_layer(on_back: EventHandler) {
    let navigator = use_navigator();
    let id = use_hook(move || {
        let id = { navigator.stack }.write().open_dialog(on_back);
        navigator.follow();
        id
    });
    use_drop(move || {
        let mut stack = navigator.stack;
        let closed = stack
            .try_write()
            .is_ok_and(|mut stack| stack.close_dialog(id));
        if closed {
            navigator.follow();
        }
    });
}

/// The route a screen is drawn for, provided by its [`RouteScreen`].
#[derive(Clone, Copy)]
struct ScreenOf(EntryId);

/// Makes Back, while the calling screen's route is on top, call `on_back` rather than close the
/// route (the game leaves, saved; a lesson returns to the list), for as long as the screen is
/// mounted. `on_back` closes the route, or leaves it open to stay where it is. None: Back closes
/// the route.
pub fn use_screen_back(on_back: Option<EventHandler>) {
    let navigator = use_navigator();
    let ScreenOf(id) = use_context();
    let token = use_hook(move || {
        let mut tokens = navigator.tokens;
        let token = *tokens.read() + 1;
        tokens.set(token);
        if on_back.is_some() {
            { navigator.stack }.write().set_on_back(id, token, on_back);
        }
        token
    });
    use_drop(move || {
        let mut stack = navigator.stack;
        if let Ok(mut stack) = stack.try_write() {
            stack.set_on_back(id, token, None);
        };
    });
}

/// A route's screen: shown when `on_top`, else mounted but hidden under the route it opened.
#[component]
pub fn RouteScreen(id: EntryId, on_top: bool, children: Element) -> Element {
    use_context_provider(|| ScreenOf(id));
    rsx! {
        div { class: if on_top { "screen" } else { "covered" }, {children} }
    }
}
