//! `duobao tablebase build-slice` and `plan`, the units a cluster builds the tables by: run in
//! the plan's order they make the very files `build` makes, keep sound files, build damaged ones
//! again, and refuse clearly when a smaller slice is missing or memory is short.

use std::path::Path;
use std::process::Output;

mod common;
use common::{duobao, TableDir};

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The pairs of the plan of up to `soldiers`, in its order, with their prerequisites.
fn plan(soldiers: &str) -> Vec<(String, Vec<String>)> {
    let output = duobao(&["tablebase", "plan", "--max-soldiers", soldiers]);
    assert!(output.status.success(), "{output:?}");
    let json = text(&output.stdout);
    assert_eq!(json.lines().count(), 1, "{json}");
    // {"pair":"1v2","slices":[...],...,"prerequisites":["1v1"]}, one after another.
    json.split("{\"pair\":\"")
        .skip(1)
        .map(|entry| {
            let pair = entry.split('"').next().unwrap().to_string();
            let needed = entry.split("\"prerequisites\":[").nth(1).unwrap();
            let needed = needed.split(']').next().unwrap();
            let needed = needed
                .split(',')
                .filter(|name| !name.is_empty())
                .map(|name| name.trim_matches('"').to_string())
                .collect();
            (pair, needed)
        })
        .collect()
}

fn build_slice(slice: &str, dir: &str) -> Output {
    duobao(&["tablebase", "build-slice", "--slice", slice, "--dir", dir])
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let name = entry.file_name().into_string().unwrap();
            (name, std::fs::read(entry.path()).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn build_slice_in_the_plans_order_makes_the_files_of_build_byte_for_byte() {
    let whole = TableDir::built("units", "whole", "4");

    let units = TableDir::new("units", "units");
    let pairs = plan("4");
    let names: Vec<&str> = pairs.iter().map(|(pair, _)| pair.as_str()).collect();
    assert_eq!(names, ["1v1", "1v2", "1v3", "2v2"]);
    assert_eq!(pairs[2].1, ["1v1", "1v2"]);
    for (at, (pair, needed)) in pairs.iter().enumerate() {
        assert!(needed.iter().all(|n| names[..at].contains(&n.as_str())));
        let output = build_slice(pair, units.path());
        assert!(output.status.success(), "{pair}: {output:?}");
        let stdout = text(&output.stdout);
        let json = stdout.lines().last().unwrap();
        assert!(
            json.starts_with(&format!("{{\"pair\":\"{pair}\",\"built\":true,")),
            "{json}"
        );
        let stderr = text(&output.stderr);
        assert!(stderr.contains("bytes of memory"), "{stderr}");
    }
    let whole_files = files(&whole.0);
    assert_eq!(whole_files.len(), 6);
    assert!(files(&units.0) == whole_files, "the files differ");

    // Run again, a sound pair is kept and says so, its figures as before.
    let output = build_slice("2v1", units.path());
    assert!(output.status.success(), "{output:?}");
    let stdout = text(&output.stdout);
    assert!(
        stdout.starts_with("1v2 positions 88920 bytes 177840 time "),
        "{stdout}"
    );
    assert!(
        stdout.contains("\"pair\":\"1v2\",\"built\":false,"),
        "{stdout}"
    );
    assert!(
        stdout.contains("{\"slice\":\"2v1\",\"positions\":88920,\"bytes\":177840,\"wins\":88920,"),
        "{stdout}"
    );
    assert!(text(&output.stderr).contains("1v2 and 2v1 already built and sound"));

    // A damaged file is built again, not trusted.
    let damaged = units.0.join("3v1.dtb");
    let mut bytes = std::fs::read(&damaged).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&damaged, &bytes).unwrap();
    let output = build_slice("1v3", units.path());
    assert!(output.status.success(), "{output:?}");
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("3v1.dtb: checksum mismatch: the file is damaged: building it again"),
        "{stderr}"
    );
    assert!(text(&output.stdout).contains("\"built\":true"));
    assert!(
        files(&units.0) == whole_files,
        "the files differ after the rebuild"
    );

    // `build` over a finished directory keeps every file.
    let output = units.build("4");
    assert!(output.status.success(), "{output:?}");
    assert_eq!(text(&output.stderr).matches(": kept").count(), 4);
    assert!(files(&units.0) == whole_files);
}

#[test]
fn build_slice_refuses_a_missing_smaller_slice_short_memory_and_bad_slices() {
    let dir = TableDir::new("units", "refuse");
    let path = dir.path();
    let missing = build_slice("2v2", path);
    assert_eq!(missing.status.code(), Some(2));
    let stderr = text(&missing.stderr);
    assert!(
        stderr.contains("1v2.dtb: missing: slice 1v2 must be built first"),
        "{stderr}"
    );
    assert!(missing.stdout.is_empty());

    let short = duobao(&[
        "tablebase",
        "build-slice",
        "--slice",
        "3v4",
        "--dir",
        path,
        "--max-memory",
        "200MB",
    ]);
    assert_eq!(short.status.code(), Some(2));
    let stderr = text(&short.stderr);
    assert!(
        stderr.contains("building 3v4 and 4v3 needs 1477972864 bytes of memory (1.48 GB), more than --max-memory 200000000"),
        "{stderr}"
    );
    assert!(!dir.0.exists() || files(&dir.0).is_empty());

    for (slice, memory, reason) in [
        ("0v3", "1GB", "a slice is MvO"),
        ("5v4", "1GB", "a slice is MvO"),
        ("2x3", "1GB", "a slice is MvO"),
        ("2v3", "lots", "memory is a number of bytes"),
    ] {
        let output = duobao(&[
            "tablebase",
            "build-slice",
            "--slice",
            slice,
            "--dir",
            path,
            "--max-memory",
            memory,
        ]);
        assert_eq!(output.status.code(), Some(2), "{slice} {memory}");
        assert!(text(&output.stderr).contains(reason), "{output:?}");
    }
    for (command, options) in [
        (
            "build-slice",
            &["--slice", "--dir", "--max-memory", "JSON"][..],
        ),
        ("plan", &["--max-soldiers", "prerequisites"]),
        ("build", &["--max-memory"]),
    ] {
        let help = text(&duobao(&["tablebase", command, "--help"]).stdout);
        for option in options {
            assert!(
                help.contains(option),
                "{command} --help lacks {option}: {help}"
            );
        }
    }
}
