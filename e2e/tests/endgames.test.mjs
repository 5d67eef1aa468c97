// The endgame tables the app carries (every slice of up to 4 soldiers, src/endgames.rs): read
// after the first screen, served compressed, kept by the service worker, and read by the hint,
// which then states the exact forced win, far beyond what its 1.5 s search can prove. Offline
// after one visit, the same.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, answerLinkChoice, assertNoErrors, newWatchedPage } from '../lib/phone.mjs';
import { SITE, serve, waitForServiceWorker } from '../lib/site.mjs';

let site;
before(async () => { site = await serve(SITE); });
after(async () => { await site.stop(); });

/** Two soldiers against two, Red to move: won in 53 plies, 27 of Red's moves (the tables). */
const WON_IN_53 = '.../.R..R/BT.../B..../... r - 0';
const QUERY = new URLSearchParams({ lang: 'en', mode: 'pnp', turn: 'off', fen: WON_IN_53 });
const HINT_BUDGET_MS = 1_500 + 4_500;

/** Opens the won position, waiting until the app says it has read the tables; how long it took. */
async function openWithTables(page) {
  const read = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith('endgame tables read'),
    timeout: 30_000,
  });
  await page.goto(`${site.url}?${QUERY}`);
  await answerLinkChoice(page);
  const ms = Number((await read).text().match(/in (\d+) ms/)[1]);
  return ms;
}

async function assertExactHint(page) {
  await page.getByTestId('hint').tap();
  await page.getByTestId('hint-arrow').waitFor({ timeout: HINT_BUDGET_MS });
  const line = await page.getByTestId('hint-line').textContent();
  assert.match(line, /^Hint: [a-e][1-5][a-e][1-5], .*Red now wins by force in 27 moves: [a-e1-5 ]+ …$/, line);
}

test('the tables are read compressed after the first screen, give the hint its exact win, and work offline', async () => {
  const browser = await openBrowser();
  try {
    const page = await newWatchedPage(browser.context);
    const tables = [];
    page.on('response', (response) => {
      if (/\/assets\/\dv\d-dxh[0-9a-f]+\.dtp$/.test(response.url())) tables.push(response);
    });
    const ms = await openWithTables(page);
    console.log(`endgame tables read in ${ms} ms`);
    assert.equal(tables.length, 6, 'one file a slice');
    // Served compressed, as the precompressed copies the build made.
    let compressed = 0;
    for (const response of tables) {
      assert.equal(response.status(), 200, response.url());
      const served = await fetch(response.url(), { headers: { 'accept-encoding': 'br' } });
      assert.equal(served.headers.get('content-encoding'), 'br', response.url());
      compressed += Number(served.headers.get('content-length'));
    }
    console.log(`endgame tables: ${(compressed / 1000).toFixed(0)} KB brotli`);
    await assertExactHint(page);

    await waitForServiceWorker(page);
    await browser.context.setOffline(true);
    const offline = await newWatchedPage(browser.context);
    console.log(`offline, read in ${await openWithTables(offline)} ms`);
    await assertExactHint(offline);
    assertNoErrors(page);
    assertNoErrors(offline);
  } finally {
    await browser.close();
  }
});
