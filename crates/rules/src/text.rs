//! A game as text, to copy out of the app and paste back in, or to replay on the command line:
//! a few `[Name "value"]` header lines (the date, the players, the result; `FEN` for a game that
//! did not begin at the start position), a blank line, then the numbered plies in move-list
//! notation: `1. b2c2 b4b3 2. c3b2 pass`, followed by how the players ended it if they did
//! (`black-resigns`, `draw-agreed`: see [`crate::Concession`]). Reading skips the numbers, a `…` for a side that did
//! not move in the first row, and the capture marks the move list shows (`b3b4x(b4)`).

use std::fmt;

use crate::concession::Concession;
use crate::fen::FenError;
use crate::game::Game;
use crate::moves::Ply;
use crate::position::Position;
use crate::Color;

/// The header that holds the start position of a game that did not begin at the start.
pub const FEN_HEADER: &str = "FEN";

/// Why a text is not a game.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum GameTextError {
    /// A header line that does not read as `[Name "value"]`.
    BadHeader(String),
    BadPosition(FenError),
    /// The ply with this number (1 for the first) does not read or is not legal.
    BadPly {
        number: usize,
        text: String,
    },
}

impl fmt::Display for GameTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameTextError::BadHeader(line) => write!(f, "bad header line '{line}'"),
            GameTextError::BadPosition(error) => write!(f, "bad {FEN_HEADER} header: {error}"),
            GameTextError::BadPly { number, text } => {
                write!(f, "ply {number} '{text}' is not legal")
            }
        }
    }
}

impl std::error::Error for GameTextError {}

/// A game read from text, with its headers (the `FEN` one included) in their order.
#[derive(Clone, Debug, PartialEq)]
pub struct GameText {
    pub headers: Vec<(String, String)>,
    pub game: Game,
}

/// `game` as text under `headers`; the `FEN` header is added for a game that did not begin at
/// the start position.
pub fn write_game_text(game: &Game, headers: &[(&str, &str)]) -> String {
    let mut text = String::new();
    for (name, value) in headers {
        text.push_str(&format!("[{name} \"{}\"]\n", value.replace('"', "'")));
    }
    let start = game.start_position();
    if *start != Position::start() {
        text.push_str(&format!("[{FEN_HEADER} \"{}\"]\n", start.to_fen()));
    }
    text.push('\n');
    let mut row = Vec::new();
    // Rows pair a Red ply with the Black one after it: a game Black begins starts with `1. …`.
    let offset = usize::from(start.turn() == Color::Black);
    for (index, played) in game.plies().iter().enumerate() {
        let number = (index + offset) / 2 + 1;
        if played.mover == Color::Red || index == 0 {
            row.push(format!("{number}."));
            if played.mover == Color::Black {
                row.push("…".to_string());
            }
        }
        row.push(played.ply.to_string());
    }
    row.extend(game.concession().map(|concession| concession.to_string()));
    text.push_str(&row.join(" "));
    text.push('\n');
    text
}

/// Reads a header line: `[Name "value"]`.
fn header(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(' ')?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name.to_string(), value.to_string()))
}

/// Whether `word` numbers a row (`12.`) or stands for a side that did not move in it (`…`).
fn is_numbering(word: &str) -> bool {
    let number = word
        .strip_suffix('.')
        .is_some_and(|n| n.parse::<u32>().is_ok());
    number || matches!(word, "…" | "...")
}

/// A ply as the move list writes it, without its capture mark: `b3b4x(b4)` is `b3b4`.
fn without_capture(word: &str) -> &str {
    word.split_once("x(").map_or(word, |(ply, _)| ply)
}

/// The game `text` holds, replayed through the rules.
pub fn read_game_text(text: &str) -> Result<GameText, GameTextError> {
    let mut headers = Vec::new();
    let mut plies = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            headers.push(header(line).ok_or_else(|| GameTextError::BadHeader(line.into()))?);
        } else {
            plies.extend(line.split_whitespace().filter(|word| !is_numbering(word)));
        }
    }
    let start = match headers.iter().find(|(name, _)| name == FEN_HEADER) {
        Some((_, fen)) => Position::from_fen(fen).map_err(GameTextError::BadPosition)?,
        None => Position::start(),
    };
    let mut game = Game::from_position(start);
    for (index, word) in plies.into_iter().enumerate() {
        let bad = || GameTextError::BadPly {
            number: index + 1,
            text: word.to_string(),
        };
        // Once the players ended the game, any word after it is refused like a ply after a win.
        if let Ok(concession) = word.parse::<Concession>() {
            game.concede(concession).map_err(|_| bad())?;
            continue;
        }
        let ply: Ply = without_capture(word).parse().map_err(|_| bad())?;
        game.play(ply).map_err(|_| bad())?;
    }
    Ok(GameText { headers, game })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str, plies: &[&str]) -> Game {
        let mut game = Game::from_fen(fen).unwrap();
        for ply in plies {
            game.play(ply.parse().unwrap()).unwrap();
        }
        game
    }

    #[test]
    fn a_game_reads_back_from_its_text_with_its_headers() {
        let played = game(crate::START_FEN, &["b2c2", "b4b3", "pass", "b3a3"]);
        let text = write_game_text(&played, &[("Date", "2026-12-01 14:24"), ("Red", "You")]);
        assert_eq!(
            text,
            "[Date \"2026-12-01 14:24\"]\n[Red \"You\"]\n\n1. b2c2 b4b3 2. pass b3a3\n"
        );
        let read = read_game_text(&text).unwrap();
        assert_eq!(read.game, played);
        assert_eq!(read.headers[1], ("Red".to_string(), "You".to_string()));
    }

    #[test]
    fn a_game_from_elsewhere_with_black_first_keeps_its_start() {
        let fen = "BBB/BB.BB/..T../RR.RR/RRR b - 0";
        let played = game(fen, &["b4b3", "b2c2"]);
        let text = write_game_text(&played, &[]);
        assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
        assert!(text.ends_with("1. … b4b3 2. b2c2\n"), "{text}");
        assert_eq!(read_game_text(&text).unwrap().game, played);
    }

    #[test]
    fn a_resignation_or_an_agreed_draw_follows_the_plies_and_reads_back() {
        let mut resigned = game(crate::START_FEN, &["b2c2", "b4b3", "pass"]);
        resigned
            .concede(Concession::Resigned(Color::Black))
            .unwrap();
        let text = write_game_text(&resigned, &[]);
        assert!(
            text.ends_with("1. b2c2 b4b3 2. pass black-resigns\n"),
            "{text}"
        );
        assert_eq!(read_game_text(&text).unwrap().game, resigned);
        let mut agreed = Game::new();
        agreed.concede(Concession::DrawAgreed).unwrap();
        assert_eq!(
            read_game_text(&write_game_text(&agreed, &[])).unwrap().game,
            agreed
        );
        assert_eq!(
            read_game_text("1. b2c2 draw-agreed b4b3"),
            Err(GameTextError::BadPly {
                number: 3,
                text: "b4b3".into()
            })
        );
    }

    #[test]
    fn the_move_lists_capture_marks_are_read() {
        let text = "1. b2c2 b4b3 2. c3b2 b3a3 3. c2c3 b2b3 4. b1b2 b3b4x(b4)";
        assert_eq!(read_game_text(text).unwrap().game.plies().len(), 8);
    }

    #[test]
    fn a_bad_text_says_what_is_wrong() {
        assert_eq!(
            read_game_text("1. b2c2 b4b3 2. c3c5"),
            Err(GameTextError::BadPly {
                number: 3,
                text: "c3c5".into()
            })
        );
        assert!(matches!(
            read_game_text("[FEN \"nonsense\"]\n1. b2c2"),
            Err(GameTextError::BadPosition(_))
        ));
        assert!(matches!(
            read_game_text("[Date 2026]\n"),
            Err(GameTextError::BadHeader(_))
        ));
    }
}
