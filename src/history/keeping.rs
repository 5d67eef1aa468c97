//! The game on screen kept in Your games, as its events say, after the frame that shows the last
//! move; and an unfinished game that another replaces on the device. The number the game is kept
//! under lives here (and in the saved game, which the saver writes with it): nothing is written
//! back into the game once it has ended.

use std::cell::RefCell;
use std::rc::Rc;

use dioxus::prelude::*;
use duobao_rules::Game;

use super::keep_game;
use super::model::LiveSeat;
use crate::platform::after_next_paint;
use crate::session::{use_game_events, GameEvent, GameNow, Mode, Records, SavedGame};
use crate::storage::DeviceStore;

/// Where the game on screen stands in Your games, kept as its events come: kept when it ends,
/// and again, in its place, when it ends otherwise after an undo. A game over from its start is
/// none of the player's. A game with a friend by link is kept from its start and after every
/// move, so that the list says whose move it waits for and the friend's next link finds it. A
/// game played online is kept from its first move, after every move and whenever its seat on
/// the server changes, with that seat while it is live, so that it can be played on from the
/// list; once over, without it, for review. A game watched online is never kept.
#[derive(Clone, Debug, Default)]
pub struct Keeper {
    kept_as: Option<u64>,
    /// When the game followed started.
    started_ms: u64,
    /// The game as last kept, with when it started and its seat online.
    last_kept: Option<(u64, Game, Option<LiveSeat>)>,
}

/// A game to keep in Your games, as [`keep_game`] takes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Keeping {
    pub kept_as: Option<u64>,
    pub started_ms: u64,
    pub mode: Mode,
    pub game: Game,
    /// A live game online: its seat, to play it on.
    pub online: Option<LiveSeat>,
}

/// A game watched online, which is none of the player's: never kept.
fn watched(mode: Mode) -> bool {
    mode == Mode::Online { me: None }
}

/// The seat of a game played online and not over, as the game on screen would be saved (none
/// once it is over).
fn live_seat(state: &dyn GameNow) -> Option<LiveSeat> {
    if !state.mode().is_online() || state.game().is_over() {
        return None;
    }
    let saved = state.saved_game(Records::default())?;
    Some(LiveSeat {
        seat: *saved.online?,
        turn_seconds: saved.turn_seconds,
    })
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
        let (mode, game) = (state.mode(), state.game());
        if watched(mode) {
            return None;
        }
        let begun = !game.plies().is_empty();
        let worth_keeping = mode.is_by_link() || (begun && (mode.is_online() || game.is_over()));
        if !worth_keeping {
            return None;
        }
        let online = live_seat(state);
        let kept = self
            .last_kept
            .as_ref()
            .is_some_and(|(started_ms, kept, seat)| {
                *started_ms == self.started_ms && kept == game && *seat == online
            });
        (!kept).then(|| {
            self.last_kept = Some((self.started_ms, game.clone(), online.clone()));
            Keeping {
                kept_as: self.kept_as,
                started_ms: self.started_ms,
                mode,
                game: game.clone(),
                online,
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
        let Some(keeping) = keep else {
            return;
        };
        let (store, keeper) = (store.clone(), following.clone());
        // After the frame that shows the last move: keeping writes.
        spawn(async move {
            after_next_paint().await;
            let number = store.read(|device| keep_game(device, &keeping));
            keeper.borrow_mut().kept(keeping.started_ms, number);
            show(&keeper.borrow());
        });
    });
}

/// What of `replaced`, an unfinished game another replaced on the device, Your games keeps: the
/// game, in its place if it was kept before, and a live online game's seat; nothing of a game
/// watched.
fn replaced_keeping(replaced: &SavedGame) -> Option<Keeping> {
    if watched(replaced.mode) {
        return None;
    }
    let online = match &replaced.online {
        Some(seat) if replaced.mode.is_online() && !replaced.game.is_over() => Some(LiveSeat {
            seat: (**seat).clone(),
            turn_seconds: replaced.turn_seconds,
        }),
        _ => None,
    };
    Some(Keeping {
        kept_as: replaced.kept_as,
        started_ms: replaced.started_ms,
        mode: replaced.mode,
        game: replaced.game.clone(),
        online,
    })
}

/// Keeps in Your games an unfinished game that another replaced on the device, in its place if
/// it was kept before; a live online game with its seat, to be played on from the list.
pub fn keep_replaced(store: &DeviceStore, replaced: &SavedGame) {
    if let Some(keeping) = replaced_keeping(replaced) {
        store.read(|device| keep_game(device, &keeping));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::scripted::Scripted;
    use crate::session::OnlineSeat;
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

    /// A game on screen played online: the scripted game, with its seat on the server as the
    /// game screen would save it.
    struct Online {
        scripted: Scripted,
        seat: OnlineSeat,
        /// Called off on the server, or its seat gone: the game screen saves it no more.
        called_off: bool,
    }

    impl GameNow for Online {
        fn events(&self) -> &crate::session::events::EventLog {
            self.scripted.events()
        }
        fn game(&self) -> &Game {
            self.scripted.game()
        }
        fn mode(&self) -> Mode {
            self.scripted.mode()
        }
        fn started_ms(&self) -> u64 {
            self.scripted.started_ms()
        }
        fn saved_game(&self, records: Records) -> Option<SavedGame> {
            let saved = self
                .scripted
                .saved_game(records)
                .filter(|_| !self.called_off)?;
            Some(SavedGame {
                online: Some(Box::new(self.seat.clone())),
                turn_seconds: Some(60),
                ..saved
            })
        }
        fn time_left_ms(&self) -> Option<u64> {
            None
        }
    }

    fn follow_online(keeper: &mut Keeper, state: &Online, seen: &mut u64) -> Option<Keeping> {
        let news: Vec<GameEvent> = state
            .scripted
            .log
            .since(*seen)
            .map(|logged| logged.event)
            .collect();
        *seen = state.scripted.log.last();
        keeper.follow(state, &news)
    }

    fn online(me: Option<Color>, fen: &str) -> Online {
        Online {
            scripted: Scripted::started(
                Mode::Online { me },
                game_from(fen),
                11,
                Records::default(),
            ),
            // Read as the device keeps it, so that a field added to the seat needs no change here.
            seat: serde_json::from_value(match me {
                Some(_) => serde_json::json!({"id": "g1", "secret": "secret", "version": 1}),
                None => serde_json::json!({"id": "g1", "version": 1}),
            })
            .unwrap(),
            called_off: false,
        }
    }

    #[test]
    fn a_game_online_is_kept_with_its_seat_after_every_move_and_without_it_once_over() {
        let mut game = online(Some(Color::Red), duobao_rules::START_FEN);
        let (mut keeper, mut seen) = (Keeper::default(), 0);
        assert_eq!(
            follow_online(&mut keeper, &game, &mut seen),
            None,
            "no move yet: an invitation is not a game"
        );
        game.scripted.play("b2c2");
        let first = follow_online(&mut keeper, &game, &mut seen).unwrap();
        let seat = first.online.clone().expect("a live game keeps its seat");
        assert_eq!((seat.seat.id.as_str(), seat.turn_seconds), ("g1", Some(60)));
        assert_eq!(first.kept_as, None);
        keeper.kept(11, 4);
        // The server's next version, with no move (a draw offered): kept again, in its place.
        game.seat.version = 2;
        game.scripted.record(GameEvent::DrawOffered(Color::Black));
        let again = follow_online(&mut keeper, &game, &mut seen).unwrap();
        assert_eq!(again.kept_as, Some(4));
        assert_eq!(again.online.unwrap().seat.version, 2);
        game.scripted.record(GameEvent::DrawDeclined(Color::Red));
        assert_eq!(
            follow_online(&mut keeper, &game, &mut seen),
            None,
            "nothing new to keep"
        );
        game.seat.version = 3;
        game.scripted.play("b4b3");
        assert_eq!(
            follow_online(&mut keeper, &game, &mut seen).map(|kept| kept.game.plies().len()),
            Some(2),
            "the opponent's move"
        );
        // The opponent resigns.
        game.seat.version = 4;
        let resigned = duobao_rules::Concession::Resigned(Color::Black);
        game.scripted.game.concede(resigned).unwrap();
        game.scripted.record(GameEvent::Resigned(Color::Black));
        game.scripted
            .record(GameEvent::Ended(game.scripted.result().unwrap()));
        let over = follow_online(&mut keeper, &game, &mut seen).unwrap();
        assert_eq!(over.kept_as, Some(4));
        assert_eq!(over.online, None, "over: kept for review, its seat dropped");
    }

    #[test]
    fn a_game_online_called_off_is_kept_without_its_seat() {
        let mut game = online(Some(Color::Red), duobao_rules::START_FEN);
        let (mut keeper, mut seen) = (Keeper::default(), 0);
        game.scripted.play("b2c2");
        let live = follow_online(&mut keeper, &game, &mut seen).unwrap();
        assert!(live.online.is_some());
        keeper.kept(11, 2);
        game.called_off = true;
        game.scripted.record(GameEvent::CalledOff);
        let kept = follow_online(&mut keeper, &game, &mut seen).unwrap();
        assert_eq!(kept.kept_as, Some(2), "in its place");
        assert_eq!(kept.online, None, "nothing to play on: no longer in play");
    }

    #[test]
    fn a_game_watched_online_is_never_kept() {
        let mut game = online(None, ONE_MOVE_WIN);
        let (mut keeper, mut seen) = (Keeper::default(), 0);
        assert_eq!(follow_online(&mut keeper, &game, &mut seen), None);
        game.scripted.play("d2d3");
        assert_eq!(follow_online(&mut keeper, &game, &mut seen), None, "over");
        let saved = game.saved_game(Records::default());
        assert_eq!(saved, None);
        let mut replaced = online(None, ONE_MOVE_WIN)
            .saved_game(Records::default())
            .unwrap();
        assert_eq!(replaced_keeping(&replaced), None, "watched, replaced");
        replaced.mode = Mode::Online {
            me: Some(Color::Red),
        };
        let kept = replaced_keeping(&replaced).unwrap();
        assert_eq!(kept.online.unwrap().seat.id, "g1", "played, replaced");
    }

    #[test]
    fn a_game_over_from_its_start_is_not_kept() {
        let over = game_from("BBB/BB.BB/...../RR.RR/RRR b - 0");
        let mode = Mode::PassAndPlay { bottom: Color::Red };
        let game = Scripted::started(mode, over, 1, Records::default());
        assert_eq!(follow(&mut Keeper::default(), &game, &mut 0), None);
    }
}
