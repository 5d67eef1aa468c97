// Positions set up through the address: a capture, the treasure lock, a win by the treasure.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, tapPoint, point, playMove, plies, pieceAt, screenshot, assertNoErrors,
  assertAttribute,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

test('a sandwich captures: the piece fades out, the count and the move list show it', async () => {
  const page = await openApp(browser.context, {
    lang: 'en', mode: 'pnp', fen: 'BBB/.B.B./..T../.RB../.R. r - 0',
  });
  assert.equal(await pieceAt(page, 'c2'), 'black');
  await playMove(page, 'c1d2');
  assert.deepEqual(await plies(page), ['c1d2x(c2)']);
  assert.equal(await page.getByTestId('captured-red').textContent(), '1');
  assert.equal(await pieceAt(page, 'c2'), 'empty');
  // The captured token is still drawn for its fade, then leaves with the next ply.
  const fading = page.locator('.token.fading[data-at="c2"]');
  assert.equal(await fading.count(), 1);
  await playMove(page, 'b4a4');
  assert.equal(await fading.count(), 0);
  assertNoErrors(page);
  await page.close();
});

test('the treasure shows a lock after it moves and cannot be picked up', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp' });
  await playMove(page, 'c3c2');
  await page.getByTestId('treasure-lock').waitFor();
  assert.equal(await point(page, 'c2').getAttribute('aria-label'), 'c2, treasure, locked');
  await tapPoint(page, 'c2');
  assert.equal(await point(page, 'c2').getAttribute('data-selected'), 'false');
  await playMove(page, 'b4c4');
  assert.equal(await page.getByTestId('treasure-lock').count(), 0);
  assertNoErrors(page);
  await page.close();
});

test('capturing the treasure wins: dialog, move list, rematch with colours swapped', async () => {
  const page = await openApp(browser.context, {
    lang: 'en', mode: 'pnp', fen: 'BBB/BB.BB/.RT../...R./... r - 0',
  });
  await playMove(page, 'd2d3');
  const dialog = page.getByTestId('game-over');
  await dialog.waitFor();
  assert.equal(await dialog.getByRole('heading').textContent(), 'Red wins');
  assert.equal(await page.getByTestId('result-reason').textContent(), 'Red captured the treasure');
  await screenshot(page, 'game-over');

  await page.getByTestId('view-board').tap();
  await dialog.waitFor({ state: 'detached' });
  assert.deepEqual(await plies(page), ['d2d3x(c3)']);
  assert.ok(await page.getByTestId('move-list').isVisible());
  // The finished board ignores taps.
  await tapPoint(page, 'b3');
  assert.equal(await point(page, 'b3').getAttribute('data-selected'), 'false');

  await page.getByTestId('show-result').tap();
  await page.getByTestId('rematch').tap();
  await dialog.waitFor({ state: 'detached' });
  // The move list empties with the new game's first paint, which may follow the dialog's going.
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="ply"]').length === 0);
  assert.match(await page.getByTestId('bar-black').getAttribute('class'), /\bbottom\b/);
  assert.equal(await pieceAt(page, 'c3'), 'treasure');
  await assertAttribute(page.getByTestId('bar-red'), 'data-active', 'true');
  assertNoErrors(page);
  await page.close();
});

test('a malformed position in the address says so and opens home', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp', fen: 'RRRR/x r - 0' });
  await page.getByTestId('home').waitFor();
  assert.equal(await page.getByTestId('app-notice').getAttribute('data-notice'), 'link-broken');
  assert.equal(await page.getByTestId('board').count(), 0);
  assertNoErrors(page);
  await page.close();
});
