//! The `duobao` binary as other tools see it: stdout, stderr and exit status.

use std::io::{BufRead, Write};
use std::process::{Command, Output, Stdio};

mod common;
use common::{duobao, TableDir};

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
                "--a-plays",
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

/// `duobao engine` as a client talks to it: a line at a time, reading the answers.
struct EngineClient {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
}

impl EngineClient {
    fn start() -> EngineClient {
        EngineClient::with_args(&[])
    }

    fn with_args(args: &[&str]) -> EngineClient {
        let mut child = Command::new(env!("CARGO_BIN_EXE_duobao"))
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = std::io::BufReader::new(child.stdout.take().unwrap());
        EngineClient {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).unwrap();
    }

    /// The lines answered, up to and with the first that starts with `last`.
    fn read_until(&mut self, last: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert_ne!(self.output.read_line(&mut line).unwrap(), 0, "{lines:?}");
            let line = line.trim_end().to_string();
            let done = line.starts_with(last);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// Closes the input and checks that the engine ends without an error.
    fn finish(self) {
        drop(self.input);
        let status = self.child.wait_with_output().unwrap().status;
        assert!(status.success(), "{status:?}");
    }
}

#[test]
fn engine_answers_line_by_line_and_survives_errors() {
    let mut engine = EngineClient::start();
    engine.send(b"perft 4\n");
    assert_eq!(engine.read_until("total"), ["total 18178"]);
    engine.send(b"bogus\nposition startpos moves c3c2\nmoves\nd\n");
    let lines = engine.read_until("fen ");
    assert!(lines[0].starts_with("error "));
    // The treasure just moved to c2 and is locked: only Black's soldiers move.
    let black_moves = [
        "a4a3", "b4a3", "b4b3", "b4c3", "b4c4", "c5c4", "d4c3", "d4c4", "d4d3", "d4e3", "e4e3",
    ];
    assert_eq!(lines[1..12], black_moves, "{lines:?}");
    assert_eq!(lines.last().unwrap(), "fen BBB/BB.BB/...../RRTRR/RRR b L 1");
    engine.finish();
}

#[test]
fn the_engine_plays_the_proven_win_as_master_from_the_start_and_its_longest_defence() {
    let mut engine = EngineClient::start();
    engine.send(b"position startpos\ngo\n");
    let lines = engine.read_until("bestmove");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("info depth 21 score ") && lines[0].contains(" pv c3c2 "),
        "{lines:?}"
    );
    assert_eq!(lines[1], "bestmove c3c2");
    // As Black on the proof's line, Master answers with a move of it at once too.
    engine.send(b"position startpos moves c3c2\ngo\n");
    let lines = engine.read_until("bestmove");
    assert!(lines[0].starts_with("info depth 20 score -"), "{lines:?}");
    let defence = lines[0]
        .split(" pv ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(lines[1], format!("bestmove {defence}"));
    // Another level searches.
    engine.send(b"position startpos\ngo level hard\n");
    let lines = engine.read_until("bestmove");
    assert!(lines.len() > 2, "{lines:?}");
    engine.finish();
}

#[test]
fn the_engine_refuses_endless_work_and_bad_lines_and_goes_on() {
    let mut engine = EngineClient::start();
    engine.send(b"perft 40\nperft 1000000\ngo depth 1000000\ngo nodes 0\n\xff\xfe\nisready\n");
    let lines = engine.read_until("readyok");
    assert_eq!(lines.len(), 6, "{lines:?}");
    assert!(
        lines[..5].iter().all(|line| line.starts_with("error ")),
        "{lines:?}"
    );
    // A long perft is stopped by the end of input rather than keeping the engine alive.
    engine.send(b"perft 10\n");
    engine.finish();
}

#[test]
fn work_beyond_the_limits_is_refused_with_status_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["perft", "100000"],
            "perft depth must be a number from 0 to 10",
        ),
        (&["perft", "30"], "from 0 to 10"),
        (&["perft", "11"], "from 0 to 10"),
        (
            &["match", "--a", "mcts:4294967295", "--b", "easy"],
            "from 1 to 1000000",
        ),
        (
            &["match", "--a", "depth:1000000", "--b", "easy"],
            "from 1 to 95",
        ),
        (
            &["match", "--a", "movetime:99999999", "--b", "easy"],
            "from 1 to 3600000",
        ),
        (
            &["match", "--a", "easy", "--b", "easy", "--games", "0"],
            "from 1 to 1000000",
        ),
        (
            &[
                "match",
                "--a",
                "easy",
                "--b",
                "easy",
                "--opening-plies",
                "21",
            ],
            "from 0 to 20",
        ),
    ];
    assert_each_fails_with_status_2(cases);
}

#[test]
fn positions_no_game_can_reach_are_refused_with_status_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "play",
                "--fen",
                "BBB/BB.BB/..T../RR.RR/RRR r - 4294967295",
                "pass",
            ],
            "more than the 100",
        ),
        (
            &["moves", "--fen", "BBB/BB.BB/...../RR.RR/RRR r L 0"],
            "no treasure",
        ),
        (
            &["moves", "--fen", "BBB/BB.BB/..T../...../... b - 0"],
            "red has no soldiers",
        ),
    ];
    assert_each_fails_with_status_2(cases);
}

#[test]
fn a_drawn_position_has_no_moves() {
    let quiet = duobao(&["moves", "--fen", "BBB/BB.BB/..T../RR.RR/RRR r - 100"]);
    assert!(quiet.status.success());
    assert_eq!(stdout(&quiet), "");
    let play = duobao(&["play", "--fen", "BBB/BB.BB/..T../RR.RR/RRR r - 100"]);
    assert!(stdout(&play).ends_with("result draw quiet\n"));
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_usage_errors() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    for args in [
        &[
            OsStr::new("moves"),
            OsStr::new("--fen"),
            OsStr::from_bytes(b"\xff r - 0"),
        ][..],
        &[OsStr::new("play"), OsStr::from_bytes(b"c1\xffc2")],
        &[OsStr::from_bytes(b"\xff")],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_duobao"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// The status of a process that found its output closed, as for one ended by SIGPIPE.
#[cfg(unix)]
const CLOSED_PIPE_STATUS: i32 = 141;

#[cfg(unix)]
#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    // The shell waits so that the reader is gone before duobao writes.
    let mut child = Command::new("sh")
        .args(["-c", "sleep 0.3; exec \"$0\" moves"])
        .arg(env!("CARGO_BIN_EXE_duobao"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(CLOSED_PIPE_STATUS));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");

    let mut engine = Command::new(env!("CARGO_BIN_EXE_duobao"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(engine.stdout.take());
    engine.stdin.take().unwrap().write_all(b"moves\n").unwrap();
    let output = engine.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(CLOSED_PIPE_STATUS));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn a_random_opening_that_repeats_a_position_does_not_end_the_match() {
    let output = duobao(&[
        "match",
        "--a",
        "depth:1",
        "--b",
        "depth:1",
        "--games",
        "1",
        "--seed",
        "4",
        "--unpaired",
        "--natural",
        "--opening-plies",
        "20",
    ]);
    assert!(output.status.success(), "{output:?}");
    assert!(stdout(&output).contains("games 1\n"));
}

#[test]
fn master_as_red_from_the_start_wins_every_game_within_21_plies() {
    // Black players of different kinds and strengths, each game with its own seed.
    for black in ["hard", "mcts:500", "depth:3"] {
        let output = duobao(&[
            "match",
            "--a",
            "master",
            "--b",
            black,
            "--games",
            "2",
            "--a-plays",
            "red",
            "--opening-plies",
            "0",
            "--unpaired",
        ]);
        assert!(output.status.success(), "{output:?}");
        let summary = stdout(&output);
        assert!(
            summary.contains("a wins 2 draws 0 losses 0\n"),
            "{black}: {summary}"
        );
        let games = String::from_utf8(output.stderr).unwrap();
        for game in games.lines() {
            let plies: u32 = game
                .split(" plies ")
                .nth(1)
                .and_then(|rest| rest.split(' ').next())
                .and_then(|plies| plies.parse().ok())
                .unwrap_or_else(|| panic!("{game}"));
            assert!(
                game.contains(" a=red red ") && plies <= 21,
                "{black}: {game}"
            );
        }
    }
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
        let puzzle: duobao_study::Puzzle = line.parse().unwrap();
        duobao_study::verify(&puzzle).unwrap_or_else(|e| panic!("{line}: {e}"));
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

// `solve`: the exact solver.

/// A shipped puzzle: Red wins in 5 plies, d2c3 first.
const WIN_IN_5: &str = "BBB/BT.R./R..BR/..RR./.RR r L 5";

#[test]
fn solve_prints_the_value_the_proof_line_nodes_and_time() {
    let output = duobao(&[
        "solve",
        "--fen",
        WIN_IN_5,
        "--horizon",
        "9",
        "--table-mb",
        "4",
    ]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..2],
        ["win 5", "line d2c3 d3d2 b4b3 d2e2 b3b2"],
        "{text}"
    );
    assert!(
        lines[2].starts_with("nodes ") && lines[3].starts_with("time "),
        "{text}"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("horizon 5: win 5"), "{stderr}");
    // After the first move the side to move, Black, loses in 4; from the start nothing is
    // decided within 3 plies.
    let after = stdout(&duobao(&[
        "solve",
        "--fen",
        WIN_IN_5,
        "d2c3",
        "--table-mb",
        "4",
    ]));
    assert!(
        after.starts_with("loss 4\nline d3d2 b4b3 d2e2 b3b2\n"),
        "{after}"
    );
    let start = stdout(&duobao(&["solve", "--horizon", "3", "--table-mb", "4"]));
    assert!(start.starts_with("unknown within 3\nline \n"), "{start}");
}

#[test]
fn solve_first_moves_values_every_move_for_the_side_to_move() {
    let fen = "B.B/..R../..T../.R.../... r - 0";
    let output = duobao(&["solve", "--fen", fen, "--first-moves", "--horizon", "3"]);
    let text = stdout(&output);
    let moves = stdout(&duobao(&["moves", "--fen", fen]));
    let values: Vec<&str> = text
        .lines()
        .take_while(|l| !l.starts_with("nodes"))
        .collect();
    assert_eq!(values.len(), moves.lines().count(), "{text}");
    for (line, m) in values.iter().zip(moves.lines()) {
        assert!(line.starts_with(&format!("{m} ")), "{text}");
    }
    // Like review: c4d4 wins at once, in one ply counting the move.
    assert!(values.contains(&"c4d4 win 1"), "{text}");
}

#[test]
fn solve_writes_a_certificate_that_the_rules_check() {
    let path = std::env::temp_dir().join(format!("duobao-cli-{}.proof", std::process::id()));
    let file = path.to_str().unwrap();
    let output = duobao(&["solve", "--fen", WIN_IN_5, "--certificate", file]);
    assert!(output.status.success());
    assert!(
        stdout(&output).contains("certificate "),
        "{}",
        stdout(&output)
    );
    let bytes = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let certificate = duobao_engine::Certificate::from_bytes(&bytes).unwrap();
    assert_eq!(certificate.start().to_fen(), WIN_IN_5);
    assert_eq!(certificate.check().unwrap().longest, 5);
}

#[test]
fn solve_refuses_bad_input_and_work_beyond_its_limits() {
    let cases: &[(&[&str], &str)] = &[
        (&["solve", "--fen", "BBB/BB.BB r - 0"], "bad FEN"),
        (&["solve", "c1c3"], "c1c3"),
        (
            &["solve", "--horizon", "0"],
            "horizon must be a number from 1 to 120",
        ),
        (&["solve", "--horizon", "121"], "from 1 to 120"),
        (&["solve", "--table-mb", "0"], "from 1 to 16384"),
        (&["solve", "--table-mb", "16385"], "from 1 to 16384"),
        (
            &["solve", "--first-moves", "--certificate", "x.proof"],
            "cannot be used with",
        ),
        (
            &[
                "solve",
                "--horizon",
                "3",
                "--certificate",
                "never-written.proof",
            ],
            "no certificate",
        ),
    ];
    assert_each_fails_with_status_2(cases);
    assert!(!std::path::Path::new("never-written.proof").exists());
}

#[test]
fn solve_explains_itself_and_its_limits() {
    assert!(stdout(&duobao(&["--help"])).contains("solve"));
    let help = stdout(&duobao(&["solve", "--help"]));
    for expected in [
        "--fen",
        "[MOVE]...",
        "--horizon",
        "120",
        "--table-mb",
        "16384",
        "--first-moves",
        "--certificate",
    ] {
        assert!(
            help.contains(expected),
            "solve --help lacks {expected}: {help}"
        );
    }
}

// `analyse`: the app's analysis panel.

/// A shipped puzzle, "win in 2 moves": Red wins in 3 plies, c3b4 first.
const WIN_IN_3: &str = "BBB/B..R./RTRBR/..R../.RR r L 7";

/// The words after the value of a report line: its moves.
fn line_moves(line: &str, value_words: usize) -> Vec<&str> {
    line.split(' ').skip(value_words).collect()
}

#[test]
fn analyse_prints_the_verdict_and_its_line_then_the_engine_lines() {
    let output = duobao(&["analyse", "--fen", WIN_IN_3, "--lines", "2"]);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], "verdict win 3 c3b4 b3b2 a3a2", "{text}");
    assert!(lines[1].starts_with("1 win 3 c3b4 "), "{text}");
    assert_eq!(line_moves(lines[1], 3).len(), 3, "{text}");
    assert!(lines[2].starts_with("2 "), "{text}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("duobao: horizon 3 win 3\n"), "{stderr}");
    assert!(stderr.contains("duobao: depth 3 nodes "), "{stderr}");
}

#[test]
fn analyse_lines_begin_with_distinct_moves_best_first() {
    // Black to move with nothing forced within 11 plies (from the solver's speed test).
    let fen = ".B./BB..B/..RT./.R..R/R.. b - 2";
    let output = duobao(&["analyse", "--fen", fen, "--movetime", "300", "--lines", "3"]);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0], "verdict unknown", "{text}");
    let legal = stdout(&duobao(&["moves", "--fen", fen]));
    let mut firsts = Vec::new();
    let mut values = Vec::new();
    for (number, line) in lines[1..].iter().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[0], (number + 1).to_string(), "{text}");
        let value: i32 = words[2].parse().unwrap();
        values.push(match words[1] {
            "score" => value,
            "win" => 30_000 - value,
            "loss" => value - 30_000,
            other => panic!("{other}: {text}"),
        });
        assert!(legal.lines().any(|m| m == words[3]), "{text}");
        firsts.push(words[3]);
    }
    assert!(values.windows(2).all(|pair| pair[0] >= pair[1]), "{text}");
    firsts.sort_unstable();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{text}");
}

#[test]
fn analyse_states_the_proven_win_from_the_start_and_stops_at_a_depth() {
    let output = duobao(&["analyse", "--depth", "3"]);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("verdict win 21 c3c2 "), "{text}");
    assert_eq!(line_moves(lines[0], 3).len(), 21, "{text}");
    assert_eq!(lines.len(), 2, "{text}");
    // Line 1 is the proof's line, as the verdict says, not the search's move of its own.
    assert!(lines[1].starts_with("1 win 21 c3c2 "), "{text}");
    assert_eq!(line_moves(lines[1], 3), line_moves(lines[0], 3), "{text}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("duobao: depth 3 ") && !stderr.contains("depth 4"),
        "{stderr}"
    );
}

#[test]
fn analyse_of_a_finished_game_has_a_verdict_and_no_lines() {
    let won = duobao(&["analyse", "--fen", "BBB/BB.BB/...../RR.RR/RRR b - 0"]);
    assert!(won.status.success());
    assert_eq!(stdout(&won), "verdict loss 0\n");
    let quiet = duobao(&["analyse", "--fen", "BBB/BB.BB/..T../RR.RR/RRR r - 100"]);
    assert_eq!(stdout(&quiet), "verdict draw\n");
    let shuffle = ["b2c2", "b4c4", "c2b2", "c4b4"];
    let mut repeated = vec!["analyse"];
    repeated.extend(shuffle.iter().chain(&shuffle));
    assert_eq!(stdout(&duobao(&repeated)), "verdict draw\n");
}

#[test]
fn analyse_refuses_bad_input_like_play_and_limits_beyond_their_ranges() {
    let cases: &[(&[&str], &str)] = &[
        (&["analyse", "--fen", "BBB/BB.BB r - 0"], "bad FEN"),
        (&["analyse", "c1c3"], "c1c3"),
        (&["analyse", "nonsense"], "not a move"),
        (
            &["analyse", "--lines", "4"],
            "lines must be a number from 1 to 3",
        ),
        (&["analyse", "--lines", "0"], "from 1 to 3"),
        (
            &["analyse", "--depth", "0"],
            "depth must be a number from 1 to 95",
        ),
        (&["analyse", "--depth", "96"], "from 1 to 95"),
        (
            &["analyse", "--movetime", "0"],
            "movetime must be a number from 1 to 3600000",
        ),
        (&["analyse", "--movetime", "x"], "from 1 to 3600000"),
        (
            &["analyse", "--movetime", "100", "--depth", "3"],
            "cannot be used with",
        ),
        (&["analyse", "--tables", "/nonexistent"], "no table files"),
    ];
    assert_each_fails_with_status_2(cases);
}

#[test]
fn analyse_explains_itself() {
    assert!(stdout(&duobao(&["--help"])).contains("analyse"));
    let help = stdout(&duobao(&["analyse", "--help"]));
    for expected in [
        "--fen",
        "--game",
        "[MOVE]...",
        "--movetime",
        "--depth",
        "--lines",
        "--tables",
        "verdict",
    ] {
        assert!(
            help.contains(expected),
            "analyse --help lacks {expected}: {help}"
        );
    }
}

/// Games as the app shares them as text replay on the command line as their plies do: random
/// games from the start and from elsewhere, with passes, through `duobao play --game`.
#[test]
fn a_game_shared_as_text_replays_with_play_and_review() {
    use duobao_rules::{write_game_text, Game, Ply, Position};
    use rand::{rngs::StdRng, Rng, SeedableRng};

    let mut rng = StdRng::seed_from_u64(17);
    let folder = std::env::temp_dir().join(format!("duobao-text-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    for round in 0..12 {
        let start = if round % 3 == 0 {
            Position::from_fen("BBB/BB.BB/..T../RR.RR/RRR b - 0").unwrap()
        } else {
            Position::start()
        };
        let mut game = Game::from_position(start);
        for _ in 0..rng.random_range(0..40) {
            let moves = game.position().legal_moves();
            let ply = if game.is_over() {
                break;
            } else if moves.is_empty() || rng.random_ratio(1, 8) {
                Ply::Pass
            } else {
                Ply::Move(moves[rng.random_range(0..moves.len())])
            };
            game.play(ply).unwrap();
        }
        let file = folder.join(format!("game-{round}.txt"));
        let text = write_game_text(
            &game,
            &[("Date", "2026-12-01 14:24"), ("Result", "Unfinished")],
        );
        std::fs::write(&file, &text).unwrap();
        let from_text = duobao(&["play", "--game", file.to_str().unwrap()]);
        assert!(
            from_text.status.success(),
            "{text}\n{}",
            String::from_utf8_lossy(&from_text.stderr)
        );
        let plies: Vec<String> = game.plies().iter().map(|p| p.ply.to_string()).collect();
        let fen = start.to_fen();
        let mut by_plies = vec!["play", "--fen", &fen];
        by_plies.extend(plies.iter().map(String::as_str));
        let expected = duobao(&by_plies);
        assert_eq!(stdout(&from_text), stdout(&expected), "{text}");
        assert!(stdout(&from_text).starts_with(&game.position().to_fen()));
    }
    let short = folder.join("short.txt");
    std::fs::write(&short, "[Red \"You\"]\n\n1. b2c2 b4b3\n").unwrap();
    let review = duobao(&["review", "--game", short.to_str().unwrap()]);
    assert_eq!(stdout(&review).lines().count(), 2, "one line a ply");
    std::fs::remove_dir_all(&folder).unwrap();
    assert_each_fails_with_status_2(&[
        (&["play", "--game", "/nonexistent/game.txt"], "cannot read"),
        (
            &[
                "play",
                "--game",
                "-",
                "--fen",
                "BBB/BB.BB/..T../RR.RR/RRR r - 0",
            ],
            "cannot be used with",
        ),
    ]);
}

// `tablebase`: endgame tables.

#[test]
fn tablebase_build_reports_every_slice_and_writes_its_file() {
    let dir = TableDir::new("cli", "build");
    let output = dir.build("3");
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[0].starts_with("1v1 positions 9880 bytes 19760 time "),
        "{text}"
    );
    // One soldier never captures: against two it always loses.
    assert!(
        lines[1].starts_with("1v2 positions 88920 ")
            && lines[1].contains(" wins 0 losses 88920 draws 0 "),
        "{text}"
    );
    assert!(lines[3].starts_with("total positions 187720 bytes 375440 time "));
    for slice in ["1v1", "1v2", "2v1"] {
        assert!(dir.0.join(format!("{slice}.dtb")).exists(), "{slice}");
    }
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("1v2 and 2v1 (177840 positions)"),
        "{stderr}"
    );
}

#[test]
fn tablebase_probe_prints_the_exact_value() {
    let dir = TableDir::built("cli", "probe", "3");
    let probe = |fen: &str| {
        let output = duobao(&["tablebase", "probe", "--dir", dir.path(), fen]);
        assert!(output.status.success(), "{fen}: {output:?}");
        stdout(&output)
    };
    // Found by the tables, checked by the solver: two soldiers against one win in 3.
    assert_eq!(probe(".../.R.../..T.B/...R./... r - 0"), "win 3\n");
    let solved = stdout(&duobao(&[
        "solve",
        "--fen",
        ".../.R.../..T.B/...R./... r - 0",
        "--horizon",
        "5",
    ]));
    assert!(solved.starts_with("win 3\n"), "{solved}");
    assert_eq!(probe("B../...../..T../...R./... r - 0"), "draw\n");
    // The game is over: the treasure is gone.
    assert_eq!(probe("B../...../.R.R./...../... b - 0"), "loss 0\n");
    // As four words too; at the quiet limit, drawn.
    let output = duobao(&[
        "tablebase",
        "probe",
        "--dir",
        dir.path(),
        ".../.R.../..T.B/...R./...",
        "r",
        "-",
        "100",
    ]);
    assert_eq!(stdout(&output), "draw\n");
}

#[test]
fn tablebase_probe_refuses_bad_fens_positions_outside_and_damaged_files() {
    let dir = TableDir::built("cli", "refuse", "3");
    let path = dir.path();
    assert_each_fails_with_status_2(&[
        (
            &["tablebase", "probe", "--dir", path, "BBB/BB.BB r - 0"],
            "bad FEN",
        ),
        (
            &[
                "tablebase",
                "probe",
                "--dir",
                path,
                "BBB/BB.BB/..T../RR.RR/RRR r - 0",
            ],
            "7 soldiers to move against 7: not in the tables",
        ),
        (
            &[
                "tablebase",
                "probe",
                "--dir",
                "/nonexistent",
                "B../...../..T../...R./... r - 0",
            ],
            "no table files",
        ),
        (
            &["tablebase", "build", "--max-soldiers", "9", "--out", path],
            "from 2 to 8",
        ),
        (&["tablebase", "probe", "--dir", path], "<FEN>"),
    ]);
    let damaged = dir.0.join("2v1.dtb");
    let mut bytes = std::fs::read(&damaged).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&damaged, bytes).unwrap();
    assert_each_fails_with_status_2(&[(
        &[
            "tablebase",
            "probe",
            "--dir",
            path,
            "B../...../..T../...R./... r - 0",
        ],
        "2v1.dtb: checksum mismatch",
    )]);
}

#[test]
fn tablebase_bench_reports_the_slices_and_master_with_and_without_the_tables() {
    let output = duobao(&[
        "tablebase",
        "bench",
        "--max-soldiers",
        "3",
        "--positions",
        "2",
        "--movetime",
        "20",
    ]);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    assert!(text.starts_with("1v1 positions 9880 "), "{text}");
    assert!(
        text.contains("\nendgames 2 positions with 3 soldiers"),
        "{text}"
    );
    assert!(
        text.contains("\nmaster+tables attacking master: won 2 drawn 0 lost 0\n"),
        "{text}"
    );
    assert!(
        text.contains("\npositions where master+tables scored less than master: 0\n"),
        "{text}"
    );
}

#[test]
fn the_engine_a_match_and_analyse_read_the_tables_they_are_given() {
    let dir = TableDir::built("cli", "engine", "3");
    // Won in 3 plies, which a search one ply deep cannot see: the tables' mate score can.
    let go = b"position fen .../.R.../..T.B/...R./... r - 0\ngo depth 1\n";
    let mut engine = EngineClient::with_args(&["--tables", dir.path()]);
    engine.send(go);
    let lines = engine.read_until("bestmove");
    assert!(
        lines[0].starts_with("info depth 1 score 29997 "),
        "{lines:?}"
    );
    engine.finish();
    let mut engine = EngineClient::start();
    engine.send(go);
    let lines = engine.read_until("bestmove");
    assert!(
        !lines[0].starts_with("info depth 1 score 29997 "),
        "{lines:?}"
    );
    engine.finish();
    let played = duobao(&[
        "match",
        "--a",
        "depth:2",
        "--b",
        "depth:1",
        "--games",
        "2",
        "--tables",
        dir.path(),
    ]);
    assert!(played.status.success(), "{played:?}");
    // Two soldiers against one, won in more plies than the analysis's solver looks: the tables
    // state it exactly.
    let long_win = "..B/...../..T../.R.../R.. r - 0";
    let analysed = stdout(&duobao(&[
        "analyse",
        "--fen",
        long_win,
        "--depth",
        "2",
        "--tables",
        dir.path(),
    ]));
    let plies: usize = analysed
        .strip_prefix("verdict win ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|plies| plies.parse().ok())
        .unwrap_or_else(|| panic!("{analysed}"));
    assert!(plies > 15, "{analysed}");
    // The verdict's line, and the engine's, which the tables carry on where the search stops.
    // Both begin with three words: "verdict win N" and "1 win N".
    for line in analysed.lines() {
        assert_eq!(line_moves(line, 3).len(), plies, "{analysed}");
    }
    assert_each_fails_with_status_2(&[
        (&["engine", "--tables", "/nonexistent"], "no table files"),
        (
            &[
                "match",
                "--a",
                "easy",
                "--b",
                "easy",
                "--tables",
                "/nonexistent",
            ],
            "no table files",
        ),
    ]);
}

#[test]
fn tablebase_explains_itself() {
    assert!(stdout(&duobao(&["--help"])).contains("tablebase"));
    for (command, expected) in [
        ("build", &["--max-soldiers", "--out", "from 2 to 8"][..]),
        ("probe", &["--dir", "<FEN>", "win-or-draw"]),
        (
            "bench",
            &[
                "--max-soldiers",
                "--positions",
                "--min-plies",
                "--movetime",
                "--seed",
            ],
        ),
    ] {
        let help = stdout(&duobao(&["tablebase", command, "--help"]));
        for option in expected {
            assert!(
                help.contains(option),
                "tablebase {command} --help lacks {option}: {help}"
            );
        }
    }
}
