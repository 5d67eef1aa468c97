//! What a player's name may be: 2 to 20 letters of any script, digits, `_` and `-`, not a
//! reserved word, unique ignoring case. Each refusal has its reason, which the server sends as
//! a code and the app says in the player's language.

use std::fmt;

pub const NAME_MIN_CHARS: usize = 2;
pub const NAME_MAX_CHARS: usize = 20;

/// Names that would pass for the site speaking, or for nobody, refused whatever their case
/// (beside any name holding one of `RESERVED_WITHIN`); `me` and `sign-in` are the server's own
/// paths beside the players' names (`/api/players/me`, `/api/players/sign-in`).
const RESERVED: [&str; 13] = [
    "me",
    "sign-in",
    "system",
    "moderator",
    "mod",
    "root",
    "server",
    "support",
    "official",
    "anonymous",
    "opponent",
    "guest",
    "null",
];
/// Words no name may contain, in any script: they would pass for the site's staff or itself.
const RESERVED_WITHIN: [&str; 7] = [
    "admin",
    "duobao",
    "管理",
    "官方",
    "系统",
    "七兵",
    "夺宝棋兵",
];

/// A name that follows the rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Name(String);

/// Why a name is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadName {
    TooShort,
    TooLong,
    /// Spaces (or other white space) at its start or end.
    SpacesAtEnds,
    /// A control character, which no screen shows.
    Control,
    /// `<`, `>`, `&`, quotes or a slash: what markup or a path is made of.
    Markup,
    /// Any other character that is not a letter, a digit, `_` or `-` (a space within, say).
    Character(char),
    /// A word kept for the site.
    Reserved,
}

impl BadName {
    /// Its code on the wire (the `reason` of a `bad_name` refusal).
    pub fn code(&self) -> &'static str {
        match self {
            BadName::TooShort => "too_short",
            BadName::TooLong => "too_long",
            BadName::SpacesAtEnds => "spaces_at_ends",
            BadName::Control => "control",
            BadName::Markup => "markup",
            BadName::Character(_) => "character",
            BadName::Reserved => "reserved",
        }
    }
}

impl fmt::Display for BadName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadName::TooShort => write!(f, "a name has at least {NAME_MIN_CHARS} characters"),
            BadName::TooLong => write!(f, "a name has at most {NAME_MAX_CHARS} characters"),
            BadName::SpacesAtEnds => f.write_str("a name neither starts nor ends with a space"),
            BadName::Control => f.write_str("a name holds no control characters"),
            BadName::Markup => f.write_str("a name holds no < > & \" ' / \\"),
            BadName::Character(c) => {
                write!(f, "a name holds only letters, digits, _ and -, not {c:?}")
            }
            BadName::Reserved => f.write_str("that name is kept for the site"),
        }
    }
}

impl std::error::Error for BadName {}

impl Name {
    /// Reads `text` as a name, or says why it cannot be one.
    pub fn parse(text: &str) -> Result<Name, BadName> {
        if text.chars().any(char::is_control) {
            return Err(BadName::Control);
        }
        if text.trim() != text {
            return Err(BadName::SpacesAtEnds);
        }
        let length = text.chars().count();
        if length < NAME_MIN_CHARS {
            return Err(BadName::TooShort);
        }
        if length > NAME_MAX_CHARS {
            return Err(BadName::TooLong);
        }
        if text.chars().any(|c| "<>&\"'/\\".contains(c)) {
            return Err(BadName::Markup);
        }
        if let Some(c) = text
            .chars()
            .find(|&c| !(c.is_alphabetic() || c.is_ascii_digit() || c == '_' || c == '-'))
        {
            return Err(BadName::Character(c));
        }
        let key = text.to_lowercase();
        if RESERVED.contains(&key.as_str()) || RESERVED_WITHIN.iter().any(|word| key.contains(word))
        {
            return Err(BadName::Reserved);
        }
        Ok(Name(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The name as uniqueness sees it: two names with the same key are the same name.
    pub fn key(&self) -> String {
        self.0.to_lowercase()
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
