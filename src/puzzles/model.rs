//! The puzzles screen's logic, free of any UI: the shipped puzzles, easiest first, and one
//! being solved — the player's move judged, the defender's reply, the win, or a wrong move with
//! its refutation.

use duobao_rules::{Game, Move};
use duobao_study::{Job, Puzzle, PuzzleStep};

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

/// One puzzle being solved. A move the player makes waits for the engine's judgement
/// ([`PuzzleSession::judging`], worked out off the page's thread), then counts
/// ([`PuzzleSession::judged`]).
pub struct PuzzleSession {
    puzzle: Puzzle,
    /// The moves made so far from the puzzle's position: the player's and the defender's replies.
    played: Vec<Move>,
    /// The player's move the engine is judging.
    pending: Option<Move>,
    status: Status,
    failed: bool,
}

impl PuzzleSession {
    pub fn new(puzzle: Puzzle) -> PuzzleSession {
        PuzzleSession {
            puzzle,
            played: Vec::new(),
            pending: None,
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
    pub fn game(&self) -> Game {
        let mut game = Game::from_position(self.puzzle.position);
        for &m in &self.played {
            // The moves were judged legal in turn.
            let _ = game.play(m.into());
        }
        game
    }

    /// The game the board shows: the move being judged on it; for a wrong move, that move and
    /// the defender's first reply.
    pub fn shown_game(&self) -> Game {
        let mut game = self.game();
        let extra: Vec<Move> = match &self.status {
            Status::Failed { wrong, refutation } => std::iter::once(*wrong)
                .chain(refutation.first().copied())
                .collect(),
            _ => self.pending.into_iter().collect(),
        };
        for m in extra {
            if game.play(m.into()).is_err() {
                break;
            }
        }
        game
    }

    /// Whether the player may move: solving, and no move of theirs waiting for its judgement.
    pub fn takes_moves(&self) -> bool {
        self.status == Status::Solving && self.pending.is_none()
    }

    /// Whether the refutation shown is the defender's own forced win.
    pub fn defender_wins(&self) -> bool {
        let Status::Failed { wrong, refutation } = &self.status else {
            return false;
        };
        let mut game = self.game();
        for &m in std::iter::once(wrong).chain(refutation) {
            if game.play(m.into()).is_err() {
                return false;
            }
        }
        let defender = self.puzzle.position.turn().other();
        game.result().and_then(|result| result.winner()) == Some(defender)
    }

    /// The player makes `m`: it waits for the engine's judgement. Whether it was taken (only
    /// while the player may move, and only a legal move).
    pub fn submit(&mut self, m: Move) -> bool {
        let taken = self.takes_moves() && self.game().position().is_legal(m);
        if taken {
            self.pending = Some(m);
        }
        taken
    }

    /// What the engine is to judge: the move waiting, after the moves so far.
    pub fn judging(&self) -> Option<Job> {
        self.pending.map(|m| Job::PuzzleMove {
            puzzle: self.puzzle.clone(),
            played: self.played.clone(),
            m,
        })
    }

    /// The engine's judgement of `m`, with the defender's refutation of a wrong move; `None`
    /// when `m` is not the move waiting (a retry or another puzzle came between).
    pub fn judged(&mut self, m: Move, step: PuzzleStep, refutation: Vec<Move>) -> Option<Played> {
        if self.pending != Some(m) {
            return None;
        }
        self.pending = None;
        Some(match step {
            PuzzleStep::Correct { reply } => {
                self.played.extend([m, reply]);
                Played::Right { reply }
            }
            PuzzleStep::Solved => {
                self.played.push(m);
                self.status = Status::Solved;
                Played::Solved {
                    first_try: !self.failed,
                }
            }
            PuzzleStep::Wrong => {
                self.status = Status::Failed {
                    wrong: m,
                    refutation,
                };
                self.failed = true;
                Played::Wrong
            }
        })
    }

    /// The engine could not judge the move waiting: it is taken back, to be made again.
    pub fn unjudged(&mut self) {
        self.pending = None;
    }

    /// Starts the puzzle again from its position (a later solve is not at the first try).
    pub fn retry(&mut self) {
        self.played.clear();
        self.pending = None;
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
    use duobao_engine::CancelToken;
    use duobao_study::{run_job, verify, Finding};

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

    /// The player makes `m`, and the engine judges it here and now.
    fn play(session: &mut PuzzleSession, m: Move) -> Played {
        if !session.submit(m) {
            return Played::Wrong;
        }
        let mut judgement = None;
        let job = session.judging().expect("a move waits");
        run_job(job, None, &CancelToken::new(), &mut |found| {
            if let Finding::Puzzle { step, refutation } = found {
                judgement = Some((step, refutation));
            }
        });
        let (step, refutation) = judgement.expect("the engine judged it");
        session
            .judged(m, step, refutation)
            .expect("the move waiting")
    }

    #[test]
    fn the_solution_solves_at_the_first_try() {
        let mut session = win_in_two();
        assert_eq!(
            play(&mut session, mv("c3b4")),
            Played::Right { reply: mv("b3b2") }
        );
        assert_eq!(session.game().plies().len(), 2);
        assert_eq!(
            play(&mut session, mv("a3a2")),
            Played::Solved { first_try: true }
        );
        assert_eq!(session.status(), &Status::Solved);
        assert!(session.game().is_over());
        assert_eq!(
            play(&mut session, mv("a3a2")),
            Played::Wrong,
            "nothing to play any more"
        );
    }

    #[test]
    fn a_wrong_move_shows_its_refutation_and_a_retry_starts_again() {
        let mut session = win_in_two();
        assert_eq!(play(&mut session, mv("c3c4")), Played::Wrong);
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
        play(&mut session, mv("c3b4"));
        assert_eq!(
            play(&mut session, mv("a3a2")),
            Played::Solved { first_try: false }
        );
    }

    #[test]
    fn a_move_waits_on_the_board_for_its_judgement_and_a_stale_one_counts_for_nothing() {
        let mut session = win_in_two();
        assert!(session.submit(mv("c3b4")));
        assert_eq!(
            session.shown_game().plies().len(),
            1,
            "the move waiting is shown"
        );
        assert!(!session.takes_moves());
        assert!(!session.submit(mv("a3a2")), "one move at a time");
        // The engine could not judge it: it is taken back.
        session.unjudged();
        assert!(session.takes_moves());
        assert_eq!(session.shown_game().plies().len(), 0);
        // A judgement for a move no longer waiting (a retry came between) is dropped.
        assert!(session.submit(mv("c3b4")));
        session.retry();
        let reply = PuzzleStep::Correct { reply: mv("b3b2") };
        assert_eq!(session.judged(mv("c3b4"), reply, Vec::new()), None);
        assert_eq!(session.game().plies().len(), 0);
        assert!(!session.submit(mv("c1c3")), "not a legal move");
    }
}
