#!/usr/bin/env bash
# The release web build that players get, for play.sh, the end-to-end suite and bundle-size.sh:
# optimised by wasm-opt for size, without debug symbols (dx keeps them unless told not to), with
# Cargo's `wasm-release` profile. Writes target/dx/duobao-app/release/web/public.
set -euo pipefail
cd "$(dirname "$0")/.."
NO_DOWNLOADS=1 exec dx build --platform web --release --debug-symbols false "$@"
