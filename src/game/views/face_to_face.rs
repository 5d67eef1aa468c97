//! Face-to-face mode (对坐模式; the preference is [`TableMode`]): which parts of the
//! pass-and-play screen turn around to face the player across the table. Only the game screen
//! turns; lessons, puzzles and the review are read by one player.

use dioxus::prelude::*;
use duobao_rules::{Color, GameResult};

use crate::game::controller::{Controller, Notice};
use crate::platform::is_handheld;
use crate::prefs::{Prefs, TableMode};

/// Which side, if any, has its things turned to face it.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Facing {
    across: Option<Color>,
}

impl Facing {
    /// `across` is the player at the top (none against the computer).
    pub fn new(across: Option<Color>, table_mode: TableMode, handheld: bool) -> Facing {
        Facing {
            across: across.filter(|_| table_mode.is_on(handheld)),
        }
    }

    /// The side whose soldiers' characters turn, for the board.
    pub fn across(self) -> Option<Color> {
        self.across
    }

    /// `color`'s bar and soldiers.
    pub fn turns(self, color: Color) -> bool {
        self.across == Some(color)
    }

    /// A notice turns to the player it is for: the one whose time ran out, the one who offered
    /// a draw, and then the one told it was declined.
    pub fn turns_notice(self, notice: Notice) -> bool {
        match notice {
            Notice::TimedOut(color) | Notice::DrawOffered(color) => self.turns(color),
            Notice::DrawDeclined(color) => self.turns(color.other()),
            // Told to the player who opened, now playing Black and to move.
            Notice::SidesSwapped => self.turns(Color::Black),
        }
    }

    /// The result faces the winner, who reads the news first and is the one to ask for the
    /// rematch; a draw, like the menu, faces the bottom of the phone.
    pub fn turns_result(self, result: GameResult) -> bool {
        result.winner().is_some_and(|winner| self.turns(winner))
    }
}

/// A dialog over the game, turned to face the player across the table when `turned`: its layer
/// covers the screen, so the dialog's fixed backdrop fills it as usual, upside down.
#[component]
pub fn FacingLayer(turned: bool, children: Element) -> Element {
    rsx! {
        div {
            class: if turned { "facing-layer turned" } else { "facing-layer" },
            "data-rotated": turned,
            {children}
        }
    }
}

/// What turns on the game screen now, from the game and the preferences.
/// Whether the device is handheld is asked of the browser once per screen, not at each tap.
pub fn use_facing() -> Facing {
    let controller: Signal<Controller> = use_context();
    let prefs: Signal<Prefs> = use_context();
    let handheld = use_hook(is_handheld);
    let table_mode = prefs.read().table_mode;
    let across = controller.read().mode().across_the_table();
    Facing::new(across, table_mode, handheld)
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_rules::{DrawReason, Win, WinReason};

    fn win(winner: Color) -> GameResult {
        GameResult::Win(Win {
            winner,
            reason: WinReason::Blockade,
        })
    }

    #[test]
    fn in_table_mode_the_top_players_things_turn_to_them() {
        let facing = Facing::new(Some(Color::Black), TableMode::Auto, true);
        assert!(facing.turns(Color::Black));
        assert!(!facing.turns(Color::Red));
        assert_eq!(facing.across(), Some(Color::Black));
        assert!(facing.turns_notice(Notice::TimedOut(Color::Black)));
        assert!(!facing.turns_notice(Notice::TimedOut(Color::Red)));
        assert!(facing.turns_notice(Notice::DrawOffered(Color::Black)));
        assert!(
            facing.turns_notice(Notice::DrawDeclined(Color::Red)),
            "Black, who offered, is told"
        );
        assert!(!facing.turns_notice(Notice::DrawDeclined(Color::Black)));
        assert!(facing.turns_result(win(Color::Black)));
        assert!(!facing.turns_result(win(Color::Red)));
        assert!(!facing.turns_result(GameResult::Draw(DrawReason::Quiet)));
    }

    #[test]
    fn nothing_turns_off_the_table_or_against_the_computer() {
        let nothing = |facing: Facing| {
            Color::BOTH.iter().all(|&color| {
                !facing.turns(color)
                    && !facing.turns_notice(Notice::TimedOut(color))
                    && !facing.turns_result(win(color))
            })
        };
        assert!(nothing(Facing::new(Some(Color::Red), TableMode::Off, true)));
        assert!(nothing(Facing::new(
            Some(Color::Red),
            TableMode::Auto,
            false
        )));
        assert!(nothing(Facing::new(None, TableMode::On, true)));
        assert!(!nothing(Facing::new(
            Some(Color::Red),
            TableMode::On,
            false
        )));
    }
}
