//! The `--fen` option. A FEN holds spaces, so it may come as one quoted argument or as its four
//! fields; the option takes up to four words, and words after a one-argument FEN are handed back.

use clap::error::ErrorKind;
use duobao_rules::Position;

use crate::failure::Failure;

#[derive(clap::Args, Debug)]
pub struct FenArg {
    /// The position, as one quoted argument or as its four fields [default: the start position]
    #[arg(long, value_name = "FEN", num_args = 1..=4)]
    fen: Vec<String>,
}

impl FenArg {
    /// The position, and the words clap gave `--fen` after a FEN written as one argument.
    pub fn position_and_rest(self) -> Result<(Position, Vec<String>), Failure> {
        if self.fen.is_empty() {
            return Ok((Position::start(), self.fen));
        }
        fen_and_rest(self.fen)
    }

    /// A `--fen` given as one argument.
    #[cfg(test)]
    pub fn from_words(fen: &str) -> FenArg {
        FenArg {
            fen: vec![fen.to_string()],
        }
    }

    /// The position, for a command that takes no words after it.
    pub fn position(self) -> Result<Position, Failure> {
        let (position, rest) = self.position_and_rest()?;
        no_words_after(position, &rest)
    }
}

/// A FEN given as words (at least one), as one argument or as its four fields: the position, and
/// the words after a FEN written as one argument.
pub fn fen_and_rest(mut words: Vec<String>) -> Result<(Position, Vec<String>), Failure> {
    let (text, rest) = if words[0].contains(' ') {
        let rest = words.split_off(1);
        (words.remove(0), rest)
    } else {
        (words.join(" "), Vec::new())
    };
    let position =
        Position::from_fen(&text).map_err(|e| Failure::Input(format!("bad FEN '{text}': {e}")))?;
    Ok((position, rest))
}

/// The position, when no words came after its FEN.
pub fn no_words_after(position: Position, rest: &[String]) -> Result<Position, Failure> {
    match rest.first() {
        None => Ok(position),
        Some(extra) => Err(Failure::Usage(clap::Error::raw(
            ErrorKind::UnknownArgument,
            format!("unexpected argument '{extra}' after the FEN\n"),
        ))),
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Parser)]
    struct Line {
        #[command(flatten)]
        fen: FenArg,
        plies: Vec<String>,
    }

    fn parse(line: &str) -> Line {
        Line::try_parse_from(split(line)).unwrap()
    }

    fn split(line: &str) -> impl Iterator<Item = &str> {
        std::iter::once("test").chain(line.split_whitespace())
    }

    const BLACK_TO_MOVE: &str = "BBB/BB.BB/..T../RR.RR/RRR b - 0";

    #[test]
    fn a_fen_may_come_as_four_words_or_as_one() {
        let as_fields = parse(&format!("--fen {BLACK_TO_MOVE} c1c2"));
        assert_eq!(as_fields.plies, ["c1c2"]);
        let (position, rest) = as_fields.fen.position_and_rest().unwrap();
        assert_eq!(position.to_fen(), BLACK_TO_MOVE);
        assert!(rest.is_empty());

        let quoted = ["test", "--fen", BLACK_TO_MOVE, "c1c2", "c2c3"];
        let as_one = Line::try_parse_from(quoted).unwrap();
        let (position, rest) = as_one.fen.position_and_rest().unwrap();
        assert_eq!(position.to_fen(), BLACK_TO_MOVE);
        assert_eq!(rest, ["c1c2", "c2c3"]);
    }

    #[test]
    fn no_fen_is_the_start_and_a_bad_one_is_an_input_failure() {
        assert_eq!(parse("").fen.position().unwrap(), Position::start());
        let short = parse("--fen BBB/BB.BB r - 0").fen.position();
        assert!(matches!(short, Err(Failure::Input(_))), "{short:?}");
        let extra = Line::try_parse_from(["test", "--fen", BLACK_TO_MOVE, "c1c2"]).unwrap();
        assert!(matches!(extra.fen.position(), Err(Failure::Usage(_))));
    }
}
