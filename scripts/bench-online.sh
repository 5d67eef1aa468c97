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
# (b) and (c); SQLITE_ONLY=1 runs (a) alone. Exits non-zero when (a)'s ack p99 is over 50 ms at 5,000 games, the target;
# smaller runs (`GAMES=200 SECONDS=10 bash scripts/bench-online.sh`) only print. The bots and
# the servers share the machine's cores: the figures are a floor, not the server's ceiling.
#
# Every game is rated (issue 50's figure: RATED=1, the default): each bot registers a name
# before its first game (10,000 players at 5,000 games, each from a loopback address of its
# own, so that the limit on registrations per address meets none of them) and plays as it, and
# each bot resigns at each of its turns with a chance of RESIGN_CHANCE (0.05: a game of about
# 20 plies a side, a minute at this pace), so that rated games end, and ratings are written,
# all through the measured time. RATED=0 RESIGN_CHANCE=0 is issue 52's run: casual games that
# random play hardly ends.
#
# Two other modes, each on one node on SQLite:
# - ABUSERS=N: the same games twice, without and then with N abusive clients beside them
#   (`duobao-bots --abusers`: draw offers toggled, many sockets on one seat, many watchers,
#   unknown games looked up, seeks and games made and left, abort-rematch chains); prints both
#   runs, what the abusers' tries came to, and the honest players' ack p99 with abusers over
#   without. Exits non-zero when that is over 1.2 at 5,000 games.
# - SATURATION=1: the same games with a move ever more often (every 3 s, 2 s, 1.5 s, 1 s, …)
#   until the ack p99 is over 50 ms two steps in a row; prints each step and the saturation
#   point, the most moves a second acknowledged at a p99 within 50 ms.
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
rated="${RATED:-1}"
resign_chance="${RESIGN_CHANCE:-0.05}"
bots_options=(--resign-chance "$resign_chance")
if [[ "$rated" == 1 ]]; then
  bots_options+=(--rated)
fi
target_games=5000
target_p99_ms=50

# One run: bench_case NAME DB_URL NODES [BOTS_OPTION...]. Prints a Markdown table row to $rows.
bench_case() {
  local name="$1" db="$2" nodes="$3" site servers=() pids=() i port
  shift 3
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
    --move-every "$move_every_ms" --seconds "$seconds" --ramp-seconds "$ramp" --json \
    "${bots_options[@]}" "$@")"
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
if summary["players"]:
    print(f"bench-online: {name}: {summary['players']:,} players registered, "
          f"{summary['rated_games_ended']:,} rated games ended", file=sys.stderr)
if summary["abuse"]:
    tries = ", ".join(f"{kind} {n}" for kind, n in summary["abuse"].items())
    print(f"bench-online: {name}: the abusers' tries: {tries}", file=sys.stderr)
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

# The last row's column: 4 moves/s, 6 ack p99.
last_row() {
  tail -n 1 "$rows" | awk -F'|' -v column="$1" '{ gsub(/[ ,]/, "", $column); print $column }'
}

print_rows() {
  echo
  local games_kind="casual games"
  if [[ "$rated" == 1 ]]; then
    games_kind="every game rated"
  fi
  echo "duobao-serve's online games on $(nproc) cores, $(uname -sm), bots against 127.0.0.1 on the same machine; $1, $games_kind, a bot resigning at a turn with a chance of $resign_chance, ${seconds} s measured"
  echo
  echo "| run | games at once | moves/s | ack p50 (ms) | p99 (ms) | p99.9 (ms) | server peak memory (MiB) | errors |"
  echo "|---|---|---|---|---|---|---|---|"
  cat "$rows"
}

# Over `limit` (a number, as awk reads it)?
over() {
  awk -v value="$1" -v limit="$2" 'BEGIN { exit !(value > limit) }'
}

abusers="${ABUSERS:-0}"
if (( abusers > 0 )); then
  bench_case "SQLite, one node" "sqlite:$sqlite/honest.db" 1
  alone_p99="$(last_row 6)"
  bench_case "SQLite, one node, $abusers abusers" "sqlite:$sqlite/abused.db" 1 --abusers "$abusers"
  abused_p99="$(last_row 6)"
  print_rows "a move every $((move_every_ms / 1000)) s a game"
  ratio="$(awk -v a="$abused_p99" -v b="$alone_p99" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
  echo
  echo "The honest players' ack p99 with $abusers abusers over without: $ratio (at most 1.2 wanted)"
  if (( games == target_games )) && over "$ratio" 1.2; then
    echo "bench-online: the abusers raised the honest players' ack p99 by more than 20 %" >&2
    exit 1
  fi
  exit 0
fi

if [[ "${SATURATION:-0}" == 1 ]]; then
  best=0
  missed=0
  for move_every_ms in 3000 2000 1500 1000 750 500 350 250; do
    bench_case "SQLite, one node, a move every $move_every_ms ms a game" \
      "sqlite:$sqlite/every-$move_every_ms.db" 1
    # Two steps over the target in a row end it: one alone may be the machine's noise.
    if over "$(last_row 6)" "$target_p99_ms"; then
      missed=$((missed + 1))
      if ((missed == 2)); then
        break
      fi
    else
      missed=0
      best="$(last_row 4)"
    fi
  done
  print_rows "the moves ever more often"
  echo
  if [[ "$best" == 0 ]]; then
    echo "Saturation: below the first step, a move every 3 s a game (ack p99 over $target_p99_ms ms)"
  else
    echo "Saturation: $best moves/s acknowledged at an ack p99 within $target_p99_ms ms, one node on SQLite"
  fi
  exit 0
fi

bench_case "SQLite, one node" "sqlite:$sqlite/online.db" 1
sqlite_p99="$(last_row 6)"
if [[ "${SQLITE_ONLY:-0}" != 1 ]]; then
  bash "$root/scripts/with-postgres.sh" bash "$0" --postgres-case "PostgreSQL, one node" 1
  bash "$root/scripts/with-postgres.sh" bash "$0" --postgres-case "PostgreSQL, two nodes" 2
fi

print_rows "a move every $((move_every_ms / 1000)) s a game"
if (( games == target_games )) && over "$sqlite_p99" "$target_p99_ms"; then
  echo "bench-online: SQLite's ack p99 ($sqlite_p99 ms) is over the target of $target_p99_ms ms at $games games" >&2
  exit 1
fi
