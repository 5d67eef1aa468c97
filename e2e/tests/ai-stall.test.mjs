// The Master computer thinks without freezing the page: no gap between animation frames may
// exceed 200 ms while it works out its reply.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, playSomeMove, waitForPlies, plies, assertNoErrors, watchFrames, frameGaps,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const MAX_FRAME_GAP_MS = 200;
/** Master thinks for 1.5 s; the rest is slack for a slow machine. */
const MASTER_BUDGET_MS = 1_500 + 2_000;

test('no main-thread stall over 200 ms while Master thinks', async () => {
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
  const gaps = await frameGaps(page);
  const worst = Math.max(...gaps.slice(1));
  console.log(`frames: ${gaps.length}, worst gap: ${worst.toFixed(1)} ms, plies: ${(await plies(page)).join(' ')}`);
  assert.ok(gaps.length > 20, 'frames were measured');
  assert.ok(worst <= MAX_FRAME_GAP_MS, `worst frame gap ${worst.toFixed(1)} ms`);
  assertNoErrors(page);
  await page.close();
});
