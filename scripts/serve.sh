#!/usr/bin/env bash
# Serves a web build as the deployed site is served, with duobao-serve (crates/serve): the
# precompressed .br / .gz files, a year's caching for content-hashed names and revalidation for
# the rest, exact content types. `bash scripts/serve.sh [DIR]`; DIR is the release web build,
# target/dx/duobao-app/release/web/public, unless given. PORT=… (8080) and BIND=… (127.0.0.1;
# 0.0.0.0 for a phone on the network too); HTTPS=1 serves HTTPS with a certificate made at
# start-up and signed by a local certificate authority kept for this user (CERT_DIR=… keeps it
# elsewhere, never inside DIR), which a phone must trust for the service worker (offline play,
# installing the app): README.md, "On a phone at home". The CA can vouch only for home-network
# names and addresses; one kept from before that limit is replaced at the next start (the server
# says so: the phone must install the new one). Safe to leave running on a home network: only
# the regular files inside DIR are served (no dotfiles, no links leading out), slow or idle
# clients are dropped (10 s for a request's head, 60 s without traffic) and at most 1024
# connections are open at once: docs/SERVER.md. TABLES=DIR also answers
# GET /api/tablebase?fen=FEN from the endgame tables in DIR (`duobao tablebase build`). Online
# games (/api/online, docs/PROTOCOL.md) are kept in SQLite in the local data folder, or in the
# database DB=… names.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
# A DIR given is taken from where the script was run, before moving to the workspace.
dir="${1:-$root/target/dx/duobao-app/release/web/public}"
if [[ ! -f "$dir/index.html" ]]; then
  echo "serve: $dir has no index.html: build the web app first: bash scripts/build-web.sh" >&2
  exit 1
fi
dir="$(cd "$dir" && pwd)"

args=(--dir "$dir" --port "${PORT:-8080}" --bind "${BIND:-127.0.0.1}")
if [[ "${HTTPS:-0}" == 1 ]]; then
  args+=(--https)
  if [[ -n "${CERT_DIR:-}" ]]; then
    args+=(--cert-dir "$CERT_DIR")
  fi
fi

if [[ -n "${TABLES:-}" ]]; then
  args+=(--tables "$(cd "$TABLES" && pwd)")
fi

# The online games' database: SQLite in the local data folder unless DB says otherwise
# (sqlite:PATH, or postgres://… for several server nodes on one database).
if [[ -n "${DB:-}" ]]; then
  args+=(--db "$DB")
fi

cd "$root"
# cargo run replaces itself with the server, so Ctrl-C and SIGTERM reach it directly.
exec cargo run --release -p duobao-serve --quiet -- "${args[@]}"
