#!/usr/bin/env bash
# Builds the web app (the complete deployable site) and serves it with scripts/serve.sh on
# http://127.0.0.1:8080. PORT=… picks another port; BIND=0.0.0.0 HTTPS=1 serves it over HTTPS to
# phones on the network too, where the app can be installed and played offline.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

bash scripts/setup.sh --play
bash scripts/build-web.sh
echo
echo "Duobao Qi Bing · Seven Soldiers: open the address below (Ctrl-C stops it). For a phone on"
echo "your network: BIND=0.0.0.0 HTTPS=1 bash scripts/play.sh, open the address it prints for the"
echo "network on the phone, then Add to Home Screen."
exec bash scripts/serve.sh
