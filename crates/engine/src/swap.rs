//! The computer's side of the swap rule (the pie rule of Hex): after Red's first move, Black may
//! take over Red's side instead of replying. Seven Soldiers is a first-player win, so the rule is
//! only fair when the computer plays it from what is proven about the first moves
//! (`docs/SOLVING.md`): as Black it takes over every first move proven to win, and as Red it
//! opens with the loss that holds out longest, which invites no swap. Every first move is
//! decided, so with the swap rule the second player wins with perfect play; the slowest loss
//! asks Black to find a win of 29 plies.

use duobao_rules::{Color, Game, Move, Ply, Position};

use crate::outcome::Outcome;

/// Red's 13 first moves, valued for Red in plies from the start (the move included), as the
/// exact solver found them: see `docs/SOLVING.md`, "The first moves", for the runs. A value here
/// is a proof, not an estimate; the short ones are proven again by this module's tests and
/// `c3c2`'s by the certificate (`crates/engine/tests/proof.rs`).
const FIRST_MOVE_VALUES: [(&str, Outcome); 13] = [
    ("c3c2", Outcome::Win { plies: 21 }),
    ("a2a3", Outcome::Win { plies: 25 }),
    ("e2e3", Outcome::Win { plies: 25 }),
    ("b2c2", Outcome::Loss { plies: 8 }),
    ("d2c2", Outcome::Loss { plies: 8 }),
    ("c1c2", Outcome::Loss { plies: 10 }),
    ("c3c4", Outcome::Loss { plies: 12 }),
    ("c3b3", Outcome::Loss { plies: 20 }),
    ("c3d3", Outcome::Loss { plies: 20 }),
    ("b2b3", Outcome::Loss { plies: 26 }),
    ("d2d3", Outcome::Loss { plies: 26 }),
    ("b2a3", Outcome::Loss { plies: 30 }),
    ("d2e3", Outcome::Loss { plies: 30 }),
];

/// What is proven about Red's first move `first` from the start, for Red; `Unknown` for a move
/// that is not one of the start's.
pub fn first_move_value(first: Move) -> Outcome {
    FIRST_MOVE_VALUES
        .iter()
        .find(|(notation, _)| notation.parse() == Ok(first))
        .map_or(Outcome::Unknown, |&(_, value)| value)
}

/// Whether Black, to move after Red's first move of a game from the start, should take Red's
/// side: when that move is proven to win. Only a proof decides: a move nobody has solved is
/// answered, not taken over.
pub fn takes_swap(game: &Game) -> bool {
    is_first_reply(game)
        && game
            .plies()
            .first()
            .is_some_and(|first| matches!(first.ply, Ply::Move(m) if first_move_value(m).is_win()))
}

/// Red's opening under the swap rule: one of the losses with the longest defence (`b2a3` and its
/// mirror `d2e3`, lost in 30 plies; `seed` picks one), since Black takes over a proven win, and
/// the longest loss leaves Black the most to find.
pub fn first_move_inviting_no_swap(seed: u64) -> Move {
    let longest = FIRST_MOVE_VALUES
        .iter()
        .filter_map(|(_, value)| match value {
            Outcome::Loss { plies } => Some(*plies),
            _ => None,
        })
        .max();
    let open: Vec<Move> = FIRST_MOVE_VALUES
        .iter()
        .filter(|(_, value)| matches!(value, Outcome::Loss { plies } if Some(*plies) == longest))
        .map(|(notation, _)| {
            notation
                .parse()
                .expect("the table's moves are well written")
        })
        .collect();
    open[(seed % open.len() as u64) as usize]
}

/// Whether the game stands at Black's first turn of a game from the start, after a move of
/// Red's (not a timeout pass): the only moment the swap rule offers a choice.
pub fn is_first_reply(game: &Game) -> bool {
    *game.start_position() == Position::start()
        && game.position().turn() == Color::Black
        && matches!(game.plies(), [first] if matches!(first.ply, Ply::Move(_)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Budget, Solver};

    fn after(first: &str) -> Game {
        let mut game = Game::new();
        game.play(first.parse::<Move>().unwrap().into()).unwrap();
        game
    }

    #[test]
    fn every_first_move_of_the_start_has_exactly_one_value() {
        let legal = Position::start().legal_moves();
        assert_eq!(legal.len(), FIRST_MOVE_VALUES.len());
        for m in legal.iter() {
            let listed = FIRST_MOVE_VALUES
                .iter()
                .filter(|(notation, _)| notation.parse() == Ok(*m))
                .count();
            assert_eq!(listed, 1, "{m}");
        }
    }

    #[test]
    fn mirrored_first_moves_have_the_same_value() {
        for m in Position::start().legal_moves().iter() {
            let mirror = Move::new(m.from().mirrored(), m.to().mirrored());
            assert_eq!(first_move_value(*m), first_move_value(mirror), "{m}");
        }
    }

    #[test]
    fn the_short_values_are_proven_again_by_the_solver() {
        let mut solver = Solver::new();
        for (notation, value) in FIRST_MOVE_VALUES {
            let Outcome::Loss { plies } = value else {
                continue;
            };
            if plies > 12 {
                continue;
            }
            // Black's win after the move, counted from the start: one ply more.
            let solution = solver.solve(&after(notation), plies - 1, &Budget::default());
            assert_eq!(
                solution.outcome,
                Outcome::Win { plies: plies - 1 },
                "{notation}"
            );
        }
    }

    #[test]
    fn black_takes_over_a_proven_win_and_answers_anything_else() {
        assert!(takes_swap(&after("c3c2")));
        assert!(takes_swap(&after("a2a3")));
        assert!(!takes_swap(&after("b2c2")), "a proven loss for Red");
        assert!(
            !takes_swap(&after("b2a3")),
            "a proven loss for Red, the slowest"
        );
        let mut later = after("c3c2");
        later.play("b4c3".parse::<Move>().unwrap().into()).unwrap();
        assert!(!takes_swap(&later), "only on Black's first turn");
        let from_elsewhere = Game::from_position(*after("c3c2").position());
        assert!(
            !takes_swap(&from_elsewhere),
            "only in a game from the start"
        );
        let mut timed_out = Game::new();
        timed_out.play(Ply::Pass).unwrap();
        assert!(!is_first_reply(&timed_out), "Red made no move to take over");
    }

    #[test]
    fn red_opens_with_the_longest_loss_which_black_has_no_reason_to_take_over() {
        for seed in 0..4 {
            let first = first_move_inviting_no_swap(seed);
            assert!(Position::start().legal_moves().contains(&first));
            assert!(!takes_swap(&after(&first.to_string())));
            assert_eq!(first_move_value(first), Outcome::Loss { plies: 30 });
        }
        assert_ne!(
            first_move_inviting_no_swap(0),
            first_move_inviting_no_swap(1)
        );
    }
}
