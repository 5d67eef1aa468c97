#!/usr/bin/env bash
# Put our Android files into the gradle project dx generates, where gradle takes them from:
#
#   assets/icons/android/res/  -> app/src/main/res/   launcher icons (@mipmap/ic_launcher_qibing*)
#   android/res/               -> app/src/main/res/   label (en + zh), colour, theme (Theme.Qibing)
#   android/debug/AndroidManifest.xml -> app/src/debug/AndroidManifest.xml
#                                  INTERNET + dx's cleartext config, merged into debug builds only
#
#   bash android/install-files.sh            # debug and release projects
#   bash android/install-files.sh release    # just one
#
# Why a copy step: dx 0.7.10 has no setting for Android resources or extra manifests (`[android]
# resources`/`icon` parse but are never read), and its gradle project lives under target/, so
# `cargo clean` deletes these copies: run this once before the first `dx serve|build|bundle
# --platform android`, again after `cargo clean`, scripts/make-icons.sh or a change under android/.
# android/bundle-release.sh runs it itself. A copy made before dx survives dx: on every build dx
# rewrites only its own files of the project and never deletes others (see android/README.md), and
# ours carry their own names (*_qibing*, Theme.Qibing) so they never clash with dx's.
# If this step was skipped, gradle stops with "resource ... qibing ... not found": loud on purpose.
set -euo pipefail
cd "$(dirname "$0")/.."

ICONS=assets/icons/android/res
OURS=android/res
DEBUG_MANIFEST=android/debug/AndroidManifest.xml
[ -d "$ICONS/mipmap-mdpi" ] || { echo "install-files: $ICONS missing; run scripts/make-icons.sh" >&2; exit 1; }
[ -d "$OURS/values" ] || { echo "install-files: $OURS missing" >&2; exit 1; }
[ -f "$DEBUG_MANIFEST" ] || { echo "install-files: $DEBUG_MANIFEST missing" >&2; exit 1; }

# dx: <target dir>/dx/<bin target>/<profile>/android/app is the gradle root (BuildRequest::root_dir)
TARGET_DIR=${CARGO_TARGET_DIR:-target}
APP_TARGET=duobao-app
profiles=("$@")
[ ${#profiles[@]} -gt 0 ] || profiles=(debug release)

for profile in "${profiles[@]}"; do
  case $profile in debug | release) ;; *) echo "install-files: profile must be debug or release, not '$profile'" >&2; exit 2 ;; esac
  app=$TARGET_DIR/dx/$APP_TARGET/$profile/android/app/app
  mkdir -p "$app/src/main/res" "$app/src/debug"
  cp -R "$ICONS"/. "$app/src/main/res"/
  cp -R "$OURS"/. "$app/src/main/res"/
  cp "$DEBUG_MANIFEST" "$app/src/debug/AndroidManifest.xml"
  echo "install-files: $ICONS, $OURS -> $app/src/main/res; $DEBUG_MANIFEST -> $app/src/debug/"
done
