//! The games a new-game button starts (home, *Play from here*), built from the player's
//! preferences.

use duobao_rules::{Color, Position};

use crate::prefs::Prefs;
use crate::session::{GameSetup, Mode, SwapRule};

/// Against the computer, from the start, with `human` on the player's side.
pub fn vs_ai(human: Color, prefs: &Prefs) -> GameSetup {
    new_game(
        Mode::VsAi {
            human,
            level: prefs.level,
        },
        prefs,
    )
}

/// Two players on one phone; red holds it the right way up, as red moves first.
pub fn pass_and_play(prefs: &Prefs) -> GameSetup {
    new_game(Mode::PassAndPlay { bottom: Color::Red }, prefs)
}

/// With a friend by link, `me` played on this phone: no clock (the friend answers when they
/// can) and the original rules.
pub fn by_link(me: Color) -> GameSetup {
    GameSetup {
        mode: Mode::ByLink { me },
        start: Position::start(),
        turn_seconds: None,
        swap: SwapRule::Off,
    }
}

fn new_game(mode: Mode, prefs: &Prefs) -> GameSetup {
    GameSetup {
        mode,
        start: Position::start(),
        turn_seconds: prefs.turn_seconds,
        swap: SwapRule::chosen(prefs.swap_rule),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_engine::Level;

    #[test]
    fn games_start_from_the_start_with_the_chosen_level_and_turn_time() {
        let prefs = Prefs {
            level: Level::Hard,
            turn_seconds: Some(15),
            ..Prefs::default()
        };
        let setup = vs_ai(Color::Black, &prefs);
        assert_eq!(
            setup.mode,
            Mode::VsAi {
                human: Color::Black,
                level: Level::Hard
            }
        );
        assert_eq!(setup.start, Position::start());
        assert_eq!(setup.turn_seconds, Some(15));
        let setup = pass_and_play(&Prefs::default());
        assert_eq!(setup.mode, Mode::PassAndPlay { bottom: Color::Red });
        assert_eq!(setup.turn_seconds, Some(60));
        assert_eq!(setup.swap, SwapRule::Off, "the original rules by default");
        let fair = Prefs {
            swap_rule: true,
            ..Prefs::default()
        };
        assert_eq!(pass_and_play(&fair).swap, SwapRule::On);
        let by_link = by_link(Color::Black);
        assert_eq!(by_link.mode, Mode::ByLink { me: Color::Black });
        assert_eq!((by_link.turn_seconds, by_link.swap), (None, SwapRule::Off));
    }
}
