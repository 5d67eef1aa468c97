// The swap rule, by taps, in English and in Chinese: turned on in Settings (and kept after a
// reload), between friends Black is asked after Red's first move, facing Black across the table;
// the swap turns the board to the opener, undo takes it back, and keeping Black answers as usual.
// Against the computer: as Black it takes over c3c2, which is proven to win, and the player goes
// on as Black; as Red it opens with the loss that holds out longest (b2a3 or d2e3), the player swaps, the computer
// answers as Black, and the game counts for the colour the player ended up with.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, newWatchedPage, playMove, plyCount, waitForPlies, setSwitch, point,
  screenshot, assertNoErrors, assertNoCutText, startNewFromHome, BASE_URL,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

/** A browser of its own, so that nothing stored by another test counts. */
async function freshPage() {
  const own = await openBrowser();
  const page = await newWatchedPage(own.context);
  return { own, page };
}

const WORDS = {
  en: {
    blackAsked: 'Black: swap sides?',
    asked: 'Swap sides?',
    choice: /^Red opened with c3c2\. By the swap rule you may take over Red/,
    friendsSwapped: 'Black swapped: the first player now plays Black, and Black is to move',
    computerSwapped: 'The computer swapped and took Red: you play Black, your move',
    youSwapped: 'You swapped and play Red: the computer plays Black',
    you: 'You',
    rulesTitle: 'The swap rule (an optional rule added by this app)',
  },
  zh: {
    blackAsked: '黑方：要交换吗？',
    asked: '要交换吗？',
    choice: /^红方第一步走了 c3c2。按交换规则，你可以接手红方/,
    friendsSwapped: '黑方选择交换：先手一方改执黑方，轮到黑方走棋',
    computerSwapped: '电脑选择交换，接手红方：你改执黑方，轮到你走',
    youSwapped: '你已交换，改执红方：电脑执黑方',
    you: '你',
    rulesTitle: '交换规则（本应用补充的可选规则）',
  },
};

const heading = (page, testid) => page.getByTestId(testid).getByRole('heading').textContent();

/** Whether the board shows Black's camp at the bottom: b1 sits above d5 then. */
async function blackAtBottom(page) {
  const b1 = await point(page, 'b1').boundingBox();
  const d5 = await point(page, 'd5').boundingBox();
  return b1.y < d5.y;
}

async function undo(page) {
  await page.getByTestId('undo').tap();
}

for (const [lang, words] of Object.entries(WORDS)) {
  test(`between friends: the swap rule from Settings, the question facing Black, swap and undo (${lang})`, async () => {
    const { own, page } = await freshPage();
    await page.goto(`${BASE_URL}?lang=${lang}&flip=1&turn=off`);
    await page.getByTestId('home').waitFor();
    await page.getByTestId('open-settings').tap();
    await page.getByTestId('settings').waitFor();
    assert.equal(await page.getByTestId('swap-rule').getAttribute('aria-checked'), 'false', 'off by default');
    await setSwitch(page, 'swap-rule', true);
    await screenshot(page, `swap-setting-${lang}`);
    await page.getByTestId('back').tap();
    await page.reload();
    await page.getByTestId('open-settings').tap();
    assert.equal(await page.getByTestId('swap-rule').getAttribute('aria-checked'), 'true', 'kept after a reload');
    await page.getByTestId('back').tap();

    await startNewFromHome(page, 'play-pnp');
    await page.getByTestId('board').waitFor();
    await playMove(page, 'c3c2');
    const asked = page.getByTestId('swap-offer');
    await asked.waitFor();
    assert.equal(await heading(page, 'swap-offer'), words.blackAsked);
    assert.match(await asked.locator('.reason').textContent(), words.choice);
    const layer = page.locator('.facing-layer', { has: asked });
    assert.equal(await layer.getAttribute('data-rotated'), 'true', 'the question faces Black');
    await assertNoCutText(page, 'the swap question');
    await screenshot(page, `swap-question-${lang}`);

    await page.getByTestId('swap').tap();
    await asked.waitFor({ state: 'detached' });
    const notice = page.getByTestId('notice');
    assert.equal(await notice.textContent(), words.friendsSwapped);
    assert.ok(await blackAtBottom(page), 'the board turns to the opener, now Black');
    assert.equal(await plyCount(page), 1, 'nothing moved');
    await screenshot(page, `swapped-${lang}`);

    // Undo takes the swap back alone, and Black is asked again; keeping Black answers.
    await undo(page);
    await asked.waitFor();
    assert.equal(await plyCount(page), 1);
    assert.ok(!(await blackAtBottom(page)));
    await page.getByTestId('keep-black').tap();
    await asked.waitFor({ state: 'detached' });
    await playMove(page, 'b4c3');
    await waitForPlies(page, 2);
    assert.equal(await page.getByTestId('swap-offer').count(), 0, 'a reply gives the swap up');

    // The rules say so.
    await page.getByTestId('menu-button').tap();
    await page.getByTestId('menu-rules').tap();
    await page.getByText(words.rulesTitle).waitFor();
    assertNoErrors(page);
    await own.close();
  });

  test(`against the computer: it takes over c3c2 as Black, and as Red it opens with no proven win (${lang})`, async () => {
    const page = await openApp(browser.context, { lang, mode: 'ai', side: 'red', level: 'master', turn: 'off', swap: '1' });
    await playMove(page, 'c3c2');
    const notice = page.getByTestId('notice');
    await notice.waitFor();
    assert.equal(await notice.textContent(), words.computerSwapped);
    assert.ok(await blackAtBottom(page), 'the player now plays Black, at the bottom');
    assert.equal(await page.getByTestId('bar-black').locator('.name').textContent(), `${words.you} · ${lang === 'zh' ? '黑方' : 'Black'}`);
    assert.equal(await plyCount(page), 1);
    await screenshot(page, `computer-swapped-${lang}`);
    // The player answers as Black, and the computer plays on as Red.
    await playMove(page, 'b4c3');
    await waitForPlies(page, 3, 20_000);
    await page.close();

    const fresh = await openBrowser();
    const asBlack = await openApp(fresh.context, { lang, mode: 'ai', side: 'black', level: 'medium', turn: 'off', swap: '1' });
    const asked = asBlack.getByTestId('swap-offer');
    await asked.waitFor({ timeout: 10_000 });
    assert.equal(await heading(asBlack, 'swap-offer'), words.asked);
    const opening = await asBlack.getByTestId('ply').first().textContent();
    assert.ok(['b2a3', 'd2e3'].some((move) => opening.includes(move)), opening);
    await asBlack.getByTestId('swap').tap();
    const told = asBlack.getByTestId('notice');
    await told.waitFor();
    assert.equal(await told.textContent(), words.youSwapped);
    assert.ok(!(await blackAtBottom(asBlack)), 'the player now plays Red, at the bottom');
    await waitForPlies(asBlack, 2, 20_000);
    assert.equal(await told.textContent(), words.youSwapped, 'told until the player moves');
    await screenshot(asBlack, `you-swapped-${lang}`);
    // Given up now, it counts as a loss with Red.
    await asBlack.getByTestId('menu-button').tap();
    await asBlack.getByTestId('menu-resign').tap();
    await asBlack.getByTestId('confirm-resign-yes').tap();
    await asBlack.getByTestId('game-over').waitFor();
    await asBlack.goto(`${BASE_URL}?lang=${lang}`);
    await asBlack.getByTestId('open-statistics').tap();
    assert.equal(await asBlack.getByTestId('stats-medium-red').textContent(), '0 / 1 / 0', 'a loss with Red');
    assert.equal(await asBlack.getByTestId('stats-medium-black').textContent(), '0 / 0 / 0');
    assertNoErrors(asBlack);
    await fresh.close();
  });
}
