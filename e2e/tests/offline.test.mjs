// The installable web app, as served by scripts/serve.sh: after one visit it works with the
// network gone, and Chromium's own check finds nothing that stops it from being installed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, playMove, waitForPlies, screenshot, assertNoErrors, startNewFromHome,
} from '../lib/phone.mjs';
import { SITE, openSite, serve, waitForServiceWorker } from '../lib/site.mjs';

let site;
before(async () => { site = await serve(SITE); });
after(async () => { await site.stop(); });

async function openHome(context, query) {
  const page = await openSite(context, `${site.url}${query}`);
  await page.getByTestId('home').waitFor();
  return page;
}

const WORDS = {
  zh: { rules: '游戏规则', puzzle: '第 1 题，共 60 题' },
  en: { rules: 'How to play', puzzle: 'Puzzle 1 of 60' },
};

/** The rules, a puzzle and a game against the computer, by taps, as a player offline would. */
async function playOffline(page, lang) {
  await page.getByTestId('open-rules').tap();
  const rules = page.getByTestId('rules');
  assert.equal(await rules.getByRole('heading', { level: 1 }).textContent(), WORDS[lang].rules);
  await page.getByTestId('back').first().tap();
  await page.getByTestId('open-puzzles').tap();
  await page.getByTestId('puzzle-board').waitFor();
  assert.equal(await page.getByTestId('puzzle-number').textContent(), WORDS[lang].puzzle);
  await page.getByTestId('back').first().tap();

  await startNewFromHome(page, 'play-ai');
  await page.getByTestId('side-red').tap();
  await page.getByTestId('level-easy').tap();
  await page.getByTestId('start').tap();
  await playMove(page, 'b2c2');
  // The computer answers: its search is part of the app the worker keeps.
  await waitForPlies(page, 2, 10_000);
  await screenshot(page, `offline-game-${lang}`);
  await page.goBack();
  await page.getByTestId('home').waitFor();
}

test('after one visit the app works with the network gone, in both languages', async () => {
  const browser = await openBrowser();
  try {
    const page = await openHome(browser.context, '?lang=zh');
    await waitForServiceWorker(page);
    await browser.context.setOffline(true);

    await page.reload();
    await page.getByTestId('home').waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'zh-Hans');
    await screenshot(page, 'offline-home-zh');
    await playOffline(page, 'zh');

    // The player's own language choice, made offline, holds when the app is opened again
    // (without the link's lang=zh, which holds for its visit only).
    await page.getByTestId('language').tap();
    await page.goto(site.url);
    await page.getByTestId('home').waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    await playOffline(page, 'en');

    // A link (with its options) opens offline as well.
    await page.goto(`${site.url}?mode=pnp&lang=en`);
    await page.locator('[data-testid="board"], [data-testid="link-choice"]').first().waitFor();

    // Chromium fetches the manifest, and now and then the icon it names, for itself, past the
    // service worker (which has them: the page's own fetch gets them offline); no page needs
    // them to run.
    const manifest = await page.evaluate(async () => (await fetch('manifest.en.webmanifest')).json());
    assert.equal(manifest.short_name, 'Seven Soldiers');
    const icons = manifest.icons.map((icon) => icon.src);
    const iconsOffline = await page.evaluate(async (srcs) =>
      Promise.all(srcs.map(async (src) => (await fetch(src)).ok)), icons);
    assert.deepEqual(iconsOffline, icons.map(() => true), 'the icons are in the offline copy');
    const browsersOwn = (url) => /\/manifest\.(zh|en)(\.light)?\.webmanifest$/.test(url)
      || icons.some((src) => url.endsWith(src.replace(/^\//, '')));
    const failed = page.failedRequests.filter((url) => !browsersOwn(url));
    assert.deepEqual(failed, [], 'every file came from the offline copy');
    assertNoErrors(page);
  } finally {
    await browser.close();
  }
});

for (const [colorScheme, table, colour] of [
  ['dark', 'rgb(42, 28, 17)', '#2a1c11'],
  ['light', 'rgb(243, 234, 219)', '#f3eadb'],
]) {
  test(`Chromium's installability check finds nothing, and the manifest follows the language and the ${colorScheme} theme`, async () => {
    const browser = await openBrowser({ colorScheme });
    const ending = colorScheme === 'light' ? '\\.light\\.webmanifest$' : '(?<!\\.light)\\.webmanifest$';
    try {
      const page = await openHome(browser.context, '?lang=en');
      await waitForServiceWorker(page);
      const cdp = await browser.context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      console.log(`installability errors: ${JSON.stringify(installabilityErrors)}`);
      assert.deepEqual(installabilityErrors, []);
      const { url, errors, data } = await cdp.send('Page.getAppManifest');
      assert.deepEqual(errors, [], 'the manifest parses without a complaint');
      assert.match(url, new RegExp(`manifest\\.en${ending}`));
      const manifest = JSON.parse(data);
      assert.equal(manifest.short_name, 'Seven Soldiers');
      assert.equal(manifest.display, 'standalone');
      // The colours of the first frame, so that the launch shows no other colour.
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.equal(background, table);
      assert.equal(manifest.background_color, colour);
      assert.equal(manifest.theme_color, colour);

      // Every icon is there, a PNG of the size it claims.
      for (const icon of manifest.icons) {
        const size = await page.evaluate(async (src) => {
          const image = new Image();
          image.src = src;
          await image.decode();
          return `${image.naturalWidth}x${image.naturalHeight}`;
        }, new URL(icon.src, url).href);
        assert.equal(size, icon.sizes, icon.src);
      }
      assert.ok(manifest.icons.some((icon) => icon.purpose === 'maskable'), 'a maskable icon');
      const favicon = await page.evaluate(async () => (await fetch('favicon.ico')).headers.get('content-type'));
      assert.equal(favicon, 'image/x-icon');

      // Switching to Chinese names the app in Chinese.
      await page.getByTestId('language').tap();
      const { url: chinese, data: zhData } = await cdp.send('Page.getAppManifest');
      assert.match(chinese, new RegExp(`manifest\\.zh${ending}`));
      assert.equal(JSON.parse(zhData).short_name, '七兵');
      assert.equal(
        await page.locator('meta[name="apple-mobile-web-app-title"]').getAttribute('content'),
        '七兵',
      );
      assertNoErrors(page);
    } finally {
      await browser.close();
    }
  });
}
