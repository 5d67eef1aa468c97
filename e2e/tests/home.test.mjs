// The home screen: the first launch speaks the browser's language, both kinds of game start
// from it, and a game left mid-way can be continued.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, playMove, plies, screenshot, assertNoErrors, assertNoCutText,
  assertNoSidewaysOverflow,
} from '../lib/phone.mjs';

/** Runs `body` with its own fresh browser (nothing stored), closed even when the test fails. */
async function withBrowser(options, body) {
  const browser = await openBrowser(options);
  try {
    await body(browser);
  } finally {
    await browser.close();
  }
}

const FIRST_LAUNCH = [
  { locale: 'en-US', lang: 'en', play: 'Play vs AI', rules: 'Rules' },
  { locale: 'zh-CN', lang: 'zh-Hans', play: '人机对战', rules: '规则' },
];

for (const { locale, lang, play, rules } of FIRST_LAUNCH) {
  test(`a first launch in a ${locale} browser speaks its language`, async () => withBrowser({ locale }, async (browser) => {
    const page = await openApp(browser.context);
    await page.getByTestId('home').waitFor();
    assert.equal(await page.locator('main').getAttribute('lang'), lang);
    assert.equal(await page.getByTestId('play-ai').textContent(), play);
    assert.equal(await page.getByTestId('open-rules').textContent(), rules);
    assert.equal(await page.getByTestId('continue').count(), 0, 'nothing to continue yet');
    assertNoErrors(page);
  }));
}

test('home starts a game against the computer, with a side and a level', async () => withBrowser({ locale: 'en-US' }, async (browser) => {
  const page = await openApp(browser.context);
  await page.getByTestId('play-ai').tap();
  await page.getByTestId('side-black').tap();
  await page.getByTestId('level-easy').tap();
  await page.getByTestId('start').tap();
  await page.getByTestId('board').waitFor();
  assert.ok((await page.getByTestId('bar-black').getAttribute('class')).includes('bottom'));
  await page.getByTestId('bar-red').getByText('Computer · Easy').waitFor();
  assertNoErrors(page);
}));

test('a pass-and-play game left mid-way is continued from home', async () => withBrowser({ locale: 'en-US' }, async (browser) => {
  const page = await openApp(browser.context);
  await page.getByTestId('play-pnp').tap();
  await playMove(page, 'b2c2');
  await playMove(page, 'd4d3');
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-new-game').tap();
  await page.getByTestId('continue').waitFor();
  // Every way in, Continue and Learn included, fits the phone's screen without scrolling.
  await page.getByTestId('open-learn').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  assert.ok(overflow <= 0, `home with Continue is ${overflow}px taller than the screen`);
  await page.getByTestId('continue').tap();
  await page.getByTestId('board').waitFor();
  assert.deepEqual(await plies(page), ['b2c2', 'd4d3']);
  await playMove(page, 'a2b2');
  assertNoErrors(page);
}));

test('home fits a small phone in both languages', async () => withBrowser({ locale: 'en-US', viewport: { width: 360, height: 640 } }, async (browser) => {
  const page = await openApp(browser.context);
  await page.getByTestId('home').waitFor();
  await assertNoCutText(page, 'home');
  await assertNoSidewaysOverflow(page, 'home');
  await screenshot(page, 'home-en-360');
  await page.getByTestId('language').tap();
  await page.getByTestId('play-ai').getByText('人机对战').waitFor();
  await assertNoCutText(page, 'the Chinese home');
  await assertNoSidewaysOverflow(page, 'the Chinese home');
  await screenshot(page, 'home-zh-360');
  assertNoErrors(page);
}));
