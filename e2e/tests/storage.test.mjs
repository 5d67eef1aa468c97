// Damaged values are kept aside under `<key>.corrupt` before their defaults replace them, and a
// device that refuses to save is reported once while the game goes on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openApp, playMove, plies, screenshot, assertNoErrors } from '../lib/phone.mjs';
import { STORED } from '../lib/stored.mjs';

const VALID = STORED;
// Garbage of every kind: not JSON, the wrong type, out of range, cut short, not a game.
const DAMAGED = {
  'prefs.lang': '"klingon"',
  'prefs.level': '{not json',
  'prefs.turn_seconds': '7',
  'prefs.coordinates': '"yes"',
  'prefs.table_mode': '',
  'prefs.sound': '[1,2]',
  'prefs.hint_button': '0',
  'prefs.vibration': '"buzz"',
  'stats.ai.hard.red': '{"wins":"many"}',
  'stats.pass_and_play': '-1',
  game: STORED.game.replace('b2c2', 'b2c5'),
};

test('every damaged value is kept aside and the app starts with its default', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  const page = await openApp(browser.context);
  await page.getByTestId('home').waitFor();
  for (const broken of Object.keys(DAMAGED)) {
    await page.evaluate(([valid, key, junk]) => {
      localStorage.clear();
      for (const [name, text] of Object.entries(valid)) localStorage.setItem(`duobao.v1.${name}`, text);
      localStorage.setItem(`duobao.v1.${key}`, junk);
    }, [VALID, broken, DAMAGED[broken]]);
    await page.reload();
    await page.getByTestId('home').waitFor();
    const kept = await page.evaluate(() => Object.fromEntries(
      Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)])));
    assert.equal(kept[`duobao.v1.${broken}.corrupt`], DAMAGED[broken], `a copy of ${broken}`);
    assert.equal(kept[`duobao.v1.${broken}`], undefined, `${broken} takes its default`);
    for (const other of Object.keys(VALID).filter((key) => key !== broken)) {
      assert.equal(kept[`duobao.v1.${other}`], VALID[other], `${other} is untouched`);
      assert.equal(kept[`duobao.v1.${other}.corrupt`], undefined);
    }
    assert.equal(await page.getByTestId('continue').count(), broken === 'game' ? 0 : 1);
  }

  // Everything damaged at once: the app still starts, in the browser's language, and plays.
  await page.evaluate((damaged) => {
    localStorage.clear();
    for (const [name, text] of Object.entries(damaged)) localStorage.setItem(`duobao.v1.${name}`, text);
  }, DAMAGED);
  await page.reload();
  await page.getByTestId('home').waitFor();
  assert.equal(await page.getByTestId('home').getAttribute('lang'), 'zh-Hans');
  const corrupt = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.endsWith('.corrupt')).sort());
  assert.deepEqual(corrupt, Object.keys(DAMAGED).map((key) => `duobao.v1.${key}.corrupt`).sort());
  await page.getByTestId('play-pnp').tap();
  await playMove(page, 'b2c2');
  assertNoErrors(page);
  await browser.close();
});

for (const [lang, words] of [['en', /Cannot save on this device/], ['zh', /无法在本机保存/]]) {
  test(`a device that refuses to save says so once and the game goes on (${lang})`, async () => {
    const browser = await openBrowser();
    await browser.context.addInitScript(() => {
      // A full storage quota: every save of the app fails.
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function refuse(key, value) {
        if (String(key).startsWith('duobao.')) {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return setItem.call(this, key, value);
      };
    });
    const page = await openApp(browser.context, { lang });
    await page.getByTestId('home').waitFor();
    assert.equal(await page.getByTestId('app-notice').count(), 0, 'nothing to say before a save');
    await page.getByTestId('play-pnp').tap();
    await page.getByTestId('app-notice').waitFor();
    assert.equal(await page.getByTestId('app-notice').getAttribute('data-notice'), 'save-failed');
    assert.match(await page.getByTestId('app-notice').textContent(), words);
    if (lang === 'zh') await screenshot(page, 'save-failed-zh');
    for (const move of ['b2c2', 'b4c4', 'c3b3']) await playMove(page, move);
    assert.deepEqual(await plies(page), ['b2c2', 'b4c4', 'c3b3'], 'the game goes on in memory');
    assert.equal(await page.getByTestId('app-notice').count(), 1, 'said once');
    // Page errors are expected of nothing here: the failure is logged as a warning.
    assertNoErrors(page);
    await browser.close();
  });
}
