//! Options in the page address, e.g. `?mode=pnp&fen=...&turn=5&lang=en`: a shared link (or a
//! test) can open a game straight from a position. The options hold for this visit only and
//! are never saved as the player's settings. A malformed option is ignored (a bad number keeps
//! the setting), but a game the link cannot open (an unknown mode, a bad or finished position)
//! is reported, and the app opens at home. A link never replaces an unfinished saved game
//! without asking.

use duobao_ai::Level;
use duobao_rules::{Color, Game, Position};

use crate::i18n::Lang;
use crate::prefs::{Prefs, TableMode};
use crate::session::{GameSetup, Mode};

/// What the address asks for.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Link {
    lang: Option<Lang>,
    level: Option<Level>,
    turn_seconds: Option<Option<u32>>,
    table_mode: Option<TableMode>,
    coordinates: Option<bool>,
    side: Option<Color>,
    fen: Option<String>,
    mode: Option<String>,
}

/// Why a link's game cannot be opened.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum BadLink {
    UnknownMode(String),
    BadPosition(String),
    GameOver,
}

/// How the app opens.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Opening {
    Home,
    /// The link's game, straight away.
    Game(GameSetup),
    /// The player chooses between the saved game and the link's game.
    Choose(GameSetup),
    /// At home, saying the link's game cannot be opened.
    BadLink(BadLink),
}

impl Link {
    pub fn parse(query: &str) -> Link {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut link = Link::default();
        for (name, value) in form_urlencoded::parse(query.as_bytes()) {
            match &*name {
                "lang" => link.lang = Lang::from_code(&value).or(link.lang),
                "level" => link.level = value.parse::<Level>().ok().or(link.level),
                "turn" if value == "off" => link.turn_seconds = Some(None),
                "turn" => {
                    if let Some(seconds) = value.parse::<u32>().ok().filter(|s| *s > 0) {
                        link.turn_seconds = Some(Some(seconds));
                    }
                }
                "flip" => link.table_mode = Some(TableMode::chosen(value != "0")),
                "coords" => link.coordinates = Some(value != "0"),
                "side" if value == "black" => link.side = Some(Color::Black),
                "side" if value == "red" => link.side = Some(Color::Red),
                "fen" => link.fen = Some(value.into_owned()),
                "mode" => link.mode = Some(value.into_owned()),
                _ => {}
            }
        }
        link
    }

    /// The preferences shown during this visit: the player's own, with the link's options.
    pub fn shown(&self, own: &Prefs) -> Prefs {
        Prefs {
            lang: self.lang.unwrap_or(own.lang),
            level: self.level.unwrap_or(own.level),
            turn_seconds: self.turn_seconds.unwrap_or(own.turn_seconds),
            table_mode: self.table_mode.unwrap_or(own.table_mode),
            coordinates: self.coordinates.unwrap_or(own.coordinates),
            ..*own
        }
    }

    /// The game the link opens with the preferences `shown`, if it names a mode.
    pub fn game(&self, shown: &Prefs) -> Option<Result<GameSetup, BadLink>> {
        let side = self.side.unwrap_or(Color::Red);
        let mode = match self.mode.as_deref()? {
            "ai" => Mode::VsAi {
                human: side,
                level: shown.level,
            },
            "pnp" => Mode::PassAndPlay { bottom: side },
            other => return Some(Err(BadLink::UnknownMode(other.into()))),
        };
        let start = match &self.fen {
            None => Position::start(),
            Some(fen) => match Position::from_fen(fen) {
                Ok(start) => start,
                Err(error) => return Some(Err(BadLink::BadPosition(error.to_string()))),
            },
        };
        if Game::from_position(start).is_over() {
            return Some(Err(BadLink::GameOver));
        }
        Some(Ok(GameSetup {
            mode,
            start,
            turn_seconds: shown.turn_seconds,
        }))
    }

    /// How the app opens, given whether an unfinished game is saved.
    pub fn opening(&self, shown: &Prefs, saved_game: bool) -> Opening {
        match self.game(shown) {
            None => Opening::Home,
            Some(Err(bad)) => Opening::BadLink(bad),
            Some(Ok(setup)) if saved_game => Opening::Choose(setup),
            Some(Ok(setup)) => Opening::Game(setup),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(query: &str, saved_game: bool) -> Opening {
        let link = Link::parse(query);
        link.opening(&link.shown(&Prefs::default()), saved_game)
    }

    #[test]
    fn no_options_change_nothing() {
        let link = Link::parse("");
        assert_eq!(link.shown(&Prefs::default()), Prefs::default());
        assert_eq!(open("", true), Opening::Home);
        assert_eq!(open("?lang=en&turn=5", true), Opening::Home);
    }

    #[test]
    fn a_position_and_mode_open_a_game() {
        let fen = "BBB/BB.BB/.RT../...R./... r - 0";
        let query = format!("?mode=pnp&turn=5&lang=en&fen={}", fen.replace(' ', "+"));
        let link = Link::parse(&query);
        let shown = link.shown(&Prefs::default());
        assert_eq!(shown.lang, Lang::En);
        let Opening::Game(setup) = link.opening(&shown, false) else {
            panic!("the linked game opens")
        };
        assert_eq!(setup.start, Position::from_fen(fen).unwrap());
        assert_eq!(setup.turn_seconds, Some(5));
        assert_eq!(setup.mode, Mode::PassAndPlay { bottom: Color::Red });
    }

    #[test]
    fn a_saved_game_makes_the_player_choose() {
        let Opening::Choose(setup) = open("mode=pnp&turn=5", true) else {
            panic!("the player is asked")
        };
        assert_eq!(setup.turn_seconds, Some(5));
    }

    #[test]
    fn link_options_are_shown_over_the_players_own_and_never_change_them() {
        let own = Prefs {
            turn_seconds: Some(120),
            sound: false,
            ..Prefs::default()
        };
        let link = Link::parse("mode=pnp&turn=5&lang=en&level=master&coords=0&flip=0");
        let shown = link.shown(&own);
        assert_eq!(
            shown,
            Prefs {
                lang: Lang::En,
                level: Level::Master,
                turn_seconds: Some(5),
                coordinates: false,
                table_mode: TableMode::Off,
                ..own
            }
        );
        // What the app keeps when nothing was chosen during the visit: the player's own.
        assert_eq!(own.with_choices(&shown, &shown), own);
    }

    #[test]
    fn vs_ai_takes_side_and_level() {
        let Opening::Game(setup) = open("mode=ai&side=black&level=master&turn=off", false) else {
            panic!("the linked game opens")
        };
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
        let link = Link::parse("mode=pnp&turn=-3&level=god&lang=fr&side=blue&%ZZ");
        assert_eq!(link.shown(&Prefs::default()), Prefs::default());
        let Opening::Game(setup) = link.opening(&Prefs::default(), false) else {
            panic!("the linked game opens")
        };
        assert_eq!(setup.start, Position::start());
        assert_eq!(setup.turn_seconds, Prefs::default().turn_seconds);
    }

    #[test]
    fn a_game_the_link_cannot_open_is_reported() {
        assert_eq!(
            open("mode=chess", false),
            Opening::BadLink(BadLink::UnknownMode("chess".into()))
        );
        assert!(matches!(
            open("mode=pnp&fen=XYZ%20q", true),
            Opening::BadLink(BadLink::BadPosition(_))
        ));
        // A hundred plies without a capture: drawn before it starts.
        assert_eq!(
            open("mode=ai&fen=BBB/BB.BB/..T../RR.RR/RRR+b+-+100", true),
            Opening::BadLink(BadLink::GameOver)
        );
    }
}
