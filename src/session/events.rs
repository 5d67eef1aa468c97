//! What happened in the game on screen, as the controller records it: a game begun, a move, a
//! turn passed, an undo, the swap, a resignation, a draw offered, declined or agreed, a hint
//! shown, the sides flipped, the level changed, a game online called off, the end. Each event carries the generation the
//! game was in after it (the game's generation, which every change bumps).
//!
//! The parts that react to the game — sound, vibration, the announcer, saving, the statistics
//! and Your games — follow these events, each from where it last looked, through
//! [`super::follow::use_game_events`]; a tap that only picks up a piece records none.

use std::collections::VecDeque;

use duobao_engine::Level;
use duobao_rules::{Color, GameResult};

use super::Records;

/// Something that happened in the game on screen.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum GameEvent {
    /// A game began on the screen: a new one, a rematch, or a saved game carried on, with what
    /// the app had done with it before (a new game's records are empty; one over from its start
    /// needs no counting).
    Started(Records),
    /// `by` played a move, capturing or not.
    Moved { by: Color, captured: bool },
    /// `by`'s turn passed: its time ran out, or the player skipped the stuck computer's turn.
    Passed { by: Color, timed_out: bool },
    /// Actions were taken back.
    Undone,
    /// Black took over Red's side by the swap rule.
    Swapped,
    /// This side gave the game up.
    Resigned(Color),
    /// This side left a game played online, and the other claimed the win.
    Left(Color),
    /// This side offered a draw.
    DrawOffered(Color),
    /// This side declined the draw offered to it.
    DrawDeclined(Color),
    /// The players agreed to a draw.
    DrawAgreed,
    /// A hint was shown (and counts as used).
    HintShown,
    /// The players swapped places: the board turned around.
    SidesFlipped,
    /// The computer plays at this level from its next move.
    LevelChanged(Level),
    /// The game online ended without a result: called off before both sides had played, or its
    /// seat on the server is gone. Nothing is left to play on or to count.
    CalledOff,
    /// The game is over, with this result: after the move, pass, resignation or agreement just
    /// recorded, or as it began (a saved game that had ended, a position already decided).
    Ended(GameResult),
}

/// An event as the log keeps it.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Logged {
    /// Events are numbered from 1, across games.
    pub number: u64,
    /// The controller's generation once it happened.
    pub generation: u64,
    pub event: GameEvent,
}

/// The most recent events the log keeps. The parts that follow it look after every render, when
/// a handful at most are new; the rest are let go.
const KEPT: usize = 64;

/// The controller's record of what happened, numbered across games.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct EventLog {
    recent: VecDeque<Logged>,
    last: u64,
}

impl EventLog {
    pub fn record(&mut self, generation: u64, event: GameEvent) {
        self.last += 1;
        if self.recent.len() == KEPT {
            self.recent.pop_front();
        }
        self.recent.push_back(Logged {
            number: self.last,
            generation,
            event,
        });
    }

    /// The number of the newest event; 0 before any.
    pub fn last(&self) -> u64 {
        self.last
    }

    /// The events after the one numbered `seen`, oldest first.
    pub fn since(&self, seen: u64) -> impl Iterator<Item = Logged> + '_ {
        self.recent
            .iter()
            .skip_while(move |logged| logged.number <= seen)
            .copied()
    }
}

/// Where one part has followed the log to.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Follower {
    seen: u64,
}

impl Follower {
    /// A part that follows what happens from now on.
    #[cfg(test)]
    pub fn from_now(log: &EventLog) -> Follower {
        Follower { seen: log.last() }
    }

    /// The events this part has not seen yet, which it now has.
    pub fn news(&mut self, log: &EventLog) -> Vec<GameEvent> {
        let news = log.since(self.seen).map(|logged| logged.event).collect();
        self.seen = log.last();
        news
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moved() -> GameEvent {
        GameEvent::Moved {
            by: Color::Red,
            captured: false,
        }
    }

    #[test]
    fn each_follower_hears_each_event_once_in_order() {
        let mut log = EventLog::default();
        let mut early = Follower::default();
        log.record(1, GameEvent::Started(Records::default()));
        let mut late = Follower::from_now(&log);
        log.record(2, moved());
        log.record(3, GameEvent::Undone);
        assert_eq!(
            early.news(&log),
            [
                GameEvent::Started(Records::default()),
                moved(),
                GameEvent::Undone
            ]
        );
        assert_eq!(late.news(&log), [moved(), GameEvent::Undone]);
        assert!(early.news(&log).is_empty(), "nothing new");
        log.record(3, GameEvent::SidesFlipped);
        assert_eq!(late.news(&log), [GameEvent::SidesFlipped]);
        assert_eq!(
            log.since(3)
                .map(|logged| logged.generation)
                .collect::<Vec<_>>(),
            [3]
        );
    }

    #[test]
    fn the_log_keeps_the_recent_events_and_goes_on_counting() {
        let mut log = EventLog::default();
        let mut follower = Follower::default();
        for generation in 0..200 {
            log.record(generation, moved());
        }
        assert_eq!(log.last(), 200);
        let news = follower.news(&log);
        assert_eq!(news.len(), KEPT);
        assert_eq!(log.since(0).next().map(|logged| logged.number), Some(137));
        log.record(200, GameEvent::Undone);
        assert_eq!(follower.news(&log), [GameEvent::Undone]);
    }
}
