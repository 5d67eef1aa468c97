// What the phone keeps between visits: the settings and the unfinished game are saved on every
// change and come back after a reload; a damaged value resets only itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, playMove, plies, pieceAt, assertNoErrors, setSwitch, switchState,
} from '../lib/phone.mjs';
import { STORED } from '../lib/stored.mjs';

const pressed = async (page, testid) => page.getByTestId(testid).getAttribute('aria-pressed');

async function openSettings(page) {
  await page.getByTestId('open-settings').tap();
  await page.getByTestId('settings').waitFor();
}

async function reloadHome(page) {
  await page.reload();
  await page.getByTestId('home').waitFor();
}

const homeLang = (page) => page.getByTestId('home').getAttribute('lang');

const POINTS = ['b1', 'c1', 'd1', 'a2', 'b2', 'c2', 'd2', 'e2', 'a3', 'b3', 'c3', 'd3', 'e3',
  'a4', 'b4', 'c4', 'd4', 'e4', 'b5', 'c5', 'd5'];

async function board(page) {
  const pieces = {};
  for (const name of POINTS) pieces[name] = await pieceAt(page, name);
  return pieces;
}

test('language, difficulty and turn time survive a reload', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  const page = await openApp(browser.context);
  await page.getByTestId('home').waitFor();
  assert.equal(await homeLang(page), 'zh-Hans', 'a first launch follows the browser');
  await openSettings(page);
  await page.getByTestId('language-en').tap();
  await page.getByTestId('level-hard').tap();
  await page.getByTestId('turn-30').tap();
  await setSwitch(page, 'coordinates', false);

  await reloadHome(page);
  assert.equal(await homeLang(page), 'en');
  await openSettings(page);
  assert.equal(await pressed(page, 'level-hard'), 'true');
  assert.equal(await pressed(page, 'level-medium'), 'false');
  assert.equal(await pressed(page, 'turn-30'), 'true');
  assert.equal(await pressed(page, 'turn-60'), 'false');
  assert.equal(await switchState(page, 'coordinates'), 'false');
  assertNoErrors(page);
  await browser.close();
});

test('a game left mid-way continues after a reload with its position, clock and moves', async () => {
  const browser = await openBrowser({ locale: 'en-US' });
  const page = await openApp(browser.context);
  await page.getByTestId('home').waitFor();
  assert.equal(await page.getByTestId('continue').count(), 0, 'nothing to continue yet');
  await openSettings(page);
  await page.getByTestId('turn-30').tap();
  await page.getByTestId('back').tap();
  await page.getByTestId('play-pnp').tap();
  for (const move of ['b2c2', 'b4c4', 'c3b3']) await playMove(page, move);
  const moves = await plies(page);
  const pieces = await board(page);

  await reloadHome(page);
  await page.getByTestId('continue').tap();
  await page.getByTestId('board').waitFor();
  assert.deepEqual(await plies(page), moves);
  assert.deepEqual(await board(page), pieces);
  assert.match(await page.getByTestId('clock-black').textContent(), /^0:(30|29|28)$/);
  // The treasure moved last, so it is still locked after the reload.
  assert.match(await page.locator('[data-point="b3"]').getAttribute('aria-label'), /locked/);

  // Play on, reload again: the newest move is there too.
  await playMove(page, 'c4c3');
  await reloadHome(page);
  await page.getByTestId('continue').tap();
  await page.getByTestId('board').waitFor();
  assert.deepEqual(await plies(page), [...moves, 'c4c3']);
  assert.equal(await pieceAt(page, 'c3'), 'black');
  assertNoErrors(page);
  await browser.close();
});

/** What the app shows for each stored value: the stored one, or the default after garbage. */
async function shownSettings(page) {
  const shown = { 'prefs.lang': await homeLang(page) };
  shown.game = await page.getByTestId('continue').count();
  await openSettings(page);
  shown['prefs.level'] = await pressed(page, 'level-master') === 'true' ? 'stored'
    : await pressed(page, 'level-medium') === 'true' ? 'default' : 'other';
  shown['prefs.turn_seconds'] = await pressed(page, 'turn-15') === 'true' ? 'stored'
    : await pressed(page, 'turn-60') === 'true' ? 'default' : 'other';
  for (const [key, testid] of [['prefs.coordinates', 'coordinates'], ['prefs.table_mode', 'flip']]) {
    shown[key] = await switchState(page, testid) === 'false' ? 'stored' : 'default';
  }
  for (const [key, stored, byDefault] of [['prefs.sound', 'sound-soft', 'sound-normal'], ['prefs.vibration', 'vibration-light', 'vibration-strong']]) {
    shown[key] = await pressed(page, stored) === 'true' ? 'stored'
      : await pressed(page, byDefault) === 'true' ? 'default' : 'other';
  }
  await page.getByTestId('back').tap();
  return shown;
}

test('garbage in any stored key resets that key only, and the app still works', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  const page = await openApp(browser.context);
  await page.getByTestId('home').waitFor();
  const garbage = ['{not json', '"klingon"', '[1,2,3]', '-7', ''];
  for (const [index, broken] of Object.keys(STORED).entries()) {
    const junk = garbage[index % garbage.length];
    await page.evaluate(([stored, brokenKey, value]) => {
      localStorage.clear();
      for (const [key, text] of Object.entries(stored)) localStorage.setItem(`duobao.v1.${key}`, text);
      localStorage.setItem(`duobao.v1.${brokenKey}`, value);
    }, [STORED, broken, junk]);
    await reloadHome(page);
    const shown = await shownSettings(page);
    const expected = {
      'prefs.lang': broken === 'prefs.lang' ? 'zh-Hans' : 'en',
      game: broken === 'game' ? 0 : 1,
    };
    for (const key of ['prefs.level', 'prefs.turn_seconds', 'prefs.coordinates', 'prefs.table_mode', 'prefs.sound', 'prefs.vibration']) {
      expected[key] = broken === key ? 'default' : 'stored';
    }
    assert.deepEqual(shown, expected, `garbage ${JSON.stringify(junk)} in ${broken}`);
    if (broken !== 'game') {
      await page.getByTestId('continue').tap();
      await page.getByTestId('board').waitFor();
      assert.deepEqual(await plies(page), ['b2c2'], `the saved game survives garbage in ${broken}`);
      await reloadHome(page);
    }
  }
  assertNoErrors(page);
  await browser.close();
});
