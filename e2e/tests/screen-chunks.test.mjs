// The first download: the home screen waits for the app's main module alone; every other screen
// is in one of three chunks (src/screens.rs), fetched when one of its screens is first opened
// with the shared chunks it needs (web/wasm-split-shared-chunks.patch),
// and a chunk that cannot be fetched is said so on screen at once, with a reload that brings it,
// never a broken app.
// The service worker, which would fetch every chunk for offline play after the first paint, is
// kept out of these pages so that what they fetch is what the screens ask for.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, newWatchedPage, answerLinkChoice, screenshot, assertNoErrors,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser({ serviceWorkers: 'block' }); });
after(async () => { await browser.close(); });

/** The WebAssembly files `page` fetches from now on, by file name. */
function watchWasm(page) {
  const fetched = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop();
    if (name.endsWith('.wasm')) fetched.push(name);
  });
  return fetched;
}

/** The pages' chunk, the rules' among them. */
const CHUNK = /^module_\d+_page_screens-dxh[0-9a-f]+\.wasm$/;
const CHUNK_URL = /\/assets\/module_\d+_page_screens-dxh[0-9a-f]+\.wasm$/;

test('home needs the main module alone; the rules fetch their chunk when opened', async () => {
  const page = await newWatchedPage(browser.context);
  const fetched = watchWasm(page);
  // The engine's worker reads the endgame tables at the addresses the main module holds: read
  // with no chunk loaded yet, they show that the split left the main module's own data whole
  // (scripts/build-web.sh, the linker's -O0).
  const tablesRead = page.waitForEvent('console', {
    predicate: (message) => /endgame tables read: \d+ slices/.test(message.text()),
    timeout: 30_000,
  });
  await page.goto(`${process.env.BASE_URL}?lang=en`);
  await page.getByTestId('home').waitFor();
  assert.match((await tablesRead).text(), /endgame tables read: 6 slices/);
  // Give any eager fetch its chance to show.
  await page.waitForTimeout(500);
  const app = fetched.filter((name) => !name.startsWith('engine-'));
  assert.equal(app.length, 1, `home fetched ${app.join(', ')}`);
  assert.match(app[0], /^duobao-app_bg-dxh[0-9a-f]+\.wasm$/);
  await page.getByTestId('open-rules').tap();
  await page.getByTestId('rules').waitFor();
  assert.ok(fetched.some((name) => CHUNK.test(name)), `the rules' chunk was fetched: ${fetched}`);
  assert.equal(await page.getByTestId('rules').getByRole('heading', { level: 1 }).textContent(), 'How to play');
  // Open again, the chunk is not fetched a second time.
  const before = fetched.length;
  await page.getByTestId('back').tap();
  await page.getByTestId('open-rules').tap();
  await page.getByTestId('rules').waitFor();
  assert.equal(fetched.length, before);
  // The settings came in the same chunk: nothing more to fetch.
  await page.getByTestId('back').tap();
  await page.getByTestId('open-settings').tap();
  await page.getByTestId('settings').waitFor();
  assert.equal(fetched.length, before, `the settings fetched ${fetched.slice(before)}`);
  assertNoErrors(page);
  await page.close();
});

for (const { lang, words, reload } of [
  { lang: 'en', words: 'This screen could not be loaded', reload: 'Reload' },
  { lang: 'zh', words: '这个页面没能载入', reload: '重新加载' },
]) {
  test(`a screen whose chunk cannot be fetched says so and comes back on reload (${lang})`, async () => {
    const page = await openApp(browser.context, { lang, mode: 'pnp' });
    await page.getByTestId('board').waitFor();
    let release;
    const released = new Promise((resolve) => { release = resolve; });
    const refused = async (route) => { await released; await route.abort('internetdisconnected'); };
    await page.route(CHUNK_URL, refused);
    await page.getByTestId('menu-button').tap();
    await page.getByTestId('menu-rules').tap();
    // "Loading" while the fetch is under way (held back a moment here, to be seen), then as soon
    // as it has failed, the loader says so and the app with it.
    await page.getByTestId('screen-loading').waitFor();
    await screenshot(page, `screen-loading-${lang}`);
    release();
    const unavailable = page.getByTestId('screen-unavailable');
    await unavailable.waitFor({ timeout: 5_000 });
    assert.ok((await unavailable.textContent()).includes(words));
    assert.equal(await unavailable.getByTestId('screen-reload').textContent(), reload);
    await screenshot(page, `screen-unavailable-${lang}`);
    await page.unroute(CHUNK_URL, refused);
    await unavailable.getByTestId('screen-reload').tap();
    // The page starts again on the saved game (its link asks first), and the rules now come.
    await answerLinkChoice(page, 'link-continue');
    await page.getByTestId('menu-button').tap();
    await page.getByTestId('menu-rules').tap();
    await page.getByTestId('rules').waitFor();
    // Only the refused fetch itself was an error.
    const errors = page.errors.map(String).filter((text) => !/RulesScreenBody|Failed to fetch|ERR_INTERNET_DISCONNECTED/.test(text));
    assert.deepEqual(errors, []);
    await page.close();
  });
}

// The share sheets (src/share/mod.rs), which screens of every group open, come in a shared
// chunk with the first of them: the first Share fetches nothing and the sheet shows at once.
test('the share sheet opens with no download of its own', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp' });
  await page.getByTestId('board').waitFor();
  const fetched = watchWasm(page);
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-share').tap();
  await page.getByTestId('share-sheet').waitFor({ timeout: 2_000 });
  assert.deepEqual(fetched, [], 'the first Share fetched no WebAssembly');
  assertNoErrors(page);
  await page.close();
});

/** The shared chunks: what two or more of the screens' chunks use. */
const SHARED_CHUNK = /^chunk_\d+_split-dxh[0-9a-f]+\.wasm$/;
const SHARED_CHUNK_URL = /\/assets\/chunk_\d+_split-dxh[0-9a-f]+\.wasm$/;

test('screens fetch the shared chunks they need, each once, and one that cannot come fails its screen at once', async () => {
  const page = await newWatchedPage(browser.context);
  const fetched = watchWasm(page);
  await page.goto(`${process.env.BASE_URL}?lang=en`);
  await page.getByTestId('home').waitFor();
  const refused = (route) => route.abort('internetdisconnected');
  await page.route(SHARED_CHUNK_URL, refused);
  await page.getByTestId('open-rules').tap();
  const unavailable = page.getByTestId('screen-unavailable');
  await unavailable.waitFor({ timeout: 5_000 });
  assert.ok(fetched.some((name) => SHARED_CHUNK.test(name)), `the rules asked for no shared chunk: ${fetched}`);
  await screenshot(page, 'shared-chunk-unavailable');
  await page.unroute(SHARED_CHUNK_URL, refused);
  await unavailable.getByTestId('screen-reload').tap();
  await page.getByTestId('home').waitFor();
  const before = fetched.length;
  await page.getByTestId('open-rules').tap();
  await page.getByTestId('rules').waitFor();
  await page.getByTestId('back').tap();
  // The game's chunk shares code with the rules': what the rules brought is not fetched again.
  await page.getByTestId('play-pnp').tap();
  const board = page.getByTestId('board');
  const startNew = page.getByTestId('confirm-start-new');
  await board.or(startNew).waitFor();
  if (await startNew.count()) await startNew.tap();
  await board.waitFor();
  const shared = fetched.slice(before).filter((name) => SHARED_CHUNK.test(name));
  assert.ok(shared.length > 0, 'the rules and the game came without a shared chunk');
  assert.equal(new Set(shared).size, shared.length, `a shared chunk was fetched twice: ${shared}`);
  const errors = page.errors.map(String).filter((text) => !/Failed to (fetch|load wasm-split)|ERR_INTERNET_DISCONNECTED/.test(text));
  assert.deepEqual(errors, []);
  await page.close();
});
