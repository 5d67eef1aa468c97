// The deployable site as the tests serve it themselves: scripts/serve.sh on a port of their own,
// so that a test can take the server away (offline), put another build in its place (an
// update), or serve over HTTPS.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newWatchedPage } from './phone.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** What scripts/build-web.sh made. */
export const SITE = process.env.SITE ?? join(ROOT, 'target/dx/duobao-app/release/web/public');

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Serves `folder` with scripts/serve.sh on `port` (`https` for HTTPS=1; `tables`, a folder of
 * endgame tables, for TABLES=…) until `stop()` (or `kill()`, SIGKILL, as a crash would);
 * resolves once the server has said where it listens, with everything it printed so far in
 * `output()`. `database`: a folder the online games' database is kept in, which outlives the
 * server (a restart on it finds the games); by default one of its own, removed at `stop()`.
 */
export async function serve(folder, { port, https = false, tables = null, database = null } = {}) {
  port ??= await freePort();
  // The local certificate authority of an HTTPS test is its own, never the user's; so is the
  // online games' database.
  const certificates = https ? mkdtempSync(join(tmpdir(), 'duobao-ca-')) : null;
  const ownDatabase = database === null;
  database ??= mkdtempSync(join(tmpdir(), 'duobao-online-'));
  const server = spawn('bash', [join(ROOT, 'scripts/serve.sh'), folder], {
    env: {
      ...process.env,
      PORT: String(port),
      BIND: '127.0.0.1',
      HTTPS: https ? '1' : '0',
      ...(https ? { CERT_DIR: certificates } : {}),
      ...(tables ? { TABLES: tables } : {}),
      DB: `sqlite:${join(database, 'online.sqlite')}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const exited = new Promise((resolve) => server.on('exit', resolve));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve.sh did not start:\n${printed}`)), 120_000);
    const read = (chunk) => {
      printed += chunk;
      if (printed.includes(`:${port}/`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.on('exit', (code) => reject(new Error(`serve.sh exited with ${code}:\n${printed}`)));
  });
  const scheme = https ? 'https' : 'http';
  return {
    port,
    url: `${scheme}://127.0.0.1:${port}/`,
    output: () => printed,
    async stop() {
      server.kill('SIGTERM');
      await exited;
      if (certificates) rmSync(certificates, { recursive: true, force: true });
      if (ownDatabase) rmSync(database, { recursive: true, force: true });
    },
    async kill() {
      server.kill('SIGKILL');
      await exited;
    },
  };
}

/** The files of a site, as paths relative to it. */
export function siteFiles(folder, prefix = '') {
  return readdirSync(join(folder, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? siteFiles(folder, path) : [path];
  });
}

/** The path within `folder` of the site's content-hashed stylesheet. */
export function stylesheetOf(folder) {
  return siteFiles(folder).find((path) => /^assets\/main-dxh[0-9a-f]+\.css$/.test(path));
}

/**
 * Another build of the site in a new folder, as the next release would be: its stylesheet has
 * other contents under another content-hashed name, its page says `build` in a meta tag, and
 * web/finish-build.mjs writes its service worker and compressed files afresh.
 */
export function nextBuild(folder, build) {
  const next = mkdtempSync(join(tmpdir(), `duobao-build-${build}-`));
  cpSync(folder, next, { recursive: true });
  for (const path of siteFiles(next)) {
    if (/\.(br|gz)$/.test(path) || path === 'sw.js' || path.startsWith('bench/')) rmSync(join(next, path));
  }
  const stylesheet = stylesheetOf(next);
  const renamed = stylesheet.replace(/-dxh([0-9a-f]+)\./, `-dxh$1${Buffer.from(build).toString('hex')}.`);
  renameSync(join(next, stylesheet), join(next, renamed));
  writeFileSync(join(next, renamed), `${readFileSync(join(next, renamed), 'utf8')}\n/* build ${build} */\n`);
  const page = readFileSync(join(next, 'index.html'), 'utf8')
    .replaceAll(stylesheet, renamed)
    .replace('<head>', `<head>\n<meta name="duobao-build" content="${build}">`);
  writeFileSync(join(next, 'index.html'), page);
  const finished = spawn('node', [join(ROOT, 'web/finish-build.mjs'), next], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    finished.on('exit', (code) => (code === 0 ? resolve({ folder: next, stylesheet: renamed, previous: stylesheet })
      : reject(new Error(`finish-build failed on ${next}`))));
  });
}

/** Waits until the offline service worker controls the page (it precached everything then). */
export async function waitForServiceWorker(page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  }, null, { timeout: 60_000 });
}

/**
 * Opens `url` in a new page of `context` that collects its errors (`page.errors`, for
 * assertNoErrors) and the requests that failed (`page.failedRequests`).
 */
export async function openSite(context, url) {
  const page = await newWatchedPage(context);
  page.failedRequests = [];
  page.on('requestfailed', (request) => page.failedRequests.push(request.url()));
  await page.goto(url);
  return page;
}
