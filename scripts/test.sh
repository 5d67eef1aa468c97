#!/usr/bin/env bash
# Every test of the project: formatting, lints, the Rust tests of all crates (with a throwaway
# PostgreSQL for the online games), the Android build
# check, the mobile packaging check, the end-to-end suite in a phone-sized Chromium (the
# functional files two at a time, then the timing files alone), Lighthouse, the native
# end-to-end test of the desktop build under Xvfb, the endgame tables built through Ray
# (cluster/test.sh) and the size of the web download. Installs what is missing first.
#
# Every phase runs even when one before it failed, so that one run shows every failure; each
# prints its elapsed time, a table of all of them closes the run, and the exit status is
# non-zero when any phase failed. Timing is guarded, not gambled on: the guards and why a
# merely slow machine cannot trip them are in docs/CI.md; the strict targets are measured by
# scripts/bench-web.sh.
set -uo pipefail
cd "$(dirname "$0")/.."

# Every build here is a whole one: incremental compilation's caches would only be read by a
# rebuild, yet they more than double the debug builds on disk, and a CI machine's disk is shared
# (a run once stopped on a full disk in its native end-to-end phase). See docs/CI.md.
export CARGO_INCREMENTAL=0

started=$SECONDS
names=()
results=()
failed=0

# phase NAME COMMAND...: runs COMMAND, timed, and records how it ended.
phase() {
  local name="$1"
  shift
  echo
  echo "== $name"
  local begun=$SECONDS status
  "$@"
  status=$?
  local took=$((SECONDS - begun))
  names+=("$name")
  if ((status == 0)); then
    results+=("$(printf '%4d:%02d  passed' $((took / 60)) $((took % 60)))")
  else
    results+=("$(printf '%4d:%02d  FAILED (exit %d)' $((took / 60)) $((took % 60)) "$status")")
    failed=$((failed + 1))
  fi
  echo "== $name: $( ((status == 0)) && echo passed || echo "FAILED (exit $status)") in ${took} s"
  disk_note
}

# disk_note: what the builds take on disk so far and what the disk has left, after each phase,
# so that a run which stops on a full disk shows which phase filled it.
disk_note() {
  local built free
  built=$(du -sm target 2>/dev/null | cut -f1)
  free=$(df -Pm . | awk 'NR == 2 { print $4 }')
  echo "   disk: target/ holds ${built:-0} MB; ${free} MB free"
}

# The release builds the web phases share: the site (scripts/build-web.sh), the benchmark page
# beside it, the server and the command line the speed test compares against, built once here
# so that no test waits for a compiler.
build_web() {
  bash scripts/build-web.sh \
    && bash scripts/build-web-bench.sh \
    && cargo build --release --quiet -p duobao-serve \
    && cargo build --release --quiet -p duobao-cli
}

phase "setup" bash scripts/setup.sh
phase "cargo fmt" cargo fmt --all --check
phase "cargo clippy" cargo clippy --workspace --all-targets -- -D warnings
# With a throwaway PostgreSQL: the online games' store conformance suite and the server nodes
# sharing one database run against it, and fail rather than skip without it.
phase "cargo test" bash scripts/with-postgres.sh env DUOBAO_REQUIRE_POSTGRES=1 cargo test --workspace
phase "android check" cargo check --target aarch64-linux-android --features mobile
phase "packaging check" python3 scripts/check-packaging.py
phase "web build" build_web
phase "end-to-end" env E2E_SKIP_BUILD=1 E2E_LIGHTHOUSE=0 bash e2e/run.sh
phase "lighthouse" node e2e/lighthouse.mjs
phase "native end-to-end" bash e2e/native/run.sh
phase "ray cluster" bash cluster/test.sh
phase "web download size" env SKIP_BUILD=1 bash scripts/bundle-size.sh

total=$((SECONDS - started))
echo
echo "== phases (minutes:seconds)"
for i in "${!names[@]}"; do
  printf '  %-20s %s\n' "${names[$i]}" "${results[$i]}"
done
printf '  %-20s %4d:%02d\n' "total" $((total / 60)) $((total % 60))
passed=$((${#names[@]} - failed))
echo "phases: $passed passed, $failed failed"
((failed == 0))
