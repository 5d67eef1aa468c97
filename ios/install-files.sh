#!/usr/bin/env bash
# Put the app icon (assets/icons/ios/AppIcon.appiconset) into an iOS .app that dx built.
# macOS only (needs Xcode's command line tools). dx 0.7.10 assembles the .app itself, without
# Xcode's asset compiler, so it ships no icon of ours: this is the step after dx.
#
#   bash ios/install-icons.sh [path/to/DuobaoApp.app]
#   (default: target/dx/duobao-app/release/ios/DuobaoApp.app, else .../debug/...)
#
# 1. compiles the icon set into Assets.car with `xcrun actool` (what Xcode does; App Store builds
#    need it) - actool also writes the loose AppIcon60x60@2x.png ... files CFBundleIconFiles names;
# 2. without actool, copies those loose PNGs only (enough for the simulator / a device build);
# 3. if the .app was code-signed, signs it again with the same identity and entitlements
#    (adding files breaks the signature).
set -euo pipefail
cd "$(dirname "$0")/.."

SET=assets/icons/ios/AppIcon.appiconset
TARGET_DIR=${CARGO_TARGET_DIR:-target}
APP=${1:-}
if [ -z "$APP" ]; then
  for profile in release debug; do
    candidate=$TARGET_DIR/dx/duobao-app/$profile/ios/DuobaoApp.app
    if [ -d "$candidate" ]; then APP=$candidate; break; fi
  done
fi
[ -n "$APP" ] && [ -d "$APP" ] || { echo "install-icons: no .app found; pass its path" >&2; exit 1; }
[ -f "$SET/Contents.json" ] || { echo "install-icons: $SET missing; run scripts/make-icons.sh" >&2; exit 1; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

if xcrun --find actool >/dev/null 2>&1; then
  platform=iphoneos
  if xcrun vtool -show-build "$APP/duobao-app" 2>/dev/null | grep -q IOSSIMULATOR; then
    platform=iphonesimulator
  fi
  mkdir -p "$TMP/Assets.xcassets"
  printf '{ "info" : { "author" : "xcode", "version" : 1 } }\n' > "$TMP/Assets.xcassets/Contents.json"
  cp -R "$SET" "$TMP/Assets.xcassets/"
  xcrun actool "$TMP/Assets.xcassets" --compile "$APP" --platform "$platform" \
    --minimum-deployment-target 15.0 --target-device iphone --target-device ipad \
    --app-icon AppIcon --output-partial-info-plist "$TMP/partial.plist" \
    --output-format human-readable-text --errors --warnings
  echo "install-icons: Assets.car + AppIcon*.png ($platform) -> $APP"
else
  # Loose icons, named the way CFBundleIconFiles in ios/Info.plist expects them.
  cp "$SET/Icon-60@2x.png" "$APP/AppIcon60x60@2x.png"
  cp "$SET/Icon-60@3x.png" "$APP/AppIcon60x60@3x.png"
  cp "$SET/Icon-76.png" "$APP/AppIcon76x76~ipad.png"
  cp "$SET/Icon-76@2x.png" "$APP/AppIcon76x76@2x~ipad.png"
  cp "$SET/Icon-83.5@2x.png" "$APP/AppIcon83.5x83.5@2x~ipad.png"
  echo "install-icons: no actool (Xcode) here; copied loose AppIcon*.png -> $APP"
fi

if [ -d "$APP/_CodeSignature" ]; then
  command -v codesign >/dev/null || { echo "install-icons: .app was signed but codesign is missing" >&2; exit 1; }
  identity=$(codesign -dvv "$APP" 2>&1 | sed -n 's/^Authority=//p' | head -n 1)
  [ -n "$identity" ] || identity=-   # ad-hoc signature
  codesign -d --entitlements :- "$APP" > "$TMP/entitlements.plist" 2>/dev/null || true
  if [ -s "$TMP/entitlements.plist" ]; then
    codesign --force --sign "$identity" --entitlements "$TMP/entitlements.plist" "$APP"
  else
    codesign --force --sign "$identity" "$APP"
  fi
  echo "install-icons: re-signed with '$identity'"
fi
