//! Games and controllers for the tests of the game screen's parts.

use duobao_engine::Level;
use duobao_rules::{Color, GameResult, Position};

use super::{Controller, HintAnswer};
use crate::session::{GameSetup, Mode, SwapRule};
use crate::stats::Counter;
pub use crate::test_games::{game_from, mv};

/// A game against the computer at Easy from the start, with a minute a turn.
pub fn vs_ai(human: Color) -> Controller {
    Controller::new(GameSetup {
        mode: Mode::VsAi {
            human,
            level: Level::Easy,
        },
        start: Position::start(),
        turn_seconds: Some(60),
        swap: SwapRule::Off,
    })
}

/// Two players' game from `fen`, Red at the bottom, with five seconds a turn.
pub fn pass_and_play(fen: &str) -> Controller {
    Controller::new(GameSetup {
        mode: Mode::PassAndPlay { bottom: Color::Red },
        start: Position::from_fen(fen).unwrap(),
        turn_seconds: Some(5),
        swap: SwapRule::Off,
    })
}

/// A game from the start with the swap rule played, a minute a turn (the computer at Easy).
pub fn with_swap_rule(mode: Mode) -> Controller {
    Controller::new(GameSetup {
        mode,
        start: Position::start(),
        turn_seconds: Some(60),
        swap: SwapRule::On,
    })
}

/// Plays `text` as the board offers the player's move.
pub fn tap_move(controller: &mut Controller, text: &str) {
    assert!(controller.play_move(mv(text)), "{text} is played");
}

/// What the statistics would count of the controller's game, following its events from the
/// first: its mode and result once it has ended, unless it was counted before.
pub fn to_count(controller: &Controller) -> Option<(Mode, GameResult)> {
    let news: Vec<_> = controller
        .events()
        .since(0)
        .map(|logged| logged.event)
        .collect();
    Counter::default().follow(controller, &news)
}

/// The engine's answer to a hint, suggesting `best` and saying nothing more of it.
pub fn hint_of(best: duobao_rules::Move) -> HintAnswer {
    HintAnswer {
        best,
        forced: None,
        wins_by_force: None,
    }
}
