// A link to a game never costs the player the saved game or their settings: with an unfinished
// game saved, the app asks which to play; the link's options hold for that visit only; a link
// whose game cannot be opened says so and opens home.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE_URL, openBrowser, openApp, playMove, plies, pieceAt, screenshot, assertNoErrors,
  assertNoCutText, setSwitch, switchState,
} from '../lib/phone.mjs';

/** Red to move, one soldier short of the start: not the saved game's position. */
const LINKED_FEN = 'BBB/BB.BB/..T../RR.RR/RR. r - 0';

/** What the app keeps, but the time left on the running turn clock, which is saved each second. */
const stored = (page) => page.evaluate(() => Object.fromEntries(
  Object.keys(localStorage).sort().map((key) => [
    key, localStorage.getItem(key).replace(/,?"time_left_ms":\d+/, ''),
  ])));

/**
 * A phone whose player chose their own settings (30 s a turn, no coordinates, Chinese) and
 * left a pass-and-play game after two moves.
 */
async function playerWithASavedGame() {
  const browser = await openBrowser({ locale: 'zh-CN' });
  const page = await openApp(browser.context);
  await page.getByTestId('home').waitFor();
  await page.getByTestId('open-settings').tap();
  await page.getByTestId('turn-30').tap();
  await setSwitch(page, 'coordinates', false);
  await page.getByTestId('back').tap();
  await page.getByTestId('play-pnp').tap();
  await playMove(page, 'b2c2');
  await playMove(page, 'b4c4');
  await page.waitForFunction(() => localStorage.getItem('duobao.v1.game')?.includes('b4c4'));
  const before = await stored(page);
  assert.equal(before['duobao.v1.prefs.turn_seconds'], '30');
  return { browser, page, before };
}

async function openLink(page, options) {
  const query = new URLSearchParams(options).toString();
  await page.goto(`${BASE_URL}?${query}`);
  await page.getByTestId('link-choice').waitFor();
}

const pressed = async (page, testid) => page.getByTestId(testid).getAttribute('aria-pressed');

/** After a reload without a link: the player's own settings, and the saved game's plies. */
async function ownSettingsAndSavedGame(page) {
  await page.goto(BASE_URL);
  await page.getByTestId('home').waitFor();
  const lang = await page.getByTestId('home').getAttribute('lang');
  await page.getByTestId('open-settings').tap();
  const settings = {
    lang,
    turn30: await pressed(page, 'turn-30'),
    coordinates: await switchState(page, 'coordinates'),
    flip: await switchState(page, 'flip'),
  };
  await page.getByTestId('back').tap();
  await page.getByTestId('continue').tap();
  await page.getByTestId('board').waitFor();
  return { settings, plies: await plies(page), clock: await waitingClock(page) };
}

/** The clock of the side not to move, which shows the full turn time. */
const waitingClock = (page) =>
  page.locator('[data-testid^="bar-"][data-active="false"] [data-testid^="clock-"]').textContent();

const OWN = { lang: 'zh-Hans', turn30: 'true', coordinates: 'false', flip: 'true' };

test('continuing your game from a link keeps the saved game and settings (English)', async () => {
  const { browser, page, before } = await playerWithASavedGame();
  await openLink(page, { mode: 'pnp', lang: 'en', turn: '5', coords: '1', flip: '0', fen: LINKED_FEN });
  const dialog = page.getByTestId('link-choice');
  assert.equal(await dialog.getByRole('heading').textContent(), 'You have an unfinished game');
  assert.equal(await page.getByTestId('link-continue').textContent(), 'Continue your game');
  assert.equal(await page.getByTestId('link-open').textContent(), 'Open the linked position');
  await assertNoCutText(page, 'the link question');
  await screenshot(page, 'link-choice-en');
  assert.deepEqual(await stored(page), before, 'nothing is written before the choice');

  await page.getByTestId('link-continue').tap();
  await page.getByTestId('board').waitFor();
  assert.deepEqual(await plies(page), ['b2c2', 'b4c4']);
  assert.equal(await pieceAt(page, 'b2'), 'empty');
  assert.equal(await waitingClock(page), '0:30', "the saved game's own clock");
  assert.deepEqual(await stored(page), before, "the link's options are not saved");

  assert.deepEqual(await ownSettingsAndSavedGame(page),
    { settings: OWN, plies: ['b2c2', 'b4c4'], clock: '0:30' });
  assertNoErrors(page);
  await browser.close();
});

test('opening the linked position replaces the saved game, never the settings (Chinese)', async () => {
  const { browser, page } = await playerWithASavedGame();
  await openLink(page, { mode: 'pnp', lang: 'zh', turn: '15', fen: LINKED_FEN });
  assert.equal(await page.getByTestId('link-choice').getByRole('heading').textContent(), '你有一盘未下完的对局');
  assert.equal(await page.getByTestId('link-continue').textContent(), '继续你的对局');
  assert.equal(await page.getByTestId('link-open').textContent(), '打开链接中的局面');
  await assertNoCutText(page, 'the link question in Chinese');
  await screenshot(page, 'link-choice-zh');

  await page.getByTestId('link-open').tap();
  await page.getByTestId('board').waitFor();
  assert.equal(await pieceAt(page, 'd1'), 'empty', 'the linked position');
  assert.equal(await waitingClock(page), '0:15', "the link's turn time, for this game");
  await playMove(page, 'b2c2');

  // The linked game is now the saved one; the link's turn time was never saved.
  const after = await ownSettingsAndSavedGame(page);
  assert.deepEqual(after.settings, OWN);
  assert.deepEqual(after.plies, ['b2c2']);
  assert.equal(await pieceAt(page, 'd1'), 'empty');
  assert.equal(after.clock, '0:15', 'a saved game keeps the turn time it was started with');
  // A new game uses the player's own turn time again: 30 s, not the link's nor the default.
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-new-game').tap();
  await page.getByTestId('play-pnp').tap();
  await page.getByTestId('confirm-start-new').tap();
  assert.equal(await waitingClock(page), '0:30');
  assertNoErrors(page);
  await browser.close();
});

test('a link whose game cannot be opened says so and opens home, the saved game kept', async () => {
  const { browser, page, before } = await playerWithASavedGame();
  for (const [options, notice, words] of [
    [{ mode: 'pnp', lang: 'en', fen: 'RRRR/x r - 0' }, 'link-broken', /cannot be opened/],
    [{ mode: 'chess', lang: 'en' }, 'link-broken', /cannot be opened/],
    // A hundred plies without a capture: drawn before it starts.
    [{ mode: 'ai', lang: 'zh', fen: 'BBB/BB.BB/..T../RR.RR/RRR b - 100' }, 'link-game-over', /已经结束/],
  ]) {
    await page.goto(`${BASE_URL}?${new URLSearchParams(options)}`);
    await page.getByTestId('home').waitFor();
    const shown = page.getByTestId('app-notice');
    assert.equal(await shown.getAttribute('data-notice'), notice, JSON.stringify(options));
    assert.match(await shown.textContent(), words);
    assert.equal(await page.getByTestId('link-choice').count(), 0);
    assert.equal(await page.getByTestId('continue').count(), 1, 'the saved game is offered');
    assert.deepEqual(await stored(page), before, 'nothing stored changed');
  }
  await screenshot(page, 'link-game-over-zh');
  assert.deepEqual((await ownSettingsAndSavedGame(page)).plies, ['b2c2', 'b4c4']);
  assertNoErrors(page);
  await browser.close();
});
