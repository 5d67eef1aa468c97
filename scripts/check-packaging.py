#!/usr/bin/env python3
"""Checks of the Android and iOS packaging files that need no Android SDK and no Xcode.

    python3 scripts/check-packaging.py

Exits 1 with one line per problem. What it cannot check (gradle's resource linking, the device's
behaviour) is listed in android/README.md and ios/README.md. Standard library only; Python 3.9+
(like scripts/app-version.py, which it uses).
"""
import importlib.util
import json
import os
import plistlib
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ANDROID = ROOT / "android"
IOS = ROOT / "ios"
ICONS_RES = ROOT / "assets" / "icons" / "android" / "res"
A = "{http://schemas.android.com/apk/res/android}"

# Google Play: new apps and app updates must target Android 16 (API level 36) from 31 Aug 2026
# (Play Console Help "Target API level requirements for Google Play apps", answer 11926878;
# see android/README.md). Raise it when Play raises it.
REQUIRED_TARGET_SDK = 36

# Files and resource names dx 0.7.10 writes into app/src/main/res on every build
# (src/build/android.rs 293-377): ours must never be the same, or one side overwrites the other or
# gradle fails with a duplicate resource.
DX_RES_FILES = {
    "values/strings.xml", "values/colors.xml", "values/styles.xml",
    "xml/network_security_config.xml", "drawable/ic_launcher_background.xml",
    "drawable-v24/ic_launcher_foreground.xml", "mipmap-anydpi-v26/ic_launcher.xml",
    *(f"mipmap-{d}/ic_launcher.webp" for d in ("mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi")),
}
DX_RESOURCES = {
    ("string", "app_name"), ("style", "AppTheme"), ("color", "colorPrimary"),
    ("color", "colorPrimaryDark"), ("color", "colorAccent"), ("xml", "network_security_config"),
    ("drawable", "ic_launcher_background"), ("drawable", "ic_launcher_foreground"),
    ("mipmap", "ic_launcher"),
}
DENSITIES = ("mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi")
# Every flag android:configChanges accepts (R.attr#configChanges); aapt2 rejects anything else.
CONFIG_CHANGE_FLAGS = {
    "mcc", "mnc", "locale", "touchscreen", "keyboard", "keyboardHidden", "navigation",
    "screenLayout", "fontScale", "uiMode", "orientation", "screenSize", "smallestScreenSize",
    "density", "layoutDirection", "colorMode", "fontWeightAdjustment", "grammaticalGender",
}
# ...and the ones the activity must declare so that it is never re-created (android/README.md).
REQUIRED_CONFIG_CHANGES = {
    "orientation", "screenSize", "smallestScreenSize", "screenLayout", "uiMode", "locale",
    "layoutDirection", "keyboard", "keyboardHidden", "navigation", "density", "fontScale",
}

problems: list = []
checks = 0


def check(ok: bool, message: str) -> bool:
    global checks
    checks += 1
    if not ok:
        problems.append(message)
    return ok


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def load_module(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_parsed: dict = {}


def parse_xml(path: Path):
    """The root element, or None after reporting the file (once) as not well-formed."""
    if path not in _parsed:
        try:
            _parsed[path] = ET.parse(path).getroot()
        except ET.ParseError as err:
            check(False, f"{rel(path)}: not well-formed XML: {err}")
            _parsed[path] = None
    return _parsed[path]


def css_table_colour(theme: str = "dark") -> str:
    """The table colour of the dark theme (the root's) or of the light one (its own block)."""
    css = (ROOT / "assets" / "main.css").read_text(encoding="utf-8")
    if theme == "light":
        css = css.split(':root[data-theme="light"]', 1)[-1].split("}", 1)[0]
    match = re.search(r"--table:\s*(#[0-9a-fA-F]{6})\s*;", css)
    return match.group(1).upper() if match else ""


def toml(path: Path) -> dict:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python < 3.11: only the keys read below, by a line scan
        return toml_lines(path)
    return tomllib.loads(path.read_text(encoding="utf-8"))


def toml_lines(path: Path) -> dict:
    data: dict = {}
    table = data
    for line in path.read_text(encoding="utf-8").splitlines():
        if re.fullmatch(r"\[[\w.]+\]", line.strip()):
            table = data
            for part in line.strip()[1:-1].split("."):
                table = table.setdefault(part, {})
        elif m := re.fullmatch(r'(\w+)\s*=\s*(?:"([^"]*)"|(\d+))\s*', line):
            table[m.group(1)] = m.group(2) if m.group(2) is not None else int(m.group(3))
    return data


# ---------------------------------------------------------------------------------------------- #
# Android
# ---------------------------------------------------------------------------------------------- #
def resources_in(res_dir: Path, origin: str, table: dict) -> None:
    """(type, name) -> list of where, for every resource a res/ directory defines."""
    for path in sorted(res_dir.rglob("*")):
        if not path.is_file():
            continue
        folder = path.parent.name
        kind = folder.split("-")[0]
        if kind == "values":
            root = parse_xml(path)
            if root is None:
                continue
            for element in root:
                name = element.get("name")
                if name:
                    table.setdefault((element.tag, name), []).append(f"{origin}/{folder}/{path.name}")
        else:
            table.setdefault((kind, path.name.split(".")[0]), []).append(f"{origin}/{folder}/{path.name}")


def references(root) -> set:
    refs = set()
    for element in root.iter():
        for value in list(element.attrib.values()) + [element.text or ""]:
            for kind, name in re.findall(r"@(?:\+)?(string|style|color|mipmap|drawable|xml)/([\w.]+)", value):
                refs.add((kind, name))
    return refs


def check_android(version_name: str, version_code: int, identifier: str, dioxus: dict) -> None:
    manifest_path = ANDROID / "AndroidManifest.xml"
    debug_path = ANDROID / "debug" / "AndroidManifest.xml"
    manifest = parse_xml(manifest_path)
    debug = parse_xml(debug_path)
    ours: dict = {}
    resources_in(ANDROID / "res", "android/res", ours)
    icons: dict = {}
    resources_in(ICONS_RES, "assets/icons/android/res", icons)
    for path in list((ANDROID / "res").rglob("*.xml")) + list(ICONS_RES.rglob("*.xml")):
        parse_xml(path)

    # Nothing of ours may collide with what dx writes.
    for path in (ANDROID / "res").rglob("*"):
        if path.is_file():
            check(path.relative_to(ANDROID / "res").as_posix() not in DX_RES_FILES,
                  f"{rel(path)}: dx 0.7.10 overwrites a file of this name on every build")
    for key, where in {**ours, **icons}.items():
        check(key not in DX_RESOURCES, f"{where[0]}: @{key[0]}/{key[1]} is also written by dx (duplicate resource)")
    for key in set(ours) & set(icons):
        check(False, f"@{key[0]}/{key[1]} defined twice: {ours[key] + icons[key]}")

    available = set(ours) | set(icons) | DX_RESOURCES
    if manifest is not None:
        for kind, name in sorted(references(manifest)):
            check((kind, name) in available, f"{rel(manifest_path)}: @{kind}/{name} does not exist")
        application = manifest.find("application")
        activity = application.find("activity") if application is not None else None
        check(activity is not None, f"{rel(manifest_path)}: no <application><activity>")
        if activity is not None:
            check(activity.get(A + "name") == "dev.dioxus.main.MainActivity",
                  f"{rel(manifest_path)}: the activity must be dev.dioxus.main.MainActivity (wry's glue)")
            meta = {m.get(A + "name"): m.get(A + "value") for m in activity.findall("meta-data")}
            check(meta.get("android.app.lib_name") == "main", f"{rel(manifest_path)}: android.app.lib_name must be main")
            labels = {application.get(A + "label"), activity.get(A + "label")}
            check(labels == {"@string/qibing_app_name"},
                  f"{rel(manifest_path)}: application and activity label must be @string/qibing_app_name, not {labels}")
            check(application.get(A + "theme") == "@style/Theme.Qibing" and activity.get(A + "theme") in (None, "@style/Theme.Qibing"),
                  f"{rel(manifest_path)}: the activity must use @style/Theme.Qibing")
            changes = set((activity.get(A + "configChanges") or "").split("|")) - {""}
            check(not changes - CONFIG_CHANGE_FLAGS, f"{rel(manifest_path)}: unknown configChanges {sorted(changes - CONFIG_CHANGE_FLAGS)}")
            check(REQUIRED_CONFIG_CHANGES <= changes,
                  f"{rel(manifest_path)}: configChanges lacks {sorted(REQUIRED_CONFIG_CHANGES - changes)}")
            check(application.get(A + "enableOnBackInvokedCallback") == "false",
                  f"{rel(manifest_path)}: enableOnBackInvokedCallback must be false (WryActivity's Back uses KEYCODE_BACK)")
        permissions = [p.get(A + "name") for p in manifest.iter("uses-permission")]
        check(permissions == ["android.permission.VIBRATE"], f"{rel(manifest_path)}: release permissions {permissions}, expected exactly VIBRATE (haptics); INTERNET belongs in android/debug/AndroidManifest.xml")
        check(application is not None and application.get(A + "networkSecurityConfig") is None,
              f"{rel(manifest_path)}: the cleartext network security config is debug-only")
    if debug is not None:
        for kind, name in sorted(references(debug)):
            check((kind, name) in available, f"{rel(debug_path)}: @{kind}/{name} does not exist")
        permissions = {p.get(A + "name") for p in debug.iter("uses-permission")}
        check(permissions == {"android.permission.INTERNET"}, f"{rel(debug_path)}: must add exactly INTERNET, not {permissions}")

    # Resource files reference only resources that exist (AppCompat's parent themes aside).
    for path in list((ANDROID / "res").rglob("*.xml")) + list(ICONS_RES.rglob("*.xml")):
        root = parse_xml(path)
        if root is not None:
            for kind, name in sorted(references(root)):
                check((kind, name) in available, f"{rel(path)}: @{kind}/{name} does not exist")
    # Launcher icons: the PNG mipmaps the manifest names, at every density.
    if manifest is not None:
        for kind, name in references(manifest):
            if kind == "mipmap":
                for density in DENSITIES:
                    check((ICONS_RES / f"mipmap-{density}" / f"{name}.png").is_file(),
                          f"assets/icons/android/res/mipmap-{density}/{name}.png missing (scripts/make-icons.sh)")

    # Strings: every key in every language.
    strings = {}
    for values in sorted((ANDROID / "res").glob("values*")):
        keys = {}
        for path in values.glob("*.xml"):
            root = parse_xml(path)
            if root is not None:
                for s in root.iter("string"):
                    keys[s.get("name")] = (s.text or "").strip()
                    check(bool(keys[s.get("name")]), f"{rel(path)}: string {s.get('name')} is empty")
        if keys:
            strings[values.name] = keys
    check("values" in strings and "values-zh" in strings, "android/res: need English (values) and Chinese (values-zh) strings")
    default_keys = set(strings.get("values", {}))
    for folder, keys in strings.items():
        check(set(keys) == default_keys,
              f"android/res/{folder}: keys differ from values/: missing {sorted(default_keys - set(keys))}, extra {sorted(set(keys) - default_keys)}")
    check(strings.get("values", {}).get("qibing_app_name") != strings.get("values-zh", {}).get("qibing_app_name"),
          "android/res: the Chinese label is not translated")

    # Theme: the window and bars in the CSS table colour, light by day and dark by night.
    def resources(folder: str) -> tuple[dict, dict, dict]:
        colours, bools, styles = {}, {}, {}
        for path in (ANDROID / "res" / folder).glob("*.xml"):
            root = parse_xml(path)
            if root is not None:
                colours.update({c.get("name"): (c.text or "").strip().upper() for c in root.iter("color")})
                bools.update({b.get("name"): (b.text or "").strip() for b in root.iter("bool")})
                styles.update({s.get("name"): s for s in root.iter("style")})
        return colours, bools, styles
    for folder, theme, light_bars in (("values", "light", "true"), ("values-night", "dark", "false")):
        colours, bools, _ = resources(folder)
        table = css_table_colour(theme)
        check(bool(table), f"assets/main.css: no --table colour found for the {theme} theme")
        check(colours.get("qibing_table") == table,
              f"android/res/{folder}: qibing_table {colours.get('qibing_table')} != assets/main.css {theme} --table {table}")
        check(bools.get("qibing_light_bars") == light_bars, f"android/res/{folder}: qibing_light_bars must be {light_bars}")
    theme = resources("values")[2].get("Theme.Qibing")
    if check(theme is not None, "android/res/values: no style Theme.Qibing"):
        check((theme.get("parent") or "").startswith("Theme.AppCompat.DayNight"),
              "Theme.Qibing must extend an AppCompat DayNight theme (WryActivity is an AppCompatActivity; the app follows the system)")
        items = {i.get("name"): (i.text or "").strip() for i in theme.iter("item")}
        for attr in ("android:windowBackground", "android:statusBarColor", "android:navigationBarColor"):
            check(items.get(attr) == "@color/qibing_table", f"Theme.Qibing: {attr} must be @color/qibing_table")
        check(items.get("android:windowLightStatusBar") == "@bool/qibing_light_bars", "Theme.Qibing: the status bar icons must follow qibing_light_bars")

    # Custom MainActivity: the names dx and wry expect.
    activity_src = (ANDROID / "MainActivity.kt").read_text(encoding="utf-8")
    check(re.search(r"^package dev\.dioxus\.main$", activity_src, re.M) is not None, "android/MainActivity.kt: package must be dev.dioxus.main")
    check(f"typealias BuildConfig = {identifier}.BuildConfig" in activity_src,
          f"android/MainActivity.kt: typealias BuildConfig must name {identifier} (Dioxus.toml [bundle] identifier)")
    check(re.search(r"class MainActivity\s*:\s*WryActivity\(\)", activity_src) is not None, "android/MainActivity.kt: MainActivity must extend WryActivity")
    # src/device/android.rs calls it by name and signature, keepScreenOn(Z)V.
    check(re.search(r"@Keep\s+fun keepScreenOn\(on: Boolean\)\s*\{", activity_src) is not None,
          "android/MainActivity.kt: src/device/android.rs calls `@Keep fun keepScreenOn(on: Boolean)`")
    # src/device/android.rs calls it too, showScheme(ZI)V.
    check(re.search(r"@Keep\s+fun showScheme\(light: Boolean, argb: Int\)\s*\{", activity_src) is not None,
          "android/MainActivity.kt: src/device/android.rs calls `@Keep fun showScheme(light: Boolean, argb: Int)`")
    # And shareText(Ljava/lang/String;Ljava/lang/String;)V, for the share sheet.
    check(re.search(r"@Keep\s+fun shareText\(title: String, text: String\)\s*\{", activity_src) is not None,
          "android/MainActivity.kt: src/device/android.rs calls `@Keep fun shareText(title: String, text: String)`")

    # Dioxus.toml
    application_cfg = dioxus.get("application", {})
    for key, path in (("android_manifest", "android/AndroidManifest.xml"), ("android_main_activity", "android/MainActivity.kt"), ("ios_info_plist", "ios/Info.plist")):
        check(application_cfg.get(key) == path, f"Dioxus.toml: [application] {key} must be {path!r}")
    android_cfg = dioxus.get("android", {})
    target_sdk = android_cfg.get("target_sdk", 34)
    check(target_sdk >= REQUIRED_TARGET_SDK, f"Dioxus.toml: [android] target_sdk {target_sdk} < {REQUIRED_TARGET_SDK}, which Google Play requires")
    check(android_cfg.get("compile_sdk", 34) >= target_sdk, "Dioxus.toml: [android] compile_sdk must be at least target_sdk")
    check("signing" not in android_cfg and "android" not in dioxus.get("bundle", {}),
          "Dioxus.toml: no [android.signing] / [bundle.android]: they hold passwords in plain text (android/bundle-release.sh)")

    # The install step puts every file where dx's gradle project has it.
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(["bash", str(ANDROID / "install-files.sh"), "debug"], cwd=ROOT,
                             env={**os.environ, "CARGO_TARGET_DIR": tmp}, capture_output=True, text=True)
        if check(run.returncode == 0, f"android/install-files.sh failed: {run.stderr.strip()}"):
            app = Path(tmp) / "dx" / "duobao-app" / "debug" / "android" / "app" / "app" / "src"
            for path in (ANDROID / "res").rglob("*"):
                if path.is_file():
                    check((app / "main" / "res" / path.relative_to(ANDROID / "res")).is_file(), f"install-files.sh did not install {rel(path)}")
            check((app / "main" / "res" / "mipmap-xxxhdpi" / "ic_launcher_qibing.png").is_file(), "install-files.sh did not install the launcher icons")
            check((app / "debug" / "AndroidManifest.xml").is_file(), "install-files.sh did not install the debug manifest")

    # versionCode = MAJOR*10000 + MINOR*100 + PATCH
    major, minor, patch = (int(x) for x in version_name.split("."))
    check(version_code == major * 10000 + minor * 100 + patch, f"versionCode {version_code} for {version_name}")


# ---------------------------------------------------------------------------------------------- #
# iOS
# ---------------------------------------------------------------------------------------------- #
STRINGS_TOKEN = re.compile(r'\s+|/\*.*?\*/|//[^\n]*|"((?:[^"\\]|\\.)*)"|([=;])', re.S)


def parse_strings(path: Path) -> dict:
    """A .strings file ("key" = "value"; with comments) as a dict; raises ValueError if malformed."""
    text = path.read_text(encoding="utf-8")
    tokens, pos = [], 0
    while pos < len(text):
        match = STRINGS_TOKEN.match(text, pos)
        if not match:
            raise ValueError(f"unexpected text at offset {pos}: {text[pos:pos + 20]!r}")
        if match.group(1) is not None:
            tokens.append(("s", bytes(match.group(1), "utf-8").decode("unicode_escape").encode("latin-1").decode("utf-8")))
        elif match.group(2):
            tokens.append((match.group(2), None))
        pos = match.end()
    entries = {}
    for i in range(0, len(tokens), 4):
        chunk = tokens[i:i + 4]
        if [t[0] for t in chunk] != ["s", "=", "s", ";"]:
            raise ValueError('expected "key" = "value";')
        if chunk[0][1] in entries:
            raise ValueError(f"duplicate key {chunk[0][1]}")
        entries[chunk[0][1]] = chunk[2][1]
    return entries


def check_ios(version_name: str, version_code: int, identifier: str) -> None:
    path = IOS / "Info.plist"
    try:
        with path.open("rb") as f:
            plist = plistlib.load(f)
    except Exception as err:  # plistlib raises several types for a malformed file
        check(False, f"ios/Info.plist: not a valid plist: {err}")
        return
    check(plist.get("CFBundleExecutable") == "duobao-app", "ios/Info.plist: CFBundleExecutable must be the bin target duobao-app")
    check(plist.get("CFBundleIdentifier") == identifier, f"ios/Info.plist: CFBundleIdentifier must be {identifier} (Dioxus.toml [bundle])")
    check(plist.get("CFBundleShortVersionString") == version_name,
          f"ios/Info.plist: CFBundleShortVersionString must be {version_name} (the Cargo version), not {plist.get('CFBundleShortVersionString')}")
    check(plist.get("CFBundleVersion") == str(version_code),
          f"ios/Info.plist: CFBundleVersion must be {version_code} (scripts/app-version.py code), not {plist.get('CFBundleVersion')}")
    check(bool(plist.get("CFBundleDisplayName")), "ios/Info.plist: no CFBundleDisplayName")
    check(plist.get("UIStatusBarStyle") == "UIStatusBarStyleDefault", "ios/Info.plist: UIStatusBarStyle must be UIStatusBarStyleDefault (it follows the appearance)")
    check("UIUserInterfaceStyle" not in plist, "ios/Info.plist: the appearance must follow the system (no UIUserInterfaceStyle)")
    check(plist.get("UIViewControllerBasedStatusBarAppearance") is False, "ios/Info.plist: UIViewControllerBasedStatusBarAppearance must be false")
    check("UILaunchStoryboardName" not in plist, "ios/Info.plist: dx builds no launch storyboard; use UILaunchScreen")
    colour = plist.get("UILaunchScreen", {}).get("UIColorName")
    colorset = IOS / f"{colour}.colorset" / "Contents.json"
    if check(bool(colour) and colorset.is_file(), f"ios/Info.plist: UILaunchScreen UIColorName needs ios/{colour}.colorset"):
        for entry in json.loads(colorset.read_text(encoding="utf-8"))["colors"]:
            dark = any(a.get("value") == "dark" for a in entry.get("appearances", []))
            theme = "dark" if dark else "light"
            c = entry["color"]["components"]
            rgb = "#" + "".join(f"{int(c[k], 0):02X}" for k in ("red", "green", "blue"))
            check(rgb == css_table_colour(theme),
                  f"ios/{colour}.colorset ({theme}): {rgb} != assets/main.css {theme} --table {css_table_colour(theme)}")

    lprojs = sorted(p.name[:-6] for p in IOS.glob("*.lproj"))
    localizations = plist.get("CFBundleLocalizations", [])
    check(sorted(localizations) == lprojs, f"ios/Info.plist: CFBundleLocalizations {localizations} != ios/*.lproj {lprojs}")
    check(plist.get("CFBundleDevelopmentRegion") in lprojs, "ios/Info.plist: CFBundleDevelopmentRegion has no .lproj")
    check({"en", "zh-Hans"} <= set(lprojs), "ios: need en.lproj and zh-Hans.lproj")
    tables = {}
    for lproj in lprojs:
        strings = IOS / f"{lproj}.lproj" / "InfoPlist.strings"
        try:
            tables[lproj] = parse_strings(strings)
        except (OSError, ValueError, UnicodeError) as err:
            check(False, f"{rel(strings)}: {err}")
    keys = set(tables.get("en", {}))
    check("CFBundleDisplayName" in keys, "ios/en.lproj/InfoPlist.strings: no CFBundleDisplayName")
    for lproj, table in tables.items():
        check(set(table) == keys, f"ios/{lproj}.lproj/InfoPlist.strings: keys {sorted(table)} != en {sorted(keys)}")
        for key, value in table.items():
            check(key in plist, f"ios/{lproj}.lproj/InfoPlist.strings: {key} is not in Info.plist")
            check(bool(value.strip()), f"ios/{lproj}.lproj/InfoPlist.strings: {key} is empty")
    check(tables.get("en", {}).get("CFBundleDisplayName") == plist.get("CFBundleDisplayName"),
          "ios: en.lproj CFBundleDisplayName differs from Info.plist's")
    check(tables.get("zh-Hans", {}).get("CFBundleDisplayName") != plist.get("CFBundleDisplayName"),
          "ios: the zh-Hans display name is not translated")
    check((ROOT / "assets" / "icons" / "ios" / "AppIcon.appiconset" / "Contents.json").is_file(),
          "assets/icons/ios/AppIcon.appiconset missing (scripts/make-icons.sh)")


def main() -> int:
    version = load_module("app_version", ROOT / "scripts" / "app-version.py")
    # The derivation itself, on fixed examples (a change of formula must be deliberate).
    for name, code in (("0.1.0", 100), ("1.2.3", 10203), ("2.0.15", 20015), ("10.99.99", 109999)):
        check(version.version_code(name) == code, f"app-version.py: {name} -> {version.version_code(name)}, expected {code}")
    for bad in ("0.2.0-beta.1", "1.100.0", "1.2", "0.0.0"):
        try:
            version.version_code(bad)
            check(False, f"app-version.py accepts {bad!r}")
        except ValueError:
            check(True, "")
    try:
        version_name = version.crate_version()
        version_code = version.version_code(version_name)
    except (OSError, KeyError, ValueError, subprocess.CalledProcessError) as err:
        print(f"check-packaging: cannot derive the version: {err}", file=sys.stderr)
        return 1
    dioxus = toml(ROOT / "Dioxus.toml")
    identifier = dioxus.get("bundle", {}).get("identifier", "")

    check_android(version_name, version_code, identifier, dioxus)
    check_ios(version_name, version_code, identifier)
    for script in sorted(list(ANDROID.glob("*.sh")) + list(IOS.glob("*.sh"))):
        run = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
        check(run.returncode == 0, f"{rel(script)}: {run.stderr.strip()}")

    if problems:
        for problem in problems:
            print(f"check-packaging: {problem}", file=sys.stderr)
        print(f"check-packaging: {len(problems)} of {checks} checks failed", file=sys.stderr)
        return 1
    print(f"check-packaging: {checks} checks passed (version {version_name}, versionCode/CFBundleVersion {version_code}, "
          f"targetSdk {dioxus.get('android', {}).get('target_sdk')})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
