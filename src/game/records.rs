//! What a game leaves behind: its count in the statistics and its place in Your games, as its
//! events say, both after the frame that shows the last move. What was counted and the number
//! the game is kept under live here (and in the saved game, which the saver writes with them):
//! nothing is written back into the game once it has ended.

use std::cell::RefCell;
use std::rc::Rc;

use dioxus::prelude::*;
use duobao_rules::{Game, GameResult};

use super::controller::Controller;
use super::events::{Follower, GameEvent};
use crate::history::keep_game;
use crate::platform::after_next_paint;
use crate::session::{Mode, Records};
use crate::stats::Stats;
use crate::storage::DeviceStore;

/// The game on screen's records, kept as its events come: counted once in the statistics when
/// it ends (not again after an undo and another ending, nor after a reload, the saved game
/// carrying [`Records::counted`]); kept in Your games when it ends, and again, in its place,
/// when it ends otherwise after an undo. A game over from its start is none of the player's. A
/// game with a friend by link is kept from its start and after every move, so that the list
/// says whose move it waits for and the friend's next link finds it.
#[derive(Clone, Debug, Default)]
pub struct Bookkeeper {
    follower: Follower,
    records: Records,
    /// When the game these records are of started (see [`Controller::started_ms`]).
    started_ms: u64,
    /// The game as last kept, with when it started.
    last_kept: Option<(u64, Game)>,
}

/// What the statistics and Your games are to do after the game's latest events.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Chores {
    /// The game's mode and result, to count.
    pub count: Option<(Mode, GameResult)>,
    /// The game to keep in Your games.
    pub keep: Option<Keeping>,
}

/// A game to keep in Your games, as [`keep_game`] takes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Keeping {
    pub kept_as: Option<u64>,
    pub started_ms: u64,
    pub mode: Mode,
    pub game: Game,
}

impl Bookkeeper {
    /// What has been done with the game on screen so far.
    pub fn records(&self) -> Records {
        self.records
    }

    /// Takes in what happened in `state`'s game since the last look: what to count and to keep
    /// now. The count is taken as done at once, so that no later event counts the game again.
    pub fn follow(&mut self, state: &Controller) -> Chores {
        let news = self.follower.news(state.events());
        if news.is_empty() {
            return Chores::default();
        }
        let mut count = None;
        for event in news {
            match event {
                GameEvent::Started(records) => self.records = records,
                GameEvent::Ended(result) if !self.records.counted => {
                    self.records.counted = true;
                    count = Some((state.mode(), result));
                }
                _ => {}
            }
        }
        self.started_ms = state.started_ms();
        let game = state.game();
        let worth_keeping =
            state.mode().is_by_link() || (game.is_over() && !game.plies().is_empty());
        let kept = self
            .last_kept
            .as_ref()
            .is_some_and(|(started_ms, kept)| *started_ms == self.started_ms && kept == game);
        let keep = (worth_keeping && !kept).then(|| {
            self.last_kept = Some((self.started_ms, game.clone()));
            Keeping {
                kept_as: self.records.kept_as,
                started_ms: self.started_ms,
                mode: state.mode(),
                game: game.clone(),
            }
        });
        Chores { count, keep }
    }

    /// The game that started at `started_ms` is kept as `number`: kept again, it replaces that
    /// entry.
    pub fn kept(&mut self, started_ms: u64, number: u64) {
        if started_ms == self.started_ms {
            self.records.kept_as = Some(number);
        }
    }
}

/// Counts and keeps the game on screen as [`Bookkeeper`] says, whenever something happened in
/// it (`changes`, the number of its newest event). Returns its records, which change only when
/// it is counted, kept or replaced.
pub fn use_records(
    store: DeviceStore,
    controller: Signal<Controller>,
    changes: Memo<u64>,
    mut stats: Signal<Stats>,
) -> Signal<Records> {
    let book = use_hook(|| Rc::new(RefCell::new(Bookkeeper::default())));
    let mut records = use_signal(Records::default);
    let mut show = move |book: &Bookkeeper| {
        if *records.peek() != book.records() {
            records.set(book.records());
        }
    };
    use_effect(move || {
        changes();
        let chores = book.borrow_mut().follow(&controller.peek());
        show(&book.borrow());
        if chores == Chores::default() {
            return;
        }
        let (store, book) = (store.clone(), book.clone());
        // After the frame that shows the last move: counting draws the statistics again and
        // writes, keeping writes.
        spawn(async move {
            after_next_paint().await;
            if let Some((mode, result)) = chores.count {
                stats.write().record_game(mode, result);
            }
            if let Some(Keeping {
                kept_as,
                started_ms,
                mode,
                game,
            }) = chores.keep
            {
                let number =
                    store.read(|device| keep_game(device, kept_as, started_ms, mode, &game));
                book.borrow_mut().kept(started_ms, number);
                show(&book.borrow());
            }
        });
    });
    records
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_support::{game_from, pass_and_play, tap_move, to_count, vs_ai};
    use crate::session::{SavedGame, SwapRule};
    use duobao_rules::Color;

    /// Red to move; d2d3 captures the treasure.
    const ONE_MOVE_WIN: &str = "BBB/BB.BB/.RT../...R./... r - 0";

    #[test]
    fn a_finished_game_is_counted_once_even_after_undo() {
        let mut controller = pass_and_play(ONE_MOVE_WIN);
        let mut book = Bookkeeper::default();
        assert_eq!(book.follow(&controller).count, None);
        tap_move(&mut controller, "d2d3");
        let (mode, result) = book.follow(&controller).count.unwrap();
        assert_eq!(mode, Mode::PassAndPlay { bottom: Color::Red });
        assert_eq!(result.winner(), Some(Color::Red));
        assert_eq!(book.follow(&controller).count, None);
        controller.undo();
        assert_eq!(book.follow(&controller).count, None);
        let saved = controller.saved_game(book.records()).unwrap();
        assert!(saved.counted);
        tap_move(&mut controller, "d2d3");
        assert_eq!(book.follow(&controller).count, None, "another ending");
        let mut resumed = pass_and_play(duobao_rules::START_FEN);
        let mut reloaded = Bookkeeper::default();
        resumed.resume(saved);
        tap_move(&mut resumed, "d2d3");
        assert_eq!(reloaded.follow(&resumed).count, None, "not counted again");
        resumed.rematch();
        assert_eq!(reloaded.follow(&resumed).count, None);
        assert_eq!(reloaded.records(), Records::default(), "a new game");
    }

    #[test]
    fn a_game_over_from_its_start_is_not_counted() {
        let controller = pass_and_play("BBB/BB.BB/...../RR.RR/RRR b - 0");
        assert!(controller.game().is_over());
        assert_eq!(to_count(&controller), None);
        assert_eq!(Bookkeeper::default().follow(&controller), Chores::default());
    }

    #[test]
    fn a_finished_game_is_kept_once_and_its_number_goes_with_it() {
        let mut controller = pass_and_play(ONE_MOVE_WIN);
        let mut book = Bookkeeper::default();
        assert_eq!(book.follow(&controller).keep, None, "not over yet");
        tap_move(&mut controller, "d2d3");
        let keeping = book.follow(&controller).keep.unwrap();
        assert_eq!(keeping.kept_as, None);
        assert_eq!(keeping.game, *controller.game());
        book.kept(keeping.started_ms, 7);
        controller.undo();
        assert_eq!(book.follow(&controller).keep, None, "unfinished again");
        assert_eq!(
            controller.saved_game(book.records()).unwrap().kept_as,
            Some(7)
        );
        tap_move(&mut controller, "d2d3");
        assert_eq!(book.follow(&controller).keep, None, "kept as it stands");
        controller.undo();
        let mut resumed = vs_ai(Color::Red);
        resumed.resume(controller.saved_game(book.records()).unwrap());
        let mut reloaded = Bookkeeper::default();
        assert_eq!(reloaded.follow(&resumed).keep, None, "still unfinished");
        assert_eq!(
            reloaded.records(),
            Records {
                counted: true,
                kept_as: Some(7)
            },
            "carried by the saved game"
        );
    }

    #[test]
    fn a_game_by_link_is_kept_from_its_start_and_after_every_move_in_its_place() {
        let mut controller = vs_ai(Color::Red);
        controller.resume(SavedGame {
            mode: Mode::ByLink { me: Color::Black },
            turn_seconds: None,
            game: game_from(duobao_rules::START_FEN, &["b2c2"]),
            hints: 0,
            counted: false,
            time_left_ms: None,
            started_ms: 5,
            kept_as: None,
            swap: SwapRule::Off,
            draw_offer: None,
        });
        let mut book = Bookkeeper::default();
        let first = book.follow(&controller).keep.unwrap();
        assert_eq!((first.kept_as, first.started_ms), (None, 5));
        book.kept(5, 3);
        assert_eq!(book.follow(&controller).keep, None, "nothing new");
        tap_move(&mut controller, "b4b3");
        let second = book.follow(&controller).keep.unwrap();
        assert_eq!(second.kept_as, Some(3));
        assert_eq!(second.game.plies().len(), 2);
        book.kept(6, 9);
        assert_eq!(book.records().kept_as, Some(3), "another game's number");
    }
}
