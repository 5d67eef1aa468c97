//! Properties of random games: what must hold after any sequence of legal plies.

use duobao_rules::{Color, Game, GameRecord, Ply, Position, MAX_SOLDIERS};
use proptest::prelude::*;

/// Plays a game where each choice picks a legal move by index, or a pass one time in sixteen.
fn random_game(choices: &[u16]) -> Game {
    let mut game = Game::new();
    for &choice in choices {
        if game.is_over() {
            break;
        }
        let moves = game.position().legal_moves();
        let ply = if choice % 16 == 0 {
            Ply::Pass
        } else {
            Ply::Move(moves[usize::from(choice) % moves.len()])
        };
        game.play(ply).unwrap();
    }
    game
}

fn soldier_count(p: &Position) -> [u32; 2] {
    [p.soldiers(Color::Red).len(), p.soldiers(Color::Black).len()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn piece_counts_never_grow(choices in prop::collection::vec(any::<u16>(), 0..200)) {
        let game = random_game(&choices);
        for pair in game.history().windows(2) {
            let (before, after) = (soldier_count(&pair[0]), soldier_count(&pair[1]));
            prop_assert!(after[0] <= before[0] && after[1] <= before[1]);
            prop_assert!(after[0] <= MAX_SOLDIERS && after[1] <= MAX_SOLDIERS);
            if pair[0].treasure().is_none() {
                prop_assert!(pair[1].treasure().is_none());
            }
        }
    }

    #[test]
    fn no_two_pieces_share_a_point(choices in prop::collection::vec(any::<u16>(), 0..200)) {
        let game = random_game(&choices);
        for p in game.history() {
            let red = p.soldiers(Color::Red);
            let black = p.soldiers(Color::Black);
            let treasure = p.treasure().map(|t| t.set()).unwrap_or_default();
            prop_assert!((red & black).is_empty());
            prop_assert!(((red | black) & treasure).is_empty());
            prop_assert_eq!(p.occupied().len(), red.len() + black.len() + treasure.len());
        }
    }

    #[test]
    fn undo_restores_the_exact_position_and_hash(choices in prop::collection::vec(any::<u16>(), 1..200)) {
        let mut game = random_game(&choices);
        let history = game.history().to_vec();
        let mut undone = Vec::new();
        while let Some(played) = game.undo() {
            undone.push(played);
            let expected = &history[game.plies().len()];
            prop_assert_eq!(game.position(), expected);
            prop_assert_eq!(game.position().hash(), expected.hash());
        }
        prop_assert_eq!(game.position(), &Position::start());
        for played in undone.iter().rev() {
            prop_assert_eq!(game.redo(), Some(*played));
        }
        prop_assert_eq!(game.history(), &history[..]);
    }

    #[test]
    fn fen_round_trips(choices in prop::collection::vec(any::<u16>(), 0..200)) {
        let game = random_game(&choices);
        for p in game.history() {
            let parsed = Position::from_fen(&p.to_fen()).unwrap();
            prop_assert_eq!(&parsed, p);
        }
    }

    #[test]
    fn incremental_hash_equals_the_hash_from_scratch(choices in prop::collection::vec(any::<u16>(), 0..200)) {
        let game = random_game(&choices);
        for p in game.history() {
            prop_assert_eq!(p.hash(), p.compute_hash());
        }
    }

    #[test]
    fn a_game_record_replays_to_the_same_game(choices in prop::collection::vec(any::<u16>(), 0..120), undos in 0usize..5) {
        let mut game = random_game(&choices);
        for _ in 0..undos {
            game.undo();
        }
        let record: GameRecord = game.to_record();
        let replayed = Game::from_record(&record).unwrap();
        prop_assert_eq!(&replayed, &game);
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&game).unwrap();
            let restored: Game = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(restored, game);
        }
    }

    #[test]
    fn bulk_counted_perft_equals_playing_every_move(choices in prop::collection::vec(any::<u16>(), 0..200)) {
        let game = random_game(&choices);
        let p = game.position();
        let played_out: u64 = p
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut child = *p;
                child.play_unchecked(m);
                u64::from(child.count_moves())
            })
            .sum();
        prop_assert_eq!(duobao_rules::perft(p, 2), played_out);
    }

    #[test]
    fn legal_moves_agree_with_count_and_is_legal(choices in prop::collection::vec(any::<u16>(), 0..200)) {
        let game = random_game(&choices);
        let p = game.position();
        let moves = p.legal_moves();
        prop_assert_eq!(moves.len() as u32, p.count_moves());
        for m in moves.iter() {
            prop_assert!(p.is_legal(*m));
            prop_assert!(p.check_move(*m).is_ok());
        }
    }
}
