#!/usr/bin/env bash
# The rules crate's speed figures: leaf positions per second for `duobao perft 8` (wall clock,
# single thread) and instructions per leaf for `duobao perft 6` under callgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p duobao-cli
duobao=target/release/duobao

start=$(date +%s.%N)
total=$("$duobao" perft 8 | awk '/^total/ {print $2}')
end=$(date +%s.%N)
python3 -c "
t = $end - $start
print(f'perft 8: {$total} leaves in {t:.3f} s = {$total / t / 1e6:.0f} million leaves/s')"

if command -v valgrind >/dev/null; then
  out=$(mktemp)
  refs=$(valgrind --tool=callgrind --callgrind-out-file="$out" "$duobao" perft 6 2>&1 >/dev/null |
    awk '/refs:/ {gsub(",", "", $4); print $4}')
  rm -f "$out"
  python3 -c "print(f'perft 6: {$refs} instructions for 2205650 leaves = {$refs / 2205650:.1f} per leaf')"
else
  echo "valgrind not installed: skipping the instruction count" >&2
fi
