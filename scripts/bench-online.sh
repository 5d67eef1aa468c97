#!/usr/bin/env bash
# Live online games on duobao-serve (crates/online) under load, on this machine, against
# 127.0.0.1 only: bots (crates/online-bots, `duobao-bots`) play GAMES games at once (5,000:
# 10,000 sockets), each bot moving every 3 s on average, and the figures are measured for
# SECONDS seconds (60) after a ramp-up that starts the games one after another. Three runs:
# (a) one node on SQLite; (b) one node on PostgreSQL; (c) two nodes on one PostgreSQL, each
# game's creator on one and its joiner on the other. Each prints the games, the moves
# acknowledged a second, the time from a move's sending to its `ack` (p50, p99, p99.9, in ms:
# the move is committed by then), the errors the bots met, and each server's peak memory
# (VmHWM). PostgreSQL is a throwaway server of scripts/with-postgres.sh, a new one for each of
# (b) and (c). Exits non-zero when (a)'s ack p99 is over 50 ms at 5,000 games, the target;
# smaller runs (`GAMES=200 SECONDS=10 bash scripts/bench-online.sh`) only print. The bots and
# the servers share the machine's cores: the figures are a floor, not the server's ceiling.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
games="${GAMES:-5000}"
# Bash keeps its own SECONDS (time since the shell started): the caller's value is the one
# in the environment.
seconds="$(printenv SECONDS || echo 60)"
# 200 games a second, and 5 s more: the server is not measured while it takes the sockets.
ramp=$((games / 200 + 5))
move_every_ms=3000
target_games=5000
target_p99_ms=50

# One run: bench_case NAME DB_URL NODES. Prints a Markdown table row to $rows.
bench_case() {
  local name="$1" db="$2" nodes="$3" site servers=() pids=() i port
  site="$(mktemp -d)"
  printf '<!doctype html><html lang="en"><title>Seven Soldiers</title><p>stand-in</p></html>\n' \
    >"$site/index.html"
  for ((i = 0; i < nodes; i++)); do
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    "$target/release/duobao-serve" --dir "$site" --port "$port" --bind 127.0.0.1 --db "$db" \
      --max-connections 20000 >"$site/serve-$i.log" 2>&1 &
    pids+=($!)
    servers+=(--server "http://127.0.0.1:$port")
    for _ in $(seq 100); do
      # An unknown game answers 404 once the online games are served.
      if [[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/online/games/none")" == 404 ]]; then
        break
      fi
      sleep 0.1
    done
  done
  echo "bench-online: $name, $games games, ${ramp} s ramp-up, ${seconds} s measured" >&2
  local summary
  summary="$("$target/release/duobao-bots" "${servers[@]}" --games "$games" \
    --move-every "$move_every_ms" --seconds "$seconds" --ramp-seconds "$ramp" --json)"
  local memory=()
  for i in "${!pids[@]}"; do
    memory+=("$(awk '/^VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/${pids[$i]}/status")")
    kill "${pids[$i]}"
    wait "${pids[$i]}" 2>/dev/null || true
  done
  rm -rf "$site"
  python3 - "$name" "${memory[*]}" "$summary" >>"$rows" <<'PY'
import json, sys
name, memory, summary = sys.argv[1], sys.argv[2].split(), json.loads(sys.argv[3])
ack = summary["ack_ms"]
errors = ", ".join(f"{kind} {n}" for kind, n in summary["errors"].items()) or "none"
print(f"| {name} | {summary['concurrent_games']:,} | {summary['moves_per_second']:,.0f} | "
      f"{ack['p50']:.1f} | {ack['p99']:.1f} | {ack['p999']:.1f} | "
      f"{' + '.join(memory)} | {errors} |")
PY
  tail -n 1 "$rows" >&2
}

# Inside with-postgres.sh (below): one PostgreSQL run on its throwaway server.
if [[ "${1:-}" == --postgres-case ]]; then
  bench_case "$2" "$DUOBAO_TEST_POSTGRES" "$3"
  exit 0
fi

# Two sockets a game in the bots' process, as many in the servers'.
ulimit -n "$(ulimit -Hn)"
if (( $(ulimit -n) < 2 * games + 256 )); then
  echo "bench-online: the open-file limit ($(ulimit -n)) is too low for $games games" >&2
  exit 1
fi
cargo build --release --quiet -p duobao-serve -p duobao-online-bots --manifest-path "$root/Cargo.toml"

rows="$(mktemp)"
sqlite="$(mktemp -d)"
export rows
trap 'rm -rf "$rows" "$sqlite"' EXIT
bench_case "SQLite, one node" "sqlite:$sqlite/online.db" 1
sqlite_p99="$(tail -n 1 "$rows" | awk -F'|' '{ gsub(/ /, "", $6); print $6 }')"
bash "$root/scripts/with-postgres.sh" bash "$0" --postgres-case "PostgreSQL, one node" 1
bash "$root/scripts/with-postgres.sh" bash "$0" --postgres-case "PostgreSQL, two nodes" 2

echo
echo "duobao-serve's online games on $(nproc) cores, $(uname -sm), bots against 127.0.0.1 on the same machine; a move every $((move_every_ms / 1000)) s a game, ${seconds} s measured"
echo
echo "| database | games at once | moves/s | ack p50 (ms) | p99 (ms) | p99.9 (ms) | server peak memory (MiB) | errors |"
echo "|---|---|---|---|---|---|---|---|"
cat "$rows"
if (( games == target_games )) && awk -v p99="$sqlite_p99" -v limit="$target_p99_ms" 'BEGIN { exit !(p99 > limit) }'; then
  echo "bench-online: SQLite's ack p99 ($sqlite_p99 ms) is over the target of $target_p99_ms ms at $games games" >&2
  exit 1
fi
