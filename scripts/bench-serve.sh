#!/usr/bin/env bash
# How duobao-serve (crates/serve) holds up under load, on this machine, against 127.0.0.1 only:
# requests per second and the 99th percentile latency for the page (/) and the app's wasm
# (Accept-Encoding: br) with 1,000 connections at once, and for a plain request while 300
# slow clients each hold a connection with half a request (slowloris). Prints a Markdown table
# for docs/SERVER.md. `bash scripts/bench-serve.sh [DIR]`: DIR is the release web build,
# target/dx/duobao-app/release/web/public, or, when there is none, a stand-in made in a temporary
# folder (an index.html and a 1 MiB .wasm with a .br sibling of random bytes: the server never
# decodes them, so only their sizes matter); the output says which. DURATION=… (10s) is the
# length of each loaded run. TABLES=DIR (endgame tables, e.g. built with `duobao tablebase build
# --max-soldiers 7 --dir DIR`) serves them too and measures /api/tablebase with 500 connections
# on 2,000 random positions of 7 soldiers (or the most the tables hold). Uses oha (a load
# generator from crates.io), installed with `cargo install oha --locked` when missing. Run it on a quiet machine: the load generator and
# the server share its cores, so the figures are a floor, not the server's ceiling.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
duration="${DURATION:-10s}"
connections=1000
slow_clients=300
target="${CARGO_TARGET_DIR:-$root/target}"

# oha opens 1,000 sockets and the server as many (it keeps 64 files spare below its limit).
ulimit -n "$(ulimit -Hn | sed 's/unlimited/8192/' | awk '{ print ($1 < 8192) ? $1 : 8192 }')"
if (( $(ulimit -n) < 2 * connections + 128 )); then
  echo "bench-serve: the open-file limit ($(ulimit -n)) is too low for $connections connections" >&2
  exit 1
fi

if ! command -v oha >/dev/null; then
  echo "bench-serve: installing oha (cargo install oha --locked)" >&2
  cargo install oha --locked --quiet
fi
cargo build --release --quiet -p duobao-serve --manifest-path "$root/Cargo.toml"

dir="${1:-$root/target/dx/duobao-app/release/web/public}"
if [[ -f "$dir/index.html" ]]; then
  dir="$(cd "$dir" && pwd)"
  site="the web build in ${dir#"$root"/}"
else
  site="a stand-in (no web build in ${dir#"$root"/}): index.html and a 1 MiB .wasm"
  dir="$(mktemp -d)"
  made="$dir"
  mkdir -p "$dir/assets"
  printf '<!doctype html><html lang="en"><title>Seven Soldiers</title><p>stand-in</p></html>\n' \
    >"$dir/index.html"
  head -c 1048576 /dev/urandom >"$dir/assets/duobao-app_bg-dxh0123456789abcdef.wasm"
  head -c 300000 /dev/urandom >"$dir/assets/duobao-app_bg-dxh0123456789abcdef.wasm.br"
fi
wasm="$(cd "$dir" && find . -name '*.wasm' -not -path './.*' | sort | head -n 1)"
if [[ -z "$wasm" ]]; then
  echo "bench-serve: no .wasm file in $dir" >&2
  exit 1
fi
wasm="/${wasm#./}"

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
tables=()
if [[ -n "${TABLES:-}" ]]; then
  tables=(--tables "$TABLES")
fi
"$target/release/duobao-serve" --dir "$dir" --port "$port" --bind 127.0.0.1 "${tables[@]}" >/dev/null &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  if [[ -n "${made:-}" ]]; then rm -rf "$made"; fi
}
trap cleanup EXIT
for _ in $(seq 100); do
  if curl -fs -o /dev/null "http://127.0.0.1:$port/"; then break; fi
  sleep 0.1
done
base="http://127.0.0.1:$port"

# One oha run (its arguments after the URL's): "requests/s | p99 ms | failed" (answers other
# than 2xx, and errors).
measure() {
  local url="$1"
  shift
  oha --no-tui --output-format json "$@" "$url" | python3 -c '
import json, sys
report = json.load(sys.stdin)
summary = report["summary"]
p99 = report["latencyPercentiles"]["p99"]
codes = report.get("statusCodeDistribution", {})
failed = sum(n for code, n in codes.items() if not code.startswith("2"))
# A timed run ends with the requests then in flight cut off: not failures of the server.
failed += sum(n for error, n in report.get("errorDistribution", {}).items()
              if error != "aborted due to deadline")
print("{:,.0f} | {:.1f} | {}".format(summary["requestsPerSec"], p99 * 1000, failed))
'
}

page="$(measure "$base/" -z "$duration" -c "$connections")"
wasm_row="$(measure "$base$wasm" -z "$duration" -c "$connections" -H 'Accept-Encoding: br')"

# Slow clients: each sends half a request head and stops; one the server drops (at 10 s) is
# opened again, so that all are held while the plain requests are measured. Bounded: 20 s.
ready="$(mktemp)"
python3 - "$port" "$slow_clients" "$ready" <<'PY' &
import select, socket, sys, time
port, count, ready = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
def hold():
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow")
    return s
held = [hold() for _ in range(count)]
open(ready, "w").write("ready")
end = time.monotonic() + 20
while time.monotonic() < end:
    readable, _, _ = select.select(held, [], [], 0.2)
    for s in readable:
        s.close()
        held[held.index(s)] = hold()
for s in held:
    s.close()
PY
holders=$!
for _ in $(seq 100); do
  if [[ -s "$ready" ]]; then break; fi
  sleep 0.1
done
rm -f "$ready"
slow_row="$(measure "$base/" -n 2000 -c 10)"
kill "$holders" 2>/dev/null || true
wait "$holders" 2>/dev/null || true

if [[ -n "${TABLES:-}" ]]; then
  # Random positions with 7 soldiers (split any way between the sides, either side to move),
  # the treasure anywhere else: most are outside any game played, so the probes touch the whole
  # of the tables rather than a few pages.
  soldiers="$(ls "$TABLES" | sed -n 's/^\([0-9]\)v\([0-9]\)\.dtb$/\1 \2/p' |
    awk '{ n = $1 + $2; if (n > max) max = n } END { print (max < 7) ? max : 7 }')"
  urls="$(mktemp)"
  python3 - "$base" "$soldiers" >"$urls" <<'PY'
import random, sys
base, soldiers = sys.argv[1], int(sys.argv[2])
rows = [3, 5, 5, 5, 3]
random.seed(7)
for _ in range(2000):
    red = random.randint(max(1, soldiers - 7), min(7, soldiers - 1))
    points = random.sample(range(sum(rows)), soldiers + 1)
    board = ["."] * sum(rows)
    board[points[0]] = "T"
    for i, point in enumerate(points[1:]):
        board[point] = "R" if i < red else "B"
    placement, at = [], 0
    for length in rows:
        placement.append("".join(board[at:at + length]))
        at += length
    fen = "/".join(placement) + " " + random.choice("rb") + " - 0"
    print(f"{base}/api/tablebase?fen=" + fen.replace("/", "%2F").replace(" ", "%20"))
PY
  tablebase_row="$(measure "$urls" --urls-from-file -z "$duration" -c 500)"
  rm -f "$urls"
fi

echo "duobao-serve on $(nproc) cores, $(uname -sm), oha against 127.0.0.1; served: $site"
echo
echo "| request | load | requests/s | p99 (ms) | failed |"
echo "|---|---|---|---|---|"
echo "| page \`/\` | $connections connections, $duration | $page |"
echo "| wasm \`$wasm\`, br | $connections connections, $duration | $wasm_row |"
echo "| page \`/\` | 10 connections, 2,000 requests, while $slow_clients slow clients hold connections | $slow_row |"
if [[ -n "${TABLES:-}" ]]; then
  echo "| \`/api/tablebase\`, 2,000 random positions of $soldiers soldiers | 500 connections, $duration | $tablebase_row |"
fi
