//! The proven win from the start ([`Certificate::START_WIN`]): in a game that is one of its
//! lines, the exact outcome and the best move for either side, without a search. Master plays
//! Red's moves from it, and the hint and the review state its outcome.
//!
//! Only a game that [`follows`](Certificate::follows) the certificate is answered: there the
//! checker's guarantee — a Red win within 21 plies under the draw rules — holds. Anywhere else
//! (another start, a timeout pass, a Red move of its own) the callers search as usual.

use std::sync::OnceLock;

use duobao_rules::{Color, Game, Move, Position};

use crate::certificate::{Certificate, Distances};
use crate::outcome::Outcome;
use crate::solve::Solution;

/// What the certificate knows of a game on one of its lines, for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proven {
    /// Red wins by force in so many plies; Black loses by force in as many.
    pub outcome: Outcome,
    /// The best line from here: Red's stored moves against Black's longest defence, to the
    /// end of the game. Its first move is the best move.
    pub line: Vec<Move>,
}

struct StartWin {
    certificate: Certificate,
    distances: Distances,
}

/// The certificate, read from its strategy form (a seventh of the file form's download) and its
/// distances worked out on first use (a few milliseconds).
fn start_win() -> &'static StartWin {
    static START_WIN: OnceLock<StartWin> = OnceLock::new();
    START_WIN.get_or_init(|| {
        let certificate = Certificate::from_strategy_bytes(Certificate::START_WIN_STRATEGY)
            .expect("the committed strategy is the proof's (tests/proof.rs checks it)");
        let distances = certificate.distances();
        StartWin {
            certificate,
            distances,
        }
    })
}

/// The exact outcome and best line for the side to move, when the game is one of the proven
/// win's lines and not over; `None` otherwise.
pub fn proven(game: &Game) -> Option<Proven> {
    let StartWin {
        certificate,
        distances,
    } = start_win();
    if game.is_over() || !certificate.follows(game) {
        return None;
    }
    let plies = distances.get(game.position())?;
    let mut position = *game.position();
    let mut line = Vec::with_capacity(plies as usize);
    while let Some(m) = best_move(certificate, distances, &position) {
        line.push(m);
        position.play_unchecked(m);
    }
    let outcome = match game.position().turn() {
        Color::Red => Outcome::Win { plies },
        Color::Black => Outcome::Loss { plies },
    };
    Some(Proven { outcome, line })
}

/// [`proven`]'s answer as the solver gives one, exact however far the win lies.
impl From<Proven> for Solution {
    fn from(Proven { outcome, line }: Proven) -> Solution {
        Solution {
            outcome,
            horizon: line.len() as u32,
            line,
            finished: true,
            nodes: 0,
        }
    }
}

/// Red's stored move, or Black's longest defence (the first in the move generator's order);
/// `None` once the game is over.
fn best_move(
    certificate: &Certificate,
    distances: &Distances,
    position: &Position,
) -> Option<Move> {
    if position.turn() == certificate.start().turn() {
        return certificate
            .get(position)
            .filter(|_| position.win().is_none());
    }
    let plies_after = |&m: &Move| {
        let mut next = *position;
        next.play_unchecked(m);
        distances.get(&next).unwrap_or(0)
    };
    // max_by_key keeps the last of equals; the first is wanted, for a line that does not
    // depend on how ties fall.
    let replies = position.legal_moves();
    let longest = replies.iter().map(plies_after).max()?;
    replies.iter().copied().find(|m| plies_after(m) == longest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_rules::{GameResult, Ply};

    fn game(moves: &str) -> Game {
        let mut game = Game::new();
        for m in moves.split_whitespace() {
            game.play(m.parse().unwrap()).unwrap();
        }
        game
    }

    #[test]
    fn from_the_start_red_wins_in_21_plies_with_c3c2() {
        let start = proven(&Game::new()).unwrap();
        assert_eq!(start.outcome, Outcome::Win { plies: 21 });
        assert_eq!(start.line.len(), 21);
        assert_eq!(start.line[0], "c3c2".parse().unwrap());
        let mut end = Game::new();
        for &m in &start.line {
            end.play(m.into()).unwrap();
        }
        assert_eq!(end.result().and_then(GameResult::winner), Some(Color::Red));
        let black = proven(&game("c3c2")).unwrap();
        assert_eq!(black.outcome, Outcome::Loss { plies: 20 });
        assert_eq!(black.line, start.line[1..]);
    }

    #[test]
    fn off_the_certificate_nothing_is_known() {
        assert_eq!(proven(&game("a2a3")), None, "Red's own move");
        let mut passed = game("c3c2");
        passed.play(Ply::Pass).unwrap();
        assert_eq!(proven(&passed), None, "a timeout pass");
        let elsewhere = Game::from_fen("BBB/BB.BB/..T../RR.RR/RRR r - 9").unwrap();
        assert_eq!(proven(&elsewhere), None, "another quiet count");
    }

    #[test]
    #[ignore = "measures; run with --release --ignored --nocapture"]
    fn lookup_time() {
        let started = web_time::Instant::now();
        start_win();
        let loaded = started.elapsed();
        let started = web_time::Instant::now();
        let start = proven(&Game::new()).unwrap();
        println!(
            "read and distances {loaded:?}, then a lookup {:?} ({})",
            started.elapsed(),
            start.outcome
        );
    }
}
