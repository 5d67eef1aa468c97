//! A game on screen counted in the statistics, as its events say: once when it ends, after the
//! frame that shows the last move. Whether it was counted lives here (and in the saved game,
//! which the saver writes with it): nothing is written back into the game once it has ended.

use dioxus::prelude::*;
use duobao_rules::GameResult;

use super::Stats;
use crate::platform::after_next_paint;
use crate::session::{use_game_events, GameEvent, GameNow, Mode, Records};

/// Whether the game on screen has been counted, kept as its events come: counted once when it
/// ends (not again after an undo and another ending, nor after a reload, the saved game carrying
/// [`Records::counted`]). A game over from its start is none of the player's, nor is a game
/// watched online (`Mode::Online { me: None }`): it is never counted.
#[derive(Clone, Debug, Default)]
pub struct Counter {
    counted: bool,
}

impl Counter {
    /// Whether the game has been counted.
    pub fn counted(&self) -> bool {
        self.counted
    }

    /// Takes in `events` (oldest first) of `state`'s game: its mode and result, to count now.
    /// The count is taken as done at once, so that no later event counts the game again.
    pub fn follow(
        &mut self,
        state: &dyn GameNow,
        events: &[GameEvent],
    ) -> Option<(Mode, GameResult)> {
        let mut count = None;
        for event in events {
            match *event {
                GameEvent::Started(records) => self.counted = records.counted,
                GameEvent::Ended(_) if state.mode() == (Mode::Online { me: None }) => {}
                GameEvent::Ended(result) if !self.counted => {
                    self.counted = true;
                    count = Some((state.mode(), result));
                }
                _ => {}
            }
        }
        count
    }
}

/// Counts the game on screen in `stats` as [`Counter`] says, and notes it in `records`.
pub fn use_counting(mut stats: Signal<Stats>, mut records: Signal<Records>) {
    let mut counter = Counter::default();
    use_game_events(move |state, events| {
        let count = counter.follow(state, events);
        if records.peek().counted != counter.counted() {
            records.write().counted = counter.counted();
        }
        if let Some((mode, result)) = count {
            // After the frame that shows the last move: counting draws the statistics again
            // and writes.
            spawn(async move {
                after_next_paint().await;
                stats.write().record_game(mode, result);
            });
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::scripted::Scripted;
    use duobao_rules::{Color, Game, Position};

    /// Red to move; d2d3 captures the treasure.
    const ONE_MOVE_WIN: &str = "BBB/BB.BB/.RT../...R./... r - 0";

    fn pass_and_play(fen: &str, records: Records) -> Scripted {
        let game = Game::from_position(Position::from_fen(fen).unwrap());
        Scripted::started(Mode::PassAndPlay { bottom: Color::Red }, game, 1, records)
    }

    /// What the counter says after the events it has not seen yet.
    fn follow(
        counter: &mut Counter,
        state: &Scripted,
        seen: &mut u64,
    ) -> Option<(Mode, GameResult)> {
        let news: Vec<GameEvent> = state.log.since(*seen).map(|logged| logged.event).collect();
        *seen = state.log.last();
        counter.follow(state, &news)
    }

    #[test]
    fn a_finished_game_is_counted_once_even_after_undo() {
        let mut game = pass_and_play(ONE_MOVE_WIN, Records::default());
        let (mut counter, mut seen) = (Counter::default(), 0);
        assert_eq!(follow(&mut counter, &game, &mut seen), None);
        game.play("d2d3");
        let (mode, result) = follow(&mut counter, &game, &mut seen).unwrap();
        assert_eq!(mode, Mode::PassAndPlay { bottom: Color::Red });
        assert_eq!(result.winner(), Some(Color::Red));
        assert_eq!(follow(&mut counter, &game, &mut seen), None);
        game.undo();
        assert_eq!(follow(&mut counter, &game, &mut seen), None);
        assert!(counter.counted());
        game.play("d2d3");
        assert_eq!(
            follow(&mut counter, &game, &mut seen),
            None,
            "another ending"
        );
        // Reloaded: the saved game carries the count.
        let records = Records {
            counted: counter.counted(),
            kept_as: None,
        };
        let mut resumed = pass_and_play(ONE_MOVE_WIN, records);
        let (mut reloaded, mut seen) = (Counter::default(), 0);
        resumed.play("d2d3");
        assert_eq!(
            follow(&mut reloaded, &resumed, &mut seen),
            None,
            "not counted again"
        );
        resumed.record(GameEvent::Started(Records::default()));
        assert_eq!(follow(&mut reloaded, &resumed, &mut seen), None);
        assert!(!reloaded.counted(), "a new game");
    }

    #[test]
    fn an_online_game_is_counted_once_when_it_ends_and_a_game_watched_never() {
        let as_black = Mode::Online {
            me: Some(Color::Black),
        };
        let mut game = Scripted::started(
            as_black,
            Game::from_position(Position::from_fen(ONE_MOVE_WIN).unwrap()),
            1,
            Records::default(),
        );
        let (mut counter, mut seen) = (Counter::default(), 0);
        assert_eq!(follow(&mut counter, &game, &mut seen), None);
        game.play("d2d3");
        let (mode, result) = follow(&mut counter, &game, &mut seen).unwrap();
        assert_eq!((mode, result.winner()), (as_black, Some(Color::Red)));
        assert_eq!(follow(&mut counter, &game, &mut seen), None, "once");

        // The opponent left and the player claimed the win: an end with no move.
        let mut claimed = Scripted::started(as_black, Game::new(), 2, Records::default());
        let (mut counter, mut seen) = (Counter::default(), 0);
        claimed
            .game
            .concede(duobao_rules::Concession::Abandoned(Color::Red))
            .unwrap();
        claimed.record(GameEvent::Left(Color::Red));
        claimed.record(GameEvent::Ended(claimed.game.result().unwrap()));
        let (_, result) = follow(&mut counter, &claimed, &mut seen).unwrap();
        assert_eq!(result.winner(), Some(Color::Black));

        let watching = Mode::Online { me: None };
        let mut watched = Scripted::started(
            watching,
            Game::from_position(Position::from_fen(ONE_MOVE_WIN).unwrap()),
            3,
            Records::default(),
        );
        let (mut counter, mut seen) = (Counter::default(), 0);
        watched.play("d2d3");
        assert_eq!(follow(&mut counter, &watched, &mut seen), None, "watched");
        assert!(!counter.counted());
    }

    #[test]
    fn a_game_over_from_its_start_is_not_counted() {
        let over = Records {
            counted: true,
            kept_as: None,
        };
        let game = pass_and_play("BBB/BB.BB/...../RR.RR/RRR b - 0", over);
        assert!(game.result().is_some());
        assert_eq!(follow(&mut Counter::default(), &game, &mut 0), None);
    }
}
