//! Options in the page address, e.g. `?mode=pnp&fen=...&turn=5&lang=en`: a shared link (or a
//! test) can open a game straight from a position. Anything malformed is ignored: a bad FEN
//! starts from the normal start position, a bad number keeps the preference.

use duobao_ai::Level;
use duobao_rules::{Color, Position};

use crate::i18n::Lang;
use crate::prefs::Prefs;
use crate::session::{GameSetup, Mode};

/// Applies the address's options to `prefs` and returns the game to open directly, if the
/// address names a mode (`mode=ai` or `mode=pnp`).
pub fn apply(query: &str, prefs: &mut Prefs) -> Option<GameSetup> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut mode = None;
    let mut side = Color::Red;
    let mut start = Position::start();
    for (name, value) in form_urlencoded::parse(query.as_bytes()) {
        match &*name {
            "lang" => prefs.lang = Lang::from_code(&value).unwrap_or(prefs.lang),
            "level" => prefs.level = value.parse::<Level>().unwrap_or(prefs.level),
            "turn" if value == "off" => prefs.turn_seconds = None,
            "turn" => {
                if let Some(seconds) = value.parse::<u32>().ok().filter(|s| *s > 0) {
                    prefs.turn_seconds = Some(seconds);
                }
            }
            "flip" => prefs.flip_top = value != "0",
            "coords" => prefs.coordinates = value != "0",
            "side" if value == "black" => side = Color::Black,
            "fen" => start = Position::from_fen(&value).unwrap_or_default(),
            "mode" => mode = Some(value.into_owned()),
            _ => {}
        }
    }
    let mode = match mode.as_deref() {
        Some("ai") => Mode::VsAi {
            human: side,
            level: prefs.level,
        },
        Some("pnp") => Mode::PassAndPlay { bottom: side },
        _ => return None,
    };
    Some(GameSetup {
        mode,
        start,
        turn_seconds: prefs.turn_seconds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_options_change_nothing() {
        let mut prefs = Prefs::default();
        assert_eq!(apply("", &mut prefs), None);
        assert_eq!(prefs, Prefs::default());
    }

    #[test]
    fn a_position_and_mode_open_a_game() {
        let mut prefs = Prefs::default();
        let fen = "BBB/BB.BB/.RT../...R./... r - 0";
        let query = format!("?mode=pnp&turn=5&lang=en&fen={}", fen.replace(' ', "+"));
        let setup = apply(&query, &mut prefs).unwrap();
        assert_eq!(setup.start, Position::from_fen(fen).unwrap());
        assert_eq!(setup.turn_seconds, Some(5));
        assert_eq!(setup.mode, Mode::PassAndPlay { bottom: Color::Red });
        assert_eq!(prefs.lang, Lang::En);
    }

    #[test]
    fn vs_ai_takes_side_and_level() {
        let mut prefs = Prefs::default();
        let setup = apply("mode=ai&side=black&level=master&turn=off", &mut prefs).unwrap();
        assert_eq!(
            setup.mode,
            Mode::VsAi {
                human: Color::Black,
                level: Level::Master
            }
        );
        assert_eq!(setup.turn_seconds, None);
    }

    #[test]
    fn malformed_options_fall_back_safely() {
        let mut prefs = Prefs::default();
        let setup = apply(
            "mode=pnp&fen=XYZ%20q&turn=-3&level=god&lang=fr&%ZZ",
            &mut prefs,
        )
        .unwrap();
        assert_eq!(setup.start, Position::start());
        assert_eq!(setup.turn_seconds, Prefs::default().turn_seconds);
        assert_eq!(prefs, Prefs::default());
        assert_eq!(apply("mode=chess", &mut prefs), None);
    }
}
