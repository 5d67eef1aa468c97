#!/usr/bin/env python3
"""The app's store version, derived from the Cargo version of the app crate (one source of truth).

    python3 scripts/app-version.py          # "0.1.0 100": version name and version code
    python3 scripts/app-version.py name     # 0.1.0  -> Android versionName, iOS CFBundleShortVersionString
    python3 scripts/app-version.py code     # 100    -> Android versionCode, iOS CFBundleVersion

code = MAJOR * 10000 + MINOR * 100 + PATCH. Google Play wants a versionCode that grows with every
upload (and at most 2100000000); App Store Connect wants CFBundleVersion to grow with every build of
a version. Both follow from bumping the Cargo version, which is why MINOR and PATCH must stay below
100 and pre-release or build suffixes (0.2.0-beta.1) are refused rather than silently dropped:
two different uploads must never get the same code.

Used by android/bundle-release.sh, ios/install-files.sh and scripts/check-packaging.py.
"""
import json
import re
import subprocess
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11, e.g. the python3 of Xcode's command line tools (3.9)
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent
MAX_ANDROID_VERSION_CODE = 2_100_000_000


def crate_version(cargo_toml: Path = ROOT / "Cargo.toml") -> str:
    """The version of the app crate (duobao-app), following `version.workspace = true`."""
    if tomllib is None:
        metadata = subprocess.run(
            ["cargo", "metadata", "--no-deps", "--format-version", "1", "--manifest-path", str(cargo_toml)],
            check=True, capture_output=True, text=True,
        ).stdout
        for package in json.loads(metadata)["packages"]:
            if package["name"] == "duobao-app":
                return package["version"]
        raise ValueError(f"{cargo_toml}: no package duobao-app")
    manifest = tomllib.loads(cargo_toml.read_text(encoding="utf-8"))
    version = manifest["package"]["version"]
    if isinstance(version, dict) and version.get("workspace"):
        version = manifest["workspace"]["package"]["version"]
    if not isinstance(version, str):
        raise ValueError(f"{cargo_toml}: cannot read the package version")
    return version


def version_code(version: str) -> int:
    match = re.fullmatch(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)", version)
    if not match:
        raise ValueError(
            f"version {version!r} is not plain MAJOR.MINOR.PATCH; store version codes cannot "
            "express pre-release or build suffixes"
        )
    major, minor, patch = (int(part) for part in match.groups())
    if minor > 99 or patch > 99:
        raise ValueError(f"version {version}: MINOR and PATCH must be at most 99 for the version code")
    code = major * 10000 + minor * 100 + patch
    if not 1 <= code <= MAX_ANDROID_VERSION_CODE:
        raise ValueError(f"version {version}: version code {code} is outside 1..{MAX_ANDROID_VERSION_CODE}")
    return code


def main(argv: list[str]) -> int:
    what = argv[1] if len(argv) > 1 else "both"
    try:
        name = crate_version()
        code = version_code(name)
    except (OSError, KeyError, ValueError, subprocess.CalledProcessError) as err:
        print(f"app-version: {err}", file=sys.stderr)
        return 1
    if what == "name":
        print(name)
    elif what == "code":
        print(code)
    elif what == "both":
        print(name, code)
    else:
        print("usage: app-version.py [name|code]", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
