#!/usr/bin/env bash
# Installs what building the app and running its end-to-end tests need, skipping whatever is
# already there: the Rust targets, Chromium and CJK fonts, the Dioxus CLI, the wasm-bindgen CLI
# that matches Cargo.lock, esbuild, and the e2e suite's node packages.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
sudo=""
[[ "$(id -u)" == 0 ]] || sudo="sudo"

packages=()
command -v chromium >/dev/null || packages+=(chromium)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || packages+=(fonts-noto-cjk)
command -v python3 >/dev/null || packages+=(python3)
command -v curl >/dev/null || packages+=(curl)
# dx refuses release web builds without a wasm-opt. Debian's binaryen is too old to parse
# today's wasm; dx then says so and keeps the module as rustc optimised it, which is fine.
command -v wasm-opt >/dev/null || packages+=(binaryen)
command -v npm >/dev/null || packages+=(nodejs npm)
if ((${#packages[@]})); then
  $sudo apt-get update
  $sudo apt-get install -y --no-install-recommends "${packages[@]}"
fi

for target in wasm32-unknown-unknown aarch64-linux-android; do
  rustup target list --installed | grep -qx "$target" || rustup target add "$target"
done

dx --version 2>/dev/null | grep -q "0\.7\.10" || cargo install dioxus-cli@0.7.10 --locked

bindgen_version="$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
wasm-bindgen --version 2>/dev/null | grep -q " $bindgen_version\$" \
  || cargo install wasm-bindgen-cli --version "$bindgen_version"

esbuild --version 2>/dev/null | grep -qx "0\.27\.3" || npm install -g esbuild@0.27.3

(cd e2e && npm ci --no-audit --no-fund)
