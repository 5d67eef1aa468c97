// The review of a finished game: back and forth through it, the blunder marked with its proof,
// the evaluation graph, and a new game from a reviewed position; in English and in Chinese.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, openLongReview, LONG_GAME_PLIES, playMove, plies, screenshot, assertNoErrors,
  assertAttribute, assertNoSidewaysOverflow,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

/** b2c2 loses by force: Black's proof against Red's longest defence, to Black's win. */
const BLUNDERED_GAME = ['b2c2', 'b4b3', 'c3b2', 'b3a3', 'c2c3', 'b2b3', 'b1b2', 'b3b4'];
const ANALYSIS_MS = 120_000;

async function playGame(page, moves) {
  for (const move of moves) await playMove(page, move);
}

test('a finished game is reviewed back and forth, the blunder marked with its proof', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp', turn: 'off' });
  await playGame(page, BLUNDERED_GAME);
  await page.getByTestId('game-over').waitFor();
  await page.getByTestId('review').tap();
  const board = page.getByTestId('review-board');
  await board.waitFor();
  await assertAttribute(board, 'data-at', '8');
  await page.getByTestId('review-graph').waitFor();

  // Back and forth with the buttons.
  await page.getByTestId('review-first').tap();
  await assertAttribute(board, 'data-at', '0');
  assert.equal(await page.locator('[data-point="c3"]').getAttribute('data-piece'), 'treasure');
  await page.getByTestId('review-forward').tap();
  await assertAttribute(board, 'data-at', '1');
  assert.equal(await page.locator('[data-point="c2"]').getAttribute('data-piece'), 'red');
  await page.getByTestId('review-last').tap();
  await assertAttribute(board, 'data-at', '8');
  await page.getByTestId('review-back').tap();
  await assertAttribute(board, 'data-at', '7');

  // The blunder, once analysed, is marked and explained.
  const first = page.getByTestId('review-ply-1');
  await page.locator('[data-testid="review-ply-1"][data-verdict="blunder"]').waitFor({ timeout: ANALYSIS_MS });
  assert.match(await first.textContent(), /b2c2\s*\?\?/);
  await first.tap();
  await assertAttribute(board, 'data-at', '1');
  assert.match(await page.getByTestId('current-verdict').textContent(), /\?\? Blunder/);
  // The board marks the blunder on the point it went to.
  const badge = board.getByTestId('badge');
  await assertAttribute(badge, 'data-at', 'c2');
  assert.match(await badge.getAttribute('class'), /blunder/);
  assert.equal(await badge.textContent(), '??');
  assert.equal(
    await page.getByTestId('proof').textContent(),
    'Black now wins by force in 4 moves: b4b3 c3b2 b3a3 c2c3 b2b3 b1b2 b3b4',
  );
  // The graph jumps too, and the arrow keys step.
  await page.getByTestId('graph-5').tap();
  await assertAttribute(board, 'data-at', '5');
  await page.keyboard.press('ArrowLeft');
  await assertAttribute(board, 'data-at', '4');
  await page.keyboard.press('Home');
  await assertAttribute(board, 'data-at', '0');
  await page.keyboard.press('ArrowRight');
  await assertAttribute(board, 'data-at', '1');

  await page.getByTestId('review-progress').waitFor({ state: 'detached', timeout: ANALYSIS_MS });
  await assertNoSidewaysOverflow(page, 'the review');
  await screenshot(page, 'review', { fullPage: true });

  // Play on from the position after the blunder, with a friend.
  await page.getByTestId('play-from-here').tap();
  await page.getByTestId('play-from-pnp').tap();
  await page.getByTestId('board').waitFor();
  assert.deepEqual(await plies(page), []);
  assert.equal(await page.locator('[data-point="c2"]').getAttribute('data-piece'), 'red');
  assert.equal(await page.getByTestId('bar-black').getAttribute('data-active'), 'true');
  assertNoErrors(page);
  await page.close();
});

test('复盘：从棋谱点进去，败着标出并用中文说明', async () => {
  const page = await openApp(browser.context, { lang: 'zh', mode: 'pnp', turn: 'off' });
  await playGame(page, BLUNDERED_GAME.slice(0, 2));
  await page.getByTestId('ply').first().tap();
  const board = page.getByTestId('review-board');
  await assertAttribute(board, 'data-at', '1');
  await page.locator('[data-testid="review-ply-1"][data-verdict="blunder"]').waitFor({ timeout: ANALYSIS_MS });
  assert.match(await page.getByTestId('current-verdict').textContent(), /\?\? 败着/);
  assert.match(await page.getByTestId('proof').textContent(), /^黑方现在可以强制取胜，4 步之内：b4b3 /);
  // A swipe to the left steps forward.
  const box = await board.boundingBox();
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
  await page.mouse.up();
  await assertAttribute(board, 'data-at', '2');
  // Back to the game, as it was.
  await page.getByTestId('back').tap();
  await page.getByTestId('board').waitFor();
  assert.deepEqual(await plies(page), ['b2c2', 'b4b3']);
  assertNoErrors(page);
  await page.close();
});

test('while the player steps through a review, its analysis waits, and goes on once they stop', async () => {
  const page = await openLongReview(browser.context);
  const progress = page.getByTestId('review-progress');
  const judged = async () => Number(await progress.getAttribute('aria-valuenow'));
  await page.waitForFunction(
    () => Number(document.querySelector('[data-testid="review-progress"]')?.getAttribute('aria-valuenow')) >= 1,
    null, { timeout: ANALYSIS_MS },
  );
  const step = [page.getByTestId('review-forward'), page.getByTestId('review-back')];
  await step[0].tap();
  // The ply the engine was on when the first step came may still be judged; no other is.
  const afterFirstStep = await judged();
  for (let taps = 1; taps < 12; taps += 1) {
    await step[taps % 2].tap();
    await page.waitForTimeout(150);
  }
  const afterSteps = await judged();
  assert.ok(afterSteps - afterFirstStep <= 2,
    `${afterSteps - afterFirstStep} plies judged while the player stepped (from ${afterFirstStep})`);
  await progress.waitFor({ state: 'detached', timeout: ANALYSIS_MS });
  assert.equal(await page.locator('[data-testid^="review-ply-"]:not([data-verdict="pending"])').count(), LONG_GAME_PLIES);
  assertNoErrors(page);
  await page.close();
});
