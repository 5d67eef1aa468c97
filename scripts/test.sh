#!/usr/bin/env bash
# Every test of the project: formatting, lints, the Rust tests of all crates, the Android build
# check, the mobile packaging check, the end-to-end suite in a phone-sized Chromium, the native
# end-to-end test of the desktop build under Xvfb and the size of the web download. Installs
# what is missing first.
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
echo "== packaging check"
python3 scripts/check-packaging.py
echo "== end-to-end"
bash e2e/run.sh
echo "== native end-to-end"
bash e2e/native/run.sh
echo "== web download size"
SKIP_BUILD=1 bash scripts/bundle-size.sh
