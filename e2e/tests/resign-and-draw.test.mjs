// Resigning and a draw by agreement, in English and in Chinese: resigning against the computer
// is asked once more (Cancel plays on), then ends the game as the player's loss at that level in
// the statistics and in Your games, after a reload too; in pass-and-play the side to move
// resigns; a draw offered between friends is declined (the offerer is told) and, offered again,
// accepted.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, playMove, plyCount, waitForPlies, screenshot, assertNoErrors,
  assertNoCutText, BASE_URL,
} from '../lib/phone.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

/** What each language says, and the level the player takes on against the computer. */
const WORDS = {
  en: {
    level: 'medium',
    resign: 'Resign',
    askAlone: 'Resign this game?',
    meansLoss: 'The game ends and counts as your loss.',
    computerWins: 'The computer wins',
    youResigned: 'You resigned',
    askBlack: 'Resign as Black?',
    redWins: 'Red wins',
    blackResigned: 'Black resigned',
    offerDraw: 'Offer a draw',
    redOffers: 'Red offers a draw: Black answers after this move',
    redOffer: 'Red offers a draw',
    blackDeclined: 'Black declined the draw: play goes on',
    blackOffer: 'Black offers a draw',
    blackOffers: 'Black offers a draw: Red answers after this move',
    draw: 'Draw',
    agreed: 'Drawn by agreement',
    resultHeader: 'Result',
  },
  zh: {
    level: 'hard',
    resign: '认输',
    askAlone: '确定要认输吗？',
    meansLoss: '认输后本局判你负。',
    computerWins: '电脑赢了',
    youResigned: '你认输了',
    askBlack: '黑方确定要认输吗？',
    redWins: '红方胜',
    blackResigned: '黑方认输',
    offerDraw: '提和',
    redOffers: '红方提议和棋，走完这一步后由黑方答复',
    redOffer: '红方提议和棋',
    blackDeclined: '黑方拒绝和棋，对局继续',
    blackOffer: '黑方提议和棋',
    blackOffers: '黑方提议和棋，走完这一步后由红方答复',
    draw: '和棋',
    agreed: '双方同意和棋',
    resultHeader: '结果',
  },
};

const heading = (page, testid) => page.getByTestId(testid).getByRole('heading').textContent();

async function openMenu(page) {
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu').waitFor();
}

/** Reloads the app at its plain address and continues the saved game from home. */
async function reloadAndContinue(page, lang) {
  await reloadHome(page, lang);
  await page.getByTestId('continue').tap();
  await page.getByTestId('board').waitFor();
}

/** Loads the app afresh at its plain address, on the home screen. */
async function reloadHome(page, lang) {
  await page.goto(`${BASE_URL}?lang=${lang}`);
  await page.getByTestId('home').waitFor();
}

async function toHome(page) {
  await page.getByTestId('new-game').tap();
  await page.getByTestId('home').waitFor();
}

for (const [lang, words] of Object.entries(WORDS)) {
  test(`resigning against the computer asks first, then counts as a loss at that level (${lang})`, async () => {
    const { level } = words;
    const page = await openApp(browser.context, { lang, mode: 'ai', side: 'red', level, turn: 'off' });
    // A quiet opening move, after which the computer cannot win at once.
    await playMove(page, 'b2c2');
    await waitForPlies(page, 2);

    await openMenu(page);
    assert.equal(await page.getByTestId('menu-offer-draw').count(), 0, 'no draw against the computer');
    assert.equal(await page.getByTestId('menu-resign').textContent(), words.resign);
    await page.getByTestId('menu-resign').tap();
    const question = page.getByTestId('confirm-resign');
    await question.waitFor();
    assert.equal(await heading(page, 'confirm-resign'), words.askAlone);
    assert.equal(await question.locator('.reason').textContent(), words.meansLoss);
    assert.equal(await page.getByTestId('confirm-resign-yes').textContent(), words.resign);
    await assertNoCutText(page, 'the question before resigning');
    await screenshot(page, `resign-question-${lang}`);

    // Cancel plays on: the board answers.
    await page.getByTestId('confirm-resign-no').tap();
    await question.waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('menu').count(), 0);
    await page.locator('[data-point="c2"]').tap();
    assert.equal(await page.locator('[data-point="c2"]').getAttribute('data-selected'), 'true');

    await openMenu(page);
    await page.getByTestId('menu-resign').tap();
    await page.getByTestId('confirm-resign-yes').tap();
    const result = page.getByTestId('game-over');
    await result.waitFor();
    assert.equal(await heading(page, 'game-over'), words.computerWins);
    assert.equal(await page.getByTestId('result-reason').textContent(), words.youResigned);
    assert.equal(await page.getByTestId('result-reason').getAttribute('data-winner'), 'black');
    await assertNoCutText(page, 'the result of a resignation');
    await screenshot(page, `resigned-result-${lang}`);

    // Over for good: no undo, no move, no second resignation; the review is there.
    await page.getByTestId('view-board').tap();
    assert.equal(await page.getByTestId('undo').isDisabled(), true);
    await page.locator('[data-point="c2"]').tap();
    assert.equal(await page.locator('[data-point="c2"]').getAttribute('data-selected'), 'false');
    await openMenu(page);
    assert.equal(await page.getByTestId('menu-resign').count(), 0);
    await page.getByTestId('resume').tap();
    await page.getByTestId('show-result').tap();
    await page.getByTestId('review').tap();
    await page.getByTestId('review-screen').waitFor();
    await page.getByTestId('back').tap();
    await result.waitFor();
    await toHome(page);

    await reloadHome(page, lang);
    await page.getByTestId('open-statistics').tap();
    assert.equal(await page.getByTestId(`stats-${level}-red`).textContent(), '0 / 1 / 0', 'a loss at that level, after a reload');
    await page.getByTestId('back').tap();

    await page.getByTestId('open-games').tap();
    const newest = page.getByTestId('game-entry').first();
    assert.equal(await newest.getAttribute('data-outcome'), 'lost');
    assert.equal(await newest.getAttribute('data-mode'), 'vs-ai');
    assert.equal(await newest.locator('.entry-reason').textContent(), words.youResigned);
    await page.getByTestId('filter-outcome-lost').tap();
    const outcomes = await page.getByTestId('game-entry').evaluateAll((all) => all.map((entry) => entry.dataset.outcome));
    assert.ok(outcomes.length > 0 && outcomes.every((outcome) => outcome === 'lost'), String(outcomes));
    assert.equal(await newest.locator('.entry-reason').textContent(), words.youResigned);
    await page.getByTestId('filter-outcome-all').tap();
    // Shared, the game says how it ended.
    await page.getByTestId('share-game').first().tap();
    assert.match(await page.getByTestId('share-link').textContent(), /\?moves=b2c2-[a-e][1-5][a-e][1-5]&end=red-resigns$/);
    const shared = await page.getByTestId('share-text').textContent();
    assert.ok(shared.includes(`[${words.resultHeader} "${words.computerWins} · ${words.youResigned}"]`), shared);
    assert.match(shared, /^1\. b2c2 [a-e][1-5][a-e][1-5] red-resigns$/m);
    await page.getByTestId('share-close').tap();
    assertNoErrors(page);
    await page.close();
  });

  test(`in pass-and-play the side to move resigns (${lang})`, async () => {
    const page = await openApp(browser.context, { lang, mode: 'pnp', turn: 'off' });
    await playMove(page, 'b2c2');
    await openMenu(page);
    await page.getByTestId('menu-resign').tap();
    assert.equal(await heading(page, 'confirm-resign'), words.askBlack);
    await page.getByTestId('confirm-resign-yes').tap();
    await page.getByTestId('game-over').waitFor();
    assert.equal(await heading(page, 'game-over'), words.redWins);
    assert.equal(await page.getByTestId('result-reason').textContent(), words.blackResigned);
    await toHome(page);
    await page.getByTestId('open-games').tap();
    const newest = page.getByTestId('game-entry').first();
    assert.equal(await newest.getAttribute('data-mode'), 'pass-and-play');
    assert.equal(await newest.getAttribute('data-outcome'), 'won', 'won for Red, at the bottom');
    assert.equal(await newest.locator('.entry-reason').textContent(), words.blackResigned);
    assertNoErrors(page);
    await page.close();
  });

  test(`a draw offered between friends: declined, then offered again and accepted (${lang})`, async () => {
    // A phone in table mode: Black sits across the table.
    const page = await openApp(browser.context, { lang, mode: 'pnp', turn: 'off' });
    await openMenu(page);
    assert.equal(await page.getByTestId('menu-offer-draw').textContent(), words.offerDraw);
    await page.getByTestId('menu-offer-draw').tap();
    await page.getByTestId('menu').waitFor({ state: 'detached' });
    const notice = page.getByTestId('notice');
    assert.equal(await notice.textContent(), words.redOffers);
    assert.equal(await notice.getAttribute('data-rotated'), 'false', 'told to Red, at the bottom');
    await openMenu(page);
    assert.equal(await page.getByTestId('menu-offer-draw').count(), 0, 'once a turn');
    await page.getByTestId('resume').tap();

    // Red moves; Black, across the table, is asked.
    await playMove(page, 'b2c2');
    const asked = page.getByTestId('draw-offer');
    await asked.waitFor();
    assert.equal(await heading(page, 'draw-offer'), words.redOffer);
    const layer = page.locator('.facing-layer', { has: asked });
    assert.equal(await layer.getAttribute('data-rotated'), 'true', 'the question faces Black');
    await assertNoCutText(page, 'the draw offered');
    await screenshot(page, `draw-offer-${lang}`);
    await page.getByTestId('decline-draw').tap();
    await asked.waitFor({ state: 'detached' });
    assert.equal(await notice.textContent(), words.blackDeclined);
    assert.equal(await notice.getAttribute('data-rotated'), 'false', 'told to Red, who offered');
    await screenshot(page, `draw-declined-${lang}`);

    // Play goes on: Black moves, Red moves, then Black offers and moves; Red accepts.
    await playMove(page, 'b4b3');
    assert.equal(await page.getByTestId('draw-offer').count(), 0);
    await playMove(page, 'd2d3');
    await openMenu(page);
    await page.getByTestId('menu-offer-draw').tap();
    assert.equal(await notice.getAttribute('data-rotated'), 'true', 'told to Black, across the table');
    // A reload keeps the offer, before Black's move and while Red is asked.
    await reloadAndContinue(page, lang);
    assert.equal(await notice.textContent(), words.blackOffers);
    await openMenu(page);
    assert.equal(await page.getByTestId('menu-offer-draw').count(), 0, 'still once a turn');
    await page.getByTestId('resume').tap();
    await playMove(page, 'd4c4');
    await asked.waitFor();
    await reloadAndContinue(page, lang);
    await asked.waitFor();
    assert.equal(await heading(page, 'draw-offer'), words.blackOffer);
    assert.equal(await layer.getAttribute('data-rotated'), 'false', 'the question faces Red');
    const before = await plyCount(page);
    await page.getByTestId('accept-draw').tap();
    await page.getByTestId('game-over').waitFor();
    assert.equal(await heading(page, 'game-over'), words.draw);
    assert.equal(await page.getByTestId('result-reason').textContent(), words.agreed);
    assert.equal(await page.getByTestId('result-reason').getAttribute('data-winner'), 'draw');
    assert.equal(await plyCount(page), before, 'agreeing is no move');
    await screenshot(page, `draw-agreed-${lang}`);
    await toHome(page);

    await reloadHome(page, lang);
    await page.getByTestId('open-games').tap();
    const newest = page.getByTestId('game-entry').first();
    assert.equal(await newest.getAttribute('data-outcome'), 'drawn');
    assert.equal(await newest.locator('.entry-reason').textContent(), words.agreed);
    assertNoErrors(page);
    await page.close();
  });
}
