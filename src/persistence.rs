//! Keeps the preferences and the unfinished game on the device. The preferences are saved on every
//! change. The game is written when something that matters changes (a move, an undo, a hint, the
//! sides flipped, the level), a moment after the change so that the write never delays the frame
//! that shows a tap; while a turn clock runs, once every [`CLOCK_SAVE_INTERVAL_MS`] of the clock;
//! and at once when the game leaves the screen or the page or app is hidden, left or closed (see
//! [`GameSaver::write_now`]). A killed app so gives back at most that interval of a turn, and a
//! crash loses at most the move being made. Only the player's own choices are saved: what a link
//! sets holds for that visit alone. When the device refuses to save, the player is told once and
//! the app goes on in memory.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use crate::log::warning;
use dioxus::prelude::*;
use duobao_rules::Game;

use crate::game::controller::Controller;
use crate::history::{
    forget_all, forget_kept, load_games, next_number, save_kept, save_verdicts, KeptGame,
};
use crate::i18n::Lang;
use crate::platform::{after_next_paint, now_ms, sleep};
use crate::prefs::Prefs;
use crate::puzzles::{load_puzzle_progress, puzzles_solved, save_puzzle_progress, PuzzleProgress};
use crate::session::{Mode, SavedGame};
use crate::stats::{load_stats, save_stats, Stats};
use crate::storage::{
    device_store, load_game, load_prefs, save_game, save_prefs, SaveError, Store, Watched,
};

/// The device's store, shared by the components that save.
#[derive(Clone)]
pub struct DeviceStore(Rc<Watched<dyn Store>>);

impl DeviceStore {
    pub fn open() -> DeviceStore {
        DeviceStore(Rc::new(device_store()))
    }

    /// The saved preferences; on a first launch, the defaults in `system_lang`.
    pub fn prefs(&self, system_lang: Lang) -> Prefs {
        load_prefs(&*self.0, system_lang)
    }

    pub fn saved_game(&self) -> Option<SavedGame> {
        load_game(&*self.0)
    }

    pub fn stats(&self) -> Stats {
        load_stats(&*self.0)
    }

    /// A failure is noted by the watched store; [`use_saving`] logs and shows the first one.
    pub fn save_stats(&self, stats: &Stats) {
        let _ = save_stats(&*self.0, stats);
    }

    /// The store's first failure, once: logged here, shown by the caller.
    fn first_failure(&self) -> Option<SaveError> {
        let failure = self.0.take_first_failure()?;
        warning!("cannot save on this device, going on in memory: {failure}");
        Some(failure)
    }

    pub fn puzzle_progress(&self) -> PuzzleProgress {
        load_puzzle_progress(&*self.0)
    }

    /// A failure is noted by the watched store; [`use_saving`] logs and shows the first one.
    pub fn save_puzzle_progress(&self, progress: &PuzzleProgress) {
        let _ = save_puzzle_progress(&*self.0, progress);
    }

    /// How many puzzles the player has solved, for the statistics.
    pub fn puzzles_solved(&self) -> usize {
        puzzles_solved(&*self.0)
    }

    /// The games in "Your games", newest first.
    pub fn kept_games(&self) -> Vec<KeptGame> {
        load_games(&*self.0)
    }

    /// Keeps `game` in "Your games": as its number `kept_as` when it was kept before, else as
    /// the newest. Returns its number.
    pub fn keep_game(&self, kept_as: Option<u64>, started_ms: u64, mode: Mode, game: &Game) -> u64 {
        let number = kept_as.unwrap_or_else(|| next_number(&*self.0));
        let kept = KeptGame {
            number,
            started_ms,
            kept_ms: now_ms(),
            mode,
            game: game.clone(),
            verdicts: Vec::new(),
        };
        // A failure is noted by the watched store; [`use_saving`] logs and shows the first one.
        let _ = save_kept(&*self.0, &kept);
        number
    }

    /// Keeps the review's verdicts with the game `number`.
    pub fn save_verdicts(&self, number: u64, verdicts: Vec<String>) {
        let _ = save_verdicts(&*self.0, number, verdicts);
    }

    pub fn forget_kept(&self, number: u64) {
        let _ = forget_kept(&*self.0, number);
    }

    pub fn forget_all_kept(&self) {
        let _ = forget_all(&*self.0);
    }
}

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
            let clock_moved = written
                .time_left_ms
                .zip(now.time_left_ms)
                .is_some_and(|(then, left)| left > then || then - left >= CLOCK_SAVE_INTERVAL_MS);
            clock_moved || !written.same_but_for_the_clock(now)
        }
        (written, now) => written.is_some() != now.is_some(),
    }
}

/// What the saving tells the screens.
#[derive(Copy, Clone)]
pub struct Saving {
    /// Whether an unfinished game is saved.
    pub has_saved_game: Signal<bool>,
    /// Whether the device refused to save (or to set a damaged value aside).
    pub failed: Signal<bool>,
}

/// Writes the game on screen to the device; provided to the game screen, which calls
/// [`GameSaver::write_now`] when the page or app is hidden or closed.
#[derive(Clone)]
pub struct GameSaver {
    store: DeviceStore,
    controller: Signal<Controller>,
    /// What the device holds: read at start, then as last written.
    written: Rc<RefCell<Option<SavedGame>>>,
    /// Whether a write is waiting for [`WRITE_DELAY`].
    waiting: Rc<Cell<bool>>,
    saving: Saving,
}

impl GameSaver {
    /// Writes the game as it is now, clock to the second, unless the device holds it already.
    pub fn write_now(&self) {
        let (now, started_ms) = {
            let state = self.controller.peek();
            (state.saved_game(), state.started_ms())
        };
        if *self.written.borrow() == now {
            return;
        }
        // Another game replaces the one the device holds (even one that is over already, as a
        // friend's last move by link is): that one goes to Your games.
        if let Some(replaced) = self.written.borrow().as_ref() {
            if replaced.started_ms != started_ms && !replaced.game.plies().is_empty() {
                self.store.keep_game(
                    replaced.kept_as,
                    replaced.started_ms,
                    replaced.mode,
                    &replaced.game,
                );
            }
        }
        let mut has_saved_game = self.saving.has_saved_game;
        if save_game(&*self.store.0, now.as_ref()).is_ok()
            && *has_saved_game.peek() != now.is_some()
        {
            has_saved_game.set(now.is_some());
        }
        // Kept even when the device refused it: writing the same again would fail again.
        *self.written.borrow_mut() = now;
        if self.store.first_failure().is_some() {
            let mut failed = self.saving.failed;
            failed.set(true);
        }
    }

    /// Writes the game a moment from now (see [`WRITE_DELAY`]) if it is then still on screen
    /// (a game that left the screen was written as it left).
    fn write_soon(&self, game_on_screen: Memo<bool>) {
        if self.waiting.replace(true) {
            return;
        }
        let saver = self.clone();
        spawn(async move {
            sleep(WRITE_DELAY).await;
            saver.waiting.set(false);
            if *game_on_screen.peek() {
                saver.write_now();
            }
        });
    }
}

/// Saves the player's own preferences whenever they change (`own` are those saved; `prefs`,
/// those shown, which a link may have changed for this visit), and the game while it is on
/// screen as the module says, and once more as it leaves the screen (a game left for the home
/// screen stays saved as it was left).
pub fn use_saving(
    store: DeviceStore,
    own: Prefs,
    prefs: Signal<Prefs>,
    controller: Signal<Controller>,
    game_on_screen: Memo<bool>,
) -> Saving {
    let has_saved_game = use_signal(|| store.saved_game().is_some());
    // Reading set damaged values aside, which may have failed already.
    let mut failed = use_signal(|| store.first_failure().is_some());
    let saving = Saving {
        has_saved_game,
        failed,
    };
    let prefs_store = store.clone();
    let kept = use_hook(|| Rc::new(RefCell::new((own, *prefs.peek()))));
    use_effect(move || {
        let shown = *prefs.read();
        let (own, before) = *kept.borrow();
        let chosen = own.with_choices(&before, &shown);
        *kept.borrow_mut() = (chosen, shown);
        if chosen != own {
            // A failure is noted by the watched store, and logged and shown once below.
            let _ = save_prefs(&*prefs_store.0, &chosen);
            if prefs_store.first_failure().is_some() {
                failed.set(true);
            }
        }
    });
    let saver = use_context_provider(|| GameSaver {
        written: Rc::new(RefCell::new(store.saved_game())),
        store,
        controller,
        waiting: Rc::default(),
        saving,
    });
    let was_on_screen = use_hook(|| Rc::new(Cell::new(false)));
    use_effect(move || {
        let on_screen = game_on_screen();
        let now = controller.read().saved_game();
        if on_screen {
            if worth_writing(saver.written.borrow().as_ref(), now.as_ref()) {
                saver.write_soon(game_on_screen);
            }
        } else if was_on_screen.get() {
            saver.write_now();
        }
        was_on_screen.set(on_screen);
    });
    saving
}

/// Provides the statistics to every screen (the lessons add to them too), saves them whenever
/// they change, and counts the game on screen when it ends. A game is counted once: the
/// controller remembers it, also in the saved game, so neither an undo and another ending nor a
/// reload counts it again.
pub fn use_stats(store: DeviceStore, mut controller: Signal<Controller>) -> Signal<Stats> {
    let loaded = store.clone();
    let mut stats = use_context_provider(|| Signal::new(loaded.stats()));
    // What the device holds, so that only a change is written: not the record just read at
    // every start-up.
    let stored = use_hook(|| Rc::new(RefCell::new(stats.peek().clone())));
    use_effect(move || {
        let current = stats.read();
        if *current != *stored.borrow() {
            store.save_stats(&current);
            *stored.borrow_mut() = current.clone();
        }
    });
    let generation = use_memo(move || controller.read().generation());
    use_effect(move || {
        generation();
        // After the frame that shows the last move: counting draws the screen again and writes.
        spawn(async move {
            after_next_paint().await;
            let finished = controller.peek().uncounted_result();
            if let Some((mode, result)) = finished {
                controller.write().mark_counted();
                stats.write().record_game(mode, result);
            }
        });
    });
    stats
}

/// Keeps the game on screen in "Your games" when it ends, and again, in its place, when it
/// ends otherwise after an undo. A game over from its start is none of the player's. A game
/// with a friend by link is kept from its start and after every move, so that the list says
/// whose move it waits for and the friend's next link finds it.
pub fn use_keeping(store: DeviceStore, controller: Signal<Controller>) {
    let generation = use_memo(move || controller.read().generation());
    let last_kept = use_hook(|| Rc::new(RefCell::new(None::<(u64, Game)>)));
    use_effect(move || {
        generation();
        let (store, last_kept) = (store.clone(), last_kept.clone());
        // After the frame that shows the last move, as the count is.
        spawn(async move {
            after_next_paint().await;
            keep(&store, controller, &last_kept);
        });
    });
}

/// Keeps the game on screen as [`use_keeping`] says, unless it is kept as it stands already.
fn keep(
    store: &DeviceStore,
    mut controller: Signal<Controller>,
    last_kept: &RefCell<Option<(u64, Game)>>,
) {
    let state = controller.peek();
    let game = state.game();
    let worth_keeping = state.mode().is_by_link() || (game.is_over() && !game.plies().is_empty());
    let kept = last_kept
        .borrow()
        .as_ref()
        .is_some_and(|(started_ms, kept)| *started_ms == state.started_ms() && kept == game);
    if !worth_keeping || kept {
        return;
    }
    let number = store.keep_game(state.kept_as(), state.started_ms(), state.mode(), game);
    *last_kept.borrow_mut() = Some((state.started_ms(), game.clone()));
    drop(state);
    controller.write().set_kept_as(number);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Mode, SwapRule};
    use duobao_rules::{Color, Game, Ply};

    fn saved(time_left_ms: Option<u64>) -> SavedGame {
        SavedGame {
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
