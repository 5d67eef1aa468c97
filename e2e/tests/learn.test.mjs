// Learn: the lessons of a guided first game, each one move on the real board. A wrong move is
// explained and can be retried; progress is saved; once every lesson is done, the home screen
// stops offering them up front.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, tapPoint, point, pieceAt, assertAttribute, screenshot, assertNoErrors,
  assertNoCutText, assertNoSidewaysOverflow,
} from '../lib/phone.mjs';

/** The lessons in order, each with a move that passes it. */
const LESSONS = [
  ['move', 'b2c3'], ['lock', 'c3c4'], ['capture', 'd2c2'], ['blocked', 'd3d4'],
  ['treasure', 'd2d3'], ['deliver', 'c4c3'], ['blockade', 'b3b4'],
];

/** Makes the lesson's one move with two taps and waits for the verdict. */
async function lessonMove(page, move) {
  await tapPoint(page, move.slice(0, 2));
  await assertAttribute(point(page, move.slice(0, 2)), 'data-selected', 'true');
  await tapPoint(page, move.slice(2, 4));
  const feedback = page.getByTestId('lesson-feedback');
  await feedback.waitFor();
  return feedback.getAttribute('data-verdict');
}

test('a wrong move is explained and retried, then the lesson is done and stays done (中文)', async () => {
  const browser = await openBrowser({ locale: 'zh-CN' });
  const page = await openApp(browser.context);
  await page.getByTestId('home').waitFor();
  assert.equal(await page.getByTestId('open-learn').textContent(), '入门教程');
  await page.getByTestId('open-learn').tap();
  await page.getByTestId('learn').waitFor();
  await page.getByTestId('lesson-capture').tap();
  assert.match(await page.getByTestId('instruction').textContent(), /夹在你的两个兵中间/);

  assert.equal(await lessonMove(page, 'd2d3'), 'missed');
  assert.match(await page.getByTestId('lesson-feedback').textContent(), /^还不对。 没有吃到子/);
  await page.getByTestId('badge').waitFor();
  assert.match(await page.getByTestId('badge').getAttribute('class'), /missed/);
  assert.equal(await page.getByTestId('badge').getAttribute('data-at'), 'd3', 'where the move went');
  // The board takes one move per try.
  await tapPoint(page, 'b5');
  assert.equal(await point(page, 'b5').getAttribute('data-selected'), 'false');
  await screenshot(page, 'lesson-missed');

  await page.getByTestId('try-again').tap();
  await page.getByTestId('lesson-feedback').waitFor({ state: 'detached' });
  assert.equal(await pieceAt(page, 'd2'), 'red');
  assert.equal(await lessonMove(page, 'd2c2'), 'passed');
  assert.equal(await pieceAt(page, 'b2'), 'empty', 'the sandwiched soldier is gone');
  assert.match(await page.getByTestId('badge').getAttribute('class'), /passed/);
  assert.match(await page.getByTestId('lesson-feedback').textContent(), /^对了！/);
  await screenshot(page, 'lesson');
  await assertNoCutText(page, 'a lesson');
  await assertNoSidewaysOverflow(page, 'a lesson');

  await page.getByTestId('back').tap();
  await assertAttribute(page.getByTestId('lesson-capture'), 'data-done', 'true');
  await page.reload();
  await page.getByTestId('open-learn').tap();
  await assertAttribute(page.getByTestId('lesson-capture'), 'data-done', 'true');
  assert.equal(await page.getByTestId('lesson-move').getAttribute('data-done'), 'false');
  assertNoErrors(page);
  await browser.close();
});

test('a blocked capture names the fourth piece (English)', async () => {
  const browser = await openBrowser({ locale: 'en-US' });
  const page = await openApp(browser.context);
  await page.getByTestId('open-learn').tap();
  await page.getByTestId('lesson-blocked').tap();
  assert.equal(await lessonMove(page, 'd2c2'), 'missed');
  assert.equal(await page.getByTestId('lesson-feedback').textContent(),
    'Not quite. No capture: the piece on e2 stands on that line too, so it holds four pieces.');
  assert.equal(await pieceAt(page, 'b2'), 'black');
  assertNoErrors(page);
  await browser.close();
});

test('all seven lessons in a row; then Learn moves out of the way on the home screen', async () => {
  const browser = await openBrowser({ locale: 'en-US' });
  const page = await openApp(browser.context);
  await page.getByTestId('open-learn').tap();
  await page.getByTestId(`lesson-${LESSONS[0][0]}`).tap();
  for (const [index, [id, move]] of LESSONS.entries()) {
    await assertAttribute(page.locator('.lesson'), 'data-lesson', id);
    assert.equal(await lessonMove(page, move), 'passed', id);
    if (index + 1 < LESSONS.length) await page.getByTestId('next-lesson').tap();
  }
  await page.getByTestId('all-lessons').tap();
  await page.getByTestId('lessons-complete').waitFor();
  await page.getByTestId('back').tap();
  await page.getByTestId('home').waitFor();
  assert.equal(await page.locator('.home-actions > [data-testid="open-learn"]').count(), 0);
  assert.equal(await page.locator('.home-more [data-testid="open-learn"]').count(), 1);
  await page.getByTestId('open-statistics').tap();
  assert.equal(await page.getByTestId('stats-lessons').textContent(), '7 / 7');
  assertNoErrors(page);
  await browser.close();
});
