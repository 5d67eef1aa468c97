//! What follows the game on screen, wired once at the app's root, each part through the one
//! subscription to the game's events (`session::use_game_events`): saving (`session/`), the
//! statistics (`stats/`), Your games (`history/`), and the sounds, vibrations and announcer
//! (`feedback/`).

use dioxus::prelude::*;

use crate::feedback::use_game_feedback;
use crate::game::GameHandle;
use crate::history::{keep_replaced, use_keeping};
use crate::prefs::Prefs;
use crate::session::use_saving;
use crate::stats::{use_counting, Stats};
use crate::storage::DeviceStore;

/// Subscribes every follower to `game`'s events: it is counted in `stats` and kept in Your
/// games when it ends, saved while `on_screen` and as it leaves the screen (an unfinished game
/// that another replaces going to Your games), heard, felt and announced.
pub fn use_game_subscribers(
    game: GameHandle,
    store: DeviceStore,
    stats: Signal<Stats>,
    on_screen: Memo<bool>,
) {
    use_counting(stats, game.records());
    use_keeping(store.clone(), game.records());
    let keeping = store.clone();
    use_saving(
        store,
        game.records(),
        game.saved_flag(),
        on_screen,
        move |replaced| keep_replaced(&keeping, replaced),
    );
    use_game_feedback(use_context::<Signal<Prefs>>());
}

#[cfg(test)]
mod tests {
    //! The real game screen in a virtual DOM, as the app's root holds it with every follower of
    //! its events: what a tap costs.

    use std::cell::{Cell, RefCell};
    use std::rc::Rc;

    use dioxus::core::VirtualDom;
    use duobao_rules::{Color, Game, Position};

    use super::*;
    use crate::game::{use_game, GameViewBody};
    use crate::navigation::{use_navigation, Route, RouteScreen};
    use crate::server_address::use_server_address;
    use crate::session::{
        load_game, save_game, use_game_events, GameSetup, Mode, SavedGame, SwapRule, COPIES,
    };
    use crate::stats::{load_stats, use_stats};
    use crate::storage::{full_key, MemoryStore, SaveError, Store};
    use crate::test_games::point;
    use crate::test_screen::{renders, settle, tap_handler};

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
        /// Events heard by one more follower of the game.
        heard: Rc<Cell<usize>>,
        /// Changes of the statistics seen.
        stats: Rc<Cell<u32>>,
        game: Rc<Cell<Option<GameHandle>>>,
        /// The saved game the app carries on as it starts, if any.
        resumed: Rc<RefCell<Option<SavedGame>>>,
    }

    /// The counts that a tap may change.
    #[derive(Debug, Eq, PartialEq)]
    struct Costs {
        root_renders: u32,
        screen_renders: u32,
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
                screen_renders: renders("game view"),
                board_renders: renders("board"),
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
                screen_renders: self.screen_renders - before.screen_renders,
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

    /// The app's root as it holds the game: the shared state, the game with every follower of
    /// its events, and the real game screen as its route.
    fn harness() -> Element {
        let counts: Counts = use_context();
        bump(&counts.root);
        let store =
            use_context_provider(|| DeviceStore::on(Box::new(CountingStore(counts.clone()))));
        let prefs = use_context_provider(|| Signal::new(Prefs::default()));
        use_server_address(store.clone());
        let navigator = use_navigation(|| vec![Route::Game], || None);
        let stats = use_stats(store.clone());
        let on_screen = use_memo(|| true);
        let game = use_game(|| {
            let setup = GameSetup {
                mode: Mode::PassAndPlay { bottom: Color::Red },
                start: Position::from_fen(ONE_MOVE_WIN).unwrap(),
                turn_seconds: None,
                swap: SwapRule::Off,
            };
            (setup, counts.resumed.borrow().clone())
        });
        use_game_subscribers(game, store, stats, on_screen);
        counts.game.set(Some(game));
        let seen = counts.clone();
        use_effect(move || {
            stats.read();
            bump(&seen.stats);
        });
        let heard = counts.heard.clone();
        use_game_events(move |_, events| heard.set(heard.get() + events.len()));
        let _ = prefs;
        rsx! {
            for (id, route, on_top) in navigator.drawn() {
                if route == Route::Game {
                    RouteScreen { key: "{id}", id, on_top, GameViewBody {} }
                }
            }
        }
    }

    /// A tap on the real board's point `at`, as its touch target hands it on.
    fn tap(dom: &VirtualDom, at: &str) {
        let on_tap = tap_handler(point(at)).expect("the board takes taps");
        dom.in_runtime(|| on_tap.call(point(at)));
    }

    #[test]
    fn a_tap_that_picks_up_a_piece_redraws_the_board_alone_and_neither_saves_nor_counts() {
        let counts = Counts::default();
        let mut dom = VirtualDom::new(harness).with_root_context(counts.clone());
        dom.rebuild_in_place();
        settle(&mut dom);
        let opened = counts.take();
        assert!(opened.screen_renders > 0, "the game screen is drawn");
        assert_eq!(
            opened.keys_written,
            [full_key("game")],
            "the new game, saved"
        );

        tap(&dom, "d2");
        settle(&mut dom);
        let picked_up = counts.take().since(&opened);
        assert_eq!(
            picked_up,
            Costs {
                root_renders: 0,
                screen_renders: 0,
                board_renders: 1,
                events_heard: 0,
                statistics_changes: 0,
                copies_for_saving: 0,
                keys_written: vec![],
            },
            "a piece picked up: the board alone draws it"
        );

        let before = counts.take();
        tap(&dom, "d3");
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
        dom.in_runtime(|| counts.game.get().unwrap().undo());
        settle(&mut dom);
        let undone = counts.take().since(&before);
        assert_eq!(undone.keys_written, [full_key("game")]);
        assert_eq!(undone.statistics_changes, 0);
        let saved = load_game(&*counts.memory).unwrap();
        assert_eq!((saved.counted, saved.kept_as), (true, Some(0)));
    }

    #[test]
    fn a_game_carried_on_as_the_app_starts_is_neither_counted_nor_kept_again() {
        let counts = Counts::default();
        let saved = SavedGame {
            online: None,
            mode: Mode::PassAndPlay { bottom: Color::Red },
            turn_seconds: None,
            game: Game::from_position(Position::from_fen(ONE_MOVE_WIN).unwrap()),
            hints: 0,
            counted: true,
            time_left_ms: None,
            started_ms: 5,
            kept_as: Some(3),
            swap: SwapRule::Off,
            draw_offer: None,
        };
        save_game(&*counts.memory, Some(&saved)).unwrap();
        *counts.resumed.borrow_mut() = Some(saved);
        let mut dom = VirtualDom::new(harness).with_root_context(counts.clone());
        dom.rebuild_in_place();
        settle(&mut dom);
        let opened = counts.take();
        assert_eq!(opened.keys_written, Vec::<String>::new(), "saved already");

        tap(&dom, "d2");
        tap(&dom, "d3");
        settle(&mut dom);
        let won = counts.take().since(&opened);
        assert_eq!(won.statistics_changes, 0, "counted before it was saved");
        assert_eq!(load_stats(&*counts.memory).pass_and_play, 0);
        let written = |key: &str| won.keys_written.iter().filter(|k| **k == key).count();
        assert_eq!(written(&full_key("games.3")), 1, "kept again in its place");
        assert_eq!(written(&full_key("games.0")), 0);
    }
}
