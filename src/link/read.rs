//! Options in the page address, e.g. `?mode=pnp&fen=...&turn=5&swap=1&lang=en`: a shared link (or a
//! test) can open a game straight from a position, and a shared game (`?moves=…`, see
//! [`super::write`]) opens in its review, and a move sent by a friend (`?moves=…&mode=link&game=…`,
//! see [`crate::by_link`]) continues that game, and `?mode=analysis&fen=…` (with `moves=…` to
//! start after them) opens the analysis board. The options hold for this visit only and
//! are never saved as the player's settings. A malformed option is ignored (a bad number keeps
//! the setting), but a game the link cannot open (an unknown mode, a bad or finished position)
//! is reported, and the app opens at home. A link never replaces an unfinished saved game
//! without asking.

use duobao_engine::Level;
use duobao_rules::{Color, Game, Position};

use super::write::{self, BadPly};
use crate::i18n::Lang;
use crate::prefs::{Prefs, TableMode};
use crate::session::{GameSetup, Mode, SwapRule};

/// What the address asks for.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Link {
    lang: Option<Lang>,
    level: Option<Level>,
    turn_seconds: Option<Option<u32>>,
    table_mode: Option<TableMode>,
    coordinates: Option<bool>,
    swap_rule: Option<bool>,
    side: Option<Color>,
    fen: Option<String>,
    mode: Option<String>,
    moves: Option<String>,
    end: Option<String>,
    ply: Option<usize>,
    game_id: Option<u64>,
}

/// Why a link's game cannot be opened.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum BadLink {
    UnknownMode(String),
    BadPosition(String),
    GameOver,
    /// A shared game's ply that is not legal.
    BadPly(BadPly),
}

/// A game as a friend's link carries it: its id and every move so far.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkedGame {
    pub id: u64,
    pub game: Game,
}

/// How the app opens.
#[derive(Clone, Debug, PartialEq)]
pub enum Opening {
    Home,
    /// The link's game, straight away.
    Game(GameSetup),
    /// The player chooses between the saved game and the link's game.
    Choose(GameSetup),
    /// At home, saying the link's game cannot be opened.
    BadLink(BadLink),
    /// A shared game, in its review after this many plies.
    Review(Game, usize),
    /// A move sent by a friend who plays by link: the game it continues, or a new one.
    ByLink(LinkedGame),
    /// A position on the analysis board (`mode=analysis`): the moves from its start, the board
    /// after this many of them.
    Analysis(Game, usize),
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
                "swap" => link.swap_rule = Some(value != "0"),
                "side" if value == "black" => link.side = Some(Color::Black),
                "side" if value == "red" => link.side = Some(Color::Red),
                write::FEN => link.fen = Some(value.into_owned()),
                write::MODE => link.mode = Some(value.into_owned()),
                write::GAME => link.game_id = value.parse().ok(),
                write::MOVES => link.moves = Some(value.into_owned()),
                write::END => link.end = Some(value.into_owned()),
                write::PLY => link.ply = value.parse().ok(),
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
            swap_rule: self.swap_rule.unwrap_or(own.swap_rule),
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
        let start = match self.start() {
            Ok(start) => start,
            Err(bad) => return Some(Err(bad)),
        };
        if Game::from_position(start).is_over() {
            return Some(Err(BadLink::GameOver));
        }
        Some(Ok(GameSetup {
            mode,
            start,
            turn_seconds: shown.turn_seconds,
            swap: SwapRule::chosen(shown.swap_rule),
        }))
    }

    /// The position the link's game starts from: its `fen`, or the start.
    fn start(&self) -> Result<Position, BadLink> {
        match &self.fen {
            None => Ok(Position::start()),
            Some(fen) => {
                Position::from_fen(fen).map_err(|error| BadLink::BadPosition(error.to_string()))
            }
        }
    }

    /// The shared game and the ply to show, if the link carries one.
    fn shared(&self) -> Option<Result<(Game, usize), BadLink>> {
        let moves = self.moves.as_deref()?;
        Some(self.start().and_then(|start| {
            let game = write::replay(start, moves, self.end.as_deref()).map_err(BadLink::BadPly)?;
            let last = game.plies().len();
            Ok((game, self.ply.map_or(last, |ply| ply.min(last))))
        }))
    }

    /// The game a friend sent by link: its id and the game so far, every move replayed.
    fn by_link(&self) -> Result<LinkedGame, BadLink> {
        let id = self
            .game_id
            .ok_or_else(|| BadLink::UnknownMode(write::BY_LINK.into()))?;
        let game = match self.shared() {
            Some(shared) => shared?.0,
            None => Game::from_position(self.start()?),
        };
        Ok(LinkedGame { id, game })
    }

    /// How the app opens, given whether an unfinished game is saved. A shared game opens in its
    /// review, which touches no saved game.
    pub fn opening(&self, shown: &Prefs, saved_game: bool) -> Opening {
        if self.mode.as_deref() == Some(write::BY_LINK) {
            return match self.by_link() {
                Ok(linked) => Opening::ByLink(linked),
                Err(bad) => Opening::BadLink(bad),
            };
        }
        if self.mode.as_deref() == Some(write::ANALYSIS) {
            let analysed = match self.shared() {
                Some(shared) => shared,
                None => self.start().map(|start| (Game::from_position(start), 0)),
            };
            return match analysed {
                Ok((game, at)) => Opening::Analysis(game, at),
                Err(bad) => Opening::BadLink(bad),
            };
        }
        match self.shared() {
            Some(Ok((game, at))) => return Opening::Review(game, at),
            Some(Err(bad)) => return Opening::BadLink(bad),
            None => {}
        }
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
    use crate::prefs::Volume;

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
            sound: Volume::Off,
            ..Prefs::default()
        };
        let link = Link::parse("mode=pnp&turn=5&lang=en&level=master&coords=0&flip=0&swap=1");
        let shown = link.shown(&own);
        assert_eq!(
            shown,
            Prefs {
                lang: Lang::En,
                level: Level::Master,
                turn_seconds: Some(5),
                coordinates: false,
                table_mode: TableMode::Off,
                swap_rule: true,
                ..own
            }
        );
        let Opening::Game(setup) = open("mode=pnp&swap=1", false) else {
            panic!("the linked game opens")
        };
        assert_eq!(setup.swap, SwapRule::On, "the link plays the swap rule");
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
    fn a_shared_game_opens_its_review_at_its_ply() {
        let game = write::replay(Position::start(), "b2c2-b4b3-pass", None).unwrap();
        assert_eq!(
            open("moves=b2c2-b4b3-pass&ply=1", true),
            Opening::Review(game.clone(), 1)
        );
        assert_eq!(
            open("moves=b2c2-b4b3-pass", false),
            Opening::Review(game.clone(), 3)
        );
        assert_eq!(
            open("moves=b2c2-b4b3-pass&ply=99", false),
            Opening::Review(game, 3)
        );
        let query = write::game_query(
            &write::replay(
                Position::from_fen("BBB/BB.BB/.RT../...R./... r - 0").unwrap(),
                "d2d3",
                None,
            )
            .unwrap(),
            0,
        );
        let Opening::Review(from_elsewhere, 0) = open(&query, false) else {
            panic!("{query} opens its review")
        };
        assert!(from_elsewhere.is_over());
        let Opening::Review(resigned, 1) = open("moves=b2c2&end=red-resigns", false) else {
            panic!("a resigned game opens its review")
        };
        assert_eq!(resigned.result().unwrap().to_string(), "black resignation");
    }

    #[test]
    fn an_analysis_link_opens_the_analysis_board_after_its_moves() {
        let fen = "BBB/BB.BB/..T../RR.RR/RRR b - 0";
        let query = |rest: &str| format!("mode=analysis&fen={}{rest}", fen.replace(' ', "+"));
        let start = Position::from_fen(fen).unwrap();
        assert_eq!(
            open(&query(""), true),
            Opening::Analysis(Game::from_position(start), 0),
            "no saved game is asked about: the analysis touches none"
        );
        let game = write::replay(start, "b4b3-b2c2", None).unwrap();
        assert_eq!(
            open(&query("&moves=b4b3-b2c2"), false),
            Opening::Analysis(game.clone(), 2)
        );
        assert_eq!(
            open(&query("&moves=b4b3-b2c2&ply=1"), false),
            Opening::Analysis(game.clone(), 1)
        );
        let shared = write::analysis_query(&game, 1);
        assert_eq!(open(&shared, false), Opening::Analysis(game, 1));
        assert!(matches!(
            open("mode=analysis&fen=nonsense", false),
            Opening::BadLink(BadLink::BadPosition(_))
        ));
        assert!(matches!(
            open("mode=analysis&moves=b2c2-c3c5", false),
            Opening::BadLink(BadLink::BadPly(_))
        ));
    }

    #[test]
    fn a_shared_game_with_an_illegal_ply_is_reported_with_it() {
        assert_eq!(
            open("moves=b2c2-c3c5&mode=pnp", true),
            Opening::BadLink(BadLink::BadPly(BadPly {
                number: 2,
                text: "c3c5".into()
            }))
        );
        assert!(matches!(
            open("moves=b2c2&fen=nonsense", false),
            Opening::BadLink(BadLink::BadPosition(_))
        ));
    }

    #[test]
    fn a_move_sent_by_link_opens_its_game_by_id_every_move_replayed() {
        let Opening::ByLink(linked) = open("moves=b2c2-b4b3&mode=link&game=42", true) else {
            panic!("the friend's game opens")
        };
        assert_eq!(linked.id, 42);
        assert_eq!(
            linked.game,
            write::replay(Position::start(), "b2c2-b4b3", None).unwrap()
        );
        let Opening::ByLink(invited) = open("mode=link&game=7", false) else {
            panic!("an invitation opens")
        };
        assert_eq!(invited.game, Game::new());
        // A tampered move is refused like any bad link, and a link without its id.
        assert_eq!(
            open("moves=b2c2-b4b3-c3c5&mode=link&game=42", false),
            Opening::BadLink(BadLink::BadPly(BadPly {
                number: 3,
                text: "c3c5".into()
            }))
        );
        assert_eq!(
            open("moves=b2c2&mode=link&game=soon", false),
            Opening::BadLink(BadLink::UnknownMode("link".into()))
        );
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
