// Your games: a game against the computer and a pass-and-play game finished, and an unfinished
// game replaced by a new one, all kept with the right results across a reload; a review opened
// from the list, analysed once and then shown at once; the filters; deleting one and all; a
// damaged entry set aside with the others kept; in English and in Chinese.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, playMove, screenshot, assertNoErrors, assertAttribute, startNewFromHome,
  assertNoSidewaysOverflow, assertNoCutText, BASE_URL,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

/** Red to move captures the treasure with d2d3. */
const RED_WINS_FEN = 'BBB/BB.BB/.RT../...R./... r - 0';
/** b2c2 loses by force: Black wins by the treasure in 8 plies. */
const BLUNDERED_GAME = ['b2c2', 'b4b3', 'c3b2', 'b3a3', 'c2c3', 'b2b3', 'b1b2', 'b3b4'];
const ANALYSIS_MS = 120_000;

/** Loads the app afresh at its plain address (the first game came from a link). */
async function reload(page) {
  await page.goto(`${BASE_URL}?lang=en`);
}

async function openGames(page) {
  await page.getByTestId('home').waitFor();
  await page.getByTestId('open-games').tap();
  await page.getByTestId('games').waitFor();
}

async function entries(page) {
  return page.getByTestId('game-entry').evaluateAll((all) =>
    all.map((entry) => `${entry.dataset.mode} ${entry.dataset.outcome}`));
}

async function toHomeFromGameOver(page) {
  await page.getByTestId('game-over').waitFor();
  await page.getByTestId('new-game').tap();
  await page.getByTestId('home').waitFor();
}

test('finished and replaced games are kept, reviewed, filtered and deleted', async () => {
  // Won against the computer, from a linked position.
  const page = await openApp(browser.context, { lang: 'en', mode: 'ai', side: 'red', level: 'easy', turn: 'off', fen: RED_WINS_FEN });
  await playMove(page, 'd2d3');
  await toHomeFromGameOver(page);

  // A pass-and-play game left unfinished, then replaced by a new one that Black wins.
  await startNewFromHome(page, 'play-pnp');
  await playMove(page, 'a2a3');
  await playMove(page, 'b4c4');
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-new-game').tap();
  await startNewFromHome(page, 'play-pnp');
  for (const move of BLUNDERED_GAME) await playMove(page, move);
  await toHomeFromGameOver(page);

  await reload(page);
  await openGames(page);
  assert.deepEqual(await entries(page), ['pass-and-play lost', 'pass-and-play unfinished', 'vs-ai won']);
  const newest = page.getByTestId('game-entry').first();
  assert.match(await newest.textContent(), /Friend.*Black wins.*Black captured the treasure.*As Red · 8 moves/);
  assert.match(await page.getByTestId('game-entry').nth(1).textContent(), /Unfinished.*2 moves/);
  assert.match(await page.getByTestId('game-entry').nth(2).textContent(), /Computer · Easy.*You win.*As Red · 1 move$/);
  assert.match(await newest.textContent(), /^\d{4}-\d\d-\d\d \d\d:\d\d/);
  await assertNoSidewaysOverflow(page, 'your games');
  await assertNoCutText(page, 'your games');
  await screenshot(page, 'your-games');

  // The review, analysed the first time...
  await newest.tap();
  const board = page.getByTestId('review-board');
  await assertAttribute(board, 'data-at', String(BLUNDERED_GAME.length));
  await page.getByTestId('review-progress').waitFor({ state: 'detached', timeout: ANALYSIS_MS });
  await page.locator('[data-testid="review-ply-1"][data-verdict="blunder"]').waitFor();
  await page.getByTestId('back').tap();
  await page.getByTestId('games').waitFor();
  // ...and shown at once the second time, after a reload too.
  await reload(page);
  await openGames(page);
  const opened = Date.now();
  await page.getByTestId('game-entry').first().tap();
  await page.locator('[data-testid="review-ply-1"][data-verdict="blunder"]').waitFor({ timeout: 5_000 });
  const verdictsAfter = Date.now() - opened;
  console.log(`# the kept review's verdicts showed ${verdictsAfter} ms after the tap`);
  // At once: 300 ms is the target; three times it is the guard, far below the seconds a new
  // analysis of the game takes.
  assert.ok(verdictsAfter < 3 * 300, `the kept verdicts took ${verdictsAfter} ms`);
  assert.equal(await page.getByTestId('review-progress').count(), 0, 'nothing left to analyse');
  await page.getByTestId('back').tap();

  // The filters.
  await page.getByTestId('filter-mode-vs-ai').tap();
  assert.deepEqual(await entries(page), ['vs-ai won']);
  await page.getByTestId('filter-mode-all').tap();
  await page.getByTestId('filter-outcome-unfinished').tap();
  assert.deepEqual(await entries(page), ['pass-and-play unfinished']);
  await page.getByTestId('filter-outcome-lost').tap();
  assert.deepEqual(await entries(page), ['pass-and-play lost']);
  await page.getByTestId('filter-outcome-all').tap();

  // Share one from the list.
  await page.getByTestId('share-game').first().tap();
  assert.match(await page.getByTestId('share-link').textContent(), new RegExp(`\\?moves=${BLUNDERED_GAME.join('-')}$`));
  assert.match(await page.getByTestId('share-text').textContent(), /\[Result "Black wins · Black captured the treasure"\]/);
  await page.getByTestId('share-close').tap();
  await page.getByTestId('share-sheet').waitFor({ state: 'detached' });

  // Delete one, after a question that can be declined.
  await page.getByTestId('delete-game').nth(1).tap();
  await page.getByTestId('confirm-delete-no').tap();
  assert.equal((await entries(page)).length, 3);
  await page.getByTestId('delete-game').nth(1).tap();
  await page.getByTestId('confirm-delete-yes').tap();
  assert.deepEqual(await entries(page), ['pass-and-play lost', 'vs-ai won']);
  await reload(page);
  await openGames(page);
  assert.deepEqual(await entries(page), ['pass-and-play lost', 'vs-ai won']);

  // A damaged entry is set aside; the others stay.
  const damaged = await page.evaluate(() => {
    const slot = Object.keys(localStorage).find((key) => /^duobao\.v1\.games\.\d+$/.test(key)
      && JSON.parse(localStorage.getItem(key)).game.plies.length === 1);
    localStorage.setItem(slot, '{"number":');
    return slot;
  });
  await reload(page);
  await openGames(page);
  assert.deepEqual(await entries(page), ['pass-and-play lost']);
  assert.equal(await page.evaluate((key) => localStorage.getItem(`${key}.corrupt`), damaged), '{"number":');

  // Delete all.
  await page.getByTestId('clear-games').tap();
  await page.getByTestId('confirm-delete-yes').tap();
  await page.getByTestId('games-empty').waitFor();
  await reload(page);
  await openGames(page);
  await page.getByTestId('games-empty').waitFor();
  assertNoErrors(page);
});

test('我的对局：中文显示结果、对手和步数', async () => {
  const { context, close } = await openBrowser({ locale: 'zh-CN' });
  try {
    const page = await openApp(context, { lang: 'zh', mode: 'ai', side: 'red', level: 'hard', turn: 'off', fen: RED_WINS_FEN });
    await playMove(page, 'd2d3');
    await toHomeFromGameOver(page);
    await startNewFromHome(page, 'play-pnp');
    await playMove(page, 'a2a3');
    await page.getByTestId('menu-button').tap();
    await page.getByTestId('menu-new-game').tap();
    await startNewFromHome(page, 'play-pnp');
    for (const move of BLUNDERED_GAME) await playMove(page, move);
    await toHomeFromGameOver(page);
    await page.goto(`${BASE_URL}?lang=zh`);
    await openGames(page);
    assert.equal(await page.getByTestId('games').locator('h1').textContent(), '我的对局');
    assert.deepEqual(await entries(page), ['pass-and-play lost', 'pass-and-play unfinished', 'vs-ai won']);
    assert.match(await page.getByTestId('game-entry').first().textContent(), /好友.*黑方胜.*黑方夺得宝箱.*执红 · 8 步/);
    assert.match(await page.getByTestId('game-entry').nth(1).textContent(), /好友.*未下完.*执红 · 1 步/);
    assert.match(await page.getByTestId('game-entry').nth(2).textContent(), /电脑 · 困难.*你赢了.*你夺得了宝箱.*执红 · 1 步/);
    await assertNoCutText(page, '我的对局');
    await screenshot(page, 'your-games-zh');
    assertNoErrors(page);
  } finally {
    await close();
  }
});
