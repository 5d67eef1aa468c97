// What a first visit downloads and keeps for offline play: every file the service worker
// precaches (web/finish-build.mjs writes their list into sw.js), by kind, raw, gzipped and with
// brotli (the server sends the brotli files to every browser that takes them), and what each
// screen's first opening adds: its chunk and the shared chunks that chunk needs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

/** The kinds of file, in the order they are printed; the first that matches a path is its kind. */
const KINDS = [
  ['the main module', (path) => /^assets\/duobao-app_bg-dxh[0-9a-f]+\.wasm$/.test(path)],
  ['the screens\' chunks', (path) => /^assets\/(module|chunk)_\d+_.*\.wasm$/.test(path)],
  ['the engine', (path) => /^engine\/.*\.wasm$/.test(path)],
  ['the endgame tables', (path) => /\.dtp$/.test(path)],
  ['scripts', (path) => /\.js$/.test(path)],
  ['styles', (path) => /\.css$/.test(path)],
  ['sounds', (path) => /\.wav$/.test(path)],
  ['icons', (path) => /\.(png|ico)$/.test(path)],
  ['the page and its manifests', () => true],
];

/** The paths the service worker precaches, relative to the site. */
export function precached(site) {
  const worker = readFileSync(join(site, 'sw.js'), 'utf8');
  return [...worker.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]);
}

/** Raw, gzip -9 and brotli (quality 11) sizes of `bytes`, in bytes. */
function sizesOf(bytes) {
  return {
    raw: bytes.length,
    gz: gzipSync(bytes, { level: 9 }).length,
    br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const add = (a, b) => ({ raw: a.raw + b.raw, gz: a.gz + b.gz, br: a.br + b.br });
const NONE = { raw: 0, gz: 0, br: 0 };

/**
 * Each screen chunk's shared chunks, which its loader fetches first, as the app's script declares
 * the loaders (minified: `name=makeLoad("/./assets/chunk_0_split-dxh….wasm",[],…)`, then
 * `makeLoad("/./assets/module_2_playing_screens-dxh….wasm",[name,…],…)`): a Map from the
 * chunk's path to its shared chunks' paths, relative to the site.
 */
function sharedChunksOf(site, paths) {
  const script = paths.find((path) => /^assets\/duobao-app-dxh[0-9a-f]+\.js$/.test(path));
  const text = readFileSync(join(site, script), 'utf8');
  const shared = new Map(
    [...text.matchAll(/(\w+)=\w+\("[^"]*\/(assets\/chunk_\d+_split-dxh[0-9a-f]+\.wasm)",\[\]/g)]
      .map(([, name, path]) => [name, path]),
  );
  return new Map(
    [...text.matchAll(/\w+\("[^"]*\/(assets\/module_\d+_\w+-dxh[0-9a-f]+\.wasm)",\[([\w,]*)\]/g)]
      .map(([, path, deps]) => [path, deps.split(',').filter(Boolean).map((dep) => shared.get(dep))]),
  );
}

/**
 * The whole install of the site in `site`: `{ kinds: [{ kind, files, raw, gz, br }], total,
 * openings: [{ path, files, raw, gz, br }] }`, sizes in bytes, each file compressed on its own;
 * `openings` are the screens' first openings, a chunk and its shared chunks, largest first.
 */
export function installSizes(site) {
  const paths = precached(site);
  const files = paths.map((path) => ({ path, ...sizesOf(readFileSync(join(site, path))) }));
  const kinds = KINDS.map(([kind]) => ({ kind, files: 0, ...NONE }));
  for (const file of files) {
    const index = KINDS.findIndex(([, matches]) => matches(file.path));
    kinds[index] = { ...kinds[index], ...add(kinds[index], file), files: kinds[index].files + 1 };
  }
  const sizeOf = (path) => files.find((file) => file.path === path);
  const openings = [...sharedChunksOf(site, paths)]
    .map(([path, shared]) => ({ path, files: 1 + shared.length, ...[path, ...shared].map(sizeOf).reduce(add, NONE) }))
    .sort((a, b) => b.gz - a.gz);
  return { kinds, total: files.reduce(add, NONE), openings };
}

/** `683 KB, 281 KB gzipped, 240 KB brotli`. */
export const describeSizes = ({ raw, gz, br }) =>
  `${Math.round(raw / 1000)} KB, ${Math.round(gz / 1000)} KB gzipped, ${Math.round(br / 1000)} KB brotli`;
