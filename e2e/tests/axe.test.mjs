// Every screen and dialog a player can reach, by taps, checked by an outside accessibility engine
// (axe-core: WCAG 2.1 A and AA, and its best practices, colour contrast included) in Chinese and
// in English, in the light and the dark theme: a serious or critical finding on any of them fails
// the test. Every board and piece set is checked too, on the screens that show a board, in both
// themes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { accessibilityAudit } from '../lib/axe.mjs';
import { SITE, serve } from '../lib/site.mjs';

// The site under test is BASE_URL's, or the last build's, served here.
let site;
let phone;
before(async () => {
  if (!process.env.BASE_URL) {
    site = await serve(SITE);
    process.env.BASE_URL = site.url;
  }
  phone = await import('../lib/phone.mjs');
});
after(async () => { await site?.stop(); });

/** Red to move, and c2d2 takes the treasure home at once: the first puzzle. */
const WIN_IN_ONE = 'B.B/..BBB/BRR.R/RBT../RRR r - 12';

/** Taps a piece and waits until it shows as selected. */
async function select(page, name) {
  await phone.tapPoint(page, name);
  await phone.assertAttribute(phone.point(page, name), 'data-selected', 'true');
}

/** Taps a move: its piece, then where it goes. */
async function tapMove(page, move) {
  await select(page, move.slice(0, 2));
  await phone.tapPoint(page, move.slice(2, 4));
}

/**
 * Chooses the look by taps in Settings (`theme` of `null` leaves the system's): the theme, the
 * board and the piece set.
 */
async function chooseLook(page, { theme, board, pieces }) {
  for (const testid of [theme && `theme-${theme}`, `board-${board}`, `pieces-${pieces}`]) {
    if (!testid) continue;
    await page.getByTestId(testid).tap();
    await phone.assertAttribute(page.getByTestId(testid), 'aria-pressed', 'true');
  }
}

/** The theme the page shows, checked against the one expected. */
async function assertTheme(page, scheme) {
  await page.waitForFunction((scheme) => document.documentElement.dataset.theme === scheme, scheme);
}

/**
 * The whole tour in `lang`, on a system of `system` appearance, with the look chosen in
 * Settings first; `scheme` is the theme that shows.
 */
async function visitEveryScreen(locale, lang, { system, scheme, look }) {
  const browser = await phone.openBrowser({ locale, colorScheme: system });
  const audit = accessibilityAudit();
  const name = `${lang} ${scheme} ${look.board} ${look.pieces}`;
  const check = (page, screen) => audit.check(page, `${name} ${screen}`);
  const page = await phone.openApp(browser.context);
  const shown = (testid) => page.getByTestId(testid).first().waitFor();
  const back = () => page.getByTestId('back').first().tap();

  await shown('home');
  assert.equal(await page.evaluate(() => document.documentElement.lang.slice(0, 2)), lang);

  await page.getByTestId('open-settings').tap();
  await shown('settings');
  await chooseLook(page, look);
  await assertTheme(page, scheme);
  await check(page, 'settings');
  await back();
  await check(page, 'home');

  await page.getByTestId('open-rules').tap();
  await shown('rules');
  await check(page, 'rules');
  await back();

  await page.getByTestId('open-learn').tap();
  await shown('learn');
  await check(page, 'learn');
  await page.getByTestId('lesson-move').tap();
  await shown('lesson');
  await check(page, 'lesson');
  await tapMove(page, 'b2c3');
  await shown('lesson-feedback');
  await check(page, 'lesson passed');
  await back();
  await phone.assertAttribute(page.getByTestId('lesson-move'), 'data-done', 'true');
  await check(page, 'learn with a lesson done');
  await back();

  await page.getByTestId('open-puzzles').tap();
  const puzzle = page.getByTestId('puzzle-board');
  await puzzle.waitFor();
  await check(page, 'puzzle');
  await tapMove(page, 'c2d2');
  await phone.assertAttribute(puzzle, 'data-status', 'solved');
  await check(page, 'puzzle solved');
  await page.getByTestId('puzzle-next').tap();
  await phone.assertAttribute(puzzle, 'data-status', 'solving');
  await tapMove(page, 'a3a4');
  await phone.assertAttribute(puzzle, 'data-status', 'failed');
  await shown('refutation');
  await check(page, 'puzzle refutation');
  await back();

  await page.getByTestId('open-statistics').tap();
  await shown('statistics');
  await check(page, 'statistics');
  await back();

  await shown('home');
  await page.getByTestId('play-ai').tap();
  await shown('vs-ai-setup');
  await check(page, 'vs-computer sheet');
  await page.getByTestId('side-red').tap();
  await page.getByTestId('level-easy').tap();
  await page.getByTestId('start').tap();
  await shown('board');
  await phone.playMove(page, 'b2c2');
  await phone.waitForPlies(page, 2, 30_000);
  await select(page, 'c2');
  await check(page, 'game vs computer, a piece selected');
  await page.getByTestId('menu-button').tap();
  await shown('menu');
  await check(page, 'game menu');
  await page.getByTestId('resume').tap();
  await page.getByTestId('menu').waitFor({ state: 'detached' });
  await page.goBack();

  // A game is saved: a new one asks first.
  await shown('home');
  await page.getByTestId('play-pnp').tap();
  await shown('confirm-start-new');
  await check(page, 'new-game question');
  await page.getByTestId('confirm-start-new').tap();
  await shown('board');
  await phone.playMove(page, 'b2c2');
  await select(page, 'b4');
  await check(page, 'pass-and-play, a piece selected');
  // Black offers a draw and moves; Red is asked, declines, and is asked before resigning.
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-offer-draw').tap();
  await page.getByTestId('menu').waitFor({ state: 'detached' });
  await phone.playMove(page, 'b4b3');
  await shown('draw-offer');
  await check(page, 'draw offered');
  await page.getByTestId('decline-draw').tap();
  await page.getByTestId('draw-offer').waitFor({ state: 'detached' });
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-resign').tap();
  await shown('confirm-resign');
  await check(page, 'resign question');
  await page.getByTestId('confirm-resign-no').tap();
  await page.getByTestId('confirm-resign').waitFor({ state: 'detached' });

  // A link to a game, with this one unfinished, asks which to play.
  const query = new URLSearchParams({ mode: 'pnp', fen: WIN_IN_ONE }).toString();
  await page.goto(`${process.env.BASE_URL}?${query}`);
  await shown('link-choice');
  await check(page, 'link question');
  await page.getByTestId('link-open').tap();
  await page.getByTestId('link-choice').waitFor({ state: 'detached' });
  await phone.playMove(page, 'c2d2');
  await shown('game-over');
  await check(page, 'result');
  await page.getByTestId('review').tap();
  await shown('review-board');
  await page.getByTestId('review-progress').waitFor({ state: 'detached', timeout: 60_000 });
  await check(page, 'review');
  await page.getByTestId('analyse-from-here').tap();
  // The review stands at the end of the game, which has no line: one move back.
  await page.getByTestId('analysis-back').tap();
  await shown('analysis-line');
  await check(page, 'analysis board');
  await page.getByTestId('edit-position').tap();
  await shown('editor-screen');
  await page.getByTestId('clear-board').tap();
  await check(page, 'board editor, a set-up refused');

  // Your games holds the games replaced and finished on the way.
  await page.goto(process.env.BASE_URL);
  await page.getByTestId('open-games').tap();
  await shown('game-entry');
  await check(page, 'your games');
  await page.getByTestId('delete-game').first().tap();
  await shown('confirm-delete');
  await check(page, 'delete question');
  await page.getByTestId('confirm-delete-no').tap();
  await page.getByTestId('game-entry').first().tap();
  await shown('review-board');
  await check(page, 'review of a kept game');

  phone.assertNoErrors(page);
  await browser.close();
  audit.assertClean();
}

// Both languages in both themes, once following the system and once chosen against it; every
// board and piece set among them.
const TOURS = [
  ['zh-CN', 'zh', { system: 'dark', scheme: 'dark', look: { theme: null, board: 'wood', pieces: 'engraved' } }],
  ['zh-CN', 'zh', { system: 'dark', scheme: 'light', look: { theme: 'light', board: 'contrast', pieces: 'flat' } }],
  ['en-US', 'en', { system: 'light', scheme: 'light', look: { theme: null, board: 'light', pieces: 'engraved' } }],
  ['en-US', 'en', { system: 'light', scheme: 'dark', look: { theme: 'dark', board: 'contrast', pieces: 'flat' } }],
];

for (const [locale, lang, tour] of TOURS) {
  test(`every screen in ${lang}, ${tour.scheme} theme, ${tour.look.board} board, ${tour.look.pieces} pieces: no serious or critical accessibility finding`, async () => {
    await visitEveryScreen(locale, lang, tour);
  });
}

test('every board and piece set in both themes, on the screens with a board: no serious or critical finding', async () => {
  const browser = await phone.openBrowser({ locale: 'en-US' });
  const audit = accessibilityAudit();
  const page = await phone.openApp(browser.context, { mode: 'pnp', fen: WIN_IN_ONE });
  await select(page, 'c2');
  for (const theme of ['light', 'dark']) {
    for (const board of ['wood', 'light', 'contrast']) {
      for (const pieces of ['engraved', 'flat']) {
        await page.getByTestId('menu-button').tap();
        await page.getByTestId('menu').waitFor();
        await page.getByTestId('menu-settings').tap();
        await page.getByTestId('settings').waitFor();
        await chooseLook(page, { theme, board, pieces });
        await assertTheme(page, theme);
        await audit.check(page, `${theme} ${board} ${pieces} settings`);
        await page.getByTestId('back').first().tap();
        await page.getByTestId('settings').waitFor({ state: 'detached' });
        await page.getByTestId('resume').tap();
        await page.getByTestId('menu').waitFor({ state: 'detached' });
        await audit.check(page, `${theme} ${board} ${pieces} game`);
      }
    }
  }
  phone.assertNoErrors(page);
  await browser.close();
  audit.assertClean();
});
