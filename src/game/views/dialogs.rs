//! Which dialog covers the game: the menu, which the player opens and closes, or the result,
//! which opens by itself when the game ends. The player may set the result aside to look at
//! the board; any change of the game (an undo, a rematch) brings it back once the game is over.

use crate::game::controller::Controller;

#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Dialogs {
    menu_open: bool,
    /// The game generation in which the result was set aside.
    result_set_aside_in: Option<u64>,
}

impl Dialogs {
    pub fn is_menu_open(&self) -> bool {
        self.menu_open
    }

    /// The clock waits while the menu is open, so the controller is told too.
    pub fn set_menu_open(&mut self, open: bool, controller: &mut Controller) {
        self.menu_open = open;
        controller.set_covered(open);
    }

    pub fn is_result_open(&self, controller: &Controller) -> bool {
        controller.game().is_over() && self.result_set_aside_in != Some(controller.generation())
    }

    /// Closes the result so the board and the move list can be looked at.
    pub fn set_result_aside(&mut self, controller: &Controller) {
        self.result_set_aside_in = Some(controller.generation());
    }

    pub fn reopen_result(&mut self) {
        self.result_set_aside_in = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::controller::PauseReason;
    use crate::session::{GameSetup, Mode, SwapRule};
    use duobao_rules::{Color, Position};

    /// Red to move, and d2d3 captures the treasure.
    fn one_move_from_the_end() -> Controller {
        Controller::new(GameSetup {
            mode: Mode::PassAndPlay { bottom: Color::Red },
            start: Position::from_fen("BBB/BB.BB/.RT../...R./... r - 0").unwrap(),
            turn_seconds: Some(5),
            swap: SwapRule::Off,
        })
    }

    fn play(controller: &mut Controller, from: &str, to: &str) {
        let m = format!("{from}{to}").parse().unwrap();
        assert!(controller.play_move(m));
    }

    #[test]
    fn the_result_opens_when_the_game_ends() {
        let mut controller = one_move_from_the_end();
        let dialogs = Dialogs::default();
        assert!(!dialogs.is_result_open(&controller));
        play(&mut controller, "d2", "d3");
        assert!(dialogs.is_result_open(&controller));
    }

    #[test]
    fn a_result_set_aside_stays_aside_until_reopened_or_the_game_changes() {
        let mut controller = one_move_from_the_end();
        let mut dialogs = Dialogs::default();
        play(&mut controller, "d2", "d3");
        dialogs.set_result_aside(&controller);
        assert!(!dialogs.is_result_open(&controller));
        dialogs.reopen_result();
        assert!(dialogs.is_result_open(&controller));
        dialogs.set_result_aside(&controller);
        controller.undo();
        play(&mut controller, "d2", "d3");
        assert!(
            dialogs.is_result_open(&controller),
            "the same end reached again"
        );
    }

    #[test]
    fn the_open_menu_stops_the_clock() {
        let mut controller = one_move_from_the_end();
        let mut dialogs = Dialogs::default();
        dialogs.set_menu_open(true, &mut controller);
        assert!(dialogs.is_menu_open());
        assert!(controller.clock().is_paused_by(PauseReason::Overlay));
        dialogs.set_menu_open(false, &mut controller);
        assert!(!dialogs.is_menu_open());
        assert!(!controller.clock().is_paused());
    }
}
