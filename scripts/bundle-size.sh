#!/usr/bin/env bash
# The size of the release web build's WebAssembly, as players download it: raw and gzipped
# (gzip -9). The app's main module is what the first screen waits for; every other screen is in
# one of three chunks, fetched when one of its screens is first opened (src/screens.rs), with the
# shared chunks it needs; the engine's module loads in its worker after the first screen. Fails
# when the main module's gzipped size is over the limit (300 KB by default, the project's budget:
# docs/PERFORMANCE.md, "The web download"; MAX_GZIP_KB=… to change it), when a
# screen's first opening waits for more than 200 KB gzipped (its chunk and the shared chunks it
# needs, as the app's script loads them: web/wasm-split-shared-chunks.patch), when the chunks
# together are over 400 KB (did they copy shared code again?), when the app's modules together
# are over 600 KB gzipped or the whole install (those, the engine's module gzipped and the
# endgame tables as served, with brotli) over 1400 KB: the budgets of issues 42 and 51, each file
# gzipped on its own as it is downloaded; or when the app links the engine's search, solver,
# review, proven win or the endgame tables' reader, which run in the engine's own module
# (crates/engine-worker): no function of theirs may be among the app's as linked (their names,
# before wasm-opt drops them), and some must be among the engine's (so that the check is known
# to see them). Builds the web app first unless SKIP_BUILD=1 reuses the last build.
set -euo pipefail
cd "$(dirname "$0")/.."

max_kb="${MAX_GZIP_KB:-300}"
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  bash scripts/build-web.sh
fi
public=target/dx/duobao-app/release/web/public
# The build folder is made afresh (scripts/build-web.sh): its modules are this build's.
main="$(ls "$public"/assets/duobao-app_bg-dxh*.wasm 2>/dev/null || true)"
[[ $(wc -w <<<"$main") == 1 ]] || { echo "bundle-size: not one main module under $public/assets: $main" >&2; exit 1; }
engine="$(ls "$public"/engine/*.wasm 2>/dev/null || true)"
[[ $(wc -w <<<"$engine") == 1 ]] || { echo "bundle-size: not one engine module under $public/engine" >&2; exit 1; }
tables="$(ls "$public"/assets/*.dtp.br 2>/dev/null || true)"
[[ $(wc -w <<<"$tables") == 6 ]] || { echo "bundle-size: not six brotli endgame tables under $public/assets: $tables" >&2; exit 1; }
script="$(ls "$public"/assets/duobao-app-dxh*.js 2>/dev/null || true)"
[[ $(wc -w <<<"$script") == 1 ]] || { echo "bundle-size: not one app script under $public/assets: $script" >&2; exit 1; }
# The app's and the engine's modules as linked, before wasm-opt: their functions keep their names.
cargo_target="${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown"
linked_app="$cargo_target/wasm-release/duobao-app.wasm"
linked_engine="$cargo_target/wasm-engine/duobao_engine_worker.wasm"
for linked in "$linked_app" "$linked_engine"; do
  [[ -f "$linked" ]] || { echo "bundle-size: no linked module $linked (scripts/build-web.sh makes it)" >&2; exit 1; }
done
python3 - "$main" "$engine" "$max_kb" "$tables" "$script" "$linked_app" "$linked_engine" \
  "$public"/assets/module_*.wasm "$public"/assets/chunk_*.wasm <<'PY'
import gzip, os, re, sys
main_path, engine_path, max_kb, table_paths, script_path, linked_app_path, linked_engine_path, \
    *chunk_paths = sys.argv[1:]
max_kb = int(max_kb)
read = lambda path: open(path, 'rb').read()
main, engine = read(main_path), read(engine_path)
chunks = {os.path.basename(path): read(path) for path in chunk_paths if os.path.exists(path)}
gzipped = lambda data: len(gzip.compress(data, 9))
size = lambda data: f"{len(data) / 1000:.0f} KB, gzipped {gzipped(data) / 1000:.0f} KB"
print(f"the app's main module (the first screen waits for it): {size(main)} (limit {max_kb} KB): {main_path}")
for name, data in sorted(chunks.items()):
    what = ("a chunk of screens, fetched when one is first opened" if name.startswith('module_')
            else "a shared chunk, fetched with the first chunk that needs it")
    print(f"  {what}: {size(data)}: {name}")
chunks_gzipped = sum(gzipped(data) for data in chunks.values())
print(f"the screens' chunks: {len(chunks)}, {sum(map(len, chunks.values())) / 1000:.0f} KB, "
      f"gzipped {chunks_gzipped / 1000:.0f} KB together")
# A screen's chunk and the shared chunks its loader fetches first, from the loaders the app's
# script declares (`name=makeLoad("/./assets/chunk_0_split-dxh….wasm",[],…)`, minified: a
# name may be `$`).
script = open(script_path, encoding='utf-8').read()
shared = dict(re.findall(r'([\w$]+)=[\w$]+\("[^"]*/assets/(chunk_\d+_split-dxh[0-9a-f]+\.wasm)",\[\]', script))
openings = {module: [shared[dep] for dep in deps.split(',') if dep]
            for module, deps in re.findall(r'[\w$]+\("[^"]*/assets/(module_\d+_\w+-dxh[0-9a-f]+\.wasm)",\[([\w$,]*)\]', script)}
ok = True
if sorted(openings) != sorted(name for name in chunks if name.startswith('module_')):
    print(f"the app's script loads {sorted(openings)}, not the screens' chunks there are")
    ok = False
first_openings = {module: gzipped(chunks[module]) + sum(gzipped(chunks[dep]) for dep in deps)
                  for module, deps in openings.items() if module in chunks}
for module, total in sorted(first_openings.items()):
    print(f"  its first opening: {total / 1000:.0f} KB gzipped, with {len(openings[module])} shared chunks: {module}")
print(f"the engine's module (loaded by its worker after the first screen): {size(engine)}: {engine_path}")
tables = sum(os.path.getsize(path) for path in table_paths.split())
print(f"the endgame tables as served (packed, brotli): {tables / 1000:.0f} KB")
app = gzipped(main) + chunks_gzipped
install = app + gzipped(engine) + tables
print(f"the app's modules together: gzipped {app / 1000:.1f} KB (limit 600)")
print(f"the whole install of code and tables (modules and engine gzipped, tables with brotli): "
      f"{install / 1000:.0f} KB (limit 1400)")
if gzipped(main) > max_kb * 1000:
    ok = False
if app > 600_000:
    print("the app's modules together are over 600 KB gzipped")
    ok = False
if install > 1_400_000:
    print("the whole install is over 1400 KB")
    ok = False
for module, total in first_openings.items():
    if total > 200_000:
        print(f"{module} and its shared chunks are over 200 KB gzipped: a screen's first opening waits for them")
        ok = False
if chunks_gzipped > 400_000:
    print("the chunks together are over 400 KB gzipped: do they copy shared code again?")
    ok = False
if not any(name.startswith('module_') for name in chunks):
    print("no screen's chunk: the build was not split (scripts/build-web.sh runs dx with --wasm-split)")
    ok = False


def leb128(data, at):
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7f) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def function_names(path):
    """The names of a linked module's functions, from its name section."""
    data, at, names = read(path), 8, []
    while at < len(data):
        section, at = data[at], at + 1
        size, at = leb128(data, at)
        end = at + size
        if section == 0:
            length, start = leb128(data, at)
            if data[start:start + length] == b'name':
                at = start + length
                while at < end:
                    kind, at = data[at], at + 1
                    size, at = leb128(data, at)
                    if kind == 1:
                        count, entry = leb128(data, at)
                        for _ in range(count):
                            _, entry = leb128(data, entry)
                            length, entry = leb128(data, entry)
                            names.append(data[entry:entry + length].decode('utf-8', 'replace'))
                            entry += length
                    at += size
        at = end
    return names


# A function or an inherent method defined in one of the modules that do the engine's work, in
# either of rustc's manglings (`_ZN13duobao_engine6search…`, `_RNvMs_NtCs…_13duobao_engine6search…`);
# not a trait's method of one of their types (the review's verdicts are cloned and compared in
# the app). The app's release build has no panic messages, so no source file names, to look for.
ENGINE_WORK = {
    'the search': '13duobao_engine6search',
    'the solver': '13duobao_engine5solve',
    'the review': '12duobao_study6review',
    'the proven win': '13duobao_engine6proven',
    "the endgame tables' reader": '16duobao_tablebase4file',
}
defined_in = lambda path: re.compile(
    rf'^(?:_ZN|_RI?(?:N[vt]|M(?:s[0-9A-Za-z]*_)?)+C[0-9A-Za-z]*_){path}')
app_names, engine_names = function_names(linked_app_path), function_names(linked_engine_path)
if not app_names:
    print(f"the app's linked module names no function: {linked_app_path}")
    ok = False
for work, path in ENGINE_WORK.items():
    defines = defined_in(path)
    if not any(defines.match(name) for name in engine_names):
        print(f"the engine's module has no function of {work}: the check cannot see it")
        ok = False
    linked = [name for name in app_names if defines.match(name)]
    if linked:
        print(f"the app links {work} ({linked[0]}, …): the engine's work belongs in its worker")
        ok = False
sys.exit(0 if ok else 1)
PY
