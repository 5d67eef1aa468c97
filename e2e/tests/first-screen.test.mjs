// The first screen: styled before the app has loaded (the home screen's title, in the player's
// language, on the table of the system's light or dark appearance), and nothing on it moves when
// the app draws over it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, screenshot, assertNoErrors } from '../lib/phone.mjs';
import { SITE, openSite, serve } from '../lib/site.mjs';

let site;
before(async () => { site = await serve(SITE); });
after(async () => { await site.stop(); });

const TITLES = { 'en-US': 'Duobao Qi Bing · Seven Soldiers', 'zh-CN': '夺宝棋兵 · 七兵' };
/** Each language on a system of one appearance, and that theme's table (assets/main.css). */
const SCHEMES = {
  'en-US': { colorScheme: 'dark', table: 'rgb(42, 28, 17)' },
  'zh-CN': { colorScheme: 'light', table: 'rgb(243, 234, 219)' },
};

/** Where the visible title is, and what it says. */
const title = (page) => page.evaluate(() => {
  const shown = [...document.querySelectorAll('h1')].find((h1) => h1.getClientRects().length > 0);
  const { x, y, width, height } = shown.getBoundingClientRect();
  return { text: shown.textContent, box: { x, y, width, height } };
});

for (const locale of Object.keys(TITLES)) {
  const { colorScheme, table } = SCHEMES[locale];
  test(`the first screen in ${locale}, ${colorScheme}, is styled before the app loads and stays put after`, async () => {
    const browser = await openBrowser({ locale, colorScheme });
    try {
      // The app's code is held back until the first screen has been seen.
      let release;
      const held = new Promise((resolve) => { release = resolve; });
      await browser.context.route(/\/assets\/duobao-app-dxh[0-9a-f]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await browser.context.addInitScript(() => {
        window.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.layoutShift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await openSite(browser.context, site.url);
      const before = await title(page);
      assert.equal(before.text, TITLES[locale]);
      assert.equal(await page.getByTestId('home').count(), 0, 'the app has not started yet');
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.equal(background, table, 'the page is styled in the theme of the system from its first paint');
      await screenshot(page, `first-screen-${locale}`);

      release();
      await page.getByTestId('home').waitFor();
      const after = await title(page);
      assert.equal(after.text, TITLES[locale]);
      assert.deepEqual(after.box, before.box, 'the title does not move when the app takes over');
      assert.equal(await page.evaluate(() => window.layoutShift), 0, 'no layout shift');
      assertNoErrors(page);
    } finally {
      await browser.close();
    }
  });
}
