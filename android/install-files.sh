#!/usr/bin/env bash
# Put our launcher icons (assets/icons/android/res) into the gradle project dx generates, so that
# @mipmap/ic_launcher_qibing in android/AndroidManifest.xml resolves.
#
#   bash android/install-res.sh            # debug and release projects
#   bash android/install-res.sh release    # just one
#
# Run it once before the first `dx serve|build|bundle --platform android` (and again after
# scripts/make-icons.sh or `cargo clean`). dx 0.7.10 regenerates only its own files in that
# project on every build and never deletes others, and our files have their own names
# (ic_launcher_qibing*), so they stay in place and never clash with dx's ic_launcher*.
set -euo pipefail
cd "$(dirname "$0")/.."

SRC=assets/icons/android/res
[ -d "$SRC/mipmap-mdpi" ] || { echo "install-res: $SRC missing; run scripts/make-icons.sh" >&2; exit 1; }

# dx: <target dir>/dx/<bin target>/<profile>/android/app  is the gradle root (BuildRequest::root_dir)
TARGET_DIR=${CARGO_TARGET_DIR:-target}
APP_TARGET=duobao-app
profiles=("$@")
[ ${#profiles[@]} -gt 0 ] || profiles=(debug release)

for profile in "${profiles[@]}"; do
  case $profile in debug | release) ;; *) echo "install-res: profile must be debug or release" >&2; exit 2 ;; esac
  res=$TARGET_DIR/dx/$APP_TARGET/$profile/android/app/app/src/main/res
  mkdir -p "$res"
  cp -R "$SRC"/. "$res"/
  echo "install-res: $SRC -> $res"
done
