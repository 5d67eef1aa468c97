// Statistics: each finished game counted once, by level and colour against the computer, kept
// after a reload; a damaged stored value resets that count alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, playMove, screenshot, assertNoErrors, assertNoCutText,
} from '../lib/phone.mjs';

/** Red to move wins the treasure with d2d3. */
const ONE_MOVE_WIN = 'BBB/BB.BB/.RT../...R./... r - 0';

async function openStatistics(page) {
  await page.getByTestId('open-statistics').tap();
  await page.getByTestId('statistics').waitFor();
}

/** Loads the app again without the address's game, so that it opens on the home screen. */
async function reloadHome(page) {
  await page.goto(page.url().split('?')[0]);
  await page.getByTestId('home').waitFor();
}

const shown = async (page, name) => page.getByTestId(`stats-${name}`).textContent();

async function winAndGoHome(page) {
  await playMove(page, 'd2d3');
  await page.getByTestId('game-over').waitFor();
  await page.getByTestId('new-game').tap();
  await page.getByTestId('home').waitFor();
}

test('a won game against the computer counts once, and the count survives a reload', async () => {
  const browser = await openBrowser({ locale: 'en-US' });
  const page = await openApp(browser.context, { mode: 'ai', level: 'easy', fen: ONE_MOVE_WIN });
  await playMove(page, 'd2d3');
  await page.getByTestId('game-over').waitFor();
  // Undo the win and win again: still one game.
  await page.getByTestId('view-board').tap();
  await page.getByTestId('undo').tap();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="ply"]').length === 0);
  await winAndGoHome(page);
  await openStatistics(page);
  assert.equal(await shown(page, 'easy-red'), '1 / 0 / 0');
  assert.equal(await shown(page, 'easy-black'), '0 / 0 / 0');
  assert.equal(await shown(page, 'total'), '1 / 0 / 0');
  assert.equal(await shown(page, 'pass-and-play'), '0');
  assert.equal(await shown(page, 'puzzles'), '0');

  await reloadHome(page);
  await openStatistics(page);
  assert.equal(await shown(page, 'easy-red'), '1 / 0 / 0', 'kept after a reload');
  assertNoErrors(page);
  await browser.close();
});

test('pass-and-play games count; garbage in one stored count resets it alone (中文)', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  const page = await openApp(browser.context, { mode: 'pnp', fen: ONE_MOVE_WIN });
  await winAndGoHome(page);
  await page.evaluate(() => {
    localStorage.setItem('duobao.v1.stats.ai.master.black', '{"wins":3,"losses":1,"draws":2}');
    localStorage.setItem('duobao.v1.stats.ai.hard.red', '{not json');
  });
  await reloadHome(page);
  await openStatistics(page);
  assert.equal(await shown(page, 'pass-and-play'), '1');
  assert.equal(await shown(page, 'master-black'), '3 / 1 / 2');
  assert.equal(await shown(page, 'hard-red'), '0 / 0 / 0');
  assert.equal(await shown(page, 'lessons'), '0 / 7');
  assert.equal(await page.getByTestId('statistics').getAttribute('lang'), 'zh-Hans');
  await screenshot(page, 'statistics');
  await assertNoCutText(page, 'the statistics');
  assertNoErrors(page);
  await browser.close();
});
