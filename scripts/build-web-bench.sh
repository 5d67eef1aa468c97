#!/usr/bin/env bash
# The levels' benchmark as a web page (crates/web-bench), built as the engine's worker is (Cargo's
# `wasm-engine` profile, wasm-opt for speed: scripts/build-web.sh), into the app's web folder
# under `bench/`: target/dx/duobao-app/release/web/public/bench/index.html?level=master. Run it
# after scripts/build-web.sh (dx rewrites that folder). Not part of what players download.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/dx/duobao-app/release/web/public/bench
cargo build --quiet --profile wasm-engine --target wasm32-unknown-unknown -p duobao-web-bench
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" \
  target/wasm32-unknown-unknown/wasm-engine/duobao_web_bench.wasm
wasm-opt -O3 --enable-bulk-memory --enable-reference-types --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals --strip-debug \
  "$out/duobao_web_bench_bg.wasm" -o "$out/duobao_web_bench_bg.wasm"
cp crates/web-bench/index.html "$out/"
