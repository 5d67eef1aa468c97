//! The player's choices of look, and the two colour schemes the themes come down to.

use serde::{Deserialize, Serialize};

use crate::choice::Choice;
use crate::i18n::Key;

/// Light or dark, or as the system is.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

/// The colours a theme comes down to once the system's appearance is known.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Scheme {
    Light,
    Dark,
}

/// The board's wood and lines.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardStyle {
    #[default]
    Wood,
    Light,
    /// White with black lines, for bright sunlight and weak eyes.
    Contrast,
}

/// How the soldiers are drawn.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceSet {
    /// Ivory tokens with the character engraved in the side's colour.
    #[default]
    Engraved,
    /// Solid tokens whose sides differ by shape as well as colour (Red round, Black square), for
    /// players who cannot tell red from black.
    Flat,
}

/// Everything the look script is told.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Look {
    pub theme: Theme,
    pub board: BoardStyle,
    pub pieces: PieceSet,
}

impl Theme {
    #[cfg(any(test, feature = "desktop", feature = "mobile"))]
    pub fn scheme(self, system: Scheme) -> Scheme {
        match self {
            Theme::System => system,
            Theme::Light => Scheme::Light,
            Theme::Dark => Scheme::Dark,
        }
    }
}

impl Choice for Theme {
    const ALL: &'static [Theme] = &[Theme::System, Theme::Light, Theme::Dark];

    fn code(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    fn label(self) -> Key {
        match self {
            Theme::System => Key::ThemeSystem,
            Theme::Light => Key::ThemeLight,
            Theme::Dark => Key::ThemeDark,
        }
    }
}

#[cfg_attr(not(any(feature = "desktop", feature = "mobile")), allow(dead_code))]
impl Scheme {
    pub fn from_code(code: &str) -> Option<Scheme> {
        match code {
            "light" => Some(Scheme::Light),
            "dark" => Some(Scheme::Dark),
            _ => None,
        }
    }

    /// The table's colour (`--table` of `assets/main.css`): the page's background, and so the
    /// native window's and the status bar's, which must match it from the first frame.
    pub fn background(self) -> (u8, u8, u8) {
        match self {
            Scheme::Light => (0xf3, 0xea, 0xdb),
            Scheme::Dark => (0x2a, 0x1c, 0x11),
        }
    }

    #[cfg(test)]
    fn background_hex(self) -> String {
        let (r, g, b) = self.background();
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

impl Choice for BoardStyle {
    const ALL: &'static [BoardStyle] = &[BoardStyle::Wood, BoardStyle::Light, BoardStyle::Contrast];

    fn code(self) -> &'static str {
        match self {
            BoardStyle::Wood => "wood",
            BoardStyle::Light => "light",
            BoardStyle::Contrast => "contrast",
        }
    }

    fn label(self) -> Key {
        match self {
            BoardStyle::Wood => Key::BoardWood,
            BoardStyle::Light => Key::BoardLight,
            BoardStyle::Contrast => Key::BoardContrast,
        }
    }
}

impl Choice for PieceSet {
    const ALL: &'static [PieceSet] = &[PieceSet::Engraved, PieceSet::Flat];

    fn code(self) -> &'static str {
        match self {
            PieceSet::Engraved => "engraved",
            PieceSet::Flat => "flat",
        }
    }

    fn label(self) -> Key {
        match self {
            PieceSet::Engraved => Key::PiecesEngraved,
            PieceSet::Flat => Key::PiecesFlat,
        }
    }
}

impl Look {
    /// The call of the look script (`window.duobaoLook` of `index.html`) that shows this look.
    pub fn script_call(self) -> String {
        format!(
            "window.duobaoLook({{theme: '{}', board: '{}', pieces: '{}'}})",
            self.theme.code(),
            self.board.code(),
            self.pieces.code()
        )
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    const STYLESHEET: &str = include_str!("../../assets/main.css");
    const INDEX: &str = include_str!("../../index.html");

    /// The table colour the stylesheet paints under `data-theme="{data_theme}"`; the dark
    /// theme's are the root's own rules, which come first.
    pub(in crate::appearance) fn stylesheet_table(data_theme: &str) -> (u8, u8, u8) {
        let selector = format!(":root[data-theme=\"{data_theme}\"] {{");
        let rules = STYLESHEET
            .split_once(&selector)
            .map_or(STYLESHEET, |(_, rules)| rules);
        let value = rules.split_once("--table:").expect("a --table colour").1;
        let hex = value
            .trim_start()
            .strip_prefix('#')
            .expect("a #rrggbb colour");
        let channel = |at: usize| u8::from_str_radix(&hex[at..at + 2], 16).expect("hex digits");
        (channel(0), channel(2), channel(4))
    }

    /// The colours a theme comes to are the stylesheet's for that theme: a chosen theme paints
    /// its own table whatever the system's appearance, System paints the system's.
    #[test]
    fn each_theme_paints_the_stylesheets_table_of_its_scheme() {
        for system in ["light", "dark"] {
            let system_scheme = Scheme::from_code(system).unwrap();
            for &theme in Theme::ALL {
                let shown = if theme == Theme::System {
                    system
                } else {
                    theme.code()
                };
                assert_eq!(
                    theme.scheme(system_scheme).background(),
                    stylesheet_table(shown),
                    "{theme:?} on a {system} system"
                );
            }
        }
    }

    #[test]
    fn the_native_background_is_the_stylesheets_table() {
        let dark_rules = STYLESHEET.split(":root[data-theme=\"light\"]").next();
        let light_rules = STYLESHEET.split(":root[data-theme=\"light\"]").nth(1);
        let table = |scheme: Scheme| format!("--table: {};", scheme.background_hex());
        assert!(dark_rules.unwrap().contains(&table(Scheme::Dark)));
        assert!(light_rules
            .and_then(|rules| rules.split('}').next())
            .unwrap()
            .contains(&table(Scheme::Light)));
    }

    #[test]
    fn the_page_knows_the_same_colours_before_the_app_starts() {
        for (scheme, name) in [(Scheme::Light, "light"), (Scheme::Dark, "dark")] {
            let attribute = format!("data-{name}=\"{}\"", scheme.background_hex());
            assert!(INDEX.contains(&attribute), "index.html lacks {attribute}");
        }
    }

    #[test]
    fn every_choice_has_a_stylesheet_rule() {
        for &board in BoardStyle::ALL {
            let rule = format!("[data-board=\"{}\"]", board.code());
            assert!(
                board == BoardStyle::Wood || STYLESHEET.contains(&rule),
                "{rule}"
            );
        }
        assert!(STYLESHEET.contains("[data-pieces=\"flat\"]"));
        for &theme in Theme::ALL {
            assert!(INDEX.contains(&format!("\"{}\"", theme.code())) || theme == Theme::System);
        }
    }

    #[test]
    fn choices_are_stored_by_name() {
        assert_eq!(serde_json::to_string(&Theme::System).unwrap(), "\"system\"");
        assert_eq!(
            serde_json::to_string(&BoardStyle::Contrast).unwrap(),
            "\"contrast\""
        );
        assert_eq!(serde_json::to_string(&PieceSet::Flat).unwrap(), "\"flat\"");
        for &board in BoardStyle::ALL {
            assert_eq!(
                serde_json::to_string(&board).unwrap(),
                format!("\"{}\"", board.code())
            );
        }
    }
}
