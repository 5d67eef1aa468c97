#!/usr/bin/env bash
# The release web build that players get, for play.sh, serve.sh, the end-to-end suite and
# bundle-size.sh: the complete deployable site in target/dx/duobao-app/release/web/public (copy
# that folder to any static host; README.md, "Putting it on the web"). dx builds the app
# (optimised by wasm-opt for size, without debug symbols, which dx keeps unless told not to, with
# Cargo's `wasm-release` profile) and copies assets/web (manifests, icons); web/finish-build.mjs
# adds the offline service worker and the precompressed copies. The folder is made afresh, so
# that no file of an earlier build is deployed or precached.
set -euo pipefail
cd "$(dirname "$0")/.."
public=target/dx/duobao-app/release/web/public
rm -rf "$public"
# index.html starts the app itself, after the first paint.
NO_DOWNLOADS=1 dx build --platform web --release --debug-symbols false \
  --inject-loading-scripts false "$@"
[[ -d web/node_modules/workbox-build ]] || (cd web && npm ci --no-audit --no-fund)
node web/finish-build.mjs "$public"
