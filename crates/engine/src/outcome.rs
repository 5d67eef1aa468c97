//! How a player stands, the one answer of the solver and of a review: won or lost by force in
//! so many plies, drawn, or not proven, where a review gives the search's score instead.

use std::fmt;

/// How a player stands, from that player's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// Wins by force; `plies` is the shortest win, 0 when the game is already won (the solver
    /// never answers that for the side to move: a finished game is lost by it).
    Win { plies: u32 },
    /// Loses by force; `plies` is the longest defence, 0 when the game is already lost.
    Loss { plies: u32 },
    /// The game is already drawn (repetition or quiet limit).
    Draw,
    /// Nothing proven within the horizon (or the budget ran out first).
    Unknown,
    /// Nothing proven, and the search's score instead, in hundredths of a soldier: how a review
    /// tells the positions the solver left open apart (a drawn game scores 0 there).
    Score(i32),
}

impl Outcome {
    /// The same fact from the other side's view, one ply earlier: the outcome of a position
    /// for the player who moved into it.
    pub fn for_mover(self) -> Outcome {
        match self {
            Outcome::Win { plies } => Outcome::Loss { plies },
            Outcome::Loss { plies } => Outcome::Win { plies },
            Outcome::Score(score) => Outcome::Score(-score),
            Outcome::Draw | Outcome::Unknown => self,
        }
    }

    /// A proven win or loss as it is, else the search's `score`: how a review states it.
    pub fn or_score(self, score: i32) -> Outcome {
        match self {
            Outcome::Win { .. } | Outcome::Loss { .. } | Outcome::Score(_) => self,
            Outcome::Draw => Outcome::Score(0),
            Outcome::Unknown => Outcome::Score(score),
        }
    }

    pub fn is_win(self) -> bool {
        matches!(self, Outcome::Win { .. })
    }

    pub fn is_loss(self) -> bool {
        matches!(self, Outcome::Loss { .. })
    }
}

impl fmt::Display for Outcome {
    /// `win 7`, `loss 4`, `draw`, `unknown`, `score -35`, as the command line prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { plies } => write!(f, "win {plies}"),
            Outcome::Loss { plies } => write!(f, "loss {plies}"),
            Outcome::Draw => f.write_str("draw"),
            Outcome::Unknown => f.write_str("unknown"),
            Outcome::Score(score) => write!(f, "score {score}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_print_as_the_command_line_writes_them() {
        assert_eq!(Outcome::Win { plies: 3 }.to_string(), "win 3");
        assert_eq!(Outcome::Loss { plies: 7 }.to_string(), "loss 7");
        assert_eq!(Outcome::Draw.to_string(), "draw");
        assert_eq!(Outcome::Unknown.to_string(), "unknown");
        assert_eq!(Outcome::Score(-35).to_string(), "score -35");
    }

    #[test]
    fn the_mover_sees_the_other_side_of_it_and_a_review_scores_what_is_not_proven() {
        assert_eq!(
            Outcome::Win { plies: 3 }.for_mover(),
            Outcome::Loss { plies: 3 }
        );
        assert_eq!(
            Outcome::Loss { plies: 0 }.for_mover(),
            Outcome::Win { plies: 0 }
        );
        assert_eq!(Outcome::Score(40).for_mover(), Outcome::Score(-40));
        assert_eq!(Outcome::Draw.for_mover(), Outcome::Draw);
        assert_eq!(Outcome::Unknown.or_score(25), Outcome::Score(25));
        assert_eq!(Outcome::Draw.or_score(25), Outcome::Score(0));
        assert_eq!(
            Outcome::Win { plies: 5 }.or_score(25),
            Outcome::Win { plies: 5 }
        );
    }
}
