//! The game as the rest of the app holds it: [`use_game`] provides the controller (inside this
//! folder alone), saves the game, counts and keeps it, and hands out a [`GameHandle`] that
//! starts, continues and leaves games and tells the review what it needs as plain data. Other
//! features never name the controller nor read its signal.
//!
//! The parts that react to the game follow its events through [`use_game_events`]: they wake
//! when something happened, never on a tap that only picks up a piece.

use std::cell::Cell;
use std::rc::Rc;

use dioxus::prelude::*;
use duobao_engine::Level;
use duobao_rules::{Color, Game};

use super::controller::Controller;
use super::events::{Follower, GameEvent};
use super::records::use_records;
use super::saving::use_saving;
use crate::session::{GameSetup, Mode, Records, SavedGame};
use crate::stats::Stats;
use crate::storage::DeviceStore;

/// The game on screen, for the app around it.
#[derive(Copy, Clone, PartialEq)]
pub struct GameHandle {
    controller: Signal<Controller>,
    records: Signal<Records>,
    has_saved_game: Signal<bool>,
}

impl GameHandle {
    /// Starts a new game, to be shown on the game screen.
    pub fn start(self, setup: GameSetup) {
        let mut controller = self.controller;
        controller.write().start(setup);
    }

    /// Carries on with a saved game.
    pub fn resume(self, saved: SavedGame) {
        let mut controller = self.controller;
        controller.write().resume(saved);
    }

    /// The game screen is left (for home or the review): answers still on their way are
    /// dropped, and the piece picked up is put down.
    pub fn leave(self) {
        let mut controller = self.controller;
        controller.write().leave();
    }

    /// The computer plays at `level` from its next move, in a game against it.
    pub fn set_level(self, level: Level) {
        let mut controller = self.controller;
        controller.write().set_level(level);
    }

    /// The game as it stands.
    pub fn game(self) -> Game {
        self.controller.peek().game().clone()
    }

    /// The side shown at the bottom of the game screen.
    pub fn bottom(self) -> Color {
        self.controller.peek().bottom()
    }

    pub fn mode(self) -> Mode {
        self.controller.peek().mode()
    }

    /// Its number in Your games, once kept there.
    pub fn kept_as(self) -> Option<u64> {
        self.records.peek().kept_as
    }

    /// Whether an unfinished game is saved, for the home screen's "Continue"; a component that
    /// reads it draws again when it changes.
    pub fn has_saved_game(self) -> bool {
        (self.has_saved_game)()
    }
}

/// The game's events as the game screen's parts follow them.
#[derive(Copy, Clone)]
struct GameEvents {
    controller: Signal<Controller>,
    /// The number of the newest event: it changes when something happened, and only then.
    changes: Memo<u64>,
}

/// Provides the game, begun with `first`'s setup (or the saved game it gives, carried on), to
/// the game screen; saves it while `on_screen` and as it leaves the screen, counts it in `stats`
/// and keeps it in Your games when it ends. The handle is provided too.
pub fn use_game(
    store: DeviceStore,
    stats: Signal<Stats>,
    on_screen: Memo<bool>,
    first: impl FnOnce() -> (GameSetup, Option<SavedGame>),
) -> GameHandle {
    let controller = use_context_provider(|| {
        let (setup, resumed) = first();
        let mut controller = Controller::new(setup);
        if let Some(saved) = resumed {
            controller.resume(saved);
        }
        Signal::new(controller)
    });
    let changes = use_memo(move || controller.read().events().last());
    use_context_provider(|| GameEvents {
        controller,
        changes,
    });
    let records = use_records(store.clone(), controller, changes, stats);
    let has_saved_game = use_saving(store, controller, changes, records, on_screen);
    use_context_provider(|| GameHandle {
        controller,
        records,
        has_saved_game,
    })
}

/// Calls `react` with what happened in the game since the last call (oldest first) and the
/// controller as it is now, for as long as the calling component is mounted, from the moment it
/// mounts. A tap that only picks up a piece calls nothing.
pub fn use_game_events(mut react: impl FnMut(&Controller, &[GameEvent]) + 'static) {
    let GameEvents {
        controller,
        changes,
    } = use_context();
    let follower = use_hook(|| Rc::new(Cell::new(Follower::from_now(controller.peek().events()))));
    use_effect(move || {
        changes();
        let state = controller.peek();
        let mut following = follower.get();
        let news = following.news(state.events());
        follower.set(following);
        if !news.is_empty() {
            react(&state, &news);
        }
    });
}

#[cfg(test)]
mod tests {
    //! The game in a virtual DOM, as the app holds it, with a board that reads the controller as
    //! the real one does and a listener of its events: what a tap costs.

    use std::cell::RefCell;
    use std::future::Future;
    use std::pin::pin;
    use std::sync::Arc;
    use std::task::{Context, Poll, Wake, Waker};
    use std::thread::{self, Thread};
    use std::time::Duration;

    use dioxus::core::{NoOpMutations, VirtualDom};
    use futures_util::future::{select, Either};

    use super::*;
    use crate::board::use_move_taps;
    use crate::game::saving::tests::COPIES;
    use crate::game::test_support::point;
    use crate::session::{load_game, SwapRule};
    use crate::stats::{load_stats, use_stats};
    use crate::storage::{full_key, MemoryStore, SaveError, Store};
    use duobao_rules::{Point, Position};

    /// Red to move; d2d3 captures the treasure.
    const ONE_MOVE_WIN: &str = "BBB/BB.BB/.RT../...R./... r - 0";

    /// What the harness counts, shared with the test.
    #[derive(Clone, Default)]
    struct Counts {
        /// What the store holds.
        memory: Rc<MemoryStore>,
        /// Every key written or removed, in order.
        writes: Rc<RefCell<Vec<String>>>,
        /// Renders of the harness's root, which holds the game as the app does.
        root: Rc<Cell<u32>>,
        /// Renders of the board's stand-in.
        board: Rc<Cell<u32>>,
        /// Events heard by a listener on the game screen.
        heard: Rc<Cell<usize>>,
        /// Changes of the statistics seen.
        stats: Rc<Cell<u32>>,
        controller: Rc<Cell<Option<Signal<Controller>>>>,
        /// The board's handler of taps on its points.
        on_tap: Rc<Cell<Option<EventHandler<Point>>>>,
    }

    /// The counts that a tap may change.
    #[derive(Debug, Eq, PartialEq)]
    struct Costs {
        root_renders: u32,
        board_renders: u32,
        events_heard: usize,
        statistics_changes: u32,
        copies_for_saving: u32,
        keys_written: Vec<String>,
    }

    impl Counts {
        /// What the counts say now; the writes are taken.
        fn take(&self) -> Costs {
            Costs {
                root_renders: self.root.get(),
                board_renders: self.board.get(),
                events_heard: self.heard.get(),
                statistics_changes: self.stats.get(),
                copies_for_saving: COPIES.with(Cell::get),
                keys_written: self.writes.take(),
            }
        }
    }

    impl Costs {
        /// What happened between `before` and `self`.
        fn since(self, before: &Costs) -> Costs {
            Costs {
                root_renders: self.root_renders - before.root_renders,
                board_renders: self.board_renders - before.board_renders,
                events_heard: self.events_heard - before.events_heard,
                statistics_changes: self.statistics_changes - before.statistics_changes,
                copies_for_saving: self.copies_for_saving - before.copies_for_saving,
                keys_written: self.keys_written,
            }
        }
    }

    /// A store in memory that notes each key written or removed.
    struct CountingStore(Counts);

    impl Store for CountingStore {
        fn read(&self, key: &str) -> Option<String> {
            self.0.memory.read(key)
        }

        fn write(&self, key: &str, value: &str) -> Result<(), SaveError> {
            self.0.writes.borrow_mut().push(key.to_string());
            self.0.memory.write(key, value)
        }

        fn remove(&self, key: &str) -> Result<(), SaveError> {
            self.0.writes.borrow_mut().push(format!("-{key}"));
            self.0.memory.remove(key)
        }
    }

    fn bump(count: &Cell<u32>) {
        count.set(count.get() + 1);
    }

    /// The app's part: the game provided with its saving, counting and keeping, on screen.
    fn harness() -> Element {
        let counts: Counts = use_context();
        bump(&counts.root);
        let store = use_hook(|| DeviceStore::on(Box::new(CountingStore(counts.clone()))));
        let stats = use_stats(store.clone());
        let on_screen = use_memo(|| true);
        use_game(store, stats, on_screen, || {
            let setup = GameSetup {
                mode: Mode::PassAndPlay { bottom: Color::Red },
                start: Position::from_fen(ONE_MOVE_WIN).unwrap(),
                turn_seconds: None,
                swap: SwapRule::Off,
            };
            (setup, None)
        });
        counts.controller.set(Some(use_context()));
        let seen = counts.clone();
        use_effect(move || {
            stats.read();
            bump(&seen.stats);
        });
        rsx! {
            BoardStandIn {}
            Listener {}
        }
    }

    /// Reads the controller and takes moves as the game screen's board does: the piece picked
    /// up is the board's own, the move offered goes to the controller.
    #[component]
    fn BoardStandIn() -> Element {
        let counts: Counts = use_context();
        let mut controller: Signal<Controller> = use_context();
        let on_move = use_callback(move |m| {
            controller.write().play_move(m);
        });
        let (picked, on_tap) = use_move_taps(
            *controller.read().game().position(),
            controller.read().is_human_turn(),
            0,
            Some(on_move),
        );
        counts.on_tap.set(Some(on_tap));
        let _shown = (
            controller.read().game().plies().len(),
            controller.read().marks(),
            picked,
        );
        bump(&counts.board);
        rsx! {}
    }

    /// Follows the game's events as the sounds, the vibrations and the announcer do.
    #[component]
    fn Listener() -> Element {
        let counts: Counts = use_context();
        use_game_events(move |_, events| counts.heard.set(counts.heard.get() + events.len()));
        rsx! {}
    }

    /// Runs `future` to its end on this thread.
    fn block_on<F: Future>(future: F) -> F::Output {
        struct Unpark(Thread);
        impl Wake for Unpark {
            fn wake(self: Arc<Self>) {
                self.0.unpark();
            }
        }
        let waker = Waker::from(Arc::new(Unpark(thread::current())));
        let mut context = Context::from_waker(&waker);
        let mut future = pin!(future);
        loop {
            if let Poll::Ready(output) = future.as_mut().poll(&mut context) {
                return output;
            }
            thread::park();
        }
    }

    /// Lets the app work (render, run its effects and tasks) until it has had nothing to do for
    /// longer than the saver waits before a write and a frame after a move.
    fn settle(dom: &mut VirtualDom) {
        block_on(async {
            loop {
                dom.render_immediate(&mut NoOpMutations);
                let quiet = futures_timer::Delay::new(Duration::from_millis(1_000));
                if let Either::Right(_) = select(pin!(dom.wait_for_work()), quiet).await {
                    break;
                }
            }
        });
    }

    /// A tap on the board's point `at`.
    fn tap(dom: &VirtualDom, counts: &Counts, at: &str) {
        let on_tap = counts.on_tap.get().unwrap();
        dom.in_runtime(|| on_tap.call(point(at)));
    }

    #[test]
    fn a_tap_that_picks_up_a_piece_redraws_the_board_and_neither_saves_nor_counts() {
        let counts = Counts::default();
        let mut dom = VirtualDom::new(harness).with_root_context(counts.clone());
        dom.rebuild_in_place();
        settle(&mut dom);
        let opened = counts.take();
        assert_eq!(
            opened.keys_written,
            [full_key("game")],
            "the new game, saved"
        );

        tap(&dom, &counts, "d2");
        settle(&mut dom);
        let picked_up = counts.take().since(&opened);
        assert_eq!(
            picked_up,
            Costs {
                root_renders: 0,
                board_renders: 1,
                events_heard: 0,
                statistics_changes: 0,
                copies_for_saving: 0,
                keys_written: vec![],
            },
            "a piece picked up: the board alone draws it"
        );

        let before = counts.take();
        tap(&dom, &counts, "d3");
        settle(&mut dom);
        let won = counts.take().since(&before);
        assert_eq!(
            (won.root_renders, won.board_renders),
            (0, 1),
            "the winning move draws the board once: nothing writes back into the game"
        );
        assert_eq!(won.events_heard, 2, "the move and the end");
        assert_eq!(won.statistics_changes, 1, "counted once");
        assert_eq!(load_stats(&*counts.memory).pass_and_play, 1);
        let written = |key: &str| won.keys_written.iter().filter(|k| **k == key).count();
        assert_eq!(written(&full_key("games.0")), 1, "kept once in Your games");
        assert_eq!(
            written(&format!("-{}", full_key("game"))),
            1,
            "no game left to continue"
        );
        assert_eq!(written(&full_key("game")), 0);

        // Taken back: the saved game carries what was done with it, so that a reload neither
        // counts it nor keeps it again.
        let before = counts.take();
        dom.in_runtime(|| counts.controller.get().unwrap().write().undo());
        settle(&mut dom);
        let undone = counts.take().since(&before);
        assert_eq!(undone.keys_written, [full_key("game")]);
        assert_eq!(undone.statistics_changes, 0);
        let saved = load_game(&*counts.memory).unwrap();
        assert_eq!((saved.counted, saved.kept_as), (true, Some(0)));
    }
}
