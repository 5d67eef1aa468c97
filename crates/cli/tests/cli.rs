//! The `duobao` binary as other tools see it: stdout, stderr and exit status.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn duobao(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_duobao"))
        .args(args)
        .output()
        .expect("duobao runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Each command line fails with exit status 2, nothing on stdout and its reason on stderr.
fn assert_each_fails_with_status_2(cases: &[(&[&str], &str)]) {
    for (args, reason) in cases {
        let output = duobao(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(reason), "{args:?}: {stderr}");
    }
}

#[test]
fn perft_6_from_the_start() {
    let output = duobao(&["perft", "6"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "total 2205650\n");
}

#[test]
fn perft_divide_lists_root_moves_then_the_total() {
    let output = duobao(&[
        "perft",
        "2",
        "--divide",
        "--fen",
        "BBB/BB.BB/..T../RR.RR/RRR r - 0",
    ]);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 14);
    assert_eq!(lines[0], "a2a3 11");
    assert_eq!(lines[13], "total 147");
}

#[test]
fn moves_are_sorted_and_empty_when_the_game_is_over() {
    let text = stdout(&duobao(&["moves"]));
    assert_eq!(text.lines().count(), 13);
    assert!(text.starts_with("a2a3\nb2a3\n"));
    let over = duobao(&["moves", "--fen", "BBB/BB.BB/...../RR.RR/RRR b - 0"]);
    assert!(over.status.success());
    assert_eq!(stdout(&over), "");
}

#[test]
fn play_prints_fen_captures_and_result() {
    let output = duobao(&["play", "--fen", "B../...../.RT../...R./... r - 0", "d2d3"]);
    assert_eq!(
        stdout(&output),
        "B../...../.R.R./...../... b - 0\ncaptured c3\nresult red treasure\n"
    );
    let output = duobao(&["play", "c1c2", "pass"]);
    assert_eq!(
        stdout(&output),
        "BBB/BB.BB/..T../RRRRR/R.R r - 2\ncaptured -\nresult ongoing\n"
    );
    let shuffle = ["b2c2", "b4c4", "c2b2", "c4b4"];
    let mut args = vec!["play"];
    args.extend(shuffle.iter().chain(&shuffle));
    assert!(stdout(&duobao(&args)).ends_with("result draw repetition\n"));
}

#[test]
fn bad_fens_and_illegal_moves_exit_2_with_a_reason() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["perft", "1", "--fen", "BBB/BB.BB/..T../RR.RR r - 0"],
            "5 rows",
        ),
        (
            &["moves", "--fen", "BBB/BBBBB/..T../RR.RR/RRR r - 0"],
            "more than 7",
        ),
        (
            &["moves", "--fen", "BBB/BB.BB/..T../RR.RR/RRR x - 0"],
            "side to move",
        ),
        (&["play", "c1c3"], "not next to"),
        (&["play", "b4b3"], "not yours"),
        (&["play", "c3c2", "c2c3"], "locked"),
        (&["play", "nonsense"], "not a move"),
        (
            &["play", "--fen", "BBB/BB.BB/...../RR.RR/RRR b - 0", "b4b3"],
            "over",
        ),
    ];
    assert_each_fails_with_status_2(cases);
}

#[test]
fn every_command_explains_itself() {
    let commands = ["perft", "moves", "play", "engine", "match", "bench"];
    let overview = duobao(&["--help"]);
    assert!(overview.status.success());
    for command in commands {
        assert!(stdout(&overview).contains(command), "{command}");
    }
    let options: &[(&str, &[&str])] = &[
        ("perft", &["<DEPTH>", "--fen", "--divide"]),
        ("moves", &["--fen"]),
        ("play", &["--fen", "[MOVE]..."]),
        ("engine", &[]),
        (
            "match",
            &[
                "--a",
                "--b",
                "--games",
                "--seed",
                "--unpaired",
                "--opening-plies",
                "--natural",
            ],
        ),
        ("bench", &["--level"]),
    ];
    for (command, expected) in options {
        let help = duobao(&[command, "--help"]);
        assert!(help.status.success(), "{command}");
        let text = stdout(&help);
        assert!(text.contains(&format!("Usage: duobao {command}")), "{text}");
        for option in *expected {
            assert!(
                text.contains(option),
                "{command} --help lacks {option}: {text}"
            );
        }
    }
}

#[test]
fn usage_errors_exit_2_with_the_usage() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "Usage: duobao <COMMAND>"),
        (&["launch"], "unrecognized subcommand 'launch'"),
        (&["perft"], "<DEPTH>"),
        (&["perft", "x"], "invalid value 'x'"),
        (&["moves", "--divide"], "unexpected argument '--divide'"),
        (&["match", "--a", "easy"], "--b <PLAYER>"),
        (&["match", "--a", "grand", "--b", "easy"], "not a player"),
        (&["bench", "--level", "godlike"], "not a level"),
        (
            &["moves", "--fen", "BBB/BB.BB/..T../RR.RR/RRR r - 0", "c1c2"],
            "unexpected argument 'c1c2'",
        ),
    ];
    assert_each_fails_with_status_2(cases);
}

#[test]
fn a_quoted_fen_may_be_followed_by_moves() {
    let output = duobao(&["play", "--fen", "B../...../.RT../...R./... r - 0", "d2d3"]);
    assert_eq!(
        stdout(&output),
        "B../...../.R.R./...../... b - 0\ncaptured c3\nresult red treasure\n"
    );
}

#[test]
fn engine_answers_line_by_line_and_survives_errors() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_duobao"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"perft 4\nbogus\nposition startpos moves c3c2\nmoves\nd\nquit\n")
        .unwrap();
    let text = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "total 18178");
    assert!(lines[1].starts_with("error "));
    // The treasure just moved to c2 and is locked: only Black's soldiers move.
    let black_moves = [
        "a4a3", "b4a3", "b4b3", "b4c3", "b4c4", "c5c4", "d4c3", "d4c4", "d4d3", "d4e3", "e4e3",
    ];
    assert_eq!(lines[2..13], black_moves, "{text}");
    assert!(text.contains("fen BBB/BB.BB/...../RRTRR/RRR b L 1"));
}

// `review` and `puzzles`: the analysis behind the app's game review and its puzzles.

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
    let cases: &[(&[&str], &str)] = &[
        (&["review", "c1c3"], "c1c3"),
        (&["review", "nonsense"], "not a move"),
        (&["review", "--fen", "BBB/BB.BB r - 0", "c1c2"], "bad FEN"),
    ];
    assert_each_fails_with_status_2(cases);
}

#[test]
fn puzzles_are_printed_one_a_line_and_verify() {
    let output = duobao(&["puzzles", "--count", "3", "--seed", "1"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    for line in lines {
        let puzzle: duobao_ai::Puzzle = line.parse().unwrap();
        duobao_ai::verify(&puzzle).unwrap_or_else(|e| panic!("{line}: {e}"));
    }
}

#[test]
fn puzzles_count_is_limited() {
    let cases: &[(&[&str], &str)] = &[
        (&["puzzles", "--count", "0"], "--count"),
        (&["puzzles", "--count", "1001"], "--count"),
        (&["puzzles", "--count", "many"], "--count"),
        (&["puzzles"], "--count"),
    ];
    assert_each_fails_with_status_2(cases);
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
