// Puzzles: one solved, one failed with its refutation and then retried; progress kept after a
// reload; in English and in Chinese.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, tapPoint, point, screenshot, assertNoErrors, assertAttribute,
  assertNoSidewaysOverflow,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

/** Taps a move on the puzzle's board. */
async function tapMove(page, move) {
  await tapPoint(page, move.slice(0, 2));
  await assertAttribute(point(page, move.slice(0, 2)), 'data-selected', 'true');
  await tapPoint(page, move.slice(2, 4));
}

test('a puzzle solved, one failed with its refutation, retried, and the progress kept', async () => {
  const page = await openApp(browser.context, { lang: 'en' });
  await page.getByTestId('open-puzzles').tap();
  const board = page.getByTestId('puzzle-board');
  await board.waitFor();
  assert.equal(await page.getByTestId('puzzle-goal').textContent(), 'Win in 1 move');
  assert.equal(await page.getByTestId('puzzle-number').textContent(), 'Puzzle 1 of 60');

  // The first: c2d2 wins the treasure at once.
  await tapMove(page, 'c2d2');
  await assertAttribute(board, 'data-status', 'solved');
  assert.equal(await page.getByTestId('puzzle-message').textContent(), 'Solved!');
  assert.match(await page.getByTestId('puzzle-solved-count').textContent(), /1 solved · Streak 1/);

  // The second: a3a4 misses the win; the refutation shows, then a retry finds e2d2.
  await page.getByTestId('puzzle-next').tap();
  await assertAttribute(board, 'data-status', 'solving');
  await tapMove(page, 'a3a4');
  await assertAttribute(board, 'data-status', 'failed');
  assert.match(await page.getByTestId('refutation').textContent(), /^Black (answers|wins by force)/);
  assert.match(await page.getByTestId('puzzle-solved-count').textContent(), /Streak 0/);
  await assertNoSidewaysOverflow(page, 'the puzzles');
  await screenshot(page, 'puzzle', { fullPage: true });
  await page.getByTestId('puzzle-retry').tap();
  await assertAttribute(board, 'data-status', 'solving');
  assert.equal(await point(page, 'a3').getAttribute('data-piece'), 'red');
  await tapMove(page, 'e2d2');
  await assertAttribute(board, 'data-status', 'solved');

  // Kept after a reload: two solved, and the third comes next.
  await page.reload();
  await page.getByTestId('open-puzzles').tap();
  await board.waitFor();
  assert.match(await page.getByTestId('puzzle-solved-count').textContent(), /2 solved/);
  assert.equal(await page.getByTestId('puzzle-number').textContent(), 'Puzzle 3 of 60');
  assertNoErrors(page);
  await page.close();
});

test('习题用中文显示：几步取胜，解开后提示', async () => {
  const page = await openApp(browser.context, { lang: 'zh' });
  await page.getByTestId('open-puzzles').tap();
  await page.getByTestId('puzzle-board').waitFor();
  assert.match(await page.getByTestId('puzzle-goal').textContent(), /^\d 步取胜$/);
  assert.match(await page.getByTestId('puzzle-message').textContent(), /^轮到你走：(红方|黑方)$/);
  assertNoErrors(page);
  await page.close();
});

test('puzzles chosen by length: the solved ones marked, any replayed, Next stays in the length', async () => {
  const { context, close } = await openBrowser();
  try {
    const page = await openApp(context, { lang: 'en' });
    await page.getByTestId('open-puzzles').tap();
    const board = page.getByTestId('puzzle-board');
    await board.waitFor();
    assert.match(await page.locator('.puzzle-rule').textContent(), /^Streak: puzzles solved in a row without a wrong move/);
    // Solve the first (win in 1), then look at the wins in 3.
    await tapMove(page, 'c2d2');
    await assertAttribute(board, 'data-status', 'solved');
    await assertAttribute(page.getByTestId('puzzle-pick-1'), 'data-solved', 'true');
    await page.getByTestId('puzzle-length-3').tap();
    assert.equal(await page.getByTestId('puzzle-goal').textContent(), 'Win in 3 moves');
    const picks = await page.locator('[data-testid^="puzzle-pick-"]').evaluateAll((all) => all.map((b) => Number(b.dataset.testid.slice(12))));
    assert.ok(picks.length >= 5, `${picks.length} wins in 3`);
    assert.equal(await page.getByTestId('puzzle-number').textContent(), `Puzzle ${picks[0]} of 60`);
    for (const _ of picks) {
      await page.getByTestId('puzzle-next').tap();
      assert.equal(await page.getByTestId('puzzle-goal').textContent(), 'Win in 3 moves', 'Next stays among the wins in 3');
    }
    await screenshot(page, 'puzzles-by-length', { fullPage: true });
    // Back to all, and the solved first one replayed.
    await page.getByTestId('puzzle-length-all').tap();
    await page.getByTestId('puzzle-pick-1').tap();
    assert.equal(await page.getByTestId('puzzle-number').textContent(), 'Puzzle 1 of 60');
    await assertAttribute(board, 'data-status', 'solving');
    await tapMove(page, 'c2d2');
    await assertAttribute(board, 'data-status', 'solved');
    assertNoErrors(page);
  } finally {
    await close();
  }
});
