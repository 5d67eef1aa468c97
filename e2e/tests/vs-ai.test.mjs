// Against the computer, started from the home screen as a player would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, tapPoint, point, playMove, playSomeMove, plies, plyCount, waitForPlies,
  assertAttribute, pieceAt, screenshot, assertNoErrors, startNewFromHome,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

/**
 * Easy searches for at most 180 ms; the app waits at least 450 ms before showing a reply so it
 * reads as a move of its own. The rest is slack for a slow machine.
 */
const EASY_BUDGET_MS = 180 + 450 + 3_000;

async function startVsAi(page, side, level) {
  // A game left by the test before may be saved: start a new one all the same.
  await startNewFromHome(page, 'play-ai');
  await page.getByTestId(`side-${side}`).tap();
  await page.getByTestId(`level-${level}`).tap();
  await page.getByTestId('start').tap();
  await page.getByTestId('board').waitFor();
}

test('a move gets a reply, taps wait while the computer thinks, undo takes both back', async () => {
  const page = await openApp(browser.context, { lang: 'en' });
  await page.getByTestId('play-ai').tap();
  await screenshot(page, 'new-game');
  await page.getByTestId('cancel').tap();
  await startVsAi(page, 'red', 'easy');
  await screenshot(page, 'start');

  await tapPoint(page, 'b2');
  await assertAttribute(point(page, 'b2'), 'data-selected', 'true');
  for (const target of ['c2', 'a3', 'b3']) {
    await assertAttribute(point(page, target), 'data-target', 'true');
  }
  assert.match(await point(page, 'b2').getAttribute('aria-label'), /^b2, red soldier, selected$/);
  await screenshot(page, 'selection');

  const started = Date.now();
  await tapPoint(page, 'c2');
  await page.getByTestId('thinking').waitFor();
  // Taps on the board do nothing while the computer is thinking.
  await tapPoint(page, 'd2');
  assert.equal(await point(page, 'd2').getAttribute('data-selected'), 'false');

  await waitForPlies(page, 2, EASY_BUDGET_MS);
  assert.ok(Date.now() - started < EASY_BUDGET_MS, 'the reply came within its budget');
  const [mine, reply] = await plies(page);
  assert.equal(mine, 'b2c2');
  assert.equal(await pieceAt(page, 'c2'), 'red');
  const lastMove = page.getByTestId('last-move');
  assert.equal(await lastMove.getAttribute('data-from') + await lastMove.getAttribute('data-to'), reply.slice(0, 4));
  await page.getByTestId('to-move').waitFor();
  assert.equal(await page.getByTestId('bar-red').getAttribute('data-active'), 'true');

  await page.getByTestId('undo').tap();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="ply"]').length === 0);
  assert.equal(await pieceAt(page, 'b2'), 'red');
  assert.equal(await pieceAt(page, 'c2'), 'empty');
  assertNoErrors(page);
  await page.close();
});

test('playing black, the computer opens; the level can change mid-game', async () => {
  const page = await openApp(browser.context, { lang: 'en' });
  await startVsAi(page, 'black', 'easy');
  assert.equal(await page.getByTestId('bar-black').getAttribute('class').then((c) => c.includes('bottom')), true);
  await waitForPlies(page, 1, EASY_BUDGET_MS);
  assert.equal(await plyCount(page), 1);

  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-settings').tap();
  await page.getByTestId('level-hard').tap();
  assert.equal(await page.getByTestId('level-hard').getAttribute('aria-pressed'), 'true');
  await page.getByTestId('back').tap();
  await page.getByTestId('resume').tap();
  await page.getByTestId('menu').waitFor({ state: 'detached' });
  await page.getByTestId('bar-red').getByText('Computer · Hard').waitFor();

  await playSomeMove(page);
  await waitForPlies(page, 3, 15_000);
  assertNoErrors(page);
  await page.close();
});

test('an answer that arrives after undo is dropped', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'ai', level: 'easy' });
  await playMove(page, 'b2c2');
  // Undo while the computer is still thinking about b2c2.
  await page.getByTestId('undo').tap();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="ply"]').length === 0);
  await page.waitForTimeout(1_500);
  assert.equal(await plyCount(page), 0, 'the stale answer was not played');
  assert.equal(await page.getByTestId('bar-red').getAttribute('data-active'), 'true');
  assertNoErrors(page);
  await page.close();
});

test('an answer that arrives after leaving for a new game is dropped', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'ai', level: 'easy' });
  await playMove(page, 'b2c2');
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-new-game').tap();
  await page.getByTestId('play-pnp').tap();
  await page.getByTestId('confirm-start-new').tap();
  await page.waitForTimeout(1_500);
  assert.equal(await plyCount(page), 0, 'the old game\'s answer was not played in the new one');
  assert.equal(await page.getByTestId('bar-red').getAttribute('data-active'), 'true');
  assertNoErrors(page);
  await page.close();
});
