// The turn clock: it passes the turn at zero and waits while a menu is open or the page hidden.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, playMove, plies, plyCount, waitForPlies, screenshot, assertNoErrors,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const TURN_SECONDS = 3;

test('time out passes the turn with a notice', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp', turn: TURN_SECONDS });
  assert.equal(await page.getByTestId('clock-red').textContent(), '0:03');
  await page.getByTestId('clock-red').getByText('0:02').waitFor();
  await waitForPlies(page, 1, 5_000);
  assert.deepEqual(await plies(page), ['pass']);
  assert.equal(await page.getByTestId('notice').textContent(), 'Red ran out of time: Black to move');
  assert.equal(await page.getByTestId('bar-black').getAttribute('data-active'), 'true');
  assert.equal(await page.getByTestId('clock-black').textContent(), '0:03');
  await screenshot(page, 'timeout-notice');
  // Black's turn runs out too: a fresh notice says so.
  await waitForPlies(page, 2, 5_000);
  assert.deepEqual(await plies(page), ['pass', 'pass']);
  assert.equal(await page.getByTestId('notice').textContent(), 'Black ran out of time: Red to move');
  assertNoErrors(page);
  await page.close();
});

test('the clock waits while the menu is open', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp', turn: TURN_SECONDS });
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu').waitFor();
  await page.waitForTimeout((TURN_SECONDS + 1) * 1000);
  assert.equal(await plyCount(page), 0);
  assert.equal(await page.getByTestId('clock-red').textContent(), '0:03');
  await page.getByTestId('resume').tap();
  await waitForPlies(page, 1, 5_000);
  assertNoErrors(page);
  await page.close();
});

test('the clock waits while the page is hidden', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp', turn: TURN_SECONDS });
  await page.getByTestId('board').waitFor();
  const setHidden = (hidden) => page.evaluate((hidden) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
  await setHidden(true);
  await page.waitForTimeout((TURN_SECONDS + 1) * 1000);
  assert.equal(await plyCount(page), 0, 'no pass while hidden');
  await setHidden(false);
  await waitForPlies(page, 1, 5_000);
  assertNoErrors(page);
  await page.close();
});

test('the clock waits while the rules or the settings are open over the game', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp', turn: TURN_SECONDS });
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-rules').tap();
  await page.getByTestId('rules').waitFor();
  await page.waitForTimeout((TURN_SECONDS + 1) * 1000);
  await page.getByTestId('back').tap();
  // Back at the menu the game left, then the settings from it.
  await page.getByTestId('menu-settings').tap();
  await page.getByTestId('settings').waitFor();
  await page.waitForTimeout(1000);
  await page.getByTestId('back').tap();
  await page.getByTestId('resume').tap();
  assert.equal(await plyCount(page), 0, 'no pass while reading');
  assert.equal(await page.getByTestId('clock-red').textContent(), '0:03');
  await waitForPlies(page, 1, 5_000);
  assertNoErrors(page);
  await page.close();
});

/** The seconds a clock shows (`0:12` → 12). */
async function secondsOn(page, color) {
  const [minutes, seconds] = (await page.getByTestId(`clock-${color}`).textContent()).split(':');
  return Number(minutes) * 60 + Number(seconds);
}

test('leaving and continuing keeps the time left, also after a reload', async () => {
  const browser = await openBrowser();
  const page = await openApp(browser.context, { lang: 'en' });
  await page.getByTestId('open-settings').tap();
  await page.getByTestId('turn-15').tap();
  await page.getByTestId('back').tap();
  await page.getByTestId('play-pnp').tap();
  await page.getByTestId('clock-red').getByText('0:12').waitFor();
  await page.getByTestId('menu-button').tap();
  const left = await secondsOn(page, 'red');
  await page.getByTestId('menu-new-game').tap();
  await page.getByTestId('continue').tap();
  await page.getByTestId('board').waitFor();
  const resumed = await secondsOn(page, 'red');
  assert.ok(resumed <= left && resumed >= left - 1, `continued at ${resumed}s, left at ${left}s`);
  assert.equal(await page.getByTestId('bar-red').getAttribute('data-active'), 'true');

  // A reload (or the app closed and opened again) loses at most the second being counted.
  await page.getByTestId('clock-red').getByText('0:09').waitFor();
  await page.reload();
  await page.getByTestId('continue').tap();
  await page.getByTestId('board').waitFor();
  const reloaded = await secondsOn(page, 'red');
  assert.ok(reloaded <= 10 && reloaded >= 8, `continued at ${reloaded}s after a reload at 9s`);
  await screenshot(page, 'clock-kept');
  // The next turn starts with the full time again.
  await page.getByTestId('clock-red').getByText('0:07').waitFor();
  await playMove(page, 'b2c2');
  assert.equal(await page.getByTestId('clock-black').textContent(), '0:15');
  assertNoErrors(page);
  await browser.close();
});
