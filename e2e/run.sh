#!/usr/bin/env bash
# Builds the web app, serves it with scripts/serve.sh on a free 127.0.0.1 port, runs the
# end-to-end suite against it in Debian's Chromium on a phone-sized touch screen (the tests of
# the installable app serve it themselves: offline, an update, HTTPS), then Lighthouse's mobile
# audit, and stops the server. The functional files run two at a time (two cores); the files
# that measure time (TIMING_FILES) run after them, one at a time, with the machine to
# themselves. Exits non-zero when the build, a test or the audit fails.
#   E2E_SKIP_BUILD=1   test the last build as it is
#   E2E_LIGHTHOUSE=0   leave out Lighthouse (scripts/test.sh runs it as a phase of its own)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

if [[ "${E2E_SKIP_BUILD:-0}" != 1 ]]; then
  # Release: the computer player is much faster optimised, as it is for players.
  bash scripts/build-web.sh
  # The benchmark page the speed test opens, beside the app (not part of its download).
  bash scripts/build-web-bench.sh
fi
public="$root/target/dx/duobao-app/release/web/public"
[[ -f "$public/index.html" ]] || { echo "no web build in $public" >&2; exit 1; }

[[ -d e2e/node_modules/playwright-core ]] || (cd e2e && npm ci --no-audit --no-fund)
# Built once here, so that starting it in the tests takes no compiling.
cargo build --release --quiet -p duobao-serve

source scripts/start-site.sh
start_site /tmp/duobao-e2e-server.log "$public"

cd e2e
# The files whose figures are times: alone on the machine, so that they measure the app rather
# than the other file beside them (their guards hold on a loaded machine too: docs/CI.md).
timing_files=(tests/tap-latency.test.mjs tests/ai-stall.test.mjs tests/master-speed.test.mjs)
functional_files=()
for file in tests/*.test.mjs; do
  [[ " ${timing_files[*]} " == *" $file "* ]] || functional_files+=("$file")
done
# A test that waits for something that never comes (a script the page refused, a dialog that
# never opens) fails after 10 minutes, five times the longest test on a loaded machine, rather
# than holding the run until CI's limit.
timeout_ms=600000
status=0
BASE_URL="http://127.0.0.1:$port/" node --test --test-timeout="$timeout_ms" --test-concurrency=2 "${functional_files[@]}" || status=1
BASE_URL="http://127.0.0.1:$port/" node --test --test-timeout="$timeout_ms" --test-concurrency=1 "${timing_files[@]}" || status=1
if [[ "${E2E_LIGHTHOUSE:-1}" != 0 ]]; then
  node lighthouse.mjs || status=1
fi
exit "$status"
