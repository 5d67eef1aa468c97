#!/usr/bin/env bash
# Build the signed Android App Bundle (.aab) for Google Play.
#
#   DUOBAO_KEYSTORE=/path/to/upload.jks DUOBAO_KEYSTORE_PASSWORD=... \
#   DUOBAO_KEY_ALIAS=upload DUOBAO_KEY_PASSWORD=... bash android/bundle-release.sh
#
# Output: target/dx/duobao-app/release/android/duobao-app-<version>-<code>.aab
# Needs what `dx build --platform android` needs (Android SDK + NDK, ANDROID_HOME, ANDROID_NDK_HOME,
# a JDK for gradle, `rustup target add aarch64-linux-android`). DUOBAO_ANDROID_TARGETS (default
# "aarch64-linux-android") lists the Rust targets to put in the bundle, e.g.
# "aarch64-linux-android armv7-linux-androideabi x86_64-linux-android".
#
# Why a script rather than `dx bundle --platform android --release` (dx 0.7.10):
# - Signing: dx signs only with `[bundle.android]` in Dioxus.toml, which holds the keystore and key
#   passwords as plain text in a committed file. Here they come from the environment and reach the
#   Android Gradle plugin as its "injected signing" properties (what Android Studio's "Generate
#   Signed Bundle" uses), so they are never written to a file.
# - versionCode: dx's gradle template hard-codes `versionCode = 1` (versionName is the Cargo
#   version). Play refuses an upload whose versionCode is not higher than the last one; here it is
#   derived from the Cargo version (scripts/app-version.py) and injected the same way.
# - 16 KB pages: Play requires native code that works with 16 KB memory pages (apps targeting
#   Android 15+, since 1 Nov 2025); the linker flag below guarantees it whatever the NDK's default,
#   and the .so is checked before it is bundled.
# So: dx builds the Rust library and writes the gradle project, then this runs gradle's
# bundleRelease in that project itself.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "bundle-release: $*" >&2; exit 1; }

# --- signing: all four, before anything slow -------------------------------------------------------
missing=()
for var in DUOBAO_KEYSTORE DUOBAO_KEYSTORE_PASSWORD DUOBAO_KEY_ALIAS DUOBAO_KEY_PASSWORD; do
  [ -n "${!var:-}" ] || missing+=("$var")
done
if [ ${#missing[@]} -gt 0 ]; then
  cat >&2 <<EOF
bundle-release: a release bundle must be signed, and these environment variables are not set:
  ${missing[*]}
  DUOBAO_KEYSTORE           path of the upload keystore (.jks), kept outside the repository
  DUOBAO_KEYSTORE_PASSWORD  its password
  DUOBAO_KEY_ALIAS          alias of the upload key in it
  DUOBAO_KEY_PASSWORD       that key's password
A new upload key (keep it and both passwords safe; Play App Signing holds the app signing key):
  keytool -genkeypair -v -keystore ~/duobao-upload.jks -alias upload -keyalg RSA -keysize 4096 -validity 10000
See android/README.md, "Release".
EOF
  exit 1
fi
[ -f "$DUOBAO_KEYSTORE" ] || fail "DUOBAO_KEYSTORE=$DUOBAO_KEYSTORE is not a file"
# gradle resolves a relative store file against the app module, not against this directory
keystore=$(cd "$(dirname "$DUOBAO_KEYSTORE")" && pwd)/$(basename "$DUOBAO_KEYSTORE")

command -v dx >/dev/null || fail "dx (dioxus-cli 0.7) is not installed: cargo install dioxus-cli --version 0.7.10 --locked"

# --- version ----------------------------------------------------------------------------------------
read -r version_name version_code < <(python3 scripts/app-version.py) || fail "no version (scripts/app-version.py)"
[ -n "${version_code:-}" ] || fail "scripts/app-version.py gave no version code"
echo "bundle-release: version $version_name, versionCode $version_code"

# --- native library + gradle project, by dx ------------------------------------------------------
TARGET_DIR=${CARGO_TARGET_DIR:-target}
android_dir=$TARGET_DIR/dx/duobao-app/release/android
project=$android_dir/app
targets=${DUOBAO_ANDROID_TARGETS:-aarch64-linux-android}

bash android/install-files.sh release
# Libraries of an earlier run for another ABI would otherwise be bundled too: dx replaces only the
# jniLibs/<abi> of the target it builds.
rm -rf "$project/app/src/main/jniLibs"
# dx adds RUSTFLAGS from the environment to its own Android flags (src/build/request.rs 748-758).
export RUSTFLAGS="${RUSTFLAGS:+$RUSTFLAGS }-Clink-arg=-Wl,-z,max-page-size=16384"
for target in $targets; do
  # Also runs gradle's assembleDebug (dx does that when Dioxus.toml has no [bundle.android]);
  # only the native library and the project it leaves behind are used.
  dx build --platform android --release --target "$target"
done

# Every LOAD segment of every .so must be aligned to at least 16 KB.
python3 - "$project/app/src/main/jniLibs" <<'PY'
import struct, sys
from pathlib import Path
libs = sorted(Path(sys.argv[1]).glob("*/*.so"))
if not libs:
    sys.exit(f"bundle-release: no native library under {sys.argv[1]}")
bad = []
for lib in libs:
    data = lib.read_bytes()
    if data[:4] != b"\x7fELF":
        sys.exit(f"bundle-release: {lib} is not an ELF file")
    is64, endian = data[4] == 2, "<" if data[5] == 1 else ">"
    if is64:
        phoff, = struct.unpack_from(endian + "Q", data, 0x20)
        phentsize, phnum = struct.unpack_from(endian + "HH", data, 0x36)
    else:
        phoff, = struct.unpack_from(endian + "I", data, 0x1C)
        phentsize, phnum = struct.unpack_from(endian + "HH", data, 0x2A)
    aligns = []
    for i in range(phnum):
        off = phoff + i * phentsize
        p_type, = struct.unpack_from(endian + "I", data, off)
        if p_type == 1:  # PT_LOAD
            aligns += struct.unpack_from(endian + ("Q" if is64 else "I"), data, off + (0x30 if is64 else 0x1C))
    if not aligns or min(aligns) < 16384:
        bad.append(f"{lib}: LOAD segments aligned to {min(aligns, default=0)} bytes")
if bad:
    sys.exit("bundle-release: not 16 KB page aligned:\n  " + "\n  ".join(bad))
print("bundle-release: 16 KB aligned:", ", ".join(f"{l.parent.name}/{l.name}" for l in libs))
PY

# --- signed bundle, by gradle -----------------------------------------------------------------------
# The AGP properties go in as ORG_GRADLE_PROJECT_* environment variables (not -P arguments, which any
# user could read in `ps`). `bash ./gradlew`, not `./gradlew`: gradlew is a /bin/sh script, and dash
# (/bin/sh on Debian and Ubuntu) silently drops environment variables with dots in their names -
# the bundle would come out unsigned with versionCode 1.
rm -rf "$project/app/build/outputs/bundle/release"
(
  cd "$project"
  env \
    "ORG_GRADLE_PROJECT_android.injected.signing.store.file=$keystore" \
    "ORG_GRADLE_PROJECT_android.injected.signing.store.password=$DUOBAO_KEYSTORE_PASSWORD" \
    "ORG_GRADLE_PROJECT_android.injected.signing.key.alias=$DUOBAO_KEY_ALIAS" \
    "ORG_GRADLE_PROJECT_android.injected.signing.key.password=$DUOBAO_KEY_PASSWORD" \
    "ORG_GRADLE_PROJECT_android.injected.version.code=$version_code" \
    "ORG_GRADLE_PROJECT_android.injected.version.name=$version_name" \
    bash ./gradlew bundleRelease
)
built=$project/app/build/outputs/bundle/release/app-release.aab
[ -f "$built" ] || fail "gradle produced no $built"

# An unsigned bundle would be refused by Play only at upload time: refuse it here.
if command -v jarsigner >/dev/null; then
  verify=$(jarsigner -verify "$built" 2>&1) || true
  case $verify in
    *"jar verified"*) ;;
    *) fail "$built is not signed: $verify" ;;
  esac
else
  echo "bundle-release: jarsigner not found (it comes with the JDK); signature not verified" >&2
fi

out=$android_dir/duobao-app-$version_name-$version_code.aab
cp "$built" "$out"
echo "bundle-release: $out (version $version_name, versionCode $version_code, signed with '$DUOBAO_KEY_ALIAS')"
