// What taps on the board do: select, show destinations, deselect, slide, and nothing at all.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, tapPoint, point, playMove, plyCount, assertAttribute, pieceAt,
  assertNoErrors,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

const selected = (page) =>
  page.locator('[data-point][data-selected="true"]').evaluateAll((els) => els.map((e) => e.dataset.point));
const targets = (page) =>
  page.locator('[data-point][data-target="true"]').evaluateAll((els) => els.map((e) => e.dataset.point));

test('the board is drawn from the rules: 16 lines, 21 points, pieces told apart by character', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp' });
  assert.equal(await page.locator('.board line.ink').count(), 16);
  assert.equal(await page.locator('.board circle.dot').count(), 21);
  assert.equal(await page.locator('[data-point]').count(), 21);
  const glyphs = async (piece) => page.locator(`.token[data-piece="${piece}"] .glyph`).allTextContents();
  assert.deepEqual(new Set(await glyphs('red')), new Set(['兵']));
  assert.deepEqual(new Set(await glyphs('black')), new Set(['卒']));
  assert.deepEqual(await glyphs('treasure'), ['宝']);
  assert.equal((await glyphs('red')).length, 7);
  assert.equal((await glyphs('black')).length, 7);
  assertNoErrors(page);
  await page.close();
});

test('tapping the selected piece, an empty point or outside the board deselects', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp' });
  await tapPoint(page, 'b2');
  await assertAttribute(point(page, 'b2'), 'data-selected', 'true');
  assert.deepEqual(await targets(page), ['c2', 'a3', 'b3']);
  await tapPoint(page, 'b2');
  await assertAttribute(point(page, 'b2'), 'data-selected', 'false');
  assert.deepEqual(await targets(page), []);

  await tapPoint(page, 'd2');
  await assertAttribute(point(page, 'd2'), 'data-selected', 'true');
  await tapPoint(page, 'a3');
  await assertAttribute(point(page, 'd2'), 'data-selected', 'false');

  await tapPoint(page, 'd2');
  await assertAttribute(point(page, 'd2'), 'data-selected', 'true');
  await page.getByTestId('move-list').tap();
  await assertAttribute(point(page, 'd2'), 'data-selected', 'false');
  assertNoErrors(page);
  await page.close();
});

test('taps that do nothing are harmless', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp' });
  // Empty points, the other side's soldiers, and a point no selected piece can reach.
  for (const name of ['e3', 'b4', 'c4', 'c5', 'a3']) {
    await tapPoint(page, name);
    assert.deepEqual(await selected(page), [], `after tapping ${name}`);
  }
  assert.equal(await plyCount(page), 0);
  await tapPoint(page, 'b2');
  await tapPoint(page, 'e3');
  assert.equal(await plyCount(page), 0, 'a tap on an unreachable point does not move');
  assert.equal(await pieceAt(page, 'b2'), 'red');
  assertNoErrors(page);
  await page.close();
});

test('a move slides the same token to its destination', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp' });
  const token = page.locator('.token[data-at="b2"]');
  await token.evaluate((el) => { el.dataset.marked = 'yes'; });
  assert.equal(await token.evaluate((el) => getComputedStyle(el).transitionDuration), '0.15s');
  await playMove(page, 'b2c2');
  const moved = page.locator('.token[data-at="c2"]');
  assert.equal(await moved.getAttribute('data-marked'), 'yes', 'the same element moved, so it slides');
  assert.equal(await page.locator('.token[data-at="b2"]').count(), 0);
  assertNoErrors(page);
  await page.close();
});

test('with reduced motion, tokens jump and captures vanish without animation', async () => {
  const page = await openApp(browser.context, {
    lang: 'en', mode: 'pnp', fen: 'BBB/.B.B./..T../.RB../.R. r - 0',
  });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  assert.equal(await page.locator('.token[data-at="c1"]').evaluate((el) => getComputedStyle(el).transitionDuration), '0s');
  await playMove(page, 'c1d2');
  const captured = page.locator('.token.fading[data-at="c2"]');
  assert.equal(await captured.evaluate((el) => getComputedStyle(el).opacity), '0');
  assertNoErrors(page);
  await page.close();
});

test('a keyboard can play too: focus a point and press Enter', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp' });
  await point(page, 'b2').focus();
  await page.keyboard.press('Enter');
  await assertAttribute(point(page, 'b2'), 'data-selected', 'true');
  await point(page, 'b3').focus();
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="ply"]').length === 1);
  assert.equal(await pieceAt(page, 'b3'), 'red');
  assertNoErrors(page);
  await page.close();
});
