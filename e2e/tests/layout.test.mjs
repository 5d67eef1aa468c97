// The game screen fits: small and large phones, a tablet and a desktop window, with no
// scrolling, nothing cut off, and touch targets of at least 44 CSS px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, point, screenshot, assertNoErrors, assertNoCutText,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

test('the new-game choices fit a small phone, in both languages', async () => {
  const page = await openApp(browser.context, { lang: 'en' });
  await page.setViewportSize({ width: 360, height: 640 });
  await page.getByTestId('play-ai').tap();
  await page.getByTestId('start').waitFor();
  await assertNoCutText(page, 'the new-game choices');
  await page.getByTestId('cancel').tap();
  await page.getByTestId('language').tap();
  await page.getByTestId('play-ai').tap();
  await assertNoCutText(page, 'the Chinese new-game choices');
  await screenshot(page, 'zh-new-game-360');
  assertNoErrors(page);
  await page.close();
});

const SCREENS = [
  { name: 'phone-360', width: 360, height: 640 },
  { name: 'phone-430', width: 430, height: 932 },
  { name: 'phone-landscape', width: 844, height: 390 },
  { name: 'tablet-portrait', width: 820, height: 1180 },
  { name: 'tablet-landscape', width: 1024, height: 768 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const screen of SCREENS) {
  test(`the game screen fits ${screen.name} (${screen.width}×${screen.height})`, async () => {
    const page = await openApp(browser.context, { lang: 'en', mode: 'pnp', fen: 'BBB/BB.BB/..T../RR.RR/RRR r L 0' });
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.getByTestId('board').waitFor();
    const inside = async (locator, what) => {
      const box = await locator.boundingBox();
      assert.ok(box, `${what} is shown`);
      assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= screen.width + 0.5 && box.y + box.height <= screen.height + 0.5,
        `${what} is inside the screen: ${JSON.stringify(box)}`);
      return box;
    };
    const board = await inside(page.getByTestId('board'), 'the board');
    assert.ok(board.width >= Math.min(screen.width, screen.height) * 0.6, `the board is large: ${board.width}`);
    await inside(page.getByTestId('bar-red'), 'the bottom bar');
    await inside(page.getByTestId('bar-black'), 'the top bar');
    await inside(page.getByTestId('undo'), 'undo');
    await inside(page.getByTestId('menu-button'), 'the menu button');
    await inside(page.getByTestId('treasure-lock'), 'the lock badge');
    const target = await point(page, 'c3').boundingBox();
    assert.ok(target.width >= 44 && target.height >= 44, `touch target ${target.width}×${target.height}`);
    for (const button of ['undo', 'menu-button']) {
      const box = await page.getByTestId(button).boundingBox();
      assert.ok(box.height >= 44 && box.width >= 44, `${button} is ${box.width}×${box.height}`);
    }
    const overflow = await page.evaluate(() => ({
      x: document.scrollingElement.scrollWidth - innerWidth,
      y: document.scrollingElement.scrollHeight - innerHeight,
    }));
    assert.deepEqual(overflow, { x: 0, y: 0 }, 'the page does not scroll');
    await assertNoCutText(page, 'the game screen');
    await page.getByTestId('menu-button').tap();
    await assertNoCutText(page, 'the menu');
    await page.getByTestId('resume').tap();
    await screenshot(page, `layout-${screen.name}`, { scale: 'css' });
    assertNoErrors(page);
    await page.close();
  });
}
