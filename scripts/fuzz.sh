#!/usr/bin/env bash
# Every fuzz target (FEN, move notation, saved games, the engine protocol, the command line) in
# a release build, each for the given number of seconds (default 60). The test run
# (`cargo test --workspace`) runs them too, for a few seconds each. DUOBAO_FUZZ_SEED repeats a run.
set -euo pipefail
cd "$(dirname "$0")/.."
DUOBAO_FUZZ_SECONDS="${1:-60}" cargo test --release -p duobao-fuzz -p duobao-cli fuzz_ -- --nocapture
