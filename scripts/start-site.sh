# Sourced, not run: `start_site LOG [FOLDER]` starts scripts/serve.sh on a free port of
# 127.0.0.1 in the background, stopped when the sourcing script exits, and returns once the
# site answers; $port holds its port. The e2e suite and the web benchmark share it.
start_site() {
  local log="$1"
  shift
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  # Its online games in a database of its own, never the user's.
  site_database="$(mktemp -d)"
  PORT="$port" BIND=127.0.0.1 DB="sqlite:$site_database/online.sqlite" \
    bash scripts/serve.sh "$@" >"$log" 2>&1 &
  site_server=$!
  trap 'kill "$site_server" 2>/dev/null || true; rm -rf "$site_database"' EXIT
  # Up to 30 s: serve.sh's `cargo run` checks the build first.
  for _ in $(seq 300); do
    curl -fs "http://127.0.0.1:$port/" >/dev/null && return 0
    sleep 0.1
  done
  echo "the site did not answer on port $port (see $log)" >&2
  return 1
}
