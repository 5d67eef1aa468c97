// Both languages: the menu's language choice switches every text, including what screen readers hear.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, point, tapPoint, playMove, screenshot, assertNoErrors,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

test('the game switches between Chinese and English', async () => {
  // Pass-and-play keeps the picture the same from run to run (the computer's moves vary).
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp' });
  assert.equal(await page.getByTestId('undo').textContent(), 'Undo');
  await page.getByTestId('menu-button').tap();
  // The menu offers both languages, the current one selected.
  assert.equal(await page.getByTestId('language-en').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.title(), 'Duobao Qi Bing · Seven Soldiers');
  await page.getByTestId('language-zh').tap();
  assert.equal(await page.getByTestId('language-zh').getAttribute('aria-pressed'), 'true');
  await page.waitForFunction(() => document.title === '夺宝棋兵 · 七兵');
  await page.getByTestId('resume').tap();
  assert.equal(await page.getByTestId('undo').textContent(), '悔棋');
  assert.equal(await point(page, 'c3').getAttribute('aria-label'), 'c3，宝箱');
  assert.equal(await page.locator('main').getAttribute('lang'), 'zh-Hans');
  await playMove(page, 'b2c2');
  await playMove(page, 'd4d3');
  await tapPoint(page, 'c2');
  await screenshot(page, 'zh-mid-game');
  await page.getByTestId('menu-button').tap();
  await screenshot(page, 'zh-menu');
  assertNoErrors(page);
  await page.close();
});

test('the Chinese game-over dialog', async () => {
  const page = await openApp(browser.context, {
    lang: 'zh', mode: 'pnp', fen: 'BBB/BB.BB/.RT../...R./... r - 0',
  });
  await playMove(page, 'd2d3');
  await page.getByTestId('game-over').waitFor();
  assert.equal(await page.getByTestId('game-over').getByRole('heading').textContent(), '红方胜');
  assert.equal(await page.getByTestId('result-reason').textContent(), '红方夺得宝箱');
  await screenshot(page, 'zh-game-over');
  assertNoErrors(page);
  await page.close();
});

test('every screen changes language, switched from home, settings and rules', async () => {
  const page = await openApp(browser.context, { lang: 'en' });
  const heading = () => page.getByRole('heading', { level: 1 }).textContent();
  const lang = () => page.locator('main').getAttribute('lang');
  assert.equal(await page.getByTestId('open-settings').textContent(), 'Settings');
  await page.getByTestId('language').tap();
  assert.equal(await page.getByTestId('open-settings').textContent(), '设置');
  assert.equal(await page.getByTestId('play-pnp').textContent(), '双人同屏');
  assert.equal(await lang(), 'zh-Hans');

  await page.getByTestId('open-settings').tap();
  assert.equal(await heading(), '设置');
  assert.equal(await page.getByTestId('sound-soft').textContent(), '小声');
  await page.getByTestId('language-en').tap();
  assert.equal(await heading(), 'Settings');
  assert.equal(await page.getByTestId('sound-soft').textContent(), 'Soft');
  assert.equal(await page.getByTestId('back').textContent(), 'Back');
  await page.getByTestId('back').tap();
  assert.equal(await page.getByTestId('open-settings').textContent(), 'Settings');

  await page.getByTestId('open-rules').tap();
  assert.equal(await heading(), 'How to play');
  await page.getByTestId('rules').getByTestId('language').tap();
  assert.equal(await heading(), '游戏规则');
  assert.equal(
    await page.getByTestId('diagram-capture').locator('figcaption').textContent(),
    '红方 d2 走到 c2，夹吃 b2 上的黑卒');
  await page.getByTestId('back').tap();

  await page.getByTestId('play-ai').tap();
  assert.equal(await page.getByTestId('start').textContent(), '开始');
  await page.getByTestId('side-red').tap();
  await page.getByTestId('start').tap();
  assert.equal(await page.getByTestId('menu-button').textContent(), '菜单');
  assert.equal(await page.locator('[data-point="b2"]').getAttribute('aria-label'), 'b2，红兵');
  assertNoErrors(page);
  await page.close();
});
