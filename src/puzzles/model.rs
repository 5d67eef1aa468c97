//! The puzzles screen's logic, free of any UI: the shipped puzzles, easiest first, and one
//! being solved — the player's move judged, the defender's reply, the win, or a wrong move with
//! its refutation.

use duobao_ai::{Puzzle, PuzzleAttempt, PuzzleStep};
use duobao_rules::{Game, Move};

/// The puzzles the app ships, written by `duobao puzzles` (one `<FEN>;<N>;<moves>` a line).
const SHIPPED: &str = include_str!("../../assets/puzzles.txt");

/// The shipped puzzles, the shortest wins first (in the file's order within each length).
pub fn shipped() -> Vec<Puzzle> {
    let mut puzzles: Vec<Puzzle> = SHIPPED
        .lines()
        .filter_map(|line| line.parse().ok())
        .collect();
    puzzles.sort_by_key(|puzzle| puzzle.moves);
    puzzles
}

/// Which puzzles the player works through: all, or those that win in so many moves.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub enum Length {
    #[default]
    All,
    WinIn(u32),
}

impl Length {
    pub fn includes(self, puzzle: &Puzzle) -> bool {
        match self {
            Length::All => true,
            Length::WinIn(moves) => puzzle.moves == moves,
        }
    }
}

/// The places in `puzzles` of those of `length`, in order.
pub fn of_length(puzzles: &[Puzzle], length: Length) -> Vec<usize> {
    (0..puzzles.len())
        .filter(|&index| length.includes(&puzzles[index]))
        .collect()
}

/// The puzzle after `current` among `chosen`, round to the first.
pub fn next_of(chosen: &[usize], current: usize) -> usize {
    chosen
        .iter()
        .copied()
        .find(|&index| index > current)
        .or_else(|| chosen.first().copied())
        .unwrap_or(current)
}

/// Where the player is in the current puzzle.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Status {
    Solving,
    Solved,
    /// `wrong` does not win in time; the defender's line after it.
    Failed {
        wrong: Move,
        refutation: Vec<Move>,
    },
}

/// What a move of the player did.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Played {
    /// Right; the defender answers with `reply`.
    Right {
        reply: Move,
    },
    /// The puzzle is solved; `first_try` when no wrong move came before.
    Solved {
        first_try: bool,
    },
    Wrong,
}

/// One puzzle being solved.
pub struct PuzzleSession {
    puzzle: Puzzle,
    attempt: PuzzleAttempt,
    status: Status,
    failed: bool,
}

impl PuzzleSession {
    pub fn new(puzzle: Puzzle) -> PuzzleSession {
        PuzzleSession {
            attempt: PuzzleAttempt::new(&puzzle),
            puzzle,
            status: Status::Solving,
            failed: false,
        }
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    pub fn status(&self) -> &Status {
        &self.status
    }

    /// The game so far from the puzzle's position.
    #[cfg(test)]
    pub fn game(&self) -> &Game {
        self.attempt.game()
    }

    /// The game the board shows: for a wrong move, that move and the defender's first reply.
    pub fn shown_game(&self) -> Game {
        let mut game = self.attempt.game().clone();
        if let Status::Failed { wrong, refutation } = &self.status {
            for &m in std::iter::once(wrong).chain(refutation.first()) {
                if game.play(m.into()).is_err() {
                    break;
                }
            }
        }
        game
    }

    /// Whether the refutation shown is the defender's own forced win.
    pub fn defender_wins(&self) -> bool {
        let Status::Failed { wrong, refutation } = &self.status else {
            return false;
        };
        let mut game = self.attempt.game().clone();
        for &m in std::iter::once(wrong).chain(refutation) {
            if game.play(m.into()).is_err() {
                return false;
            }
        }
        let defender = self.puzzle.position.turn().other();
        game.result().and_then(|result| result.winner()) == Some(defender)
    }

    /// Judges the player's move (only while solving).
    pub fn play(&mut self, m: Move) -> Played {
        if self.status != Status::Solving {
            return Played::Wrong;
        }
        match self.attempt.play(m) {
            PuzzleStep::Correct { reply } => Played::Right { reply },
            PuzzleStep::Solved => {
                self.status = Status::Solved;
                Played::Solved {
                    first_try: !self.failed,
                }
            }
            PuzzleStep::Wrong => {
                let refutation = self.attempt.refutation(m);
                self.status = Status::Failed {
                    wrong: m,
                    refutation,
                };
                self.failed = true;
                Played::Wrong
            }
        }
    }

    /// Starts the puzzle again from its position (a later solve is not at the first try).
    pub fn retry(&mut self) {
        self.attempt = PuzzleAttempt::new(&self.puzzle);
        self.status = Status::Solving;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puzzles_are_chosen_by_length_and_next_goes_round_them() {
        let puzzles = shipped();
        let all = of_length(&puzzles, Length::All);
        assert_eq!(all.len(), puzzles.len());
        for moves in 1..=5 {
            let chosen = of_length(&puzzles, Length::WinIn(moves));
            assert!(!chosen.is_empty(), "some win in {moves}");
            assert!(chosen.iter().all(|&i| puzzles[i].moves == moves));
            let last = *chosen.last().unwrap();
            assert_eq!(next_of(&chosen, last), chosen[0], "round to the first");
            assert_eq!(
                next_of(&chosen, chosen[0]),
                *chosen.get(1).unwrap_or(&chosen[0])
            );
        }
        assert_eq!(next_of(&all, 3), 4);
    }
    use duobao_ai::verify;

    #[test]
    fn the_shipped_puzzles_parse_and_come_easiest_first() {
        let puzzles = shipped();
        assert_eq!(puzzles.len(), SHIPPED.lines().count());
        assert!(puzzles.len() >= 40);
        assert!(puzzles
            .windows(2)
            .all(|pair| pair[0].moves <= pair[1].moves));
        verify(&puzzles[0]).unwrap();
    }

    fn win_in_two() -> PuzzleSession {
        PuzzleSession::new(
            "BBB/B..R./RTRBR/..R../.RR r L 7;2;c3b4 b3b2 a3a2"
                .parse()
                .unwrap(),
        )
    }

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn the_solution_solves_at_the_first_try() {
        let mut session = win_in_two();
        assert_eq!(
            session.play(mv("c3b4")),
            Played::Right { reply: mv("b3b2") }
        );
        assert_eq!(session.game().plies().len(), 2);
        assert_eq!(session.play(mv("a3a2")), Played::Solved { first_try: true });
        assert_eq!(session.status(), &Status::Solved);
        assert!(session.game().is_over());
        assert_eq!(
            session.play(mv("a3a2")),
            Played::Wrong,
            "nothing to play any more"
        );
    }

    #[test]
    fn a_wrong_move_shows_its_refutation_and_a_retry_starts_again() {
        let mut session = win_in_two();
        assert_eq!(session.play(mv("c3c4")), Played::Wrong);
        let Status::Failed { wrong, refutation } = session.status().clone() else {
            panic!("{:?}", session.status());
        };
        assert_eq!(wrong, mv("c3c4"));
        assert!(!refutation.is_empty());
        assert_eq!(session.game().plies().len(), 0);
        let shown = session.shown_game();
        assert_eq!(shown.plies().len(), 2);
        assert_eq!(shown.plies()[1].ply, refutation[0].into());
        session.retry();
        assert_eq!(session.status(), &Status::Solving);
        assert_eq!(session.shown_game().plies().len(), 0);
        session.play(mv("c3b4"));
        assert_eq!(
            session.play(mv("a3a2")),
            Played::Solved { first_try: false }
        );
    }
}
