// The words a player reads and hears: Chinese screens without English, the result told from the
// player's side, and what a screen reader is told when the computer moves or the game ends.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, playMove, plies, waitForPlies, screenshot, assertNoErrors,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

// Black (the computer when the player takes Red) to move: d4d3 sandwiches the treasure on c3.
const COMPUTER_WINS = '.../.B.B./.BT../RR.RR/RRR b - 0';
// Red to move: d2d3 sandwiches the treasure on c3.
const PLAYER_WINS = 'BBB/BB.BB/.RT../...R./... r - 0';

/**
 * The Latin words on screen that are not board notation. Allowed: points and moves (`c3`,
 * `d2c2x`), files (`a`–`e`), the capture mark `x`, numbers, and "English" on the button that
 * switches to English (a language is always named in itself, as every phone does). The app's
 * title is Chinese in Chinese (its English name shows only in English).
 */
async function latinWords(page) {
  const seen = await page.evaluate(() => document.body.innerText);
  const notation = /^(?:\d+|[a-e]|x|(?:[a-e][1-5])+x?)$/;
  return seen.split(/[^A-Za-z0-9]+/)
    .filter((word) => /[A-Za-z]/.test(word) && !notation.test(word) && word !== 'English');
}

async function assertChineseOnly(page, where) {
  assert.deepEqual(await latinWords(page), [], `Latin words on ${where}`);
}

/** Opens a page from home with `testid`, checks it, and goes back home. */
async function visitFromHome(page, testid, screen, where) {
  await page.getByTestId(testid).tap();
  await page.getByTestId(screen).waitFor();
  await assertChineseOnly(page, where);
  await page.getByTestId('back').tap();
  await page.getByTestId('home').waitFor();
}

const announcer = (page) => page.getByTestId('announcer');

/** Waits until the live region says something and returns it. */
async function announced(page) {
  await page.waitForFunction(
    () => document.querySelector('[data-testid="announcer"]').textContent.length > 0,
  );
  return announcer(page).textContent();
}

/** A game against the computer (the player has Red) that the computer wins on its first move. */
async function lostGame(lang) {
  const page = await openApp(browser.context, {
    lang, mode: 'ai', side: 'red', level: 'hard', turn: 'off', fen: COMPUTER_WINS,
  });
  await page.getByTestId('game-over').waitFor({ timeout: 30_000 });
  return page;
}

test('Chinese screens show no English: home, pages, a game against the computer, its menu', async () => {
  const page = await openApp(browser.context, { lang: 'zh' });
  await page.getByTestId('home').waitFor();
  await assertChineseOnly(page, 'home');
  await visitFromHome(page, 'open-rules', 'rules', 'the rules');
  await visitFromHome(page, 'open-settings', 'settings', 'the settings');
  await visitFromHome(page, 'open-learn', 'learn', 'the lessons');
  await visitFromHome(page, 'open-puzzles', 'puzzles-screen', 'the puzzles');
  await visitFromHome(page, 'open-statistics', 'statistics', 'the statistics');

  await page.getByTestId('play-ai').tap();
  await page.getByTestId('vs-ai-setup').waitFor();
  await assertChineseOnly(page, 'the new game sheet');
  await page.getByTestId('side-red').tap();
  await page.getByTestId('start').tap();
  await playMove(page, 'b2c2');
  await waitForPlies(page, 2, 30_000);
  await assertChineseOnly(page, 'the game against the computer');
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu').waitFor();
  await assertChineseOnly(page, 'the game menu');
  await page.getByTestId('resume').tap();
  assertNoErrors(page);
  await page.close();
});

test('Chinese pass-and-play: a timed-out turn reads 超时, and the review is Chinese too', async () => {
  const page = await openApp(browser.context, { lang: 'zh', mode: 'pnp', turn: 2 });
  await waitForPlies(page, 1, 5_000);
  assert.deepEqual(await plies(page), ['超时']);
  await assertChineseOnly(page, 'the pass-and-play game');
  await page.getByTestId('ply').first().tap();
  await page.getByTestId('review-screen').waitFor();
  await assertChineseOnly(page, 'the review');
  await page.getByTestId('back').tap();
  assertNoErrors(page);
  await page.close();
});

test('a game lost to the computer says so from the player\'s side, in both languages', async () => {
  const told = {
    zh: ['电脑赢了', '电脑夺得了宝箱'],
    en: ['The computer wins', 'The computer captured the treasure'],
  };
  for (const lang of ['zh', 'en']) {
    const page = await lostGame(lang);
    const dialog = page.getByTestId('game-over');
    assert.deepEqual(
      [await dialog.getByRole('heading').textContent(), await page.getByTestId('result-reason').textContent()],
      told[lang]);
    if (lang === 'zh') await assertChineseOnly(page, 'the result dialog');
    await screenshot(page, `result-loss-${lang}`);
    assertNoErrors(page);
    await page.close();
  }
});

test('the live region tells the computer\'s move and the end of the game', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'ai', side: 'red', level: 'easy', turn: 'off' });
  assert.equal(await announcer(page).getAttribute('aria-live'), 'polite');
  const box = await announcer(page).boundingBox();
  assert.ok(box.width <= 1 && box.height <= 1, 'the live region is not seen');
  assert.equal(await announcer(page).textContent(), '', 'silent before any move');
  await playMove(page, 'b2c2');
  assert.equal(await announcer(page).textContent(), '', 'the player\'s own move is not repeated');
  await waitForPlies(page, 2, 30_000);
  const reply = (await plies(page))[1];
  const [, move, captured] = reply.match(/^([a-e][1-5][a-e][1-5])(?:x\((.*)\))?$/);
  const expected = captured
    ? `Computer played ${move}, capturing ${captured.split(',').join(', ')}`
    : `Computer played ${move}`;
  assert.equal(await announced(page), expected);
  assertNoErrors(page);
  await page.close();

  const lost = await lostGame('zh');
  // The computer may take the treasure by a sandwich or by moving it between its own soldiers.
  assert.match(await announced(lost), /^电脑走 ([a-e][1-5]){2}，吃掉 c[34]。电脑赢了。电脑夺得了宝箱$/);
  assertNoErrors(lost);
  await lost.close();

  const won = await openApp(browser.context, {
    lang: 'en', mode: 'ai', side: 'red', level: 'easy', turn: 'off', fen: PLAYER_WINS,
  });
  await playMove(won, 'd2d3');
  assert.equal(await announced(won), 'You win. You captured the treasure');
  assertNoErrors(won);
  await won.close();
});

test('the move list on a phone: compact, the newest move marked and in view', async () => {
  const page = await openApp(browser.context, { lang: 'zh', mode: 'pnp', turn: 'off' });
  const moves = ['b2b3', 'd4d3', 'd2c2', 'b4c4', 'a2a3', 'e4e3', 'e2d2', 'a4b4'];
  for (const move of moves) await playMove(page, move);
  const newest = page.locator('[data-testid="ply"][aria-current="step"]');
  assert.match(await newest.textContent(), /^a4b4/);
  const list = await page.getByTestId('move-list').boundingBox();
  const shown = await newest.boundingBox();
  assert.ok(shown.y + shown.height <= list.y + list.height + 1, 'the newest move is in view');
  // Eight plies take two lines of the panel, not eight.
  const lines = await page.locator('.game-moves li').evaluateAll(
    (rows) => new Set(rows.map((row) => Math.round(row.getBoundingClientRect().top))).size);
  assert.ok(lines <= 2, `eight plies on ${lines} lines`);
  await screenshot(page, 'move-list-phone');
  await page.locator('[data-testid="ply"]').nth(2).tap();
  await page.getByTestId('review-screen').waitFor();
  assert.equal(await page.getByTestId('review-board').getAttribute('data-at'), '3');
  assertNoErrors(page);
  await page.close();
});
