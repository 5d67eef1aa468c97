//! Every puzzle the app ships (`assets/puzzles.txt`, written by `duobao puzzles --count 60
//! --seed 1`) holds: checked with the exact search, not taken on trust.

use std::collections::HashSet;

use duobao_engine::{prove, Solver};
use duobao_study::{verify, Puzzle, MAX_PUZZLE_MOVES};

const SHIPPED: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../assets/puzzles.txt"
));

fn shipped() -> Vec<Puzzle> {
    SHIPPED
        .lines()
        .map(|line| {
            line.parse()
                .unwrap_or_else(|e| panic!("assets/puzzles.txt: {e}"))
        })
        .collect()
}

#[test]
fn every_shipped_puzzle_verifies_with_the_exact_search() {
    let puzzles = shipped();
    for puzzle in &puzzles {
        verify(puzzle).unwrap_or_else(|e| panic!("{puzzle}: {e}"));
    }
}

/// The solver's answer against every defence, not just the longest: each puzzle's whole proof,
/// written down by `prove`, passes the certificate's check, which replays it by the rules alone.
#[test]
fn every_shipped_puzzle_has_a_certificate_that_the_rules_accept() {
    let mut solver = Solver::with_table_megabytes(16);
    for puzzle in shipped() {
        let certificate = prove(&puzzle.position, puzzle.plies(), &mut solver, |_| {})
            .unwrap_or_else(|e| panic!("{puzzle}: {e}"));
        let report = certificate
            .check()
            .unwrap_or_else(|e| panic!("{puzzle}: {e}"));
        assert_eq!(report.longest, puzzle.plies(), "{puzzle}");
    }
}

#[test]
fn the_shipped_puzzles_are_many_distinct_and_spread_over_n() {
    let puzzles = shipped();
    assert!(puzzles.len() >= 40, "{} puzzles", puzzles.len());
    let positions: HashSet<String> = puzzles.iter().map(|p| p.position.to_fen()).collect();
    assert_eq!(positions.len(), puzzles.len(), "a puzzle is shipped twice");
    for n in 1..=MAX_PUZZLE_MOVES {
        let count = puzzles.iter().filter(|p| p.moves == n).count();
        assert!(count >= 5, "only {count} puzzles of win in {n}");
    }
}
