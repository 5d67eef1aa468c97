// Turns dx's release web build into the deployable site, in place:
//   node web/finish-build.mjs target/dx/duobao-app/release/web/public
// - the content security policy, in the page itself (a <meta>), with the hashes of its inline
//   scripts, so that it travels with the page to any static host;
// - the engine's worker named in the page (a <meta>), as scripts/build-web.sh wrote it;
// - the light theme's manifests, beside the dark ones;
// - sw.js, the offline service worker (Workbox): it precaches every file the app uses on the
//   first visit and serves them offline. Its list and revisions come from the build's own files,
//   so no file name is ever written by hand; dx's content-hashed names (`-dxh<hex>.`) need no
//   revision of their own.
// - a brotli (.br) and a gzip (.gz) copy of every text file and of the endgame tables, for servers that send precompressed
//   files (scripts/serve.sh, most static hosts).
import { generateSW } from 'workbox-build';
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const site = process.argv[2];
if (!site || !existsSync(join(site, 'index.html'))) {
  console.error(`finish-build: no web build at ${site ?? '(no folder given)'}: run dx build first`);
  process.exit(2);
}

const page = withSecurityPolicy(withEngine(readFileSync(join(site, 'index.html'), 'utf8')));
writeFileSync(join(site, 'index.html'), page);

/**
 * `built` naming the engine's worker (crates/engine-worker), whose script and WebAssembly
 * scripts/build-web.sh writes into engine/ under names that change with their content:
 * `<meta name="duobao-engine" content="engine/engine-dxh<hex>.js"
 * data-wasm="engine/engine-dxh<hex>.wasm">`, paths from the site's root. The app reads it to
 * start the worker.
 */
function withEngine(built) {
  const folder = join(site, 'engine');
  const named = (kind) => {
    const pattern = new RegExp(`^engine-dxh[0-9a-f]+\\.${kind}$`);
    const found = existsSync(folder) ? readdirSync(folder).filter((name) => pattern.test(name)) : [];
    if (found.length !== 1) {
      console.error(`finish-build: engine/ holds ${found.length} engine .${kind} files, not one: build with scripts/build-web.sh`);
      process.exit(2);
    }
    return `engine/${found[0]}`;
  };
  const meta = `<meta name="duobao-engine" content="${named('js')}" data-wasm="${named('wasm')}">`;
  // A page finished before gets the engine named again.
  const html = built.replace(/\n *<meta name="duobao-engine" [^>]*>/, '');
  const charset = '<meta charset="UTF-8">';
  if (!html.includes(charset)) {
    console.error(`finish-build: index.html has no ${charset} to name the engine after`);
    process.exit(2);
  }
  console.log(`finish-build: the engine's worker is ${named('js')}`);
  return html.replace(charset, `${charset}\n        ${meta}`);
}

/**
 * `built` with its content security policy as the first thing in its head after the charset: the
 * page runs its own scripts and styles and nothing from other origins. Scripts: the files of the
 * site and the page's inline start-up scripts, each by the hash of its text (so that a script
 * slipped into the page does not run); `'wasm-unsafe-eval'` compiles the app's WebAssembly;
 * `'unsafe-eval'` because Dioxus's web renderer runs the app's calls into the page
 * (`document::eval`) through `new Function`. Styles allow `'unsafe-inline'`: Dioxus writes
 * `style` attributes (the pieces' positions). What only a header can say (`frame-ancestors`)
 * the server sends (crates/serve/src/headers.rs). Requests may go to other sites: the endgame
 * table service is wherever the player's setting says (src/tablebase_service), and answers them
 * with CORS. So may WebSockets (`ws:` and `wss:`): an online game's socket goes to the app's own
 * server or to the one the settings name (docs/PROTOCOL.md), and `'self'` does not cover the
 * page's own server's `ws:` in every browser (CSP Level 2's did not).
 */
function withSecurityPolicy(built) {
  // A page finished before (the e2e suite's next builds) gets its policy made again.
  const html = built.replace(/\n *<meta http-equiv="Content-Security-Policy" content="[^"]*">/, '');
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
  const hashes = inline.map(([, text]) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  const policy = [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')} 'wasm-unsafe-eval' 'unsafe-eval'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "connect-src 'self' https: http: ws: wss:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const charset = '<meta charset="UTF-8">';
  if (!html.includes(charset)) {
    console.error(`finish-build: index.html has no ${charset} to put the security policy after`);
    process.exit(2);
  }
  console.log(`finish-build: content security policy with ${hashes.length} inline scripts' hashes`);
  return html.replace(charset, `${charset}\n        <meta http-equiv="Content-Security-Policy" content="${policy}">`);
}

// The installed app's launch colours follow the theme: beside each language's manifest (the dark
// theme's table, assets/web), one for the light theme, named `.light.webmanifest`, which the look
// script of index.html links in that theme. The colours are index.html's own (its theme-color's
// data-light and data-dark).
const themeColour = (scheme) => page.match(new RegExp(`data-${scheme}="(#[0-9a-f]{6})"`))?.[1];
const [light, dark] = [themeColour('light'), themeColour('dark')];
if (!light || !dark) {
  console.error('finish-build: index.html names no data-light / data-dark theme colour');
  process.exit(2);
}
for (const name of readdirSync(site).filter((file) => /^manifest\.[a-z]+\.webmanifest$/.test(file))) {
  const manifest = JSON.parse(readFileSync(join(site, name), 'utf8'));
  if (manifest.theme_color !== dark || manifest.background_color !== dark) {
    console.error(`finish-build: ${name} is not in the dark theme's colour ${dark}`);
    process.exit(2);
  }
  const lit = { ...manifest, theme_color: light, background_color: light };
  writeFileSync(join(site, name.replace(/\.webmanifest$/, '.light.webmanifest')), `${JSON.stringify(lit, null, 2)}\n`);
}

/** dx's names for files whose content is in their name: cached for ever, never revised. */
const HASHED = /-dxh[0-9a-f]+\./;

// The precache keeps each response whole, its headers too: offline, the page still comes with
// the server's Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy, so it stays
// cross-origin isolated (crates/serve/src/headers.rs), and the engine's worker script keeps the
// embedder policy a worker of an isolated page needs.
//
// The worker answers only the files it precached and navigations (with the precached page); it
// has no runtime caching, so whatever else the app asks goes to the network as it is: the
// server's API (the endgame tables' answers, which the browser's own HTTP cache keeps as their
// headers say; the online games, which must never come from a cache) and the online games'
// sockets, which no service worker sees. A navigation to /api/ is the server's to answer, never
// the app's page.
const { count, size, warnings } = await generateSW({
  globDirectory: site,
  globPatterns: ['**/*'],
  // The benchmark page the tests put beside the app is not the app.
  globIgnores: ['**/*.br', '**/*.gz', 'sw.js', 'bench/**'],
  swDest: join(site, 'sw.js'),
  dontCacheBustURLsMatching: HASHED,
  maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  // Links open the app with options (`?mode=pnp&fen=…`): offline they get the same page.
  ignoreURLParametersMatching: [/.*/],
  directoryIndex: 'index.html',
  navigateFallback: 'index.html',
  navigateFallbackDenylist: [/^\/bench\//, /^\/api\//],
  // A new build installs beside the running one and takes over when the app is next opened
  // (or at once when the player accepts the app's "new version" notice, which asks it to
  // skip waiting): one page never mixes the files of two builds.
  skipWaiting: false,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  cacheId: 'duobao',
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: 'production',
});
for (const warning of warnings) console.warn(`finish-build: ${warning}`);
console.log(`finish-build: sw.js precaches ${count} files, ${(size / 1000).toFixed(0)} KB`);

// The endgame tables (packed, `.dtp`, src/endgames.rs) shrink to a seventh: 511 KB with brotli,
// 756 KB gzipped, of 3.9 MB.
const COMPRESSIBLE = /\.(html|js|mjs|css|wasm|webmanifest|json|svg|txt|ico|wav|xml|dtp)$/;

function* files(folder) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let compressed = 0;
for (const path of [...files(site)]) {
  if (!COMPRESSIBLE.test(path)) continue;
  const original = readFileSync(path);
  const brotli = brotliCompressSync(original, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
    },
  });
  const gzip = gzipSync(original, { level: 9 });
  // A copy no smaller than the file would only cost the server a look-up.
  if (brotli.length < original.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < original.length) writeFileSync(`${path}.gz`, gzip);
  compressed += 1;
  if (path.endsWith('.wasm')) {
    const kb = (bytes) => `${(bytes / 1000).toFixed(0)} KB`;
    console.log(
      `finish-build: ${relative(site, path)} ${kb(original.length)}, brotli ${kb(brotli.length)}, gzip ${kb(gzip.length)}`,
    );
  }
}
console.log(`finish-build: precompressed ${compressed} files (brotli and gzip)`);
