//! The review screen's logic, free of any UI: which position the board shows, how a verdict is
//! marked, the points of the evaluation graph, and the words of a blunder's proof.

use duobao_engine::Outcome;
use duobao_rules::{Color, Move};
use duobao_study::{PlyReview, Verdict};

use crate::i18n::{color_key, fill, moves_count, text, Key, Lang};

/// Which position of the game the board shows: the one after `at` plies (0: the start).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Cursor {
    at: usize,
    plies: usize,
}

impl Cursor {
    /// At `at` in a game of `plies` plies (at most its end).
    pub fn new(plies: usize, at: usize) -> Cursor {
        Cursor {
            at: at.min(plies),
            plies,
        }
    }

    pub fn at(&self) -> usize {
        self.at
    }

    pub fn can_go_back(&self) -> bool {
        self.at > 0
    }

    pub fn can_go_forward(&self) -> bool {
        self.at < self.plies
    }

    pub fn first(&mut self) {
        self.at = 0;
    }

    pub fn back(&mut self) {
        self.at = self.at.saturating_sub(1);
    }

    pub fn forward(&mut self) {
        self.at = (self.at + 1).min(self.plies);
    }

    pub fn last(&mut self) {
        self.at = self.plies;
    }

    pub fn jump(&mut self, at: usize) {
        self.at = at.min(self.plies);
    }
}

/// How a verdict shows in the list: the symbol players know, a style and its name.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Mark {
    pub symbol: &'static str,
    pub class: &'static str,
    pub name: Key,
}

pub const fn mark(verdict: Verdict) -> Mark {
    let (symbol, class, name) = match verdict {
        Verdict::Best => ("!", "best", Key::VerdictBest),
        Verdict::Good => ("", "good", Key::VerdictGood),
        Verdict::Inaccuracy => ("?!", "inaccuracy", Key::VerdictInaccuracy),
        Verdict::Mistake => ("?", "mistake", Key::VerdictMistake),
        Verdict::Blunder => ("??", "blunder", Key::VerdictBlunder),
    };
    Mark {
        symbol,
        class,
        name,
    }
}

/// A score (hundredths of a soldier) this far ahead draws halfway to the graph's edge.
const HALF_SCALE: f32 = 300.0;

/// How well Red stands, from −1 (Black wins by force) to 1 (Red wins by force), by the
/// outcome `seen_by` has.
pub fn red_value(outcome: Outcome, seen_by: Color) -> f32 {
    let value = match outcome {
        Outcome::Win { .. } => 1.0,
        Outcome::Loss { .. } => -1.0,
        Outcome::Score(score) => {
            let score = score as f32;
            score / (score.abs() + HALF_SCALE)
        }
        // A review scores these (a drawn game 0); were one given, it would be level.
        Outcome::Draw | Outcome::Unknown => 0.0,
    };
    match seen_by {
        Color::Red => value,
        Color::Black => -value,
    }
}

/// Red's standing at each position reviewed so far: the start, then after each ply.
pub fn graph_values(reviews: &[PlyReview]) -> Vec<f32> {
    let Some(first) = reviews.first() else {
        return Vec::new();
    };
    std::iter::once(red_value(first.before, first.mover))
        .chain(reviews.iter().map(|ply| red_value(ply.after, ply.mover)))
        .collect()
}

/// The graph's drawing area, in its own units.
pub const GRAPH_WIDTH: f32 = 300.0;
pub const GRAPH_HEIGHT: f32 = 64.0;

/// Where position `index` of `positions` (counting the start) lies along the graph.
pub fn graph_x(index: usize, positions: usize) -> f32 {
    let spans = positions.saturating_sub(1).max(1) as f32;
    index as f32 * GRAPH_WIDTH / spans
}

/// The graph's line as SVG polyline points, Red's advantage up, for a game of `plies` plies
/// (so the line grows from the left as the review goes on).
pub fn graph_points(values: &[f32], plies: usize) -> String {
    values
        .iter()
        .enumerate()
        .map(|(index, value)| {
            let x = graph_x(index, plies + 1);
            let y = (1.0 - value.clamp(-1.0, 1.0)) * GRAPH_HEIGHT / 2.0;
            format!("{x:.1},{y:.1}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn line_text(line: &[Move]) -> String {
    line.iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a blunder threw away, in words with its proof: "Black now wins by force in 4 moves:
/// b4b3 …" (moves of the winner, each side's turn being one ply).
pub fn blunder_text(review: &PlyReview, lang: Lang) -> Option<String> {
    if review.verdict != Verdict::Blunder {
        return None;
    }
    let (key, winner, plies) = match (review.before, review.after) {
        (_, Outcome::Loss { plies }) => (Key::NowWinsByForce, review.mover.other(), plies),
        (Outcome::Win { plies }, _) => (Key::HadForcedWin, review.mover, plies),
        _ => return None,
    };
    // The winner moves first in the proof line: a win in k plies takes ⌈k/2⌉ of its moves.
    let moves = moves_count(lang, plies.div_ceil(2));
    let side = text(lang, color_key(winner));
    Some(fill(lang, key, &[side, &moves, &line_text(&review.proof)]))
}

/// Who wins by force after a ply, and in how many of their moves, when it is proven and no
/// blunder's proof already says so: "Red wins by force in 10 moves".
pub fn forced_text(review: &PlyReview, lang: Lang) -> Option<String> {
    if review.verdict == Verdict::Blunder {
        return None;
    }
    let (winner, plies) = match review.after {
        Outcome::Win { plies } if plies > 0 => (review.mover, plies),
        Outcome::Loss { plies } if plies > 0 => (review.mover.other(), plies),
        _ => return None,
    };
    // The loser moves first after the ply: either way the winner has ⌈k/2⌉ of the k plies.
    let moves = moves_count(lang, plies.div_ceil(2));
    Some(fill(
        lang,
        Key::WinsByForce,
        &[text(lang, color_key(winner)), &moves],
    ))
}

/// For a move that was not the best, the better one.
pub fn better_text(review: &PlyReview, lang: Lang) -> Option<String> {
    let better = review.best?;
    let worse = matches!(
        review.verdict,
        Verdict::Inaccuracy | Verdict::Mistake | Verdict::Blunder
    );
    worse.then(|| fill(lang, Key::BetterWas, &[&better.to_string()]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_rules::Ply;

    #[test]
    fn the_cursor_steps_within_the_game() {
        let mut cursor = Cursor::new(3, 9);
        assert_eq!(cursor.at(), 3);
        assert!(!cursor.can_go_forward() && cursor.can_go_back());
        cursor.forward();
        assert_eq!(cursor.at(), 3);
        cursor.back();
        cursor.back();
        assert_eq!(cursor.at(), 1);
        cursor.first();
        assert_eq!(cursor.at(), 0);
        assert!(!cursor.can_go_back());
        cursor.back();
        assert_eq!(cursor.at(), 0);
        cursor.jump(2);
        assert_eq!(cursor.at(), 2);
        cursor.jump(7);
        cursor.first();
        cursor.last();
        assert_eq!(cursor.at(), 3);
        let empty = Cursor::new(0, 0);
        assert!(!empty.can_go_back() && !empty.can_go_forward());
    }

    #[test]
    fn verdicts_are_marked_as_players_expect() {
        let symbols: Vec<&str> = [
            Verdict::Best,
            Verdict::Good,
            Verdict::Inaccuracy,
            Verdict::Mistake,
            Verdict::Blunder,
        ]
        .map(|verdict| mark(verdict).symbol)
        .to_vec();
        assert_eq!(symbols, ["!", "", "?!", "?", "??"]);
        assert_eq!(mark(Verdict::Blunder).class, "blunder");
    }

    fn review(mover: Color, before: Outcome, after: Outcome, verdict: Verdict) -> PlyReview {
        PlyReview {
            number: 1,
            ply: Ply::Move("b2c2".parse().unwrap()),
            mover,
            before,
            after,
            verdict,
            best: Some("a2a3".parse().unwrap()),
            proof: ["b4b3", "c2b2", "b3a3"]
                .map(|m| m.parse().unwrap())
                .to_vec(),
        }
    }

    #[test]
    fn values_are_reds_view_with_forced_results_at_the_edge() {
        assert_eq!(red_value(Outcome::Win { plies: 3 }, Color::Red), 1.0);
        assert_eq!(red_value(Outcome::Win { plies: 3 }, Color::Black), -1.0);
        assert_eq!(red_value(Outcome::Loss { plies: 2 }, Color::Black), 1.0);
        assert_eq!(red_value(Outcome::Score(300), Color::Red), 0.5);
        assert_eq!(red_value(Outcome::Score(300), Color::Black), -0.5);
        assert!(red_value(Outcome::Score(100_000), Color::Red) < 1.0);
        assert_eq!(red_value(Outcome::Score(0), Color::Red), 0.0);

        let plies = [
            review(
                Color::Red,
                Outcome::Score(0),
                Outcome::Loss { plies: 3 },
                Verdict::Blunder,
            ),
            review(
                Color::Black,
                Outcome::Win { plies: 3 },
                Outcome::Win { plies: 2 },
                Verdict::Best,
            ),
        ];
        assert_eq!(graph_values(&plies), [0.0, -1.0, -1.0]);
        assert!(graph_values(&[]).is_empty());
    }

    #[test]
    fn graph_points_span_the_width_for_the_whole_game() {
        assert_eq!(
            graph_points(&[0.0, 1.0, -1.0], 2),
            "0.0,32.0 150.0,0.0 300.0,64.0"
        );
        assert_eq!(graph_points(&[0.0, 1.0], 4), "0.0,32.0 75.0,0.0");
        assert_eq!(graph_x(3, 1), 300.0 * 3.0);
    }

    #[test]
    fn a_blunder_is_explained_in_the_winners_moves() {
        let lost = review(
            Color::Red,
            Outcome::Score(10),
            Outcome::Loss { plies: 7 },
            Verdict::Blunder,
        );
        assert_eq!(
            blunder_text(&lost, Lang::En).unwrap(),
            "Black now wins by force in 4 moves: b4b3 c2b2 b3a3"
        );
        assert_eq!(
            blunder_text(&lost, Lang::Zh).unwrap(),
            "黑方现在可以强制取胜，4 步之内：b4b3 c2b2 b3a3"
        );
        let thrown = review(
            Color::Black,
            Outcome::Win { plies: 1 },
            Outcome::Score(0),
            Verdict::Blunder,
        );
        assert_eq!(
            blunder_text(&thrown, Lang::En).unwrap(),
            "Black had a forced win in 1 move: b4b3 c2b2 b3a3"
        );
        let fine = review(
            Color::Red,
            Outcome::Score(10),
            Outcome::Score(0),
            Verdict::Good,
        );
        assert_eq!(blunder_text(&fine, Lang::En), None);
        assert_eq!(forced_text(&fine, Lang::En), None);
        assert_eq!(forced_text(&lost, Lang::En), None, "the proof says it");
        assert_eq!(better_text(&fine, Lang::En), None);
        assert_eq!(better_text(&lost, Lang::En).unwrap(), "Better was a2a3");
    }

    #[test]
    fn a_proven_result_after_a_good_ply_is_told_in_the_winners_moves() {
        let best = review(
            Color::Red,
            Outcome::Win { plies: 21 },
            Outcome::Win { plies: 20 },
            Verdict::Best,
        );
        assert_eq!(
            forced_text(&best, Lang::En).unwrap(),
            "Red wins by force in 10 moves"
        );
        assert_eq!(
            forced_text(&best, Lang::Zh).unwrap(),
            "红方可以强制取胜，10 步之内"
        );
        let held = review(
            Color::Black,
            Outcome::Loss { plies: 20 },
            Outcome::Loss { plies: 19 },
            Verdict::Best,
        );
        assert_eq!(
            forced_text(&held, Lang::En).unwrap(),
            "Red wins by force in 10 moves"
        );
        let won = review(
            Color::Red,
            Outcome::Win { plies: 1 },
            Outcome::Win { plies: 0 },
            Verdict::Best,
        );
        assert_eq!(forced_text(&won, Lang::En), None, "the game is over");
    }
}
