//! Fuzzing the `duobao` command line as a shell would call it: any arguments, UTF-8 or not,
//! end with status 0 or 2 (nothing on stdout then), never a panic or a hang.
#![cfg(unix)]

use std::ffi::OsStr;
use std::io::ErrorKind;
use std::os::unix::ffi::OsStrExt;
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;

use duobao_fuzz::{fuzz, Target};

/// Longer than any command the target runs may take (a debug build, a busy machine).
const PATIENCE: Duration = Duration::from_secs(30);

/// Arguments asking for work that is long by design (deep perft, matches, the benchmark): their
/// limits are tested directly, and the fuzzer leaves them out to keep its time for the doors.
fn asks_for_long_work(args: &[&[u8]]) -> bool {
    let deep = |arg: &&[u8]| {
        std::str::from_utf8(arg).is_ok_and(|a| a.parse().is_ok_and(|n: u64| (6..=10).contains(&n)))
    };
    args.iter().any(|arg| matches!(*arg, b"match" | b"bench"))
        || args.contains(&&b"perft"[..]) && args.iter().any(deep)
}

#[test]
fn fuzz_command_line() {
    let target = Target {
        name: "command line",
        // The examples of the issue; words are separated by NUL bytes.
        regressions: &[
            b"perft\x00100000",
            b"perft\x0030",
            b"moves\x00--fen\x00\xff r - 0",
            b"play\x00--fen\x00BBB/BB.BB/..T../RR.RR/RRR r - 4294967295\x00pass",
            b"moves\x00--fen\x00BBB/BB.BB/..T../RR.RR/RRR r - 100",
        ],
        seeds: &[
            b"perft\x003\x00--divide",
            b"moves\x00--fen\x00BBB/BB.BB/..T../RR.RR/RRR\x00b\x00-\x000",
            b"play\x00--fen\x00B../...../.RT../...R./... r - 0\x00d2d3",
            b"play\x00c1c2\x00pass\x00b4c4",
            b"engine",
            b"--help",
        ],
        tokens: &[
            b"\x00",
            b"perft",
            b"moves",
            b"play",
            b"engine",
            b"--fen",
            b"--divide",
            b"--help",
            b"--version",
            b"--",
            b"-",
            b"=",
            b"BBB/BB.BB/..T../RR.RR/RRR",
            b" r - 0",
            b"b",
            b"L",
            b"100",
            b"101",
            b"0",
            b"5",
            b"11",
            b"4294967296",
            b"c1c2",
            b"c3c2",
            b"pass",
            b"\xff",
            b"\xc3\xa9",
        ],
    };
    fuzz(&target, |input| {
        let args: Vec<&[u8]> = input.split(|&byte| byte == 0).collect();
        if asks_for_long_work(&args) {
            return;
        }
        let spawned = Command::new(env!("CARGO_BIN_EXE_duobao"))
            .args(args.iter().map(|arg| OsStr::from_bytes(arg)))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn();
        let child = match spawned {
            // No shell could pass arguments this long either.
            Err(error) if error.kind() == ErrorKind::ArgumentListTooLong => return,
            spawned => spawned.unwrap(),
        };
        // Output is read while the command runs: a long message could fill a pipe.
        let pid = child.id();
        let (finished, output) = channel();
        std::thread::spawn(move || finished.send(child.wait_with_output()));
        let Ok(output) = output.recv_timeout(PATIENCE) else {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!("duobao {args:?} hangs");
        };
        let output = output.unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        match output.status.code() {
            Some(0) => {}
            Some(2) => assert!(output.stdout.is_empty(), "{args:?}"),
            _ => panic!("duobao {args:?}: {:?} {stderr}", output.status),
        }
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    });
}
