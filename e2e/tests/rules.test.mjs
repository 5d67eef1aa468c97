// The rules: complete in both languages, illustrated with the board, read to the end on a
// small phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, screenshot, assertNoErrors, assertNoCutText, assertNoSidewaysOverflow,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser({ viewport: { width: 360, height: 640 } }); });
after(async () => { await browser.close(); });

const LANGUAGES = [
  {
    lang: 'en', title: 'How to play', quick: 'Quick start', draws: 'Draws (rules added by this app)',
    endings: 'Resigning and agreed draws (rules added by this app)',
    swap: 'The swap rule (an optional rule added by this app)',
    firstMoves: 'b2a3 and d2e3 within 30',
  },
  {
    lang: 'zh', title: '游戏规则', quick: '快速上手', draws: '和棋（本应用补充的规则）', endings: '认输与议和（本应用补充的规则）',
    swap: '交换规则（本应用补充的可选规则）',
    firstMoves: 'b2a3、d2e3 在 30 步内',
  },
];

for (const { lang, title, quick, draws, endings, swap, firstMoves } of LANGUAGES) {
  test(`the rules in ${lang}, read from the quick start to the end`, async () => {
    const page = await openApp(browser.context, { lang });
    await page.getByTestId('open-rules').tap();
    const rules = page.getByTestId('rules');
    await rules.waitFor();
    assert.equal(await rules.getByRole('heading', { level: 1 }).textContent(), title);
    const headings = await rules.getByRole('heading', { level: 2 }).allTextContents();
    assert.equal(headings[0], quick, 'the quick start comes first');
    assert.ok(headings.includes(draws), 'the added draw rules are marked as such');
    assert.ok(headings.includes(endings), 'so are resigning and agreed draws');
    assert.ok(headings.includes(swap), 'and the optional swap rule');
    // Every first move's exact value, in the note on the swap rule.
    assert.ok((await rules.textContent()).includes(firstMoves), 'the first moves are solved');
    assert.equal(headings.length, 11);
    assert.equal(await page.getByTestId('quick-start').locator('li').count(), 4);

    // The five diagrams, with what each one shows.
    for (const name of ['start', 'lock', 'capture', 'blocked', 'self-delivery']) {
      const diagram = page.getByTestId(`diagram-${name}`);
      assert.ok((await diagram.locator('figcaption').textContent()).length > 3, `${name} has a caption`);
      assert.ok((await diagram.locator('svg').getAttribute('aria-label')).length > 10);
    }
    assert.equal(await page.getByTestId('diagram-start').locator('[data-token]').count(), 15);
    assert.equal(await page.getByTestId('diagram-capture').getByTestId('captured-b2').count(), 1);
    assert.equal(await page.getByTestId('diagram-blocked').locator('.capture-cross').count(), 0);
    assert.equal(await page.getByTestId('diagram-lock').getByTestId('treasure-lock').count(), 1);
    assert.equal(await page.getByTestId('diagram-self-delivery').getByTestId('captured-c3').count(), 1);

    await assertNoCutText(page, `the ${lang} rules`);
    await assertNoSidewaysOverflow(page, `the ${lang} rules`);
    await screenshot(page, `rules-${lang}-360`, { fullPage: true });

    // Scroll as a finger would until the end of the page, then go back home from there.
    const done = page.getByTestId('rules-done');
    for (let i = 0; i < 40 && !(await done.isVisible() && await inView(page, done)); i += 1) {
      await page.mouse.wheel(0, 500);
      await page.waitForTimeout(50);
    }
    assert.ok(await inView(page, done), 'the end of the rules is reachable');
    const atEnd = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
    assert.ok(atEnd, 'scrolled to the end');
    await screenshot(page, `rules-${lang}-end-360`);
    await done.tap();
    await page.getByTestId('home').waitFor();
    assertNoErrors(page);
    await page.close();
  });
}

async function inView(page, locator) {
  const box = await locator.boundingBox();
  const height = await page.evaluate(() => window.innerHeight);
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

test('the rules open from the game and close back to it', async () => {
  const page = await openApp(browser.context, { lang: 'en', mode: 'pnp' });
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-rules').tap();
  await page.getByTestId('rules').waitFor();
  assert.equal(await page.getByTestId('board').isVisible(), false, 'the rules cover the game');
  await page.getByTestId('rules').getByTestId('language').tap();
  assert.equal(await page.getByTestId('rules').getByRole('heading', { level: 1 }).textContent(), '游戏规则');
  await page.getByTestId('back').tap();
  await page.getByTestId('resume').tap();
  assert.equal(await page.getByTestId('undo').textContent(), '悔棋');
  assertNoErrors(page);
  await page.close();
});
