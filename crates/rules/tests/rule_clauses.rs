//! One test per clause of RULES.md, on hand-made positions.

use duobao_rules::{
    Color, DrawReason, Game, GameResult, Move, Ply, Point, PointSet, Position, Win, WinReason,
};

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn points(names: &[&str]) -> PointSet {
    names.iter().map(|n| n.parse::<Point>().unwrap()).collect()
}

/// Plays `m` and returns the new position and what it captured.
fn after(fen: &str, m: &str) -> (Position, PointSet) {
    let mut p = position(fen);
    let captured = p.play(mv(m)).unwrap();
    assert_eq!(p.hash(), p.compute_hash());
    (p, captured)
}

#[test]
fn start_position_matches_setup() {
    let start = Position::start();
    assert_eq!(
        start.soldiers(Color::Red),
        points(&["b1", "c1", "d1", "a2", "b2", "d2", "e2"])
    );
    assert_eq!(
        start.soldiers(Color::Black),
        points(&["b5", "c5", "d5", "a4", "b4", "d4", "e4"])
    );
    assert_eq!(start.treasure(), Some("c3".parse().unwrap()));
    assert_eq!(start.turn(), Color::Red);
    assert!(!start.treasure_locked());
}

#[test]
fn moves_go_one_step_along_a_line_to_an_empty_point() {
    let start = Position::start();
    let mut moves: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    let expected = [
        "a2a3", "b2a3", "b2b3", "b2c2", "c1c2", "c3b3", "c3c2", "c3c4", "c3d3", "d2c2", "d2d3",
        "d2e3", "e2e3",
    ];
    assert_eq!(moves, expected);
    assert!(!start.is_legal(mv("b1b3")), "two steps");
    assert!(!start.is_legal(mv("b1c1")), "occupied");
    assert!(!start.is_legal(mv("b4b3")), "enemy soldier");
    assert!(!start.is_legal(mv("b1a2")), "no line between b1 and a2");
}

#[test]
fn walking_into_a_sandwich_is_safe() {
    let (p, captured) = after("B../...../.BT../R.R../... b - 0", "b3b2");
    assert!(captured.is_empty());
    assert!(p.soldiers(Color::Black).contains("b2".parse().unwrap()));
}

#[test]
fn a_sandwich_captures_the_middle_soldier() {
    let (p, captured) = after("B../...../..T../RB.R./... r - 5", "d2c2");
    assert_eq!(captured, points(&["b2"]));
    assert_eq!(p.quiet_plies(), 0);
}

#[test]
fn a_third_piece_on_the_line_blocks_the_capture() {
    // A black soldier, then the treasure, as the fourth piece on row 2.
    let (_, captured) = after("B../...../..T../RB..B/.R. r - 0", "c1c2");
    assert!(captured.is_empty());
    let (_, captured) = after("B../...../...../RB..T/.R. r - 0", "c1c2");
    assert!(captured.is_empty());
    // The pieces must also be consecutive: a gap breaks the sandwich.
    let (_, captured) = after("B../...../..T../RB..R/.R. r - 0", "e2d2");
    assert!(captured.is_empty());
}

#[test]
fn a_blocker_leaving_the_line_reveals_a_capture() {
    let (_, captured) = after("B../...../..T../RBRR./... r - 0", "d2d3");
    assert_eq!(captured, points(&["b2"]));
}

#[test]
fn a_sandwich_left_standing_is_not_taken_later() {
    let (_, captured) = after("B../...../..T../RBR../..R r - 0", "d1d2");
    // d1d2 touches row 2 only through d2, where the line now holds four pieces.
    assert!(captured.is_empty());
    let (_, captured) = after("B../R..../..T../RBR../... r - 0", "a4a3");
    assert!(
        captured.is_empty(),
        "a move away from the line captures nothing"
    );
}

#[test]
fn one_move_can_capture_on_two_lines() {
    let (p, captured) = after("B../..R.T/..B../RB.../.R. r - 3", "c1c2");
    assert_eq!(captured, points(&["b2", "c3"]));
    assert_eq!(p.soldiers(Color::Black), points(&["b5"]));
}

#[test]
fn the_treasure_can_be_sandwiched_and_that_wins() {
    let (p, captured) = after("B../...../.RT../...R./... r - 0", "d2d3");
    assert_eq!(captured, points(&["c3"]));
    assert_eq!(p.treasure(), None);
    assert_eq!(
        p.win(),
        Some(Win {
            winner: Color::Red,
            reason: WinReason::Treasure
        })
    );
    assert!(p.legal_moves().is_empty());
}

#[test]
fn the_treasure_never_sandwiches() {
    let (_, captured) = after("B../...../...../TB.R./... r - 0", "d2c2");
    assert!(captured.is_empty());
}

#[test]
fn moving_the_treasure_between_own_soldiers_delivers_it() {
    let (p, captured) = after("B../..T../.R.R./...../... r - 0", "c4c3");
    assert_eq!(captured, points(&["c3"]));
    assert_eq!(
        p.win().map(|w| (w.winner, w.reason)),
        Some((Color::Red, WinReason::Treasure))
    );
    // Between the opponent's soldiers it is safe: only the mover captures.
    let (p, captured) = after("R../..T../.B.B./...../... r - 0", "c4c3");
    assert!(captured.is_empty());
    assert_eq!(p.win(), None);
}

#[test]
fn the_treasure_lock_holds_until_a_soldier_moves() {
    let (p, _) = after("BBB/BB.BB/..T../RR.RR/RRR r - 0", "c3c2");
    assert!(p.treasure_locked());
    assert!(!p
        .legal_moves()
        .iter()
        .any(|m| m.from() == "c2".parse().unwrap()));
    let mut released = p;
    released.play(mv("b4c4")).unwrap();
    assert!(!released.treasure_locked());
    assert!(released.is_legal(mv("c2c3")));
}

#[test]
fn a_pass_keeps_the_lock_and_the_board() {
    let mut p = position("BBB/BB.BB/...../RRTRR/RRR b L 1");
    let before = p;
    p.pass();
    assert!(p.treasure_locked());
    assert_eq!(p.turn(), Color::Red);
    assert_eq!(p.occupied(), before.occupied());
    assert_eq!(p.quiet_plies(), 2);
    assert_eq!(p.hash(), p.compute_hash());
}

#[test]
fn no_legal_move_is_a_blockade_win() {
    let (p, _) = after("B../.RT../...../R..../... r - 0", "c4c5");
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.win(),
        Some(Win {
            winner: Color::Red,
            reason: WinReason::Blockade
        })
    );
}

#[test]
fn capturing_the_last_soldier_is_annihilation() {
    let (p, captured) = after(".../...T./...../RB.../.R. r - 0", "c1c2");
    assert_eq!(captured, points(&["b2"]));
    assert_eq!(
        p.win(),
        Some(Win {
            winner: Color::Red,
            reason: WinReason::Annihilation
        })
    );
}

#[test]
fn treasure_is_checked_before_annihilation() {
    // One move takes black's last soldier (column d) and the treasure (row 3).
    let (p, captured) = after(".../...../.RT.R/...B./..R r - 0", "e3d3");
    assert_eq!(captured, points(&["c3", "d2"]));
    assert_eq!(
        p.win(),
        Some(Win {
            winner: Color::Red,
            reason: WinReason::Treasure
        })
    );
}

#[test]
fn the_third_occurrence_of_a_position_is_a_draw() {
    let mut game = Game::new();
    let shuffle = ["b2c2", "b4c4", "c2b2", "c4b4"];
    for (i, text) in shuffle.iter().chain(&shuffle).enumerate() {
        assert_eq!(game.result(), None, "not drawn before ply {i}");
        game.play(text.parse().unwrap()).unwrap();
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(
        game.result(),
        Some(GameResult::Draw(DrawReason::Repetition))
    );
    assert!(
        game.play(Ply::Pass).is_err(),
        "a finished game takes no ply"
    );
}

#[test]
fn a_hundred_quiet_plies_are_a_draw() {
    let mut game = Game::from_fen("BBB/BB.BB/..T../RR.RR/RRR r - 98").unwrap();
    game.play(Ply::Pass).unwrap();
    assert_eq!(game.result(), None);
    game.play("b4c4".parse().unwrap()).unwrap();
    assert_eq!(game.result(), Some(GameResult::Draw(DrawReason::Quiet)));
}
