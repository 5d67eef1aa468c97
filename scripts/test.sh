#!/usr/bin/env bash
# Every test of the project: formatting, lints, the Rust tests of all crates, the Android build
# check and the end-to-end suite in a phone-sized Chromium. Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

echo "== cargo fmt"
cargo fmt --all --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings
echo "== cargo test"
cargo test --workspace
echo "== android check"
cargo check --target aarch64-linux-android --features mobile
echo "== end-to-end"
bash e2e/run.sh
