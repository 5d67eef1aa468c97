#!/usr/bin/env bash
# The release web build that players get, for play.sh, serve.sh, the end-to-end suite and
# bundle-size.sh: the complete deployable site in target/dx/duobao-app/release/web/public (copy
# that folder to any static host; README.md, "Putting it on the web"). dx builds the app
# (optimised by wasm-opt for size, without debug symbols, which dx keeps unless told not to, with
# Cargo's `wasm-release` profile) and copies assets/web (manifests, icons); web/finish-build.mjs
# adds the offline service worker and the precompressed copies. The engine runs in a Web Worker
# of its own (crates/engine-worker), built here after dx, optimised for speed rather than size.
# The folder is made afresh, so that no file of an earlier build is deployed or precached.
set -euo pipefail
cd "$(dirname "$0")/.."
public=target/dx/duobao-app/release/web/public
# The dx scripts/setup.sh builds, whose splitter puts what the screens' chunks share into shared
# chunks and tells the app of a chunk it could not fetch (web/wasm-split-shared-chunks.patch).
cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
if [[ "$(command -v dx)" != "$cargo_bin/dx" \
  || ! -e "$cargo_bin/.dx-0.7.10-$(sha256sum <web/wasm-split-shared-chunks.patch | cut -c1-16)" ]]; then
  echo "build-web: dx is not the one scripts/setup.sh builds with web/wasm-split-shared-chunks.patch;" \
    "run bash scripts/setup.sh --play" >&2
  exit 1
fi
rm -rf "$public"
# index.html starts the app itself, after the first paint (`--inject-loading-scripts false`).
# Every screen but home is in one of three chunks, fetched when first opened (src/screens.rs),
# and what two or more of them share (the share sheets among it) is in shared chunks, fetched
# with the first chunk that needs it.
# The linker is told not to merge equal constants (`-O0`): dx 0.7.10's splitter zeroes in the
# main module the data it finds only the chunks use, and a string merged with one the main module
# uses was zeroed with it (the endgame tables' addresses and the FEN's letters read as zeros).
# The standard library is compiled with the app, for size (`optimize_for_size`), and a panic
# stops the module at once (`immediate-abort`) instead of formatting its message first: the
# browser has no unwinding, so a panic ended the app before as now; only the console's line with
# its message and source place is gone, and with it the formatting and panic machinery (46.5 KB
# of the 649 gzipped: docs/PERFORMANCE.md, "The web download") and every source path. Both are
# unstable, so this one build tells the stable compiler to accept them (`RUSTC_BOOTSTRAP`); the
# native builds, the tests and the engine's worker below are plain stable Rust. The library's
# sources are rustup's `rust-src`, which scripts/setup.sh installs.
if [[ ! -d "$(rustc --print sysroot)/lib/rustlib/src/rust/library" ]]; then
  echo "build-web: the standard library's sources are missing; run bash scripts/setup.sh --play" >&2
  exit 1
fi
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Clink-arg=-O0 -Zunstable-options -Cpanic=immediate-abort" \
  NO_DOWNLOADS=1 \
  RUSTC_BOOTSTRAP=1 CARGO_UNSTABLE_BUILD_STD=std,panic_abort \
  CARGO_UNSTABLE_BUILD_STD_FEATURES=optimize_for_size \
  dx build --platform web --release --debug-symbols false --inject-loading-scripts false \
  --features wasm-split --wasm-split "$@"
# dx 0.7.10 encodes the public folder's PNGs again as it copies them, undoing their palette
# (scripts/make-icons.sh): the 60 KB icon came out at 199 KB. The icons are put back as made.
cp assets/web/icons/*.png "$public/icons/"

# The engine's worker: its WebAssembly, and one script of wasm-bindgen's glue and worker.js. Both
# are named by their content with dx's mark (`-dxh<hex>`), so that the server, the service worker
# and a static host's rules keep them as they keep the app's hashed files; in engine/, not
# assets/, where the app's own WebAssembly is the only one. web/finish-build.mjs names them in
# index.html.
cargo_target="${CARGO_TARGET_DIR:-target}"
engine_build="$cargo_target/engine-worker"
cargo build --quiet --profile wasm-engine --target wasm32-unknown-unknown -p duobao-engine-worker
rm -rf "$engine_build"
mkdir -p "$engine_build" "$public/engine"
wasm-bindgen --target no-modules --no-typescript --out-dir "$engine_build" \
  "$cargo_target/wasm32-unknown-unknown/wasm-engine/duobao_engine_worker.wasm"
wasm-opt -O3 --enable-bulk-memory --enable-reference-types --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals --strip-debug --strip-producers \
  --strip-target-features \
  "$engine_build/duobao_engine_worker_bg.wasm" -o "$engine_build/engine.wasm"
cat "$engine_build/duobao_engine_worker.js" crates/engine-worker/worker.js >"$engine_build/engine.js"
for kind in js wasm; do
  hash="$(sha256sum "$engine_build/engine.$kind" | cut -c1-16)"
  cp "$engine_build/engine.$kind" "$public/engine/engine-dxh$hash.$kind"
done

[[ -d web/node_modules/workbox-build ]] || (cd web && npm ci --no-audit --no-fund)
node web/finish-build.mjs "$public"
