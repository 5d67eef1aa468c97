// scripts/serve.sh serves the site as a real one: precompressed files, caching that suits each
// kind of file, the right content types, and HTTPS with a certificate it makes itself.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, openBrowser } from '../lib/phone.mjs';
import { SITE, serve, siteFiles, stylesheetOf, waitForServiceWorker } from '../lib/site.mjs';

let site;
before(async () => { site = await serve(SITE); });
after(async () => { await site.stop(); });

/** One GET, answered with its status, headers and body as bytes. */
function get(url, headers = {}) {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers, rejectUnauthorized: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({
        status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks),
      }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const the = (pattern) => siteFiles(SITE).find((path) => pattern.test(path));

test('each kind of file comes with its type, its caching and its compression', async () => {
  const files = [
    { path: '', file: 'index.html', type: /^text\/html/, cache: 'no-cache' },
    { path: 'sw.js', file: 'sw.js', type: /^(text|application)\/javascript/, cache: 'no-cache' },
    { path: 'manifest.zh.webmanifest', file: 'manifest.zh.webmanifest', type: /^application\/manifest\+json/, cache: 'no-cache' },
    // The app's main module: a chunk may be too small for compression to pay (an empty one).
    { path: the(/^assets\/duobao-app_bg-dxh[0-9a-f]+\.wasm$/), type: /^application\/wasm$/, cache: IMMUTABLE },
    { path: the(/^assets\/.*-dxh[0-9a-f]+\.js$/), type: /^(text|application)\/javascript/, cache: IMMUTABLE },
    { path: stylesheetOf(SITE), type: /^text\/css/, cache: IMMUTABLE },
    { path: 'icons/icon-192.png', type: /^image\/png$/, cache: 'no-cache' },
  ];
  for (const { path, file = path, type, cache } of files) {
    const original = readFileSync(join(SITE, file));
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync], [undefined, (body) => body]]) {
      const response = await get(`${site.url}${path}`, encoding ? { 'accept-encoding': encoding } : {});
      assert.equal(response.status, 200, path);
      assert.match(response.headers['content-type'], type, `${path} content type`);
      assert.equal(response.headers['cache-control'], cache, `${path} caching`);
      const compressible = !path.endsWith('.png');
      const sent = response.headers['content-encoding'];
      assert.equal(sent, compressible ? encoding : undefined, `${path} sent with ${encoding}`);
      const body = sent ? decode(response.body) : response.body;
      assert.ok(body.equals(original), `${path} (${sent ?? 'identity'}) is the file`);
      if (compressible) assert.match(response.headers.vary ?? '', /accept-encoding/i, `${path} varies`);
    }
  }
  const wasm = files[3].path;
  const sizes = {};
  for (const encoding of ['br', 'gzip', 'identity']) {
    sizes[encoding] = (await get(`${site.url}${wasm}`, { 'accept-encoding': encoding })).body.length;
  }
  console.log(`the app's WebAssembly as sent: ${Object.entries(sizes).map(([k, v]) => `${k} ${(v / 1000).toFixed(0)} KB`).join(', ')}`);
  assert.ok(sizes.br < sizes.gzip && sizes.gzip < sizes.identity);

  const missing = await get(`${site.url}assets/no-such-file.js`);
  assert.equal(missing.status, 404);
});

test('HTTPS=1 serves over HTTPS with its own certificate, and says where a phone should go', async () => {
  const secure = await serve(SITE, { https: true });
  try {
    assert.match(secure.output(), new RegExp(`https://[^ ]+:${secure.port}/`));
    const response = await get(secure.url, { 'accept-encoding': 'br' });
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-encoding'], 'br');

    // A browser that has accepted the certificate (as a player does once) runs the app and
    // its offline worker there, which a secure context allows.
    const browser = await openBrowser({
      ignoreHTTPSErrors: true, args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
    });
    try {
      const page = await browser.context.newPage();
      await page.goto(secure.url);
      await page.getByTestId('home').waitFor();
      assert.equal(await page.evaluate(() => window.isSecureContext), true);
      await waitForServiceWorker(page);
    } finally {
      await browser.close();
    }
  } finally {
    await secure.stop();
  }
});

test('the page runs under its content security policy, which refuses a script slipped into it', async () => {
  const response = await get(site.url);
  assert.match(response.headers['content-security-policy'], /frame-ancestors 'none'/);
  assert.equal(response.headers['x-frame-options'], 'DENY');
  assert.equal(response.headers['referrer-policy'], 'no-referrer');
  assert.match(response.headers['permissions-policy'], /camera=\(\)/);
  const page = response.body.toString('utf8');
  const policy = page.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/)?.[1];
  assert.ok(policy, 'the page carries its policy');
  assert.match(policy, /script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*'){3} 'wasm-unsafe-eval'/);
  assert.match(policy, /default-src 'self'/);
  // Online games' sockets, to the page's own server or to the one the settings name.
  assert.match(policy, /connect-src 'self' https: http: ws: wss:;/);
  assert.ok(page.indexOf(policy) < page.indexOf('<script'), 'the policy comes before the first script');

  const browser = await openBrowser();
  try {
    const app = await browser.context.newPage();
    await app.goto(site.url);
    await app.getByTestId('home').waitFor();
    assert.deepEqual(browser.violations, [], 'the app itself runs within the policy');
    // A script written into the page (as an injection would) does not run, and is reported.
    const ran = await app.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.slippedIn = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return window.slippedIn === true;
    });
    assert.equal(ran, false, 'the injected script ran');
    assert.equal(browser.violations.length, 1, 'the refusal was reported');
    assert.match(browser.violations[0], /script-src-elem refused inline/);
    browser.violations.length = 0;

    // An online game's socket opens to the page's own server; one to another server (here the
    // same one by another name, which refuses a page of another origin) is the server's to
    // refuse, not the policy's: close() fails on any violation.
    const sockets = await app.evaluate(async () => {
      const opened = (url) => new Promise((resolve) => {
        const socket = new WebSocket(url);
        socket.onopen = () => { socket.close(); resolve('open'); };
        socket.onerror = () => resolve('refused');
      });
      const response = await fetch('/api/online/games', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"side":"red","turn_seconds":60}',
      });
      const { id } = await response.json();
      const path = `/api/online/games/${id}/socket`;
      return [await opened(`ws://${location.host}${path}`), await opened(`ws://localhost:${location.port}${path}`)];
    });
    assert.deepEqual(sockets, ['open', 'refused']);
  } finally {
    await browser.close();
  }
});

test("the offline worker leaves the server's API and the online games' sockets to the network", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    await page.goto(site.url);
    await page.getByTestId('home').waitFor();
    await waitForServiceWorker(page);
    const created = await page.evaluate(async () => {
      const response = await fetch('/api/online/games', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"side":"black","turn_seconds":60}',
      });
      return { status: response.status, cache: response.headers.get('cache-control'), body: await response.json() };
    });
    assert.equal(created.status, 201);
    assert.equal(created.cache, 'no-store');
    // A navigation into the API gets the server's own answer, never the app's page from the
    // worker's cache; a navigation in the app does get it.
    for (const [path, status] of [
      [`api/online/games/${created.body.id}`, 200],
      ['api/online/games/nosuchgame', 404],
      ['api/tablebase?fen=x', 404],
    ]) {
      const response = await page.goto(`${site.url}${path}`);
      assert.equal(response.status(), status, path);
      assert.equal(response.fromServiceWorker(), false, path);
    }
    const app = await page.goto(`${site.url}?lang=en`);
    assert.equal(app.fromServiceWorker(), true);
    await page.getByTestId('home').waitFor();
  } finally {
    await browser.close();
  }
});
