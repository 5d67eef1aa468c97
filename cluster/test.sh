#!/usr/bin/env bash
# The distributed build of the endgame tables tested for real (cluster/test_cluster.py): a Ray
# started on this machine with 2 CPUs builds the tables of up to 5 soldiers byte for byte as
# `duobao tablebase build` does, also when a worker is killed mid-task, and rebuilds a damaged
# file. Installs Ray into target/cluster-venv on first use. 40 s to 1½ minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/cluster-venv
# Made again when its pip is missing: a venv whose making stopped half-way (on a full disk, say)
# has a python but no pip.
if [ ! -x "$venv/bin/pip" ]; then
  python3 -m venv --clear "$venv"
fi
# Installed once per version of the requirements.
if ! cmp -s cluster/requirements.txt "$venv/installed-requirements.txt"; then
  "$venv/bin/pip" install --quiet --no-cache-dir --disable-pip-version-check -r cluster/requirements.txt
  cp cluster/requirements.txt "$venv/installed-requirements.txt"
fi

cargo build --release --quiet -p duobao-cli
RAY_USAGE_STATS_ENABLED=0 "$venv/bin/python" cluster/test_cluster.py target/release/duobao
