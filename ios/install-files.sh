#!/usr/bin/env bash
# Put our files into an iOS .app that dx built: macOS only (Xcode's command line tools).
# dx 0.7.10 assembles the .app itself, without Xcode's build steps: it copies ios/Info.plist and the
# executable and nothing else of ours, so this is the step after dx (see ios/README.md).
#
#   bash ios/install-files.sh [path/to/DuobaoApp.app]
#   (default: target/dx/duobao-app/release/ios/DuobaoApp.app, else .../debug/...)
#
# 1. Assets.car, compiled with `xcrun actool` (what Xcode does; App Store builds need it): the app
#    icon (assets/icons/ios/AppIcon.appiconset; actool also writes the loose AppIcon60x60@2x.png ...
#    that CFBundleIconFiles names) and the launch screen colour (ios/LaunchBackground.colorset,
#    Info.plist UILaunchScreen). Without actool: the loose icon PNGs only (enough for the simulator
#    or a device build; the launch screen then uses the system background colour).
# 2. en.lproj / zh-Hans.lproj InfoPlist.strings: the home screen name in English and Chinese,
#    converted to binary plists as Xcode does.
# 3. CFBundleShortVersionString / CFBundleVersion from the Cargo version (scripts/app-version.py),
#    the same numbers as Android's versionName / versionCode.
# 4. If the .app was code-signed, signs it again with the same identity and entitlements
#    (adding files breaks the signature).
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "install-files: $*" >&2; exit 1; }

ICONS=assets/icons/ios/AppIcon.appiconset
LAUNCH_COLOR=ios/LaunchBackground.colorset
TARGET_DIR=${CARGO_TARGET_DIR:-target}
APP=${1:-}
if [ -z "$APP" ]; then
  for profile in release debug; do
    candidate=$TARGET_DIR/dx/duobao-app/$profile/ios/DuobaoApp.app
    if [ -d "$candidate" ]; then APP=$candidate; break; fi
  done
fi
[ -n "$APP" ] && [ -d "$APP" ] || fail "no .app found; pass its path"
[ -f "$ICONS/Contents.json" ] || fail "$ICONS missing; run scripts/make-icons.sh"
command -v plutil >/dev/null || fail "plutil missing: this step runs on macOS"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# 1. asset catalog
if xcrun --find actool >/dev/null 2>&1; then
  platform=iphoneos
  if xcrun vtool -show-build "$APP/duobao-app" 2>/dev/null | grep -q IOSSIMULATOR; then
    platform=iphonesimulator
  fi
  mkdir -p "$TMP/Assets.xcassets"
  printf '{ "info" : { "author" : "xcode", "version" : 1 } }\n' > "$TMP/Assets.xcassets/Contents.json"
  cp -R "$ICONS" "$LAUNCH_COLOR" "$TMP/Assets.xcassets/"
  xcrun actool "$TMP/Assets.xcassets" --compile "$APP" --platform "$platform" \
    --minimum-deployment-target 15.0 --target-device iphone --target-device ipad \
    --app-icon AppIcon --output-partial-info-plist "$TMP/partial.plist" \
    --output-format human-readable-text --errors --warnings
  echo "install-files: Assets.car (AppIcon, LaunchBackground) + AppIcon*.png ($platform) -> $APP"
else
  # Loose icons, named the way CFBundleIconFiles in ios/Info.plist expects them.
  cp "$ICONS/Icon-60@2x.png" "$APP/AppIcon60x60@2x.png"
  cp "$ICONS/Icon-60@3x.png" "$APP/AppIcon60x60@3x.png"
  cp "$ICONS/Icon-76.png" "$APP/AppIcon76x76~ipad.png"
  cp "$ICONS/Icon-76@2x.png" "$APP/AppIcon76x76@2x~ipad.png"
  cp "$ICONS/Icon-83.5@2x.png" "$APP/AppIcon83.5x83.5@2x~ipad.png"
  echo "install-files: no actool (Xcode) here; copied loose AppIcon*.png -> $APP (no launch colour)" >&2
fi

# 2. localised display names
for lproj in ios/*.lproj; do
  name=$(basename "$lproj")
  mkdir -p "$APP/$name"
  for strings in "$lproj"/*.strings; do
    plutil -lint "$strings" >/dev/null || fail "$strings is not a valid strings file"
    plutil -convert binary1 -o "$APP/$name/$(basename "$strings")" "$strings"
  done
  echo "install-files: $lproj -> $APP/$name"
done

# 3. versions
read -r version_name version_code < <(python3 scripts/app-version.py) || fail "no version (scripts/app-version.py)"
plutil -replace CFBundleShortVersionString -string "$version_name" "$APP/Info.plist"
plutil -replace CFBundleVersion -string "$version_code" "$APP/Info.plist"
echo "install-files: CFBundleShortVersionString $version_name, CFBundleVersion $version_code"

# 4. signature
if [ -d "$APP/_CodeSignature" ]; then
  command -v codesign >/dev/null || fail ".app was signed but codesign is missing"
  identity=$(codesign -dvv "$APP" 2>&1 | sed -n 's/^Authority=//p' | head -n 1)
  [ -n "$identity" ] || identity=-   # ad-hoc signature
  codesign -d --entitlements :- "$APP" > "$TMP/entitlements.plist" 2>/dev/null || true
  if [ -s "$TMP/entitlements.plist" ]; then
    codesign --force --sign "$identity" --entitlements "$TMP/entitlements.plist" "$APP"
  else
    codesign --force --sign "$identity" "$APP"
  fi
  echo "install-files: re-signed with '$identity'"
fi
