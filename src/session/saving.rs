//! Keeps the unfinished game on the device. It is written when something that matters happens
//! (an event of the game: a move, an undo, a hint, the sides flipped, the level, a draw offered;
//! or its records: counted, kept in Your games), a moment after it so that the write never
//! delays the frame that shows a tap; while a turn clock runs, once every
//! [`CLOCK_SAVE_INTERVAL_MS`] of the clock; and at once when the game leaves the screen or the
//! page or app is hidden, left or closed (see [`GameSaver::write_now`]). A killed app so gives
//! back at most that interval of a turn, and a crash loses at most the move being made. A game
//! that another replaces is handed on (Your games keeps it). The saver follows the game's events
//! as every part does ([`use_game_events`]); nothing else wakes it: a tap that only picks up a
//! piece, or a second of the clock, copies nothing.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use dioxus::prelude::*;

use super::follow::{use_game_events, GameFeed, GameNow};
use super::{load_game, save_game, Mode, Records, SavedGame};
use crate::platform::sleep;
use crate::storage::DeviceStore;

/// While a turn clock runs, the game is written again once the clock has run this long since the
/// last write: all that an app killed without warning can give back of a turn.
pub const CLOCK_SAVE_INTERVAL_MS: u64 = 10_000;
/// A change is written this long after it, past the frame that shows it (a frame is 16 ms, a
/// slow phone's a few of them), so that the write never delays a tap's answer.
const WRITE_DELAY: Duration = Duration::from_millis(250);

/// Whether the game `now` must be written over the one the device holds (`written`): when it
/// differs in more than its clock, when its clock has more time left (a turn or a game begun
/// afresh), or when the clock has run [`CLOCK_SAVE_INTERVAL_MS`] since.
pub fn worth_writing(written: Option<&SavedGame>, now: Option<&SavedGame>) -> bool {
    match (written, now) {
        (Some(written), Some(now)) => {
            clock_due(written.time_left_ms, now.time_left_ms)
                || !written.same_but_for_the_clock(now)
        }
        (written, now) => written.is_some() != now.is_some(),
    }
}

/// Whether a clock that showed `written` ms left when the game was written and shows `left` now
/// calls for another write: it has more time left, or has run [`CLOCK_SAVE_INTERVAL_MS`] since.
fn clock_due(written: Option<u64>, left: Option<u64>) -> bool {
    written
        .zip(left)
        .is_some_and(|(then, left)| left > then || then - left >= CLOCK_SAVE_INTERVAL_MS)
}

/// Writes the game on screen to the device; provided to the game screen, which calls
/// [`GameSaver::write_now`] when the page or app is hidden or closed.
#[derive(Clone)]
pub struct GameSaver {
    store: DeviceStore,
    game: ReadSignal<dyn GameNow>,
    records: Signal<Records>,
    /// Takes the unfinished game the device held when another is written over it.
    on_replaced: Rc<dyn Fn(&SavedGame)>,
    /// What the device holds: read at start, then as last written.
    written: Rc<RefCell<Option<SavedGame>>>,
    /// Whether a write is waiting for [`WRITE_DELAY`].
    waiting: Rc<Cell<bool>>,
    /// Whether an unfinished game is saved, for the home screen's "Continue".
    has_saved_game: Signal<bool>,
}

impl GameSaver {
    /// The game as it is now, to be written: the one copy of it the saver makes.
    fn saved_now(&self) -> Option<SavedGame> {
        #[cfg(test)]
        tests::COPIES.with(|copies| copies.set(copies.get() + 1));
        self.game.peek().saved_game(*self.records.peek())
    }

    /// Writes the game as it is now, clock to the second, unless the device holds it already.
    pub fn write_now(&self) {
        self.write(self.saved_now());
    }

    fn write(&self, now: Option<SavedGame>) {
        // A game watched online is not this device's: the one it holds stays.
        if self.game.peek().mode() == (Mode::Online { me: None }) {
            return;
        }
        let started_ms = self.game.peek().started_ms();
        if *self.written.borrow() == now {
            return;
        }
        // Another game replaces the one the device holds (even one that is over already, as a
        // friend's last move by link is): that one is handed on.
        if let Some(replaced) = self.written.borrow().as_ref() {
            if replaced.started_ms != started_ms && !replaced.game.plies().is_empty() {
                (self.on_replaced)(replaced);
            }
        }
        self.store.write(|device| save_game(device, now.as_ref()));
        let mut has_saved_game = self.has_saved_game;
        if *has_saved_game.peek() != now.is_some() {
            has_saved_game.set(now.is_some());
        }
        // Kept even when the device refused it: writing the same again would fail again.
        *self.written.borrow_mut() = now;
    }

    /// Writes the game a moment from now (see [`WRITE_DELAY`]), if it is then still on screen
    /// (a game that left the screen was written as it left) and [`worth_writing`].
    fn write_soon(&self, game_on_screen: Memo<bool>) {
        if self.waiting.replace(true) {
            return;
        }
        let saver = self.clone();
        spawn(async move {
            sleep(WRITE_DELAY).await;
            saver.waiting.set(false);
            if *game_on_screen.peek() {
                let now = saver.saved_now();
                if worth_writing(saver.written.borrow().as_ref(), now.as_ref()) {
                    saver.write(now);
                }
            }
        });
    }
}

/// Saves the game while it is on screen as the module says, and once more as it leaves the
/// screen (a game left for the home screen stays saved as it was left). It wakes on the game's
/// events, its `records`, the seconds of its clock and whether it is on screen, and on nothing
/// else; it keeps `has_saved_game` (whether an unfinished game is saved) and hands a game that
/// another replaces to `on_replaced`.
pub fn use_saving(
    store: DeviceStore,
    records: Signal<Records>,
    mut has_saved_game: Signal<bool>,
    game_on_screen: Memo<bool>,
    on_replaced: impl Fn(&SavedGame) + 'static,
) {
    let feed: GameFeed = use_context();
    let written = use_hook(|| {
        let written = store.read(load_game);
        has_saved_game.set(written.is_some());
        Rc::new(RefCell::new(written))
    });
    let saver = use_context_provider(|| GameSaver {
        written,
        store,
        game: feed.game(),
        records,
        on_replaced: Rc::new(on_replaced),
        waiting: Rc::default(),
        has_saved_game,
    });
    let time_left = use_memo(move || feed.time_left_ms());
    let hearing = saver.clone();
    use_game_events(move |_, _| {
        if *game_on_screen.peek() {
            hearing.write_soon(game_on_screen);
        }
    });
    // The records as the last look on screen saw them.
    let seen = use_hook(|| Rc::new(Cell::new(None::<Records>)));
    let was_on_screen = use_hook(|| Rc::new(Cell::new(false)));
    use_effect(move || {
        let on_screen = game_on_screen();
        let records = *records.read();
        let left = time_left();
        if on_screen {
            let news = seen.replace(Some(records)) != Some(records);
            let written_left = saver.written.borrow().as_ref().and_then(|w| w.time_left_ms);
            if news || !was_on_screen.get() || clock_due(written_left, left) {
                saver.write_soon(game_on_screen);
            }
        } else if was_on_screen.get() {
            saver.write_now();
        }
        was_on_screen.set(on_screen);
    });
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::session::{Mode, SwapRule};
    use duobao_rules::{Color, Game, Ply};

    thread_local! {
        /// The copies of the game the saver has made, on this thread.
        pub static COPIES: Cell<u32> = const { Cell::new(0) };
    }

    fn saved(time_left_ms: Option<u64>) -> SavedGame {
        SavedGame {
            online: None,
            mode: Mode::PassAndPlay { bottom: Color::Red },
            turn_seconds: time_left_ms.map(|_| 60),
            game: Game::new(),
            hints: 0,
            counted: false,
            time_left_ms,
            started_ms: 0,
            kept_as: None,
            swap: SwapRule::Off,
            draw_offer: None,
        }
    }

    fn worth(written: &SavedGame, now: &SavedGame) -> bool {
        worth_writing(Some(written), Some(now))
    }

    #[test]
    fn a_running_clock_is_written_every_interval_not_every_second() {
        let written = saved(Some(60_000));
        for left in [59_000, 55_000, 50_001] {
            assert!(!worth(&written, &saved(Some(left))), "{left} ms left");
        }
        assert!(worth(&written, &saved(Some(50_000))));
        assert!(worth(&written, &saved(Some(1_000))));
    }

    #[test]
    fn a_game_begun_afresh_like_the_saved_one_is_written() {
        assert!(worth(&saved(Some(53_000)), &saved(Some(60_000))));
    }

    #[test]
    fn what_matters_is_written_at_once() {
        let written = saved(Some(60_000));
        let mut moved = saved(Some(60_000));
        moved.game.play("b2c2".parse::<Ply>().unwrap()).unwrap();
        let mut flipped = saved(Some(59_000));
        flipped.mode = Mode::PassAndPlay {
            bottom: Color::Black,
        };
        let mut hinted = saved(Some(59_000));
        hinted.hints = 1;
        for changed in [moved, flipped, hinted] {
            assert!(worth(&written, &changed), "{changed:?}");
        }
    }

    #[test]
    fn a_game_without_a_clock_is_written_only_when_it_changes() {
        assert!(!worth(&saved(None), &saved(None)));
    }

    #[test]
    fn a_game_that_starts_or_ends_is_written() {
        assert!(worth_writing(None, Some(&saved(None))));
        assert!(worth_writing(Some(&saved(None)), None));
        assert!(!worth_writing(None, None));
    }
}
