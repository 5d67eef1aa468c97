// Sharing a game: the review's Share sheet gives a link and its QR code (decoded here by jsQR)
// and copies the link where the browser has no share sheet; the link opens the same game at the
// same ply in a fresh browser profile; a link with an illegal move is refused with a notice that
// names it, in both languages, and the saved game stays as it was.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import {
  openBrowser, openApp, playMove, screenshot, assertNoErrors, assertAttribute, startNewFromHome,
  BASE_URL,
} from '../lib/phone.mjs';

// Evaluated in the page rather than added as a <script>, which the page's security policy refuses.
const JSQR_SOURCE = readFileSync(createRequire(import.meta.url).resolve('jsqr'), 'utf8');

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const BLUNDERED_GAME = ['b2c2', 'b4b3', 'c3b2', 'b3a3', 'c2c3', 'b2b3', 'b1b2', 'b3b4'];

/** What every point of the board shows, as `c3:treasure …`. */
async function boardPieces(page) {
  return page.locator('[data-testid="board"] [data-point]').evaluateAll((points) =>
    points.map((p) => `${p.dataset.point}:${p.dataset.piece}`).join(' '));
}

/** The QR code on screen, read by jsQR from the pixels of the drawn SVG. */
async function decodeQr(page) {
  await page.evaluate(JSQR_SOURCE);
  return page.evaluate(async () => {
    const svg = document.querySelector('[data-testid="share-qr"] svg');
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const size = 400;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size, size);
    context.drawImage(image, 0, 0, size, size);
    const pixels = context.getImageData(0, 0, size, size);
    return window.jsQR(pixels.data, size, size)?.data ?? null;
  });
}

test('a shared link and its QR code open the same game at the same ply elsewhere', async () => {
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(BASE_URL).origin });
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp', turn: 'off' });
  for (const move of BLUNDERED_GAME) await playMove(page, move);
  await page.getByTestId('game-over').waitFor();
  await page.getByTestId('review').tap();
  const board = page.getByTestId('review-board');
  await assertAttribute(board, 'data-at', '8');
  for (let at = 7; at >= 5; at -= 1) {
    await page.getByTestId('review-back').tap();
    await assertAttribute(board, 'data-at', String(at));
  }
  const pieces = await boardPieces(page);

  await page.getByTestId('share').tap();
  await page.getByTestId('share-sheet').waitFor();
  const link = await page.getByTestId('share-link').textContent();
  assert.equal(link, `${BASE_URL}?moves=${BLUNDERED_GAME.join('-')}&ply=5`);
  assert.equal(await decodeQr(page), link, 'the QR code reads as the link');
  await screenshot(page, 'share-sheet');
  await page.getByTestId('share-send').tap();
  // Headless Chromium has no share sheet: the link is copied.
  await page.getByTestId('share-status').waitFor();
  assert.equal(await page.getByTestId('share-status').textContent(), 'Link copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  // The game as text, copied, and pasted back in through Your games.
  const text = await page.getByTestId('share-text').textContent();
  assert.match(text, /^\[Date "\d{4}-\d\d-\d\d \d\d:\d\d"\]\n\[Red "Red"\]\n\[Black "Black"\]\n\[Result "Black wins · Black captured the treasure"\]\n\n1\. b2c2 b4b3 2\. c3b2 b3a3 3\. c2c3 b2b3 4\. b1b2 b3b4\n$/);
  await page.getByTestId('share-copy-text').tap();
  await assertAttribute(page.getByTestId('share-status'), 'data-testid', 'share-status');
  await page.waitForFunction(() => document.querySelector('[data-testid="share-status"]')?.textContent === 'Moves copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text);
  await page.getByTestId('share-close').tap();
  await page.getByTestId('share-sheet').waitFor({ state: 'detached' });
  await page.goto(`${BASE_URL}?lang=en`);
  await page.getByTestId('open-games').tap();
  await page.getByTestId('import-game').tap();
  await page.getByTestId('import-text').fill('1. b2c2 b4b3 2. c3c5');
  await page.getByTestId('import-open').tap();
  assert.equal(await page.getByTestId('import-error').textContent(), 'Move 3, c3c5, is not legal.');
  await page.getByTestId('import-text').fill(text);
  await page.getByTestId('import-open').tap();
  await assertAttribute(page.getByTestId('review-board'), 'data-at', '8');
  assert.match(await page.getByTestId('review-ply-8').textContent(), /^b3b4x\(b4\)/, 'the last ply, its mark once analysed');
  await page.getByTestId('back').tap();
  await page.getByTestId('games').waitFor();
  assertNoErrors(page);

  const elsewhere = await openBrowser();
  try {
    const friend = await elsewhere.context.newPage();
    await friend.goto(link);
    const shared = friend.getByTestId('review-board');
    await assertAttribute(shared, 'data-at', '5');
    assert.equal(await boardPieces(friend), pieces, 'the same position');
    assert.equal(await friend.getByTestId('review-ply-5').getAttribute('aria-current'), 'step');
    await friend.getByTestId('review-last').tap();
    await assertAttribute(shared, 'data-at', '8');
    await friend.getByTestId('back').tap();
    await friend.getByTestId('home').waitFor();
    assert.equal(await friend.evaluate(() => localStorage.getItem('duobao.v1.game')), null, 'nothing saved');
  } finally {
    await elsewhere.close();
  }
});

test('the game menu shares the game so far', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp', turn: 'off', fen: 'BBB/BB.BB/.RT../...R./... r - 0' });
  await playMove(page, 'd2c2');
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-share').tap();
  const link = await page.getByTestId('share-link').textContent();
  const query = new URL(link).searchParams;
  assert.equal(query.get('fen'), 'BBB/BB.BB/.RT../...R./... r - 0');
  assert.equal(query.get('moves'), 'd2c2');
  assert.equal(query.get('ply'), null, 'the last ply');
  await page.getByTestId('share-close').tap();
  await page.getByTestId('menu').waitFor();
  assertNoErrors(page);
});

for (const [lang, words] of [['en', /move 3, c3c5, is not legal/], ['zh', /第 3 步 c3c5 不合规则/]]) {
  test(`a link with an illegal move says which, and the saved game is kept (${lang})`, async () => {
    const { context, close } = await openBrowser();
    try {
      const page = await openApp(context, { lang });
      await startNewFromHome(page, 'play-pnp');
      await playMove(page, 'a2a3');
      await page.getByTestId('menu-button').tap();
      await page.getByTestId('menu-new-game').tap();
      await page.getByTestId('continue').waitFor();
      const saved = await page.evaluate(() => localStorage.getItem('duobao.v1.game'));
      await page.goto(`${BASE_URL}?lang=${lang}&moves=b2c2-b4b3-c3c5-pass`);
      const notice = page.getByTestId('app-notice');
      await notice.waitFor();
      assert.equal(await notice.getAttribute('data-notice'), 'link-bad-ply');
      assert.match(await notice.textContent(), words);
      await page.getByTestId('continue').waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('duobao.v1.game')), saved);
    } finally {
      await close();
    }
  });
}
