#!/usr/bin/env bash
# The web app's figures against their strict targets (e2e/bench.mjs): tap→paint, the page's long
# tasks while the engine works, Master's speed in the browser, the download and Lighthouse,
# printed as one Markdown table for the README. Run it on a quiet machine: the test command
# guards these figures with margin, this measures them as they are. Builds the release web app
# first unless SKIP_BUILD=1; `--quick` takes one round of each (a minute or two less exact).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash scripts/setup.sh
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  bash scripts/build-web.sh
  bash scripts/build-web-bench.sh
fi
cargo build --release --quiet -p duobao-serve
cargo build --release --quiet -p duobao-cli
source scripts/start-site.sh
start_site /tmp/duobao-bench-server.log
cd e2e
BASE_URL="http://127.0.0.1:$port/" node bench.mjs "$@"
