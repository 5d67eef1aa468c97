// Frugal saving: the unfinished game is written when something that matters changes (a move, an
// undo, a flip) and at once when the page is hidden or left, not every second; while a turn
// clock runs it is written again every 10 seconds of the clock, which bounds what a killed app
// can lose. Every write of the saved game is counted by wrapping localStorage.setItem.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, answerLinkChoice, playSomeMove, assertNoErrors,
} from '../lib/phone.mjs';

const GAME_KEY = 'duobao.v1.game';
/** At most this much of a turn is given back after the app is killed, in seconds: the clock's
 * checkpoint every 10 s, and the second on display, which the app has not counted yet. */
const KILLED_BOUND_S = 11;
/** After a reload or the page hidden: the second on display. */
const HIDDEN_BOUND_S = 1;

/** Counts the writes of the saved game, with when and what was written. */
const COUNT_WRITES = `
  window.gameWrites = [];
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === ${JSON.stringify(GAME_KEY)}) window.gameWrites.push({ at: performance.now(), value });
    return setItem.call(this, key, value);
  };
`;

/** An app that is killed hears nothing: the page's hide and leave events never reach it. */
const DEAF_TO_LEAVING = `
  for (const type of ['pagehide', 'visibilitychange']) {
    window.addEventListener(type, (event) => event.stopImmediatePropagation(), { capture: true });
  }
`;

let browser;
before(async () => {
  browser = await openBrowser();
  await browser.context.addInitScript(COUNT_WRITES);
});
after(async () => { await browser.close(); });

const writes = (page) => page.evaluate(() => window.gameWrites.length);

/** The time left on the saved game's clock, in seconds. */
const savedSecondsLeft = (page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key)).time_left_ms / 1000, GAME_KEY);

/** The seconds a clock shows (`0:12` → 12). */
async function secondsOn(page, color) {
  const [minutes, seconds] = (await page.getByTestId(`clock-${color}`).textContent()).split(':');
  return Number(minutes) * 60 + Number(seconds);
}

async function startGame(context, turn = 60) {
  const page = await openApp(context, { lang: 'en', mode: 'pnp', turn });
  await page.getByTestId('board').waitFor();
  // The new game's first write.
  await page.waitForFunction(() => window.gameWrites.length > 0);
  return page;
}

test('writes per minute of a game: each move once, and every 10 s of a running clock', async () => {
  const page = await startGame(browser.context);
  const MOVES = 5;
  const started = Date.now();
  const atStart = await writes(page);
  for (let move = 0; move < MOVES; move += 1) {
    await playSomeMove(page);
    await page.waitForTimeout(4_000);
  }
  const afterMoves = await writes(page);
  // The next player thinks for 20 s.
  await page.waitForTimeout(20_000);
  const total = (await writes(page)) - atStart;
  const minutes = (Date.now() - started) / 60_000;
  console.log(`saved-game writes: ${total} in ${(minutes * 60).toFixed(0)} s (${MOVES} moves, then 20 s of thought): `
    + `${(total / minutes).toFixed(1)} a minute`);
  assert.equal(afterMoves - atStart, MOVES, 'one write a move');
  assert.ok(total - MOVES <= 2, `${total - MOVES} writes in 20 s of thought`);
  assertNoErrors(page);
  await page.close();
});

test('hiding the page or leaving it saves the clock at once', async () => {
  const page = await startGame(browser.context);
  await page.getByTestId('clock-red').getByText('0:56').waitFor();
  const before = await writes(page);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForFunction((n) => window.gameWrites.length > n, before, { timeout: 500 });
  const hidden = await savedSecondsLeft(page);
  assert.ok(Math.abs(hidden - 56) <= HIDDEN_BOUND_S, `saved ${hidden} s left when hidden at 56 s`);

  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.getByTestId('clock-red').getByText('0:53').waitFor();
  const shown = await writes(page);
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })));
  await page.waitForFunction((n) => window.gameWrites.length > n, shown, { timeout: 500 });
  const left = await savedSecondsLeft(page);
  assert.ok(Math.abs(left - 53) <= HIDDEN_BOUND_S, `saved ${left} s left when left at 53 s`);
  assertNoErrors(page);
  await page.close();
});

test(`a reload restores the clock within ${HIDDEN_BOUND_S} s, a killed app within ${KILLED_BOUND_S} s`, async () => {
  const page = await startGame(browser.context);
  await page.getByTestId('clock-red').getByText('0:53').waitFor();
  // The page's address still links to a new game: the app asks, and the saved one goes on.
  await page.reload();
  await answerLinkChoice(page, 'link-continue');
  await page.getByTestId('board').waitFor();
  const reloaded = await secondsOn(page, 'red');
  assert.ok(reloaded <= 53 + HIDDEN_BOUND_S && reloaded >= 52, `continued at ${reloaded} s after a reload at 53 s`);
  await page.close();

  // The same game in an app that is killed after 19 s more of thought: it never hears it goes.
  const killed = await openBrowser();
  await killed.context.addInitScript(COUNT_WRITES + DEAF_TO_LEAVING);
  const deaf = await startGame(killed.context);
  await deaf.getByTestId('clock-red').getByText('0:41').waitFor();
  const thought = await secondsOn(deaf, 'red');
  await deaf.reload();
  await answerLinkChoice(deaf, 'link-continue');
  await deaf.getByTestId('board').waitFor();
  const restored = await secondsOn(deaf, 'red');
  console.log(`killed at ${thought} s left, continued at ${restored} s (bound ${KILLED_BOUND_S} s)`);
  assert.ok(restored >= thought && restored - thought <= KILLED_BOUND_S,
    `continued at ${restored} s after being killed at ${thought} s`);
  assertNoErrors(deaf);
  await killed.close();
});
