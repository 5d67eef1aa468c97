// The Master computer thinks, and a review analyses a game, without freezing the page: the gaps
// between animation frames while they work stay within the stall guard (../lib/guards.mjs; the
// 200 ms target is the benchmark's, scripts/bench-web.sh). The analysis board searches on while
// the page's timers keep their pace (the timer gap guard; 50 ms target).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, playSomeMove, playMove, waitForPlies, plies, assertNoErrors, watchFrames,
  assertNoLongGap,
} from '../lib/phone.mjs';
import { watchTimers, worstTimerGap } from '../lib/timing.mjs';
import { TIMER_GAP_GUARD_MS } from '../lib/guards.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

/** Master thinks for 1.5 s; the rest is slack for a slow or loaded machine. */
const MASTER_BUDGET_MS = 1_500 + 4_500;

test('no main-thread stall while Master thinks', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'ai', level: 'master', turn: 'off' });
  await page.getByTestId('board').waitFor();
  await watchFrames(page);
  for (const plyCount of [2, 4]) {
    await playSomeMove(page);
    const asked = Date.now();
    await page.getByTestId('thinking').waitFor();
    await waitForPlies(page, plyCount, MASTER_BUDGET_MS);
    const took = Date.now() - asked;
    assert.ok(took <= MASTER_BUDGET_MS, `Master replied in ${took} ms`);
  }
  await assertNoLongGap(page, `Master, plies ${(await plies(page)).join(' ')}`);
  assertNoErrors(page);
  await page.close();
});

test('no main-thread stall while a review analyses the game', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp', turn: 'off' });
  for (const move of ['b2c2', 'b4b3', 'a2a3', 'd4d3', 'e2e3', 'c5c4']) await playMove(page, move);
  await watchFrames(page);
  await page.getByTestId('ply').first().tap();
  await page.getByTestId('review-progress').waitFor();
  const started = Date.now();
  await page.getByTestId('review-progress').waitFor({ state: 'detached', timeout: 180_000 });
  console.log(`review of 6 plies took ${Date.now() - started} ms`);
  await assertNoLongGap(page, 'review');
  assert.equal(await page.locator('[data-verdict="pending"]').count(), 0);
  assertNoErrors(page);
  await page.close();
});

test('the page\'s timers keep their pace while the analysis board searches', async () => {
  const page = await openApp(browser.context, { lang: 'en' });
  await page.getByTestId('open-analysis').tap();
  await page.getByTestId('analysis-screen').waitFor();
  await watchTimers(page);
  const depth = page.getByTestId('analysis-depth');
  await page.getByTestId('analysis-line').waitFor({ timeout: 5_000 });
  const first = Number(await depth.getAttribute('data-depth'));
  await page.waitForFunction(
    (shallow) => Number(document.querySelector('[data-testid="analysis-depth"]')?.dataset.depth) >= shallow + 3,
    first,
    { timeout: 20_000 },
  );
  await page.waitForTimeout(1_000);
  const gap = await worstTimerGap(page);
  console.log(`analysis board, depth ${first} to ${await depth.getAttribute('data-depth')}: worst timer gap `
    + `${gap.toFixed(1)} ms (target 50 ms, guard ${TIMER_GAP_GUARD_MS} ms)`);
  assert.ok(gap <= TIMER_GAP_GUARD_MS, `the page's timers waited ${gap.toFixed(1)} ms`);
  assertNoErrors(page);
  await page.close();
});
