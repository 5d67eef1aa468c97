#!/usr/bin/env bash
# The native end-to-end test: builds the desktop app with dx (the same WebView shell the phones
# use), starts it on a virtual X screen (Xvfb) with a fresh, temporary data folder, drives it with
# real pointer clicks and keys (xdotool), and checks what it shows (screenshots read with
# ImageMagick) and what it saves (the files in its data folder). See e2e/README.md.
#
#   NATIVE_E2E_SKIP_BUILD=1   test the last desktop build as it is
#   NATIVE_E2E_KEEP=1         keep the temporary folder (screenshots of every step, app logs)
#   NATIVE_E2E_RUNS=online    only these of the runs (first,second,themes,online; drive.py)
#
# The online run plays a browser through the app's server: it needs the web build
# (scripts/build-web.sh), the server (cargo build --release -p duobao-serve) and e2e/node_modules.
#
# Exits non-zero, naming the step, when the build or a check fails.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

for tool in Xvfb xdotool import convert python3; do
  command -v "$tool" >/dev/null || {
    echo "native e2e: $tool is missing (bash scripts/setup.sh installs it)" >&2
    exit 1
  }
done

for needed in target/dx/duobao-app/release/web/public/index.html e2e/node_modules; do
  [[ -e "$root/$needed" ]] || {
    echo "native e2e: $needed is missing: the online run's browser needs it (see above)" >&2
    exit 1
  }
done

app="$root/target/dx/duobao-app/debug/linux/app/duobao-app"
if [[ "${NATIVE_E2E_SKIP_BUILD:-0}" != 1 ]]; then
  echo "native e2e: building the desktop app (dx build --platform desktop)"
  started=$SECONDS
  NO_DOWNLOADS=1 dx build --platform desktop
  echo "native e2e: built in $((SECONDS - started)) s"
fi
[[ -x "$app" ]] || {
  echo "native e2e: no desktop build at $app" >&2
  exit 1
}

work="$(mktemp -d /tmp/duobao-native-e2e.XXXXXX)"
xvfb=""
driver=""
cleanup() {
  local status=$?
  # The driver ends the app it started; without a display the app would end anyway.
  if [[ -n "$driver" ]] && kill -0 "$driver" 2>/dev/null; then
    kill "$driver" 2>/dev/null || true
    wait "$driver" 2>/dev/null || true
  fi
  if [[ -n "$xvfb" ]]; then
    kill "$xvfb" 2>/dev/null || true
    wait "$xvfb" 2>/dev/null || true
  fi
  if [[ "${NATIVE_E2E_KEEP:-0}" == 1 || $status != 0 ]]; then
    echo "native e2e: step screenshots and app logs are in $work" >&2
  else
    rm -rf "$work"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A screen of its own on the first free display number, which Xvfb picks and writes to fd 3.
: >"$work/display"
Xvfb -displayfd 3 -screen 0 1000x900x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb=$!
display=""
for _ in $(seq 100); do
  display="$(tr -dc 0-9 <"$work/display" 2>/dev/null || true)"
  [[ -n "$display" ]] && break
  kill -0 "$xvfb" 2>/dev/null || break
  sleep 0.1
done
[[ -n "$display" ]] || {
  echo "native e2e: Xvfb did not start (see $work/xvfb.log)" >&2
  exit 1
}

# In the background and waited for, so that a signal to this script runs the cleanup at once.
DISPLAY=":$display" python3 "$root/e2e/native/drive.py" \
  --app "$app" --work "$work" --screenshots "$root/target/e2e-screenshots" \
  ${NATIVE_E2E_RUNS:+--runs "$NATIVE_E2E_RUNS"} &
driver=$!
status=0
wait "$driver" || status=$?
driver=""
exit "$status"
