// The Hint button: the engine's move drawn on the board with its reason, followed by a tap;
// cancelled by an undo; counted in the result; hidden by a setting. The page keeps drawing
// frames while the hint is worked out.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, tapPoint, point, playMove, plies, waitForPlies, assertAttribute,
  screenshot, assertNoErrors, assertNoCutText, watchFrames, assertNoLongGap, setSwitch,
  switchState,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

/** A hint searches at Master, 1.5 s at most; the rest is slack for a slow machine. */
const HINT_BUDGET_MS = 1_500 + 4_500;

async function askHint(page) {
  await page.getByTestId('hint').tap();
  await page.getByTestId('hint-arrow').waitFor({ timeout: HINT_BUDGET_MS });
  const arrow = page.getByTestId('hint-arrow');
  return `${await arrow.getAttribute('data-from')}${await arrow.getAttribute('data-to')}`;
}


test('a hint shows the winning move with its reason, is followed, and counts in the result', async () => {
  const page = await openApp(browser.context, {
    lang: 'en', mode: 'pnp', turn: 'off', fen: 'BBB/BB.BB/.RT../...R./R.. r - 0',
  });
  await page.getByTestId('board').waitFor();
  const hinted = await askHint(page);
  assert.equal(hinted, 'd2d3');
  assert.equal(await page.getByTestId('hint-line').textContent(),
    'Hint: d2d3, captures the treasure and wins');
  assert.equal(await page.getByTestId('hint').isDisabled(), true, 'the hint is already shown');
  await screenshot(page, 'hint');
  await assertNoCutText(page, 'the game with a hint');

  await playMove(page, 'd2d3');
  await page.getByTestId('game-over').waitFor();
  assert.equal(await page.getByTestId('hints-used').textContent(), 'Hints used: 1');
  assert.equal(await page.getByTestId('hint-arrow').count(), 0, 'the hint leaves with the move');
  assertNoErrors(page);
  await page.close();
});

test('against the computer: the hinted move is played by taps; no hint while it thinks (中文)', async () => {
  const page = await openApp(browser.context, { lang: 'zh', mode: 'ai', level: 'master', turn: 'off' });
  await page.getByTestId('board').waitFor();
  assert.equal(await page.getByTestId('hint').textContent(), '提示');
  // From the start the hint is the proven win's move, read off the certificate, at once.
  const hinted = await askHint(page);
  assert.equal(hinted, 'c3c2');
  assert.equal(await page.getByTestId('hint-line').textContent(), '提示：c3c2，11 步之内强制取胜');
  // Master as Black answers from the proof's distances (its longest defence), after the short
  // pause every reply takes. Whatever showed is watched from inside the page from before the
  // move, so that however quick the answer, it is known: the bars say "thinking", and while the
  // board's last move is the player's (the computer to move) the hint stays disabled. (The bars
  // follow the board a frame behind by design, so they are not what the hint is judged by.)
  await page.evaluate((played) => {
    window.thinking = { seen: false, hintEnabled: false };
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="thinking"]')) window.thinking.seen = true;
      const last = document.querySelector('[data-testid="last-move"]');
      const computerToMove = last && `${last.dataset.from}${last.dataset.to}` === played;
      if (computerToMove && !document.querySelector('[data-testid="hint"]')?.disabled) {
        window.thinking.hintEnabled = true;
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  }, hinted);
  await tapPoint(page, hinted.slice(0, 2));
  await assertAttribute(point(page, hinted.slice(0, 2)), 'data-selected', 'true');
  await watchFrames(page);
  await tapPoint(page, hinted.slice(2, 4));
  await waitForPlies(page, 2, 8_000);
  assert.equal((await plies(page))[0].slice(0, 4), hinted);
  const thinking = await page.evaluate(() => window.thinking);
  assert.equal(thinking.seen, true, 'the computer was seen thinking');
  assert.equal(thinking.hintEnabled, false, 'not while the computer thinks');
  await assertNoLongGap(page, 'Master answering');
  await page.waitForFunction(() => !document.querySelector('[data-testid="hint"]').disabled);
  assert.equal(await page.getByTestId('hint-line').count(), 0);
  assertNoErrors(page);
  await page.close();
});

test('an undo while the hint is worked out drops it', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp', turn: 'off' });
  await playMove(page, 'b2c2');
  await page.getByTestId('hint').tap();
  await page.getByTestId('undo').tap();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="ply"]').length === 0);
  await page.waitForTimeout(HINT_BUDGET_MS);
  assert.equal(await page.getByTestId('hint-arrow').count(), 0, 'the stale hint was not shown');
  assert.equal(await page.getByTestId('hint').isDisabled(), false);
  assertNoErrors(page);
  await page.close();
});

test('a setting hides the hint button, and stays after a reload', async () => {
  const page = await openApp(browser.context, { lang: 'en' });
  await page.getByTestId('open-settings').tap();
  await setSwitch(page, 'hint-button', false);
  await page.getByTestId('back').tap();
  await page.getByTestId('play-pnp').tap();
  // The game of the test before is still saved.
  await page.getByTestId('confirm-start-new').tap();
  await page.getByTestId('board').waitFor();
  assert.equal(await page.getByTestId('hint').count(), 0);
  await page.reload();
  await page.getByTestId('home').waitFor();
  await page.getByTestId('open-settings').tap();
  assert.equal(await switchState(page, 'hint-button'), 'false');
  await setSwitch(page, 'hint-button', true);
  await page.getByTestId('back').tap();
  await page.getByTestId('continue').tap();
  await page.getByTestId('hint').waitFor();
  assertNoErrors(page);
  await page.close();
});
