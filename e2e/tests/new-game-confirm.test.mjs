// Starting a new game from home never silently replaces an unfinished saved game: the player is
// asked first, "Continue" or "Start new", in either language; Back closes the question.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, playMove, plies, plyCount, screenshot, assertNoErrors, assertNoCutText,
} from '../lib/phone.mjs';

/** A page at home with an unfinished pass-and-play game (one move, b2c2) saved. */
async function homeWithASavedGame(page) {
  await page.getByTestId('play-pnp').tap();
  await playMove(page, 'b2c2');
  await page.waitForFunction(() => localStorage.getItem('duobao.v1.game')?.includes('b2c2'));
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-new-game').tap();
  await page.getByTestId('continue').waitFor();
}

test('with a saved game a new game asks first: Continue opens it, Start new replaces it', async () => {
  const browser = await openBrowser();
  const page = await openApp(browser.context, { lang: 'en' });
  // Nothing saved yet: no question.
  await page.getByTestId('play-ai').tap();
  await page.getByTestId('vs-ai-setup').waitFor();
  assert.equal(await page.getByTestId('confirm-new-game').count(), 0);
  await page.getByTestId('cancel').tap();
  await homeWithASavedGame(page);

  await page.getByTestId('play-ai').tap();
  const dialog = page.getByTestId('confirm-new-game');
  await dialog.waitFor();
  assert.equal(await page.getByTestId('vs-ai-setup').count(), 0, 'asked before the side is chosen');
  assert.equal(await dialog.getByRole('heading').textContent(), 'You have an unfinished game');
  assert.equal(await page.getByTestId('confirm-continue').textContent(), 'Continue');
  assert.equal(await page.getByTestId('confirm-start-new').textContent(), 'Start new');
  await assertNoCutText(page, 'the new-game question');
  // Back and Escape close the question and change nothing.
  await page.goBack();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('play-pnp').tap();
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('continue').waitFor();
  await page.getByTestId('play-ai').tap();
  await dialog.waitFor();
  await page.getByTestId('confirm-continue').tap();
  await page.getByTestId('board').waitFor();
  assert.deepEqual(await plies(page), ['b2c2'], 'Continue opens the saved game');

  // Pass-and-play: Start new starts at once, replacing the saved game.
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-new-game').tap();
  await page.getByTestId('play-pnp').tap();
  await page.getByTestId('confirm-start-new').tap();
  await page.getByTestId('board').waitFor();
  assert.equal(await plyCount(page), 0);
  await page.waitForFunction(() => localStorage.getItem('duobao.v1.game')?.includes('"plies":[]'));

  // Against the computer: Start new goes on to the choice of side and level.
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-new-game').tap();
  await page.getByTestId('play-ai').tap();
  await page.getByTestId('confirm-start-new').tap();
  await page.getByTestId('side-black').tap();
  await page.getByTestId('level-easy').tap();
  await page.getByTestId('start').tap();
  await page.getByTestId('bar-black').waitFor();
  assert.match(await page.getByTestId('bar-black').getAttribute('class'), /\bbottom\b/, 'a fresh game as Black');
  assertNoErrors(page);
  await browser.close();
});

test('the question in Chinese', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  const page = await openApp(browser.context);
  await page.getByTestId('home').waitFor();
  await homeWithASavedGame(page);
  await page.getByTestId('play-pnp').tap();
  const dialog = page.getByTestId('confirm-new-game');
  await dialog.waitFor();
  assert.equal(await dialog.getByRole('heading').textContent(), '你有一盘未下完的对局');
  assert.equal(await dialog.locator('.reason').textContent(), '开始新对局后，你未下完的对局会收进“我的对局”。');
  assert.equal(await page.getByTestId('confirm-continue').textContent(), '继续对局');
  assert.equal(await page.getByTestId('confirm-start-new').textContent(), '开始新对局');
  await assertNoCutText(page, 'the Chinese new-game question');
  await screenshot(page, 'new-game-confirm-zh');
  await page.getByTestId('confirm-continue').tap();
  await page.getByTestId('board').waitFor();
  assert.deepEqual(await plies(page), ['b2c2']);
  assertNoErrors(page);
  await browser.close();
});
