// A desktop window with only a keyboard: home, settings, rules and the game all work with Tab,
// Enter and Space, Escape goes back, and the focused control shows a ring.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openApp, DESKTOP, plies, assertNoErrors } from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser({ ...DESKTOP, locale: 'en-US' }); });
after(async () => { await browser.close(); });

/** Presses Tab until the focused element matches, as a keyboard user would. */
async function tabTo(page, what, describe) {
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(what);
    if (found) return;
  }
  assert.fail(`Tab never reached ${describe}`);
}

const focusedTestid = (testid) => `document.activeElement?.dataset?.testid === ${JSON.stringify(testid)}`;

async function tabToTestid(page, testid) {
  await tabTo(page, focusedTestid(testid), testid);
}

async function assertFocusRing(page, where) {
  const ring = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement);
    return { outline: style.outlineStyle, width: style.outlineWidth, stroke: style.stroke, strokeWidth: style.strokeWidth };
  });
  const visible = (ring.outline !== 'none' && ring.width !== '0px') || (ring.stroke !== 'none' && ring.strokeWidth !== '0px');
  assert.ok(visible, `a visible focus ring on ${where}: ${JSON.stringify(ring)}`);
}

test('home, settings, rules and a game by keyboard alone', async () => {
  const page = await openApp(browser.context);
  await page.getByTestId('home').waitFor();

  await tabToTestid(page, 'open-settings');
  await assertFocusRing(page, 'the settings button');
  await page.keyboard.press('Enter');
  await page.getByTestId('settings').waitFor();
  await tabToTestid(page, 'hint-button');
  await assertFocusRing(page, 'a switch');
  await page.keyboard.press('Space');
  assert.equal(await page.getByTestId('hint-button').getAttribute('aria-checked'), 'false');
  await page.keyboard.press('Space');
  assert.equal(await page.getByTestId('hint-button').getAttribute('aria-checked'), 'true');
  await tabToTestid(page, 'sound-soft');
  await assertFocusRing(page, 'a choice');
  await page.keyboard.press('Space');
  assert.equal(await page.getByTestId('sound-soft').getAttribute('aria-pressed'), 'true');
  await tabToTestid(page, 'back');
  await page.keyboard.press('Enter');

  await page.getByTestId('home').waitFor();
  await tabToTestid(page, 'open-rules');
  await page.keyboard.press('Enter');
  await page.getByTestId('rules').waitFor();
  await tabToTestid(page, 'rules-done');
  await page.keyboard.press('Enter');

  await page.getByTestId('home').waitFor();
  await tabToTestid(page, 'play-ai');
  await page.keyboard.press('Enter');
  await page.getByTestId('vs-ai-setup').waitFor();
  await tabToTestid(page, 'cancel');
  await page.keyboard.press('Enter');
  await tabToTestid(page, 'play-pnp');
  await page.keyboard.press('Enter');

  await page.getByTestId('board').waitFor();
  await tabTo(page, "document.activeElement?.dataset?.point === 'b2'", 'the point b2');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'b2, red soldier');
  await assertFocusRing(page, 'a point of the board');
  await page.keyboard.press('Enter');
  await tabTo(page, "document.activeElement?.dataset?.point === 'c2'", 'the point c2');
  assert.equal(
    await page.evaluate(() => document.activeElement.getAttribute('aria-label')),
    'c2, legal destination');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="ply"]').length === 1);
  assert.deepEqual(await plies(page), ['b2c2']);

  await tabToTestid(page, 'menu-button');
  await page.keyboard.press('Enter');
  await tabToTestid(page, 'menu-rules');
  await page.keyboard.press('Enter');
  await page.getByTestId('rules').waitFor();
  await tabToTestid(page, 'back');
  await page.keyboard.press('Enter');
  await tabToTestid(page, 'resume');
  await page.keyboard.press('Enter');
  await page.getByTestId('menu').waitFor({ state: 'detached' });

  // Escape goes back: it closes the menu, then leaves the game for home, where Continue waits.
  await tabToTestid(page, 'menu-button');
  await page.keyboard.press('Enter');
  await page.getByTestId('menu').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('menu').waitFor({ state: 'detached' });
  await page.getByTestId('board').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('continue').waitFor();
  assertNoErrors(page);
  await page.close();
});
