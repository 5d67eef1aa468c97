//! The one way to follow the game on screen: [`use_game_events`]. The game provides its feed
//! ([`use_game_feed`]); each part that reacts to it — saving, the statistics, Your games, the
//! sounds, the vibrations, the announcer — is handed the events it has not seen yet, oldest
//! first, with the game as they left it, read-only ([`GameNow`]). None of them holds the game's
//! state, and a tap that only picks up a piece wakes none of them.

use std::cell::Cell;
use std::rc::Rc;

use dioxus::prelude::*;
use duobao_rules::Game;

use super::events::{EventLog, Follower, GameEvent};
use super::{Mode, Records, SavedGame};

/// The game on screen as its followers read it, at the moment of the events they are handed.
pub trait GameNow {
    /// What happened, as the game recorded it.
    fn events(&self) -> &EventLog;
    fn game(&self) -> &Game;
    fn mode(&self) -> Mode;
    /// When the game began (the saved game carries it; it tells a new game from the same one
    /// continued).
    fn started_ms(&self) -> u64;
    /// The game as the device keeps it, with what was done with it (`records`); `None` once it
    /// is over (nothing to continue).
    fn saved_game(&self, records: Records) -> Option<SavedGame>;
    /// The time left on the turn clock, when the game has one.
    fn time_left_ms(&self) -> Option<u64>;
}

/// The game's events as its followers take them: the game, read-only, and the number of its
/// newest event, which changes when something happened, and only then.
#[derive(Copy, Clone)]
pub struct GameFeed {
    game: ReadSignal<dyn GameNow>,
    changes: Memo<u64>,
}

impl GameFeed {
    /// The game, for a follower that must read it between events (saving, as the app goes).
    pub fn game(self) -> ReadSignal<dyn GameNow> {
        self.game
    }

    /// The time left on the turn clock, read reactively: a reader wakes when it changes.
    pub fn time_left_ms(self) -> Option<u64> {
        self.game.read().time_left_ms()
    }
}

/// Provides `game`'s feed to the components below the caller, and to the caller's own hooks
/// after this one.
pub fn use_game_feed(game: impl FnOnce() -> ReadSignal<dyn GameNow>) -> GameFeed {
    let game = use_hook(game);
    let changes = use_memo(move || game.read().events().last());
    use_context_provider(|| GameFeed { game, changes })
}

/// Calls `react` with the game and what happened in it since the last call (oldest first), for
/// as long as the calling component is mounted, from the first event the game's log holds: the
/// followers mount with the app, so that they hear how the game on screen began (a saved game
/// carried on brings what was done with it). A tap that only picks up a piece calls nothing.
pub fn use_game_events(mut react: impl FnMut(&dyn GameNow, &[GameEvent]) + 'static) {
    let GameFeed { game, changes } = use_context();
    let follower = use_hook(|| Rc::new(Cell::new(Follower::default())));
    use_effect(move || {
        changes();
        let state = game.peek();
        let mut following = follower.get();
        let news = following.news(state.events());
        follower.set(following);
        if !news.is_empty() {
            react(&*state, &news);
        }
    });
}

/// A game written by hand for the followers' tests: its events as a game would record them.
#[cfg(test)]
pub mod scripted {
    use duobao_rules::{Game, GameResult, Move};

    use super::super::events::{EventLog, GameEvent};
    use super::super::{Mode, Records, SavedGame, SwapRule};
    use super::GameNow;

    #[derive(Clone, Debug)]
    pub struct Scripted {
        pub log: EventLog,
        pub game: Game,
        pub mode: Mode,
        pub started_ms: u64,
        generation: u64,
    }

    impl Scripted {
        /// A game begun from `game` with `records` (a saved game carried on has some).
        pub fn started(mode: Mode, game: Game, started_ms: u64, records: Records) -> Scripted {
            let mut scripted = Scripted {
                log: EventLog::default(),
                game,
                mode,
                started_ms,
                generation: 0,
            };
            scripted.record(GameEvent::Started(records));
            if let Some(result) = scripted.game.result() {
                scripted.record(GameEvent::Ended(result));
            }
            scripted
        }

        pub fn record(&mut self, event: GameEvent) {
            self.generation += 1;
            self.log.record(self.generation, event);
        }

        /// Plays `text`, recording the move and the end it brings.
        pub fn play(&mut self, text: &str) {
            let m: Move = text.parse().unwrap();
            let played = self.game.play(m.into()).unwrap();
            self.record(GameEvent::Moved {
                by: played.mover,
                captured: !played.captured.is_empty(),
            });
            if let Some(result) = self.game.result() {
                self.record(GameEvent::Ended(result));
            }
        }

        /// Takes the last ply back.
        pub fn undo(&mut self) {
            self.game.undo();
            self.record(GameEvent::Undone);
        }

        /// The result it ended with, if it has.
        pub fn result(&self) -> Option<GameResult> {
            self.game.result()
        }
    }

    impl GameNow for Scripted {
        fn events(&self) -> &EventLog {
            &self.log
        }

        fn game(&self) -> &Game {
            &self.game
        }

        fn mode(&self) -> Mode {
            self.mode
        }

        fn started_ms(&self) -> u64 {
            self.started_ms
        }

        fn saved_game(&self, records: Records) -> Option<SavedGame> {
            (!self.game.is_over()).then(|| SavedGame {
                online: None,
                mode: self.mode,
                turn_seconds: None,
                game: self.game.clone(),
                hints: 0,
                counted: records.counted,
                time_left_ms: None,
                started_ms: self.started_ms,
                kept_as: records.kept_as,
                swap: SwapRule::Off,
                draw_offer: None,
            })
        }

        fn time_left_ms(&self) -> Option<u64> {
            None
        }
    }
}
