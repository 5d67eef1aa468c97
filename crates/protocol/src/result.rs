//! How a game ended, as the protocol writes it (`red treasure`, `black resignation`,
//! `draw agreement`, `aborted`, …): written with `Display` and read back with `FromStr`.

use std::fmt;
use std::str::FromStr;

use duobao_rules::{Color, Concession, DrawReason, GameResult, Win, WinReason};

/// How an online game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OnlineEnd {
    /// The board ended it (treasure, annihilation, blockade, repetition, quiet): the rules see
    /// it by themselves once the last move is played, and nothing more is applied.
    Board(GameResult),
    /// The players ended it (a resignation, a draw agreed, a game abandoned and claimed):
    /// applied after the moves with `Game::concede`.
    Conceded(Concession),
    /// Aborted before both sides had played: no result, and nothing to count.
    Aborted,
}

impl fmt::Display for OnlineEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OnlineEnd::Board(result) => result.fmt(f),
            OnlineEnd::Conceded(concession) => concession.result().fmt(f),
            OnlineEnd::Aborted => f.write_str("aborted"),
        }
    }
}

/// A text that is no result of the protocol's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownResult(pub String);

impl fmt::Display for UnknownResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is no game result", self.0)
    }
}

impl std::error::Error for UnknownResult {}

impl FromStr for OnlineEnd {
    type Err = UnknownResult;

    fn from_str(text: &str) -> Result<OnlineEnd, UnknownResult> {
        read(text).ok_or_else(|| UnknownResult(text.into()))
    }
}

fn read(text: &str) -> Option<OnlineEnd> {
    if text == "aborted" {
        return Some(OnlineEnd::Aborted);
    }
    let (who, reason) = text.split_once(' ')?;
    if who == "draw" {
        return match reason {
            "repetition" => Some(OnlineEnd::Board(GameResult::Draw(DrawReason::Repetition))),
            "quiet" => Some(OnlineEnd::Board(GameResult::Draw(DrawReason::Quiet))),
            "agreement" => Some(OnlineEnd::Conceded(Concession::DrawAgreed)),
            _ => None,
        };
    }
    let winner: Color = who.parse().ok()?;
    let board = |reason| Some(OnlineEnd::Board(GameResult::Win(Win { winner, reason })));
    match reason {
        "treasure" => board(WinReason::Treasure),
        "annihilation" => board(WinReason::Annihilation),
        "blockade" => board(WinReason::Blockade),
        "resignation" => Some(OnlineEnd::Conceded(Concession::Resigned(winner.other()))),
        "abandonment" => Some(OnlineEnd::Conceded(Concession::Abandoned(winner.other()))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_the_boards_or_the_players_and_read_back_as_written() {
        use Color::{Black, Red};
        let win = |winner, reason| OnlineEnd::Board(GameResult::Win(Win { winner, reason }));
        for (text, end) in [
            ("red treasure", win(Red, WinReason::Treasure)),
            ("black annihilation", win(Black, WinReason::Annihilation)),
            ("red blockade", win(Red, WinReason::Blockade)),
            (
                "draw repetition",
                OnlineEnd::Board(GameResult::Draw(DrawReason::Repetition)),
            ),
            (
                "draw quiet",
                OnlineEnd::Board(GameResult::Draw(DrawReason::Quiet)),
            ),
            (
                "black resignation",
                OnlineEnd::Conceded(Concession::Resigned(Red)),
            ),
            (
                "red resignation",
                OnlineEnd::Conceded(Concession::Resigned(Black)),
            ),
            (
                "draw agreement",
                OnlineEnd::Conceded(Concession::DrawAgreed),
            ),
            (
                "red abandonment",
                OnlineEnd::Conceded(Concession::Abandoned(Black)),
            ),
            ("aborted", OnlineEnd::Aborted),
        ] {
            assert_eq!(text.parse(), Ok(end), "{text}");
            assert_eq!(end.to_string(), text);
        }
        for bad in [
            "",
            "red",
            "draw",
            "green treasure",
            "draw resignation",
            "red agreement",
            "Red treasure",
            "red  treasure",
            "red treasure ",
            "abort",
        ] {
            assert!(bad.parse::<OnlineEnd>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_board_end_comes_of_the_moves_and_a_concession_is_applied() {
        // Red's soldier takes the treasure: the rules end the game themselves.
        let mut game = duobao_rules::Game::from_fen("BBB/BB.BB/.RT../...R./... r - 0").unwrap();
        game.play("d2d3".parse().unwrap()).unwrap();
        let Ok(OnlineEnd::Board(result)) = "red treasure".parse() else {
            panic!("the treasure taken is the board's end");
        };
        assert_eq!(game.result(), Some(result));
        // A resignation is applied after the moves.
        let mut game = duobao_rules::Game::new();
        let Ok(OnlineEnd::Conceded(concession)) = "black resignation".parse() else {
            panic!("a resignation is a concession");
        };
        let result = game.concede(concession).unwrap();
        assert_eq!(result.to_string(), "black resignation");
    }
}
