#!/usr/bin/env bash
# Installs what building the app and running its end-to-end tests need, skipping whatever is
# already there: the Rust targets, Chromium and CJK fonts, the Dioxus CLI (patched: below), the
# wasm-bindgen CLI that matches Cargo.lock, esbuild, a current wasm-opt, the web build's node
# packages (Workbox), the e2e suite's (Playwright, Lighthouse), for the native e2e test the
# desktop build's libraries, Xvfb, xdotool and ImageMagick, and PostgreSQL for the online games'
# tests.
# `setup.sh --play` installs only what building and serving the web app needs.
#
# The downloads (Debian's packages for the tests, the node tools and packages) run in the
# background while the two CLIs compile, which keeps both cores busy: on a fresh machine they
# took minutes of their own before the compiling began.
set -euo pipefail

for_tests=1
[[ "${1:-}" == "--play" ]] && for_tests=0

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
sudo=""
[[ "$(id -u)" == 0 ]] || sudo="sudo"

# beside NAME COMMAND...: runs COMMAND in the background, its output kept until it ends, so that
# it does not interleave with the compilers'; `wait_beside` then prints it and fails the setup
# when COMMAND failed.
beside_names=()
beside_pids=()
beside_logs=()
beside() {
  local name="$1" log
  shift
  log="$(mktemp)"
  ("$@") >"$log" 2>&1 &
  beside_names+=("$name")
  beside_pids+=($!)
  beside_logs+=("$log")
}
wait_beside() {
  local i failed=0
  for i in "${!beside_pids[@]}"; do
    if wait "${beside_pids[$i]}"; then
      echo "== setup: ${beside_names[$i]} done"
      cat "${beside_logs[$i]}"
    else
      echo "== setup: ${beside_names[$i]} FAILED:" >&2
      cat "${beside_logs[$i]}" >&2
      failed=1
    fi
    rm -f "${beside_logs[$i]}"
  done
  ((failed == 0))
}

# What the rest of this script runs comes first, before anything is started beside it.
tools=()
command -v python3 >/dev/null || tools+=(python3)
command -v curl >/dev/null || tools+=(curl)
command -v git >/dev/null || tools+=(git)
command -v npm >/dev/null || tools+=(nodejs npm)
apt_updated=0
if ((${#tools[@]})); then
  $sudo apt-get update
  apt_updated=1
  $sudo apt-get install -y --no-install-recommends "${tools[@]}"
fi

packages=()
if ((for_tests)); then
  command -v chromium >/dev/null || packages+=(chromium)
  [[ "$(fc-list : family 2>/dev/null || true)" == *"Noto Sans CJK"* ]] || packages+=(fonts-noto-cjk)
  # The native end-to-end test (e2e/native/run.sh): building the desktop app (the WebView and
  # the keyboard-shortcut library it links) and driving it on a virtual screen.
  installed_debs="$(dpkg-query -W -f '${Package} ${Status}\n' 2>/dev/null || true)"
  for deb in libwebkit2gtk-4.1-dev libxdo-dev xvfb xdotool imagemagick; do
    [[ $'\n'"$installed_debs"$'\n' == *$'\n'"$deb install ok installed"$'\n'* ]] || packages+=("$deb")
  done
  # The online games' PostgreSQL store and several server nodes on one database are tested
  # against a throwaway server (scripts/with-postgres.sh).
  compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || packages+=(postgresql)
fi
install_packages() {
  ((apt_updated)) || $sudo apt-get update
  $sudo apt-get install -y --no-install-recommends "${packages[@]}"
}
((${#packages[@]} == 0)) || beside "Debian packages (${packages[*]})" install_packages

# Outputs are captured before matching: with pipefail, `… | grep -q` can fail on SIGPIPE.
installed_targets="$(rustup target list --installed)"
for target in wasm32-unknown-unknown aarch64-linux-android; do
  [[ $'\n'"$installed_targets"$'\n' == *$'\n'"$target"$'\n'* ]] || rustup target add "$target"
done
# The release web build compiles the standard library itself, for size (scripts/build-web.sh).
[[ "$(rustup component list --installed)" == *rust-src* ]] || rustup component add rust-src

# The node tools and packages, from the npm registry (started before the compiling, below).
install_node_tools() {
  [[ "$(esbuild --version 2>/dev/null || true)" == "0.27.3" ]] || npm install -g esbuild@0.27.3

  # dx optimises release web builds (for size, `-Oz`) with the first wasm-opt on PATH. Debian's
  # binaryen is too old to parse today's wasm, so a current one comes from npm, into /usr/local/bin,
  # which comes before /usr/bin on PATH.
  wasm_opt_version=132
  if [[ "$(wasm-opt --version 2>/dev/null || true)" != "wasm-opt version $wasm_opt_version "* ]]; then
    $sudo npm install -g --prefix /usr/local "binaryen@$wasm_opt_version.0.0"
    hash -r
    [[ "$(wasm-opt --version 2>/dev/null || true)" == "wasm-opt version $wasm_opt_version "* ]] || {
      echo "setup: wasm-opt $wasm_opt_version is in /usr/local/bin but another wasm-opt comes first" \
        "on PATH ($(command -v wasm-opt)); put /usr/local/bin first" >&2
      exit 1
    }
  fi

  [[ -d web/node_modules/workbox-build ]] || (cd web && npm ci --no-audit --no-fund)
  if ((for_tests)); then
    (cd e2e && npm ci --no-audit --no-fund)
  fi
}

beside "node tools and packages" install_node_tools

# The build tools are compiled for a quick install rather than for speed: they only orchestrate
# cargo, wasm-bindgen and wasm-opt, and a `cargo install` at the default opt-level 3 of dx's ~700
# crates took 28 minutes of a fresh 2-core machine (docs/CI.md has the figures).
quick_flags=(CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256 CARGO_PROFILE_RELEASE_LTO=false
  CARGO_PROFILE_RELEASE_DEBUG=false)
quick_install=(env CARGO_PROFILE_RELEASE_OPT_LEVEL=1 "${quick_flags[@]}")
# dx not optimised at all: its own part of a web build (its splitter, the assets) takes as long
# as at opt-level 1 (scripts/build-web.sh 2:24 against 2:28, the same files), and it compiles in
# half the time (5:22 against about 11 minutes), which was most of a fresh machine's setup.
dx_install=(env CARGO_PROFILE_RELEASE_OPT_LEVEL=0 "${quick_flags[@]}")
bindgen_version="$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
[[ "$(wasm-bindgen --version 2>/dev/null || true)" == "wasm-bindgen $bindgen_version" ]] \
  || beside "wasm-bindgen-cli $bindgen_version" \
    "${quick_install[@]}" cargo install wasm-bindgen-cli --version "$bindgen_version"

# dx is built from its published source with its splitter's shared chunks finished
# (web/wasm-split-shared-chunks.patch says what and why); a stamp beside it names the patch it
# was built with, so that a dx built otherwise, or with an older patch, is built again.
dx_patch="$root/web/wasm-split-shared-chunks.patch"
cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
dx_stamp="$cargo_bin/.dx-0.7.10-$(sha256sum <"$dx_patch" | cut -c1-16)"
if [[ "$(dx --version 2>/dev/null || true)" != "dioxus 0.7.10 "* || ! -e "$dx_stamp" ]]; then
  sources="$(mktemp -d)"
  # A crate's published source, checked against the checksum crates.io's index gives for it.
  fetch_crate() {
    local name="$1" version="$2" sha256="$3"
    curl -fsSL --retry 3 -o "$sources/$name.crate" \
      "https://static.crates.io/crates/$name/$name-$version.crate"
    echo "$sha256  $sources/$name.crate" | sha256sum --check --quiet
    tar -xzf "$sources/$name.crate" -C "$sources"
  }
  fetch_crate dioxus-cli 0.7.10 1fcb6578719380a2094f115bbbde340c59b65d2bf1987b8ddbbb9834db6716e6
  fetch_crate wasm-split-cli 0.7.10 28e4ed1e468d3d223a67299368fa9515ddd234f653b11e070f02109e9fdb0d10
  (cd "$sources/wasm-split-cli-0.7.10" && git apply "$dx_patch")
  printf '\n[patch.crates-io]\nwasm-split-cli = { path = "%s" }\n' \
    "$sources/wasm-split-cli-0.7.10" >>"$sources/dioxus-cli-0.7.10/Cargo.toml"
  "${dx_install[@]}" cargo install --path "$sources/dioxus-cli-0.7.10" --locked
  rm -f "$cargo_bin"/.dx-0.7.10-*
  touch "$dx_stamp"
  rm -rf "$sources"
fi

wait_beside
