//! The service's answer, read and checked against the position asked about: its category and
//! distance, and each move's, turned to the side to move's point of view.

use duobao_engine::Outcome;
use duobao_protocol::{Category, TablebaseAnswer};
use duobao_rules::{Move, Position};

/// The most plies a distance may have: far beyond the longest win of the whole game (the
/// quiet limit ends a game without captures after 100 plies, and captures are few).
const MAX_PLIES: u32 = 10_000;

/// The sure result `category` and `plies` say, for the side they are for: a win or a loss in
/// `plies`; `None` for the rest (a draw with best play is not the solver's draw, which is a game
/// drawn already).
pub fn sure_outcome(category: Category, plies: Option<u32>) -> Option<Outcome> {
    match (category, plies) {
        (Category::Win, Some(plies)) => Some(Outcome::Win { plies }),
        (Category::Loss, Some(plies)) => Some(Outcome::Loss { plies }),
        _ => None,
    }
}

/// One move and what it leads to, for the side playing it.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct MoveValue {
    pub m: Move,
    pub category: Category,
    /// Plies to the end of the game under perfect play, this move included.
    pub plies: Option<u32>,
}

/// What the service knows of a position.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct TableAnswer {
    /// For the side to move.
    pub category: Category,
    /// Plies to the end of the game under perfect play.
    pub plies: Option<u32>,
    /// Best first, as the service ranks them.
    pub moves: Vec<MoveValue>,
}

impl TableAnswer {
    /// Whether the tables know the position.
    pub fn known(&self) -> bool {
        self.category != Category::Unknown
    }

    /// The best move by the tables, when they know one: the soonest sure win, else a win the
    /// quiet limit may spoil, a draw, and the longest defence last (ranked here rather than
    /// trusting the service's order; among equals the service's first).
    pub fn best_move(&self) -> Option<&MoveValue> {
        self.moves
            .iter()
            .rev()
            .filter(|value| value.category != Category::Unknown)
            .max_by_key(|value| {
                let plies = i64::from(value.plies.unwrap_or(0));
                match value.category {
                    Category::Win => (5, -plies),
                    Category::WinOrDraw => (4, -plies),
                    Category::Draw => (3, 0),
                    Category::LossOrDraw => (2, plies),
                    Category::Loss => (1, plies),
                    Category::Unknown => (0, 0),
                }
            })
    }
}

/// The service's JSON `text` about `position`, or `None` when it is not an answer about it:
/// unreadable, about another position, naming a move that is not legal there or one twice, or
/// giving a distance no game can have (or none for a sure win or loss).
pub fn read_answer(text: &str, position: &Position) -> Option<TableAnswer> {
    let sent: TablebaseAnswer = serde_json::from_str(text).ok()?;
    let about: Position = sent.fen.parse().ok()?;
    if about.to_fen() != position.to_fen() {
        return None;
    }
    // A distance no longer than any game, and one for every sure win or loss.
    let sane = |category: Category, plies: Option<u32>| match plies {
        Some(plies) => plies <= MAX_PLIES,
        None => !matches!(category, Category::Win | Category::Loss),
    };
    if !sane(sent.category, sent.plies) {
        return None;
    }
    let legal = position.legal_moves();
    let mut moves: Vec<MoveValue> = Vec::with_capacity(sent.moves.len());
    for told in sent.moves {
        let m: Move = told.uci.parse().ok()?;
        if !legal.contains(&m)
            || moves.iter().any(|seen| seen.m == m)
            || !sane(told.category, told.plies)
        {
            return None;
        }
        moves.push(MoveValue {
            m,
            // The service gives the position after the move, for the opponent then to move.
            category: told.category.for_opponent(),
            plies: told.plies.map(|plies| plies + 1),
        });
    }
    Some(TableAnswer {
        category: sent.category,
        plies: sent.plies,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEN: &str = "..B/...../..T../...../RRR r - 0";

    fn position() -> Position {
        FEN.parse().unwrap()
    }

    #[test]
    fn an_answer_is_turned_to_the_side_to_move() {
        let text = r#"{"fen":"..B/...../..T../...../RRR r - 0","category":"win","plies":5,
            "game_over":false,"moves":[{"uci":"d1d2","category":"loss","plies":4},
            {"uci":"b1b2","category":"draw","plies":null},
            {"uci":"c1c2","category":"win-or-draw","plies":7}]}"#;
        let answer = read_answer(text, &position()).expect("an answer");
        assert_eq!(answer.category, Category::Win);
        assert_eq!(answer.plies, Some(5));
        let moves: Vec<(String, Category, Option<u32>)> = answer
            .moves
            .iter()
            .map(|value| (value.m.to_string(), value.category, value.plies))
            .collect();
        assert_eq!(
            moves,
            [
                ("d1d2".into(), Category::Win, Some(5)),
                ("b1b2".into(), Category::Draw, None),
                ("c1c2".into(), Category::LossOrDraw, Some(8)),
            ]
        );
        assert_eq!(
            answer.best_move().map(|value| value.m.to_string()),
            Some("d1d2".into())
        );
    }

    #[test]
    fn the_best_move_is_the_soonest_win_else_the_longest_defence() {
        let answer = |moves: &[(&str, Category, Option<u32>)]| TableAnswer {
            category: Category::Unknown,
            plies: None,
            moves: moves
                .iter()
                .map(|&(m, category, plies)| MoveValue {
                    m: m.parse().unwrap(),
                    category,
                    plies,
                })
                .collect(),
        };
        let best = |moves: &[(&str, Category, Option<u32>)]| {
            answer(moves).best_move().map(|value| value.m.to_string())
        };
        use Category::*;
        assert_eq!(
            best(&[("c1c2", Win, Some(9)), ("b1b2", Win, Some(3))]),
            Some("b1b2".into())
        );
        assert_eq!(
            best(&[("c1c2", Loss, Some(9)), ("b1b2", Draw, None)]),
            Some("b1b2".into())
        );
        assert_eq!(
            best(&[("c1c2", Loss, Some(9)), ("b1b2", Loss, Some(21))]),
            Some("b1b2".into())
        );
        assert_eq!(
            best(&[("c1c2", WinOrDraw, Some(9)), ("b1b2", Draw, None)]),
            Some("c1c2".into())
        );
        assert_eq!(
            best(&[("c1c2", Win, Some(3)), ("b1b2", Win, Some(3))]),
            Some("c1c2".into()),
            "among equals, the service's first"
        );
        assert_eq!(best(&[("c1c2", Unknown, None)]), None);
    }

    #[test]
    fn only_a_win_or_loss_with_its_distance_is_a_sure_outcome() {
        assert_eq!(
            sure_outcome(Category::Win, Some(5)),
            Some(Outcome::Win { plies: 5 })
        );
        assert_eq!(
            sure_outcome(Category::Loss, Some(4)),
            Some(Outcome::Loss { plies: 4 })
        );
        for category in [
            Category::Draw,
            Category::WinOrDraw,
            Category::LossOrDraw,
            Category::Unknown,
        ] {
            assert_eq!(sure_outcome(category, Some(3)), None, "{category:?}");
        }
        assert_eq!(sure_outcome(Category::Win, None), None);
    }

    #[test]
    fn nonsense_is_not_an_answer() {
        let moves = r#"[{"uci":"d1d2","category":"loss","plies":4}]"#;
        let with = |fen: &str, category: &str, moves: &str| {
            format!(r#"{{"fen":"{fen}","category":"{category}","plies":5,"moves":{moves}}}"#)
        };
        for text in [
            String::new(),
            "<!doctype html><html></html>".into(),
            "{}".into(),
            with(FEN, "great", moves),
            with("BBB/BB.BB/..T../RR.RR/RRR r - 0", "win", moves),
            with("not a fen", "win", moves),
            with(
                FEN,
                "win",
                r#"[{"uci":"c1c3","category":"loss","plies":4}]"#,
            ),
            with(FEN, "win", r#"[{"uci":"zz","category":"loss","plies":4}]"#),
            with(
                FEN,
                "win",
                &format!(
                    "[{}, {}]",
                    &moves[1..moves.len() - 1],
                    &moves[1..moves.len() - 1]
                ),
            ),
            with(
                FEN,
                "win",
                r#"[{"uci":"d1d2","category":"loss","plies":4000000}]"#,
            ),
            with(
                FEN,
                "win",
                r#"[{"uci":"d1d2","category":"loss","plies":null}]"#,
            ),
        ] {
            assert_eq!(read_answer(&text, &position()), None, "{text}");
        }
    }

    #[test]
    fn an_unknown_position_is_an_answer_that_knows_nothing() {
        let text = format!(r#"{{"fen":"{FEN}","category":"unknown","plies":null,"moves":[]}}"#);
        let answer = read_answer(&text, &position()).unwrap();
        assert!(!answer.known());
        assert_eq!(answer.best_move(), None);
    }
}
