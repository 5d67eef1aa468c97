#!/usr/bin/env bash
# Builds the web app and serves it on http://127.0.0.1:8080 (PORT=… to change the port).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
port="${PORT:-8080}"

bash scripts/setup.sh --play
bash scripts/build-web.sh
public="$root/target/dx/duobao-app/release/web/public"

echo
echo "Duobao Qi Bing · Seven Soldiers is at http://127.0.0.1:$port/ (Ctrl-C stops it)."
echo "For a phone-sized screen use the browser's device toolbar, or serve on your network with"
echo "BIND=0.0.0.0 bash scripts/play.sh and open this machine's address on a phone."
exec python3 -m http.server "$port" --bind "${BIND:-127.0.0.1}" --directory "$public"
