#!/usr/bin/env bash
# The web end-to-end suite with every core of the machine kept busy by another process
# (stress-ng, one CPU worker per core, for at most 45 minutes): the check that its timing guards
# only trip on a regression of the app, never on a slow machine (docs/CI.md). Tests the last
# web build as it is (scripts/build-web.sh first if there is none). Not part of the test
# command, which it would make twice as long.
set -euo pipefail
cd "$(dirname "$0")/.."
sudo=""
[[ "$(id -u)" == 0 ]] || sudo="sudo"
command -v stress-ng >/dev/null || { $sudo apt-get update && $sudo apt-get install -y --no-install-recommends stress-ng; }
stress-ng --cpu "$(nproc)" --timeout 45m --quiet &
load=$!
trap 'kill "$load" 2>/dev/null || true' EXIT
E2E_SKIP_BUILD=1 bash e2e/run.sh "$@"
