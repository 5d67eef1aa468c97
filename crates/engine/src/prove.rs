//! Writing a forced win down as a [`Certificate`]: the solver picks the winner's move in each
//! position of the strategy, and every legal reply of the loser is followed, so that the rules
//! crate can check the whole win without searching.
//!
//! The stored move is always one of a shortest win. That makes the strategy a function of the
//! position, as a certificate needs: the shortest distance of a position does not depend on the
//! line that reaches it (while the quiet limit is out of reach, which [`prove`] demands), so a
//! move stored for one transposition keeps the win within the plies left at every other.

use duobao_rules::{Game, Position, QUIET_LIMIT};

use crate::certificate::Certificate;
use crate::outcome::Outcome;
use crate::solve::{Budget, Solver};

/// Why [`prove`] wrote no certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProveError {
    /// The quiet limit could draw a line of the proof; certificates key positions without the
    /// quiet count.
    QuietLimitInReach,
    /// A position of the strategy is not a forced win within the plies left (the start, unless
    /// the solver is wrong).
    NotAWin {
        position: Position,
        plies: u32,
        outcome: Outcome,
    },
}

impl std::fmt::Display for ProveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProveError::QuietLimitInReach => write!(
                f,
                "the quiet limit ({QUIET_LIMIT} plies) lies within the proof's reach"
            ),
            ProveError::NotAWin {
                position,
                plies,
                outcome,
            } => write!(
                f,
                "{position} is no forced win within {plies} plies for the side to move ({outcome})"
            ),
        }
    }
}

impl std::error::Error for ProveError {}

/// The certificate of a win of the side to move in `start` within `plies`, with `solver`
/// choosing the winner's moves; `progress` sees the certificate as it grows, once per move
/// stored.
pub fn prove(
    start: &Position,
    plies: u32,
    solver: &mut Solver,
    mut progress: impl FnMut(&Certificate),
) -> Result<Certificate, ProveError> {
    if start.quiet_plies() + plies >= QUIET_LIMIT {
        return Err(ProveError::QuietLimitInReach);
    }
    let mut prover = Prover {
        solver,
        certificate: Certificate::new(*start, plies),
        progress: &mut progress,
    };
    prover.winner_to_move(*start, plies)?;
    Ok(prover.certificate)
}

struct Prover<'a> {
    solver: &'a mut Solver,
    certificate: Certificate,
    progress: &'a mut dyn FnMut(&Certificate),
}

impl Prover<'_> {
    /// Stores a shortest win in `position` (not finished) and follows every reply to it.
    fn winner_to_move(&mut self, position: Position, plies: u32) -> Result<(), ProveError> {
        if self.certificate.get(&position).is_some() {
            return Ok(());
        }
        // Without the game's history: a shortest win never repeats a position, so the
        // positions before this one cannot draw it.
        let game = Game::from_position(position);
        let solution = self
            .solver
            .solve_first_move(&game, plies, &Budget::default());
        let (Outcome::Win { plies: distance }, Some(&m)) =
            (solution.outcome, solution.line.first())
        else {
            return Err(ProveError::NotAWin {
                position,
                plies,
                outcome: solution.outcome,
            });
        };
        self.certificate.insert(&position, m);
        (self.progress)(&self.certificate);
        let mut after = position;
        after.play_unchecked(m);
        for &reply in &after.legal_moves() {
            let mut next = after;
            next.play_unchecked(reply);
            self.winner_to_move(next, distance - 2)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shipped puzzle: Red wins in 3 moves (5 plies).
    const WIN_IN_5: &str = "BBB/BT.R./R..BR/..RR./.RR r L 5";

    #[test]
    fn a_puzzle_s_certificate_passes_the_rules_check() {
        let start = Position::from_fen(WIN_IN_5).unwrap();
        let mut stored = 0;
        let certificate = prove(&start, 5, &mut Solver::with_table_megabytes(4), |c| {
            stored = c.len()
        })
        .unwrap();
        assert_eq!(stored, certificate.len());
        let report = certificate.check().unwrap();
        assert_eq!(report.longest, 5);
        assert!(certificate.len() > 3, "{}", certificate.len());
    }

    #[test]
    fn no_certificate_for_what_is_no_win() {
        let start = Position::from_fen(WIN_IN_5).unwrap();
        let error = prove(&start, 3, &mut Solver::with_table_megabytes(4), |_| {}).unwrap_err();
        assert!(
            matches!(error, ProveError::NotAWin { plies: 3, .. }),
            "{error}"
        );
        let late = Position::from_fen("BBB/BT.R./R..BR/..RR./.RR r L 96").unwrap();
        let error = prove(&late, 5, &mut Solver::with_table_megabytes(4), |_| {}).unwrap_err();
        assert_eq!(error, ProveError::QuietLimitInReach);
    }
}
