// The settings page: every setting can be changed, from home and from the game, and does what
// it says. The sound and vibration levels have their own file, sound-and-touch.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, screenshot, assertNoErrors, assertNoCutText, assertNoSidewaysOverflow,
  setSwitch, switchState,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser({ viewport: { width: 360, height: 640 } }); });
after(async () => { await browser.close(); });

const pressed = async (page, testid) =>
  page.getByTestId(testid).getAttribute('aria-pressed');

test('settings from home: turn time and coordinates reach the next game', async () => {
  const page = await openApp(browser.context, { lang: 'en' });
  await page.getByTestId('open-settings').tap();
  await page.getByTestId('settings').waitFor();
  assert.equal(await pressed(page, 'turn-60'), 'true', 'a minute a turn by default');
  for (const testid of ['turn-0', 'turn-15', 'turn-30', 'turn-120', 'level-master']) {
    assert.equal(await page.getByTestId(testid).count(), 1, `${testid} is offered`);
  }
  // Both languages are offered, the current one selected; every on/off setting is a switch.
  assert.equal(await pressed(page, 'language-en'), 'true');
  assert.equal(await pressed(page, 'language-zh'), 'false');
  assert.equal(await page.getByTestId('language-zh').textContent(), '中文');
  for (const [testid, on] of [['coordinates', 'true'], ['flip', 'true'], ['hint-button', 'true']]) {
    const toggle = page.getByTestId(testid);
    assert.equal(await toggle.getAttribute('role'), 'switch', `${testid} is a switch`);
    assert.equal(await toggle.getAttribute('aria-checked'), on, `${testid} starts ${on}`);
    const box = await toggle.boundingBox();
    assert.ok(box.height >= 44 && box.width >= 44, `${testid} is a finger's target`);
  }
  await assertNoCutText(page, 'the settings');
  await assertNoSidewaysOverflow(page, 'the settings');
  await screenshot(page, 'settings-en-360', { fullPage: true });
  await page.getByTestId('language-zh').tap();
  await page.getByTestId('settings').getByRole('heading', { level: 1 }).getByText('设置').waitFor();
  assert.equal(await pressed(page, 'language-zh'), 'true');
  assert.equal(await page.getByTestId('language-en').textContent(), 'English');
  await assertNoCutText(page, 'the Chinese settings');
  await assertNoSidewaysOverflow(page, 'the Chinese settings');
  await screenshot(page, 'settings-zh-360', { fullPage: true });
  await page.getByTestId('language-en').tap();

  await page.getByTestId('turn-15').tap();
  await page.getByTestId('coordinates').tap();
  assert.equal(await switchState(page, 'coordinates'), 'false', 'a tap turns a switch off');
  assert.equal(await pressed(page, 'turn-15'), 'true');
  await page.getByTestId('back').tap();
  await page.getByTestId('play-pnp').tap();
  assert.equal(await page.getByTestId('clock-red').textContent(), '0:15');
  assert.equal(await page.locator('.board .coord').count(), 0, 'no coordinates');

  // From the game: coordinates come back at once.
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-settings').tap();
  await setSwitch(page, 'coordinates', true);
  await page.getByTestId('back').tap();
  await page.getByTestId('resume').tap();
  assert.equal(await page.locator('[data-testid="board"] .coord').count(), 10);
  assertNoErrors(page);
  await page.close();
});
