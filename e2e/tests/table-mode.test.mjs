// Table mode: pass-and-play with the phone flat between two players. On a phone the top
// player's bar, their soldiers' characters, the notices about them and their result turn to face
// them; Flip swaps the sides and is kept with the game; the setting switches it off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DESKTOP, openBrowser, openApp, playMove, plies, waitForPlies, point, screenshot,
  assertNoErrors, setSwitch, switchState,
} from '../lib/phone.mjs';

const UPSIDE_DOWN = 'matrix(-1, 0, 0, -1, 0, 0)';
const transformOf = (locator) => locator.evaluate((el) => getComputedStyle(el).transform);

/** The soldiers of `color` whose characters are turned, and all of them. */
async function turnedSoldiers(page, color) {
  const tokens = page.locator(`[data-token][data-piece="${color}"]`);
  const turned = await tokens.evaluateAll((all) => all.filter((token) =>
    token.dataset.turned === 'true'
    && token.querySelector('.glyph').getAttribute('transform') === 'rotate(180 0 2)').length);
  return { turned, all: await tokens.count() };
}

/** Whether point `name` is drawn in the top half of the board. */
async function inTopHalf(page, name) {
  const board = await page.getByTestId('board').boundingBox();
  const spot = await point(page, name).boundingBox();
  return spot.y + spot.height / 2 < board.y + board.height / 2;
}

test('on a phone, pass-and-play turns the top side to face the friend across the table', async () => {
  const browser = await openBrowser();
  const page = await openApp(browser.context, { lang: 'en' });
  await page.getByTestId('play-pnp').tap();

  const top = page.getByTestId('bar-black');
  assert.equal(await top.getAttribute('data-rotated'), 'true', 'on by default on a phone');
  assert.equal(await transformOf(top), UPSIDE_DOWN, 'the top bar is upside down');
  assert.equal(await page.getByTestId('bar-red').getAttribute('data-rotated'), 'false');
  assert.deepEqual(await turnedSoldiers(page, 'black'), { turned: 7, all: 7 });
  assert.deepEqual(await turnedSoldiers(page, 'red'), { turned: 0, all: 7 });
  await playMove(page, 'b2c2');
  await screenshot(page, 'table-mode');

  // Flip: the board turns around and Red's side now faces the top.
  await page.getByTestId('flip-sides').tap();
  assert.equal(await page.getByTestId('bar-red').getAttribute('data-rotated'), 'true');
  assert.equal(await transformOf(page.getByTestId('bar-red')), UPSIDE_DOWN);
  assert.equal(await page.getByTestId('bar-black').getAttribute('data-rotated'), 'false');
  assert.deepEqual(await turnedSoldiers(page, 'red'), { turned: 7, all: 7 });
  assert.deepEqual(await turnedSoldiers(page, 'black'), { turned: 0, all: 7 });
  assert.ok(await inTopHalf(page, 'c1'), 'Red\'s first row is at the top');
  await playMove(page, 'b4c4');
  await screenshot(page, 'table-mode-flipped');

  // The sides are kept with the game, also after a reload.
  await page.waitForFunction(() => localStorage.getItem('duobao.v1.game')?.includes('"bottom":"black"'));
  await page.reload();
  await page.getByTestId('continue').tap();
  await page.getByTestId('board').waitFor();
  assert.deepEqual(await plies(page), ['b2c2', 'b4c4']);
  assert.equal(await page.getByTestId('bar-red').getAttribute('data-rotated'), 'true');
  assert.ok(await inTopHalf(page, 'c1'));
  await page.getByTestId('flip-sides').tap();
  assert.equal(await page.getByTestId('bar-black').getAttribute('data-rotated'), 'true');
  assert.ok(!(await inTopHalf(page, 'c1')), 'flipped back');
  assertNoErrors(page);
  await browser.close();
});

test('a notice about the top player and the top winner\'s result face the top', async () => {
  const browser = await openBrowser();
  // Red's time runs out first (a notice facing the bottom), then Black's (facing the top).
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp', turn: 2 });
  await waitForPlies(page, 1, 5_000);
  assert.equal(await page.getByTestId('notice').getAttribute('data-rotated'), 'false');
  await waitForPlies(page, 2, 5_000);
  const notice = page.getByTestId('notice');
  assert.equal(await notice.textContent(), 'Black ran out of time: Red to move');
  assert.equal(await notice.getAttribute('data-rotated'), 'true');
  assert.match(await transformOf(notice), /^matrix\(-1, .*, -1, /, 'the notice is upside down');
  await page.close();

  // Red hands Black the treasure: Black, at the top, wins and reads the result.
  const game = await openApp(browser.context, { lang: 'en', mode: 'pnp', turn: 'off' });
  for (const move of ['c3c4', 'a4a3', 'b2c3', 'a3b2', 'a2a3', 'e4e3']) await playMove(game, move);
  await game.getByTestId('game-over').waitFor();
  const facing = game.locator('.facing-layer');
  assert.equal(await facing.getAttribute('data-rotated'), 'true');
  assert.equal(await transformOf(facing), UPSIDE_DOWN);
  assert.equal(await game.getByTestId('game-over').getByRole('heading').textContent(), 'Black wins');
  await screenshot(game, 'table-mode-result');
  // Its buttons answer taps upside down.
  await game.getByTestId('view-board').tap();
  await game.getByTestId('game-over').waitFor({ state: 'detached' });
  assertNoErrors(game);
  await browser.close();
});

test('the setting switches table mode off; a computer\'s screen starts with it off', async () => {
  const browser = await openBrowser();
  const page = await openApp(browser.context, { lang: 'en' });
  await page.getByTestId('open-settings').tap();
  assert.equal(await switchState(page, 'flip'), 'true');
  await setSwitch(page, 'flip', false);
  await page.getByTestId('back').tap();
  await page.getByTestId('play-pnp').tap();
  assert.equal(await page.getByTestId('bar-black').getAttribute('data-rotated'), 'false');
  assert.equal(await transformOf(page.getByTestId('bar-black')), 'none');
  assert.deepEqual(await turnedSoldiers(page, 'black'), { turned: 0, all: 7 });
  assert.equal(await page.evaluate(() => localStorage.getItem('duobao.v1.prefs.table_mode')), '"off"');
  assertNoErrors(page);
  await browser.close();

  const desktop = await openBrowser(DESKTOP);
  const wide = await openApp(desktop.context, { lang: 'en', mode: 'pnp' });
  await wide.getByTestId('board').waitFor();
  assert.equal(await wide.getByTestId('bar-black').getAttribute('data-rotated'), 'false');
  assert.deepEqual(await turnedSoldiers(wide, 'black'), { turned: 0, all: 7 });
  // Flip is there all the same, for two players at one screen.
  await wide.getByTestId('flip-sides').click();
  assert.match(await wide.getByTestId('bar-black').getAttribute('class'), /\bbottom\b/);
  assertNoErrors(wide);
  await desktop.close();
});
