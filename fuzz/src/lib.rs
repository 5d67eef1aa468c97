//! Fuzzing on stable Rust, as ordinary tests: each target feeds a check function inputs made by
//! structured mutation of sample inputs (inserting the format's own words, random bytes, cuts,
//! repeats up to very long lines), for a bounded time. A failing input (a panic in the check) is
//! shrunk to a small one with proptest and printed; it then goes into the target's
//! `regressions`, which are checked first on every run.
//!
//! A target for a decoder, such as the app's stored settings or saved games:
//!
//! ```no_run
//! use duobao_fuzz::{fuzz, Target};
//!
//! # fn decode(_: &[u8]) -> Result<(), String> { Ok(()) }
//! #[test]
//! fn fuzz_saved_games() {
//!     let target = Target {
//!         name: "saved games",
//!         regressions: &[],
//!         seeds: &[br#"{"start":"BBB/BB.BB/..T../RR.RR/RRR r - 0","plies":["c1c2"]}"#],
//!         tokens: duobao_fuzz::JSON_TOKENS,
//!     };
//!     // Any bytes may be refused, but must never panic.
//!     fuzz(&target, |bytes| drop(decode(bytes)));
//! }
//! ```
//!
//! `DUOBAO_FUZZ_SECONDS` sets each target's time (default [`DEFAULT_SECONDS`]);
//! `DUOBAO_FUZZ_SEED` repeats a run (each failure names its seed).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant, SystemTime};

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

/// Seconds each target runs unless `DUOBAO_FUZZ_SECONDS` says otherwise: enough for thousands of
/// inputs, short enough for every test run.
pub const DEFAULT_SECONDS: u64 = 5;

/// The most shrinking steps spent on a failure.
const MAX_SHRINK_STEPS: u32 = 2_000;

/// Words common to JSON, for targets that decode it.
pub const JSON_TOKENS: &[&[u8]] = &[
    b"{",
    b"}",
    b"[",
    b"]",
    b":",
    b",",
    b"\"",
    b"\\",
    b"\\u0000",
    b"null",
    b"true",
    b"false",
    b"0",
    b"-1",
    b"1e999",
    b"18446744073709551616",
    b"\"\"",
];

/// What a target fuzzes.
pub struct Target<'a> {
    /// Names the target in failures.
    pub name: &'a str,
    /// Inputs that once failed: checked first on every run, and mutated like the seeds.
    pub regressions: &'a [&'a [u8]],
    /// Well-formed inputs to mutate.
    pub seeds: &'a [&'a [u8]],
    /// Words of the format, which mutations insert.
    pub tokens: &'a [&'a [u8]],
}

/// One change to an input; positions are taken relative to its length at the time.
#[derive(Clone, Debug)]
enum Mutation {
    InsertToken(Index, Index),
    InsertBytes(Index, Vec<u8>),
    Delete(Index, usize),
    Replace(Index, u8),
    /// Repeats a short stretch: many repeats make very long lines and inputs.
    Repeat(Index, usize, usize),
    /// Inserts a stretch of another sample.
    Splice(Index, Index, Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let times = prop_oneof![9 => 1..=16usize, 1 => 1..=20_000usize];
    prop_oneof![
        4 => (any::<Index>(), any::<Index>()).prop_map(|(at, token)| Mutation::InsertToken(at, token)),
        2 => (any::<Index>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(at, bytes)| Mutation::InsertBytes(at, bytes)),
        2 => (any::<Index>(), 1..16usize).prop_map(|(at, len)| Mutation::Delete(at, len)),
        2 => (any::<Index>(), any::<u8>()).prop_map(|(at, byte)| Mutation::Replace(at, byte)),
        1 => (any::<Index>(), 1..8usize, times).prop_map(|(at, len, times)| Mutation::Repeat(at, len, times)),
        1 => (any::<Index>(), any::<Index>(), any::<Index>())
            .prop_map(|(sample, from, at)| Mutation::Splice(sample, from, at)),
    ]
}

impl Mutation {
    fn apply(&self, input: &mut Vec<u8>, samples: &[&[u8]], tokens: &[&[u8]]) {
        let at = |index: &Index, input: &Vec<u8>| index.index(input.len() + 1);
        match self {
            Mutation::InsertToken(position, token) if !tokens.is_empty() => {
                let at = at(position, input);
                let token = tokens[token.index(tokens.len())];
                input.splice(at..at, token.iter().copied());
            }
            Mutation::InsertToken(..) => {}
            Mutation::InsertBytes(position, bytes) => {
                let at = at(position, input);
                input.splice(at..at, bytes.iter().copied());
            }
            Mutation::Delete(position, len) => {
                let at = at(position, input).min(input.len());
                input.drain(at..(at + len).min(input.len()));
            }
            Mutation::Replace(position, byte) => {
                if !input.is_empty() {
                    let at = position.index(input.len());
                    input[at] = *byte;
                }
            }
            Mutation::Repeat(position, len, times) => {
                let at = at(position, input).min(input.len());
                let stretch = input[at..(at + len).min(input.len())].to_vec();
                let repeated = stretch.repeat(*times);
                input.splice(at..at, repeated);
            }
            Mutation::Splice(sample, from, position) if !samples.is_empty() => {
                let sample = samples[sample.index(samples.len())];
                let from = from.index(sample.len() + 1);
                let at = at(position, input);
                input.splice(at..at, sample[from..].iter().copied());
            }
            Mutation::Splice(..) => {}
        }
    }
}

/// Inputs for `target`: a sample (a seed or a regression, or nothing) changed by a few mutations.
fn inputs<'a>(target: &'a Target<'a>) -> impl Strategy<Value = Vec<u8>> + 'a {
    let samples: Vec<&[u8]> = target
        .seeds
        .iter()
        .chain(target.regressions)
        .copied()
        .collect();
    (any::<Index>(), prop::collection::vec(mutation(), 0..12)).prop_map(
        move |(start, mutations)| {
            let mut input = samples
                .get(start.index(samples.len() + 1))
                .map_or_else(Vec::new, |sample| sample.to_vec());
            for mutation in &mutations {
                mutation.apply(&mut input, &samples, target.tokens);
            }
            input
        },
    )
}

fn environment_number(name: &str) -> Option<u64> {
    let text = std::env::var(name).ok()?;
    Some(
        text.parse()
            .unwrap_or_else(|_| panic!("{name} must be a whole number, found '{text}'")),
    )
}

/// Runs `check` on the target's regressions, then on mutated inputs until the time is up. A
/// panic in `check` fails the test with the smallest failing input found.
pub fn fuzz(target: &Target, check: impl Fn(&[u8])) {
    for regression in target.regressions {
        check(regression);
    }
    let seconds = environment_number("DUOBAO_FUZZ_SECONDS").unwrap_or(DEFAULT_SECONDS);
    let seed = environment_number("DUOBAO_FUZZ_SEED").unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64)
    });
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[seed.to_le_bytes(); 4].concat());
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let strategy = inputs(target);
    let fails = |input: &[u8]| catch_unwind(AssertUnwindSafe(|| check(input))).is_err();
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut cases = 0u64;
    while Instant::now() < deadline {
        let mut tree = strategy
            .new_tree(&mut runner)
            .expect("mutated inputs are never rejected");
        cases += 1;
        if fails(&tree.current()) {
            let smallest = shrink(&mut tree, &fails);
            panic!(
                "fuzz target '{}' failed (case {cases}, DUOBAO_FUZZ_SEED={seed}) on {} bytes: \
                 b\"{}\"; add them to its regressions once fixed",
                target.name,
                smallest.len(),
                smallest.escape_ascii()
            );
        }
    }
    eprintln!(
        "fuzz target '{}': {cases} inputs in {seconds} s",
        target.name
    );
}

/// The smallest failing input reachable by proptest's shrinking from the failing `tree`.
fn shrink(tree: &mut impl ValueTree<Value = Vec<u8>>, fails: &impl Fn(&[u8]) -> bool) -> Vec<u8> {
    let mut smallest = tree.current();
    let mut moved = tree.simplify();
    for _ in 0..MAX_SHRINK_STEPS {
        if !moved {
            break;
        }
        let candidate = tree.current();
        moved = if fails(&candidate) {
            smallest = candidate;
            tree.simplify()
        } else {
            tree.complicate()
        };
    }
    smallest
}
