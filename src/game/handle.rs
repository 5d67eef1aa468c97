//! The game as the rest of the app holds it: [`use_game`] provides the controller (inside this
//! folder alone) and its feed of events, and hands out a [`GameHandle`] that starts, continues
//! and leaves games and tells the review what it needs as plain data. Other features never name
//! the controller nor read its signal: what reacts to the game follows its events
//! (`session::use_game_events`), from the app's root.

use dioxus::prelude::*;
use duobao_engine::Level;
use duobao_rules::{Color, Game};

use crate::game::controller::Controller;
use crate::session::events::EventLog;
use crate::session::{use_game_feed, GameNow, GameSetup, Mode, Records, SavedGame};

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

    /// What the app has done with the game (counted, kept), which the statistics and Your
    /// games note as they follow it and the saver writes with it.
    pub fn records(self) -> Signal<Records> {
        self.records
    }

    /// Whether an unfinished game is saved, which the saver keeps.
    pub fn saved_flag(self) -> Signal<bool> {
        self.has_saved_game
    }

    /// Takes actions back as the game screen's Undo does, for the tests of the app around it.
    #[cfg(test)]
    pub fn undo(self) {
        let mut controller = self.controller;
        controller.write().undo();
    }
}

impl GameNow for Controller {
    fn events(&self) -> &EventLog {
        Controller::events(self)
    }

    fn game(&self) -> &Game {
        Controller::game(self)
    }

    fn mode(&self) -> Mode {
        Controller::mode(self)
    }

    fn started_ms(&self) -> u64 {
        Controller::started_ms(self)
    }

    fn saved_game(&self, records: Records) -> Option<SavedGame> {
        Controller::saved_game(self, records)
    }

    fn time_left_ms(&self) -> Option<u64> {
        self.clock().remaining_ms()
    }
}

/// The game as its followers read it.
fn as_now(controller: &Controller) -> &(dyn GameNow + 'static) {
    controller
}

/// Provides the game, begun with `first`'s setup (or the saved game it gives, carried on), to
/// the game screen, and its feed of events to the parts that follow it. The handle is provided
/// too.
pub fn use_game(first: impl FnOnce() -> (GameSetup, Option<SavedGame>)) -> GameHandle {
    let controller = use_context_provider(|| {
        let (setup, resumed) = first();
        let mut controller = Controller::new(setup);
        if let Some(saved) = resumed {
            controller.resume(saved);
        }
        Signal::new(controller)
    });
    use_game_feed(|| ReadSignal::new(MappedSignal::new(controller, as_now)));
    let records = use_signal(Records::default);
    let has_saved_game = use_signal(|| false);
    use_context_provider(|| GameHandle {
        controller,
        records,
        has_saved_game,
    })
}
