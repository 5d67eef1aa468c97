//! The game on screen kept in Your games, as its events say, after the frame that shows the last
//! move; and an unfinished game that another replaces on the device. The number the game is kept
//! under lives here (and in the saved game, which the saver writes with it): nothing is written
//! back into the game once it has ended.

use std::cell::RefCell;
use std::rc::Rc;

use dioxus::prelude::*;
use duobao_rules::Game;

use super::keep_game;
use crate::platform::after_next_paint;
use crate::session::{use_game_events, GameEvent, GameNow, Mode, Records, SavedGame};
use crate::storage::DeviceStore;

/// Where the game on screen stands in Your games, kept as its events come: kept when it ends,
/// and again, in its place, when it ends otherwise after an undo. A game over from its start is
/// none of the player's. A game with a friend by link is kept from its start and after every
/// move, so that the list says whose move it waits for and the friend's next link finds it.
#[derive(Clone, Debug, Default)]
pub struct Keeper {
    kept_as: Option<u64>,
    /// When the game followed started.
    started_ms: u64,
    /// The game as last kept, with when it started.
    last_kept: Option<(u64, Game)>,
}

/// A game to keep in Your games, as [`keep_game`] takes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Keeping {
    pub kept_as: Option<u64>,
    pub started_ms: u64,
    pub mode: Mode,
    pub game: Game,
}

impl Keeper {
    /// The game's number in Your games, once kept there.
    pub fn kept_as(&self) -> Option<u64> {
        self.kept_as
    }

    /// Takes in `events` (oldest first) of `state`'s game: the game to keep now, if any.
    pub fn follow(&mut self, state: &dyn GameNow, events: &[GameEvent]) -> Option<Keeping> {
        if events.is_empty() {
            return None;
        }
        for event in events {
            if let GameEvent::Started(records) = *event {
                self.kept_as = records.kept_as;
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
        (worth_keeping && !kept).then(|| {
            self.last_kept = Some((self.started_ms, game.clone()));
            Keeping {
                kept_as: self.kept_as,
                started_ms: self.started_ms,
                mode: state.mode(),
                game: game.clone(),
            }
        })
    }

    /// The game that started at `started_ms` is kept as `number`: kept again, it replaces that
    /// entry.
    pub fn kept(&mut self, started_ms: u64, number: u64) {
        if started_ms == self.started_ms {
            self.kept_as = Some(number);
        }
    }
}

/// Keeps the game on screen in Your games as [`Keeper`] says, and notes its number in
/// `records`.
pub fn use_keeping(store: DeviceStore, mut records: Signal<Records>) {
    let keeper = use_hook(|| Rc::new(RefCell::new(Keeper::default())));
    let mut show = move |keeper: &Keeper| {
        if records.peek().kept_as != keeper.kept_as() {
            records.write().kept_as = keeper.kept_as();
        }
    };
    let following = keeper.clone();
    use_game_events(move |state, events| {
        let keep = following.borrow_mut().follow(state, events);
        show(&following.borrow());
        let Some(Keeping {
            kept_as,
            started_ms,
            mode,
            game,
        }) = keep
        else {
            return;
        };
        let (store, keeper) = (store.clone(), following.clone());
        // After the frame that shows the last move: keeping writes.
        spawn(async move {
            after_next_paint().await;
            let number = store.read(|device| keep_game(device, kept_as, started_ms, mode, &game));
            keeper.borrow_mut().kept(started_ms, number);
            show(&keeper.borrow());
        });
    });
}

/// Keeps in Your games an unfinished game that another replaced on the device, in its place if
/// it was kept before.
pub fn keep_replaced(store: &DeviceStore, replaced: &SavedGame) {
    store.read(|device| {
        keep_game(
            device,
            replaced.kept_as,
            replaced.started_ms,
            replaced.mode,
            &replaced.game,
        )
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::scripted::Scripted;
    use duobao_rules::{Color, Position};

    /// Red to move; d2d3 captures the treasure.
    const ONE_MOVE_WIN: &str = "BBB/BB.BB/.RT../...R./... r - 0";

    /// What the keeper says after the events it has not seen yet.
    fn follow(keeper: &mut Keeper, state: &Scripted, seen: &mut u64) -> Option<Keeping> {
        let news: Vec<GameEvent> = state.log.since(*seen).map(|logged| logged.event).collect();
        *seen = state.log.last();
        keeper.follow(state, &news)
    }

    fn game_from(fen: &str) -> Game {
        Game::from_position(Position::from_fen(fen).unwrap())
    }

    #[test]
    fn a_finished_game_is_kept_once_and_its_number_goes_with_it() {
        let mode = Mode::PassAndPlay { bottom: Color::Red };
        let mut game = Scripted::started(mode, game_from(ONE_MOVE_WIN), 1, Records::default());
        let (mut keeper, mut seen) = (Keeper::default(), 0);
        assert_eq!(follow(&mut keeper, &game, &mut seen), None, "not over yet");
        game.play("d2d3");
        let keeping = follow(&mut keeper, &game, &mut seen).unwrap();
        assert_eq!(keeping.kept_as, None);
        assert_eq!(keeping.game, game.game);
        keeper.kept(keeping.started_ms, 7);
        game.undo();
        assert_eq!(
            follow(&mut keeper, &game, &mut seen),
            None,
            "unfinished again"
        );
        assert_eq!(keeper.kept_as(), Some(7));
        game.play("d2d3");
        assert_eq!(
            follow(&mut keeper, &game, &mut seen),
            None,
            "kept as it stands"
        );
        game.undo();
        let records = Records {
            counted: true,
            kept_as: keeper.kept_as(),
        };
        let resumed = Scripted::started(mode, game.game.clone(), 1, records);
        let (mut reloaded, mut seen) = (Keeper::default(), 0);
        assert_eq!(
            follow(&mut reloaded, &resumed, &mut seen),
            None,
            "still unfinished"
        );
        assert_eq!(reloaded.kept_as(), Some(7), "carried by the saved game");
    }

    #[test]
    fn a_game_by_link_is_kept_from_its_start_and_after_every_move_in_its_place() {
        let mut friendly = Game::new();
        friendly
            .play("b2c2".parse::<duobao_rules::Move>().unwrap().into())
            .unwrap();
        let mut game = Scripted::started(
            Mode::ByLink { me: Color::Black },
            friendly,
            5,
            Records::default(),
        );
        let (mut keeper, mut seen) = (Keeper::default(), 0);
        let first = follow(&mut keeper, &game, &mut seen).unwrap();
        assert_eq!((first.kept_as, first.started_ms), (None, 5));
        keeper.kept(5, 3);
        assert_eq!(follow(&mut keeper, &game, &mut seen), None, "nothing new");
        game.play("b4b3");
        let second = follow(&mut keeper, &game, &mut seen).unwrap();
        assert_eq!(second.kept_as, Some(3));
        assert_eq!(second.game.plies().len(), 2);
        keeper.kept(6, 9);
        assert_eq!(keeper.kept_as(), Some(3), "another game's number");
    }

    #[test]
    fn a_game_over_from_its_start_is_not_kept() {
        let over = game_from("BBB/BB.BB/...../RR.RR/RRR b - 0");
        let mode = Mode::PassAndPlay { bottom: Color::Red };
        let game = Scripted::started(mode, over, 1, Records::default());
        assert_eq!(follow(&mut Keeper::default(), &game, &mut 0), None);
    }
}
