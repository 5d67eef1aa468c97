// Back goes back, everywhere: every screen, page and dialog is one entry of the page's history,
// so the browser's Back (Android's Back drives the same history) and Escape close the top one,
// and a layer closed by its own button takes its entry with it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, playMove, plies, screenshot, assertNoErrors, BASE_URL, startNewFromHome,
} from '../lib/phone.mjs';

/** Red to move, and d2d3 takes the treasure. */
const ONE_MOVE_FROM_THE_END = 'BBB/BB.BB/.RT../...R./... r - 0';

let browser;
before(async () => { browser = await openBrowser({ locale: 'en-US' }); });
after(async () => { await browser.close(); });

/** Waits until the page's history stands `layers` entries above the home screen's. */
async function assertLayers(page, layers) {
  try {
    await page.waitForFunction((n) => (history.state?.duobaoLayers ?? 0) === n, layers, { timeout: 5_000 });
  } catch {
    const seen = await page.evaluate(() => history.state?.duobaoLayers ?? 0);
    assert.fail(`${layers} history entries above home expected, ${seen} seen`);
  }
}

const gone = (page, testid) => page.getByTestId(testid).waitFor({ state: 'detached' });
const shown = (page, testid) => page.getByTestId(testid).waitFor();

async function back(page) {
  await page.goBack();
}

test('rules and settings from home: Back and Escape close them, Back on home leaves the app', async () => {
  const page = await openApp(browser.context, { lang: 'en' });
  await shown(page, 'home');
  await assertLayers(page, 0);

  for (const [opener, testid] of [['open-rules', 'rules'], ['open-settings', 'settings']]) {
    await page.getByTestId(opener).tap();
    await shown(page, testid);
    await assertLayers(page, 1);
    await back(page);
    await gone(page, testid);
    await shown(page, 'home');
    await assertLayers(page, 0);

    await page.getByTestId(opener).tap();
    await shown(page, testid);
    await page.keyboard.press('Escape');
    await gone(page, testid);
    await assertLayers(page, 0);

    // Closed by its own button: its entry goes too, so no Back is wasted on it later.
    await page.getByTestId(opener).tap();
    await shown(page, testid);
    await page.getByTestId('back').tap();
    await gone(page, testid);
    await assertLayers(page, 0);
  }

  // Escape with nothing open does nothing.
  await page.keyboard.press('Escape');
  await shown(page, 'home');
  assert.equal(page.url(), BASE_URL + '?lang=en');

  assertNoErrors(page);
  await back(page);
  assert.equal(page.url(), 'about:blank', 'Back on home leaves the app');
  await page.close();
});

test('learn, a lesson in it, puzzles and statistics: Back returns step by step', async () => {
  const page = await openApp(browser.context, { lang: 'en' });
  await page.getByTestId('open-learn').tap();
  await shown(page, 'learn');
  await page.getByTestId('lesson-capture').tap();
  await shown(page, 'lesson');
  await assertLayers(page, 1);
  await back(page);
  await gone(page, 'lesson');
  await shown(page, 'learn');
  await assertLayers(page, 1);
  await page.keyboard.press('Escape');
  await gone(page, 'learn');
  await shown(page, 'home');
  await assertLayers(page, 0);

  for (const [opener, testid] of [['open-puzzles', 'puzzles-screen'], ['open-statistics', 'statistics']]) {
    await page.getByTestId(opener).tap();
    await shown(page, testid);
    await back(page);
    await gone(page, testid);
    await shown(page, 'home');
    await assertLayers(page, 0);
  }
  assertNoErrors(page);
  await page.close();
});

test('the new-game sheet: Back and Escape close it', async () => {
  const page = await openApp(browser.context, { lang: 'en' });
  await shown(page, 'home');
  await page.getByTestId('play-ai').tap();
  await shown(page, 'vs-ai-setup');
  await assertLayers(page, 1);
  await back(page);
  await gone(page, 'vs-ai-setup');
  await shown(page, 'home');

  await page.getByTestId('play-ai').tap();
  await shown(page, 'vs-ai-setup');
  await page.keyboard.press('Escape');
  await gone(page, 'vs-ai-setup');

  await page.getByTestId('play-ai').tap();
  await page.getByTestId('cancel').tap();
  await gone(page, 'vs-ai-setup');
  await assertLayers(page, 0);

  // Start replaces the sheet by the game: one entry, which Back leaves for home.
  await page.getByTestId('play-ai').tap();
  await page.getByTestId('start').tap();
  await shown(page, 'board');
  await assertLayers(page, 1);
  await back(page);
  await shown(page, 'home');
  await assertLayers(page, 0);
  assertNoErrors(page);
  await page.close();
});

test('the game: Back closes the menu, a page returns to the menu, the game goes home saved', async () => {
  const page = await openApp(browser.context, { lang: 'en' });
  // The tests share a browser: a game an earlier one left is replaced.
  await startNewFromHome(page, 'play-pnp');
  await shown(page, 'board');
  await assertLayers(page, 1);
  await playMove(page, 'b2c2');

  await page.getByTestId('menu-button').tap();
  await shown(page, 'menu');
  await assertLayers(page, 2);
  await back(page);
  await gone(page, 'menu');
  await assertLayers(page, 1);

  await page.getByTestId('menu-button').tap();
  await shown(page, 'menu');
  await page.keyboard.press('Escape');
  await gone(page, 'menu');

  for (const [opener, testid] of [['menu-rules', 'rules'], ['menu-settings', 'settings']]) {
    await page.getByTestId('menu-button').tap();
    await page.getByTestId(opener).tap();
    await shown(page, testid);
    await assertLayers(page, 3);
    await back(page);
    await gone(page, testid);
    await shown(page, 'menu');
    await assertLayers(page, 2);
    await page.getByTestId(opener).tap();
    await shown(page, testid);
    await page.keyboard.press('Escape');
    await gone(page, testid);
    await shown(page, 'menu');
    // Closed by its own button, the menu leaves no entry: the next Back leaves the game.
    await page.getByTestId('resume').tap();
    await gone(page, 'menu');
    await assertLayers(page, 1);
  }

  await back(page);
  await shown(page, 'home');
  await assertLayers(page, 0);
  await shown(page, 'continue');
  await page.getByTestId('continue').tap();
  await shown(page, 'board');
  assert.deepEqual(await plies(page), ['b2c2'], 'the game was kept');
  await assertLayers(page, 1);

  // Escape on the game itself goes home too; a held key (two presses before the first one's
  // step back arrives) still goes back one layer only, never out of the app.
  await page.evaluate(() => {
    for (let i = 0; i < 2; i += 1) document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  });
  await shown(page, 'home');
  await shown(page, 'continue');
  await page.waitForTimeout(300);
  assert.equal(page.url(), BASE_URL + '?lang=en', 'still in the app');
  assertNoErrors(page);
  await page.close();
});

test('the result: Back sets it aside to show the board; the review goes back to the game', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp', turn: 'off', fen: ONE_MOVE_FROM_THE_END });
  await shown(page, 'board');
  await assertLayers(page, 1);
  await playMove(page, 'd2d3');
  await shown(page, 'game-over');
  await assertLayers(page, 2);

  await back(page);
  await gone(page, 'game-over');
  await shown(page, 'show-result');
  await assertLayers(page, 1);
  await screenshot(page, 'back-result-aside');

  await page.getByTestId('show-result').tap();
  await shown(page, 'game-over');
  await page.keyboard.press('Escape');
  await gone(page, 'game-over');
  await shown(page, 'show-result');

  await page.getByTestId('show-result').tap();
  await page.getByTestId('review').tap();
  await shown(page, 'review-screen');
  // One stack: the game's route stays an entry under the review it opened.
  await assertLayers(page, 2);
  await back(page);
  await gone(page, 'review-screen');
  await shown(page, 'board');

  // The game is over, so its result shows again over the board: Back sets it aside, then leaves.
  await shown(page, 'game-over');
  await back(page);
  await gone(page, 'game-over');
  await back(page);
  await shown(page, 'home');
  await assertLayers(page, 0);
  assertNoErrors(page);
  await page.close();
});

test('a link while a game is saved: Back keeps the saved game; a reload leaves no layer behind', async () => {
  const page = await openApp(browser.context, { lang: 'en' });
  // The tests share a browser: a game an earlier one left is replaced.
  await startNewFromHome(page, 'play-pnp');
  await playMove(page, 'b2c2');
  await page.waitForFunction(() => localStorage.getItem('duobao.v1.game')?.includes('b2c2'));

  await page.goto(`${BASE_URL}?lang=en&mode=pnp`);
  await shown(page, 'link-choice');
  await assertLayers(page, 1);
  await back(page);
  await gone(page, 'link-choice');
  await shown(page, 'continue');
  assert.ok(
    await page.evaluate(() => localStorage.getItem('duobao.v1.game')?.includes('b2c2')),
    'the saved game is still there');

  // Three layers deep, then a reload: home, with no layer left open and no entry of one behind.
  await page.goto(`${BASE_URL}?lang=en`);
  await page.getByTestId('continue').tap();
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-rules').tap();
  await assertLayers(page, 3);
  await page.reload();
  await shown(page, 'home');
  await assertLayers(page, 0);
  await page.getByTestId('continue').tap();
  await shown(page, 'board');
  assert.deepEqual(await plies(page), ['b2c2']);
  await back(page);
  await shown(page, 'home');
  assertNoErrors(page);
  await page.close();
});
