// The engine in its own Web Worker: the computer's move, the hint, the review and the analysis
// board work in both languages, online and offline (the worker's script, its module and the
// endgame tables come from the service worker's cache); a worker ended in the middle of
// Master's thinking costs the player nothing but a wait: the move is asked for again, or the
// retry dialog offers it, and the game is as it was.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, newWatchedPage, answerLinkChoice, playMove, plies, waitForPlies, assertNoErrors,
  screenshot,
} from '../lib/phone.mjs';
import { SITE, openSite, serve, waitForServiceWorker } from '../lib/site.mjs';

let site;
before(async () => { site = await serve(SITE); });
after(async () => { await site.stop(); });

/** Keeps every Web Worker the page starts in `window.engineWorkers`, so the test can end them. */
function keepWorkers() {
  const Started = window.Worker;
  window.engineWorkers = [];
  window.Worker = class extends Started {
    constructor(...args) {
      super(...args);
      window.engineWorkers.push(this);
    }
  };
}

/** Waits for the computer's reply, tapping "ask again" if the retry dialog comes first. */
async function waitForReply(page, count, timeout) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if ((await plies(page)).length >= count) return;
    const retry = page.getByTestId('ai-retry');
    if (await retry.count()) await retry.tap();
    await page.waitForTimeout(250);
  }
  assert.fail(`no reply within ${timeout} ms`);
}

for (const lang of ['zh', 'en']) {
  test(`a worker ended while Master thinks: the move is asked again, the game intact (${lang})`, async () => {
    const browser = await openBrowser();
    try {
      const page = await newWatchedPage(browser.context);
      await page.addInitScript(keepWorkers);
      await page.goto(`${site.url}?lang=${lang}&mode=ai&level=master&turn=off`);
      await answerLinkChoice(page);
      await page.getByTestId('board').waitFor();
      // A first move off the proven win's lines whose refutation is long (Black wins in 29
      // plies after it), so that Master searches for its whole budget.
      await playMove(page, 'b2a3');
      const ended = await page.evaluate(() => {
        for (const worker of window.engineWorkers) worker.terminate();
        return window.engineWorkers.length;
      });
      assert.ok(ended >= 1, 'the engine runs in a Web Worker');
      // A silent worker is taken for dead after 10 s; the move is then asked again.
      await waitForReply(page, 2, 45_000);
      const played = await plies(page);
      assert.equal(played[0], 'b2a3', 'the player\'s move stands');
      assert.equal(played.length, 2);
      const started = await page.evaluate(() => window.engineWorkers.length);
      assert.ok(started > ended, 'a fresh worker answered');
      await screenshot(page, `engine-worker-restarted-${lang}`);
      assertNoErrors(page);
    } finally {
      await browser.close();
    }
  });
}

test('offline: Master\'s move, a hint, the analysis board and a review, in both languages', async () => {
  const browser = await openBrowser();
  try {
    const first = await openSite(browser.context, `${site.url}?lang=en`);
    await first.getByTestId('home').waitFor();
    await waitForServiceWorker(first);
    await browser.context.setOffline(true);
    for (const lang of ['zh', 'en']) {
      const page = await newWatchedPage(browser.context);
      await page.goto(`${site.url}?lang=${lang}&mode=ai&level=master&turn=off`);
      await answerLinkChoice(page);
      await page.getByTestId('board').waitFor();
      // The proven win's first move, hinted from the certificate by the engine.
      await page.getByTestId('hint').tap();
      await page.getByTestId('hint-arrow').waitFor({ timeout: 20_000 });
      await playMove(page, 'c3c2');
      await waitForPlies(page, 2, 20_000);

      await page.goto(`${site.url}?lang=${lang}`);
      await page.getByTestId('open-analysis').tap();
      await page.getByTestId('analysis-line').waitFor({ timeout: 20_000 });
      await page.getByTestId('analysis-verdict').waitFor({ timeout: 20_000 });

      // A finished game (Red takes the treasure and wins), reviewed.
      await page.goto(`${site.url}?lang=${lang}&mode=pnp&turn=off&fen=BBB/BB.BB/.RT../...R./R.. r - 0`);
      await answerLinkChoice(page);
      await playMove(page, 'd2d3');
      await page.getByTestId('game-over').waitFor();
      await page.getByTestId('review').tap();
      await page.locator('[data-testid="review-ply-1"][data-verdict]').waitFor({ timeout: 60_000 });
      await screenshot(page, `engine-worker-offline-review-${lang}`);
      assertNoErrors(page);
      await page.close();
    }
  } finally {
    await browser.close();
  }
});

/** Opens the analysis board on a device that says it has `cores` cores; its search's threads. */
async function analysisThreads(context, url, cores) {
  const page = await newWatchedPage(context);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setHardwareConcurrencyOverride', { hardwareConcurrency: cores });
  await page.goto(url);
  await page.getByTestId('open-analysis').tap();
  const depth = page.getByTestId('analysis-depth');
  await depth.waitFor({ timeout: 20_000 });
  const isolated = await page.evaluate(() => window.crossOriginIsolated);
  const threads = Number(await depth.getAttribute('data-threads'));
  return { page, isolated, threads, text: await depth.textContent() };
}

test('the analysis board searches on several workers where the page is isolated, on one elsewhere', async () => {
  // scripts/serve.sh sends COOP/COEP: on 4 cores, 3 workers share the root moves.
  const browser = await openBrowser();
  try {
    const shared = await analysisThreads(browser.context, `${site.url}?lang=en`, 4);
    assert.equal(shared.isolated, true);
    assert.equal(shared.threads, 3, shared.text);
    assert.match(shared.text, /· 3 threads$/);
    // The best line keeps coming, deeper, from the workers together.
    await shared.page.waitForFunction(
      () => Number(document.querySelector('[data-testid="analysis-depth"]')?.dataset.depth) >= 6,
      null, { timeout: 20_000 },
    );
    assert.match(await shared.page.getByTestId('analysis-line').getAttribute('data-moves'), /^c3c2 /);
    await screenshot(shared.page, 'analysis-threads-en');
    assertNoErrors(shared.page);
  } finally {
    await browser.close();
  }
  // A host that does not send them: one worker, whatever the cores (中文).
  const plain = await openBrowser();
  try {
    await plain.context.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-opener-policy'];
      delete headers['cross-origin-embedder-policy'];
      await route.fulfill({ response, headers });
    });
    const alone = await analysisThreads(plain.context, `${site.url}?lang=zh`, 4);
    assert.equal(alone.isolated, false);
    assert.equal(alone.threads, 1, alone.text);
    assert.doesNotMatch(alone.text, /线程/);
    assertNoErrors(alone.page);
  } finally {
    // A request still in flight (a sound, a table) when the browser closes is no failure.
    await plain.context.unrouteAll({ behavior: 'ignoreErrors' });
    await plain.close();
  }
});

/**
 * A game against Master on a device of 4 cores in a page that keeps its workers: after the
 * player's b2a3 (Black's win after it is 29 plies long: Master searches its whole budget), how
 * many workers had started by
 * the time Master answered.
 */
async function workersForMastersMove(context) {
  const page = await newWatchedPage(context);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setHardwareConcurrencyOverride', { hardwareConcurrency: 4 });
  await page.addInitScript(keepWorkers);
  await page.goto(`${site.url}?lang=en&mode=ai&level=master&turn=off`);
  await answerLinkChoice(page);
  await page.getByTestId('board').waitFor();
  await playMove(page, 'b2a3');
  await waitForPlies(page, 2, 30_000);
  const started = await page.evaluate(() => window.engineWorkers.length);
  assertNoErrors(page);
  await page.close();
  return started;
}

test('Master searches on several workers where the page is isolated, no more than Settings allow', async () => {
  const browser = await openBrowser();
  try {
    // Automatic: the cores less one, 3 workers sharing Master's root moves.
    assert.equal(await workersForMastersMove(browser.context), 3);
    const page = await newWatchedPage(browser.context);
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Emulation.setHardwareConcurrencyOverride', { hardwareConcurrency: 4 });
    await page.goto(`${site.url}?lang=en`);
    await page.getByTestId('open-settings').tap();
    assert.equal(await page.getByTestId('threads-0').textContent(), 'Auto');
    assert.match(await page.getByTestId('threads-hint').textContent(), /the device's cores less one \(3 here\)/);
    assert.equal(await page.getByTestId('threads-0').getAttribute('aria-pressed'), 'true');
    await page.getByTestId('threads-1').tap();
    assert.equal(await page.getByTestId('threads-1').getAttribute('aria-pressed'), 'true');
    await page.getByTestId('language-zh').tap();
    assert.equal(await page.getByTestId('threads-0').textContent(), '自动');
    assert.match(await page.getByTestId('threads-hint').textContent(), /在这台设备上是 3 个/);
    await page.getByTestId('language-en').tap();
    await page.close();
    // One thread chosen: Master and the analysis board keep to one worker.
    assert.equal(await workersForMastersMove(browser.context), 1);
    const alone = await analysisThreads(browser.context, `${site.url}?lang=en`, 4);
    assert.equal(alone.isolated, true);
    assert.equal(alone.threads, 1, alone.text);
    assertNoErrors(alone.page);
  } finally {
    await browser.close();
  }
});
