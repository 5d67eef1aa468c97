// The look, in a phone-sized touch Chromium: a fresh profile follows the system's light or dark
// appearance, also when it changes; a theme, a board and a piece set chosen by taps in Settings
// show at once (in the settings' preview and on every screen) and after a reload; and each of
// them is pictured on home, the game and the review.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SITE, serve } from '../lib/site.mjs';

let site;
let phone;
before(async () => {
  if (!process.env.BASE_URL) {
    site = await serve(SITE);
    process.env.BASE_URL = site.url;
  }
  phone = await import('../lib/phone.mjs');
});
after(async () => { await site?.stop(); });

/** Red to move, and c2d2 takes the treasure home at once. */
const WIN_IN_ONE = 'B.B/..BBB/BRR.R/RBT../RRR r - 12';

/** The relative luminance (WCAG) of an element's computed background colour. */
async function backgroundLuminance(page, selector = 'body') {
  return page.evaluate((selector) => {
    const colour = getComputedStyle(document.querySelector(selector)).backgroundColor;
    const [r, g, b] = colour.match(/[\d.]+/g).slice(0, 3).map(Number).map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }, selector);
}

/** The look the page shows: the root's attributes and the browser's theme colour. */
async function shownLook(page) {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    board: document.documentElement.dataset.board,
    pieces: document.documentElement.dataset.pieces,
    bar: document.querySelector('meta[name="theme-color"]').content,
  }));
}

const LIGHT_BAR = '#f3eadb';
const DARK_BAR = '#2a1c11';

async function assertScheme(page, scheme, where) {
  await page.waitForFunction((scheme) => document.documentElement.dataset.theme === scheme, scheme);
  const luminance = await backgroundLuminance(page);
  const look = await shownLook(page);
  if (scheme === 'light') {
    assert.ok(luminance > 0.7, `${where}: a light page (luminance ${luminance.toFixed(2)})`);
    assert.equal(look.bar, LIGHT_BAR, `${where}: the browser's bar is light`);
  } else {
    assert.ok(luminance < 0.05, `${where}: a dark page (luminance ${luminance.toFixed(2)})`);
    assert.equal(look.bar, DARK_BAR, `${where}: the browser's bar is dark`);
  }
}

for (const [locale, lang] of [['zh-CN', 'zh'], ['en-US', 'en']]) {
  test(`${lang}: a fresh profile follows the system's appearance, and switches with it`, async () => {
    for (const system of ['light', 'dark']) {
      const browser = await phone.openBrowser({ locale, colorScheme: system });
      const page = await phone.openApp(browser.context);
      await page.getByTestId('home').waitFor();
      await assertScheme(page, system, `a fresh ${system} profile`);
      const other = system === 'light' ? 'dark' : 'light';
      await page.emulateMedia({ colorScheme: other });
      await assertScheme(page, other, `the system turned ${other}`);
      await page.emulateMedia({ colorScheme: system });
      await assertScheme(page, system, `the system turned ${system} again`);
      phone.assertNoErrors(page);
      await browser.close();
    }
  });

  test(`${lang}: a theme chosen in Settings beats the system's, shows at once and stays after a reload`, async () => {
    const browser = await phone.openBrowser({ locale, colorScheme: 'dark' });
    const page = await phone.openApp(browser.context);
    await page.getByTestId('open-settings').tap();
    await page.getByTestId('settings').waitFor();
    await phone.assertAttribute(page.getByTestId('theme-system'), 'aria-pressed', 'true');
    await page.getByTestId('theme-light').tap();
    await assertScheme(page, 'light', 'Light chosen on a dark system');
    await page.getByTestId('board-contrast').tap();
    await page.getByTestId('pieces-flat').tap();
    assert.deepEqual(
      await shownLook(page),
      { theme: 'light', board: 'contrast', pieces: 'flat', bar: LIGHT_BAR },
    );
    // The preview shows the board chosen: white wood, and Black's soldiers square.
    const preview = page.getByTestId('look-preview');
    assert.equal(
      await page.evaluate(() => getComputedStyle(document.querySelector('.paints .wood-top')).stopColor),
      'rgb(255, 255, 255)',
    );
    assert.ok(await preview.locator('.token.black .square').first().isVisible(), 'square black soldiers');
    assert.ok(!(await preview.locator('.token.black .face').first().isVisible()), 'no round black soldiers');
    await phone.screenshot(page, `settings-look-${lang}`);
    await phone.assertNoCutText(page, 'settings');

    await page.reload();
    await page.getByTestId('home').waitFor();
    await assertScheme(page, 'light', 'after a reload');
    assert.deepEqual(
      await shownLook(page),
      { theme: 'light', board: 'contrast', pieces: 'flat', bar: LIGHT_BAR },
    );
    // A system change no longer moves a chosen theme; System follows it again.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('open-settings').tap();
    await page.getByTestId('theme-dark').tap();
    await assertScheme(page, 'dark', 'Dark chosen on a light system');
    await page.getByTestId('theme-system').tap();
    await assertScheme(page, 'light', 'System again, on a light system');
    await page.emulateMedia({ colorScheme: 'dark' });
    await assertScheme(page, 'dark', 'System, the system turned dark');
    phone.assertNoErrors(page);
    await browser.close();
  });
}

/** Chooses a look by taps in Settings, from home, and comes back home. */
async function chooseLook(page, { theme, board, pieces }) {
  await page.getByTestId('open-settings').tap();
  await page.getByTestId('settings').waitFor();
  for (const testid of [`theme-${theme}`, `board-${board}`, `pieces-${pieces}`]) {
    await page.getByTestId(testid).tap();
    await phone.assertAttribute(page.getByTestId(testid), 'aria-pressed', 'true');
  }
  await page.getByTestId('back').first().tap();
  await page.getByTestId('home').waitFor();
}

// Every theme, board and piece set at least once, each theme with more than one board.
const LOOKS = [
  { theme: 'dark', board: 'wood', pieces: 'engraved' },
  { theme: 'light', board: 'wood', pieces: 'engraved' },
  { theme: 'dark', board: 'light', pieces: 'flat' },
  { theme: 'light', board: 'contrast', pieces: 'flat' },
  { theme: 'dark', board: 'contrast', pieces: 'engraved' },
  { theme: 'light', board: 'light', pieces: 'flat' },
];

test('each theme, board and piece set on home, the game and the review', async () => {
  for (const [index, look] of LOOKS.entries()) {
    const lang = index % 2 ? 'en' : 'zh';
    const browser = await phone.openBrowser({ locale: lang === 'en' ? 'en-US' : 'zh-CN' });
    const page = await phone.openApp(browser.context);
    await page.getByTestId('home').waitFor();
    await chooseLook(page, look);
    const name = `look-${look.theme}-${look.board}-${look.pieces}`;
    assert.deepEqual(
      { ...(await shownLook(page)), bar: undefined },
      { ...look, bar: undefined },
    );
    await phone.screenshot(page, `${name}-home`);

    const query = new URLSearchParams({ mode: 'pnp', fen: WIN_IN_ONE }).toString();
    await page.goto(`${process.env.BASE_URL}?${query}`);
    await phone.answerLinkChoice(page);
    await phone.tapPoint(page, 'c2');
    await phone.assertAttribute(phone.point(page, 'c2'), 'data-selected', 'true');
    await phone.screenshot(page, `${name}-game`);
    await phone.tapPoint(page, 'd2');
    await page.getByTestId('game-over').waitFor();
    await page.getByTestId('review').tap();
    await page.getByTestId('review-board').waitFor();
    await page.getByTestId('review-progress').waitFor({ state: 'detached', timeout: 60_000 });
    await phone.screenshot(page, `${name}-review`);
    assert.equal((await shownLook(page)).theme, look.theme, 'the look holds on every screen');
    phone.assertNoErrors(page);
    await browser.close();
  }
});
