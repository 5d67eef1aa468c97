//! Reading the command line: subcommand words, flags and a FEN that may come as one quoted
//! argument or as its four fields.

use std::fmt;

use duobao_rules::Position;

/// A failure to report on stderr with exit status 2.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// The command line itself is wrong: the usage is shown too.
    Usage(String),
    /// The input (a FEN, a move) is wrong.
    Input(String),
}

impl Failure {
    pub fn is_usage(&self) -> bool {
        matches!(self, Failure::Usage(_))
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Usage(message) | Failure::Input(message) => f.write_str(message),
        }
    }
}

/// The words of a command line, consumed front to back.
pub struct Words<'a> {
    words: &'a [String],
}

impl<'a> Words<'a> {
    pub fn new(words: &'a [String]) -> Words<'a> {
        Words { words }
    }

    pub fn next(&mut self) -> Option<&'a str> {
        let (first, rest) = self.words.split_first()?;
        self.words = rest;
        Some(first)
    }

    pub fn peek(&self) -> Option<&'a str> {
        self.words.first().map(String::as_str)
    }

    /// A FEN after `--fen`: one argument holding spaces, or its four fields as four arguments.
    pub fn fen(&mut self) -> Result<Position, Failure> {
        let first = self
            .next()
            .ok_or_else(|| Failure::Usage("--fen needs a position".into()))?;
        let text = if first.contains(' ') {
            first.to_string()
        } else {
            let mut fields = vec![first];
            while fields.len() < 4 {
                match self.next() {
                    Some(field) => fields.push(field),
                    None => break,
                }
            }
            fields.join(" ")
        };
        Position::from_fen(&text).map_err(|e| Failure::Input(format!("bad FEN '{text}': {e}")))
    }

    /// Everything left.
    pub fn rest(&mut self) -> &'a [String] {
        std::mem::take(&mut self.words)
    }
}

pub fn parse_depth(word: Option<&str>) -> Result<u32, Failure> {
    let word = word.ok_or_else(|| Failure::Usage("perft needs a depth".into()))?;
    word.parse()
        .map_err(|_| Failure::Usage(format!("'{word}' is not a depth")))
}
