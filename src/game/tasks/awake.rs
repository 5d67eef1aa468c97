//! The screen stays awake while the turn clock runs.

use dioxus::prelude::*;

use crate::device;
use crate::game::controller::Controller;

/// The screen stays awake while a turn clock runs: a game on screen, not over, with a turn time,
/// and not paused (menu open, app in the background, the computer stuck).
pub fn keeps_awake(state: &Controller) -> bool {
    let clock = state.clock();
    clock.is_on() && !clock.is_paused() && !state.game().is_over()
}

/// Keeps the screen awake as [`keeps_awake`] says, and lets it dim when the game screen goes.
pub fn use_keep_awake(controller: Signal<Controller>) {
    use_effect(move || device::keep_awake(keeps_awake(&controller.read())));
    use_drop(|| device::keep_awake(false));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::controller::PauseReason;
    use crate::session::{GameSetup, Mode, SwapRule};
    use duobao_engine::Level;
    use duobao_rules::{Color, Position};

    fn game(turn_seconds: Option<u32>) -> Controller {
        Controller::new(GameSetup {
            mode: Mode::VsAi {
                human: Color::Red,
                level: Level::Easy,
            },
            start: Position::start(),
            turn_seconds,
            swap: SwapRule::Off,
        })
    }

    #[test]
    fn the_screen_stays_awake_while_the_clock_runs() {
        assert!(keeps_awake(&game(Some(60))));
        assert!(!keeps_awake(&game(None)), "no turn time");
    }

    #[test]
    fn any_pause_lets_the_screen_dim() {
        for reason in [
            PauseReason::Hidden,
            PauseReason::Overlay,
            PauseReason::AiStuck,
            PauseReason::GameOver,
        ] {
            let mut controller = game(Some(60));
            controller.set_paused(reason, true);
            assert!(!keeps_awake(&controller), "{reason:?}");
            controller.set_paused(reason, false);
            assert!(keeps_awake(&controller), "{reason:?}");
        }
        let mut controller = game(Some(60));
        controller.set_covered(true);
        assert!(!keeps_awake(&controller), "menu open");
        controller.set_covered(false);
        assert!(keeps_awake(&controller), "menu closed");
    }

    #[test]
    fn a_finished_game_lets_the_screen_dim() {
        // Red soldiers on b3 and d2; d2d3 sandwiches the treasure on c3 and wins.
        let mut controller = Controller::new(GameSetup {
            mode: Mode::PassAndPlay { bottom: Color::Red },
            start: Position::from_fen("BBB/BB.BB/.RT../...R./... r - 0").unwrap(),
            turn_seconds: Some(60),
            swap: SwapRule::Off,
        });
        assert!(keeps_awake(&controller));
        let winning: duobao_rules::Move = "d2d3".parse().unwrap();
        assert!(controller.play_move(winning));
        assert!(controller.game().is_over());
        assert!(!keeps_awake(&controller));
    }
}
