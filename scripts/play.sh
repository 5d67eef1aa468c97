#!/usr/bin/env bash
# Builds the web app and serves it on http://127.0.0.1:8080 (PORT=… to change the port).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
port="${PORT:-8080}"

NO_DOWNLOADS=1 dx build --platform web --release
public="$root/target/dx/duobao-app/release/web/public"

echo
echo "Duobao Qi Bing · Seven Soldiers is at http://127.0.0.1:$port/ (Ctrl-C stops it)."
echo "On a phone-sized screen: open your browser's device toolbar, or visit from a phone on"
echo "this network after serving on 0.0.0.0 instead (PORT=$port BIND=0.0.0.0 $0)."
exec python3 -m http.server "$port" --bind "${BIND:-127.0.0.1}" --directory "$public"
