//! `duobao review` and `duobao puzzles` as other tools see them.

use std::process::{Command, Output};

use duobao_ai::{verify, Puzzle};

fn duobao(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_duobao"))
        .args(args)
        .output()
        .expect("duobao runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn review_b2c2_is_a_blunder_black_wins_in_seven_plies() {
    let output = duobao(&["review", "b2c2"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let first: Vec<&str> = text.lines().next().unwrap().split(' ').collect();
    assert_eq!(first[..3], ["1", "b2c2", "blunder"], "{text}");
    assert_eq!(first[first.len() - 2..], ["loss", "7"], "{text}");
}

#[test]
fn review_prints_a_line_per_ply_and_a2a3_is_no_blunder() {
    let text = stdout(&duobao(&["review", "a2a3", "b4b3"]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("1 a2a3 "), "{text}");
    assert!(!lines[0].contains("blunder"), "{text}");
    assert!(lines[1].starts_with("2 b4b3 "), "{text}");
    let fields: Vec<&str> = lines[1].split(' ').collect();
    assert_eq!(fields.len(), 7, "{text}");
    assert!(["win", "loss", "score"].contains(&fields[3]), "{text}");
}

#[test]
fn review_from_a_fen_and_an_empty_game() {
    let output = duobao(&["review", "--fen", "B.B/..R../..T../.R.../... r - 0", "c4d4"]);
    assert_eq!(stdout(&output), "1 c4d4 best win 1 win 0\n");
    let empty = duobao(&["review"]);
    assert!(empty.status.success());
    assert_eq!(stdout(&empty), "");
}

#[test]
fn review_refuses_bad_input_like_play() {
    for (args, reason) in [
        (&["review", "c1c3"][..], "c1c3"),
        (&["review", "nonsense"], "not a move"),
        (&["review", "--fen", "BBB/BB.BB r - 0", "c1c2"], "bad FEN"),
    ] {
        let output = duobao(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(reason), "{args:?}: {stderr}");
    }
}

#[test]
fn puzzles_are_printed_one_a_line_and_verify() {
    let output = duobao(&["puzzles", "--count", "3", "--seed", "1"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    for line in lines {
        let puzzle: Puzzle = line.parse().unwrap();
        verify(&puzzle).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}

#[test]
fn puzzles_count_is_limited() {
    for count in ["0", "1001", "many"] {
        let output = duobao(&["puzzles", "--count", count]);
        assert_eq!(output.status.code(), Some(2), "{count}");
        assert!(output.stdout.is_empty(), "{count}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("--count"), "{count}: {stderr}");
    }
    let missing = duobao(&["puzzles"]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn review_and_puzzles_explain_themselves() {
    let overview = stdout(&duobao(&["--help"]));
    assert!(overview.contains("review") && overview.contains("puzzles"));
    for (command, expected) in [
        ("review", &["--fen", "[MOVE]...", "blunder"][..]),
        ("puzzles", &["--count", "--seed"]),
    ] {
        let help = duobao(&[command, "--help"]);
        assert!(help.status.success(), "{command}");
        let text = stdout(&help);
        for option in expected {
            assert!(
                text.contains(option),
                "{command} --help lacks {option}: {text}"
            );
        }
    }
}
