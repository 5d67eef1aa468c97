// Two players on one phone, a whole game from the start to a result.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, playMove, plies, plyCount, pieceAt, screenshot, assertNoErrors,
  setSwitch,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

// Red hands Black the treasure: two soldier captures, then Black sandwiches the treasure.
const GAME = ['c3c4', 'a4a3', 'b2c3', 'a3b2', 'a2a3', 'e4e3'];
const RECORD = ['c3c4', 'a4a3', 'b2c3', 'a3b2x(c3)', 'a2a3x(b2)', 'e4e3x(c4)'];

test('a full game with the top bar turned for the friend across the table', async () => {
  const page = await openApp(browser.context, { lang: 'en' });
  await page.getByTestId('open-settings').tap();
  await setSwitch(page, 'flip', true);
  await page.getByTestId('back').tap();
  await page.getByTestId('play-pnp').tap();

  const top = page.getByTestId('bar-black');
  assert.equal(await top.getAttribute('data-rotated'), 'true');
  const transform = await top.evaluate((bar) => getComputedStyle(bar).transform);
  assert.equal(transform, 'matrix(-1, 0, 0, -1, 0, 0)', 'the top bar is upside down');
  assert.equal(await page.getByTestId('bar-red').getAttribute('data-rotated'), 'false');

  for (const move of GAME.slice(0, 3)) await playMove(page, move);
  // Undo takes back exactly one ply in pass-and-play.
  await page.getByTestId('undo').tap();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="ply"]').length === 2);
  assert.equal(await pieceAt(page, 'b2'), 'red');
  await playMove(page, 'b2c3');
  await screenshot(page, 'pass-and-play');

  for (const move of GAME.slice(3)) await playMove(page, move);
  assert.deepEqual(await plies(page), RECORD);
  assert.equal(await page.getByTestId('captured-black').textContent(), '1');
  assert.equal(await page.getByTestId('captured-red').textContent(), '1');
  const dialog = page.getByTestId('game-over');
  await dialog.waitFor();
  assert.equal(await dialog.getByRole('heading').textContent(), 'Black wins');
  assert.equal(await page.getByTestId('result-reason').getAttribute('data-winner'), 'black');
  assert.equal(await plyCount(page), 6);
  assertNoErrors(page);
  await page.close();
});

test('a repetition draw on a small phone; the move list scrolls to the newest ply', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp', turn: 'off' });
  await page.setViewportSize({ width: 360, height: 640 });
  // Two quiet moves, then the shuffle twice: the position after the two moves comes back a
  // third time after ten plies, which fill three lines of the compact move list.
  const shuffle = ['b2b3', 'b4c4', 'b3b2', 'c4b4'];
  for (const move of ['a2a3', 'e4e3', ...shuffle, ...shuffle]) await playMove(page, move);
  const dialog = page.getByTestId('game-over');
  await dialog.waitFor();
  assert.equal(await dialog.getByRole('heading').textContent(), 'Draw');
  assert.equal(await page.getByTestId('result-reason').textContent(), 'The same position occurred three times');
  assert.equal(await page.getByTestId('result-reason').getAttribute('data-winner'), 'draw');
  await page.getByTestId('view-board').tap();

  const list = page.getByTestId('move-list');
  const scroll = await list.evaluate((el) => ({ overflow: el.scrollHeight - el.clientHeight, style: getComputedStyle(el).overflowY }));
  assert.equal(scroll.style, 'auto');
  assert.ok(scroll.overflow > 0, 'ten plies overflow the small list');
  const listBox = await list.boundingBox();
  const newest = await page.locator('.moves li').last().boundingBox();
  assert.ok(newest.y + newest.height <= listBox.y + listBox.height + 1, 'the newest ply is in view');
  await list.evaluate((el) => { el.scrollTop = -el.scrollHeight; });
  const first = await page.locator('.moves li').first().boundingBox();
  assert.ok(first.y >= listBox.y - 1, 'scrolling back shows the first ply');

  await page.getByTestId('show-result').tap();
  await page.getByTestId('new-game').tap();
  await page.getByTestId('play-pnp').waitFor();
  assertNoErrors(page);
  await page.close();
});
