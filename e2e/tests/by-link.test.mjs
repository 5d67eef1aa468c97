// Playing a friend by link, with no server: two browser profiles, two phones. A starts a game by
// link as Red from home by taps (in Chinese), plays, and sends the link from the share sheet; B
// opens it (in English), plays Black's move only, and sends theirs back; and so on to the end,
// the languages swapped half-way. Both archives say whose move the game waits for, and keep the
// result after a reload, counted once; a tampered link is refused, and an older link asks which
// version to keep.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, newWatchedPage, playMove, plies, point, screenshot, assertNoErrors,
  assertNoCutText, assertNoSidewaysOverflow, BASE_URL,
} from '../lib/phone.mjs';

/** b2c2 loses by force: Black takes the treasure with the 8th move. */
const GAME = ['b2c2', 'b4b3', 'c3b2', 'b3a3', 'c2c3', 'b2b3', 'b1b2', 'b3b4'];

let red;
let black;
before(async () => {
  red = await openBrowser({ locale: 'zh-CN' });
  black = await openBrowser({ locale: 'en-US' });
});
after(async () => {
  await red?.close();
  await black?.close();
});

/** Taps Send (on the board's screen, or in the result) and reads the link off the share sheet. */
async function send(page) {
  await page.getByTestId('send-move').tap();
  await page.getByTestId('share-sheet').waitFor();
  const link = await page.getByTestId('share-link').textContent();
  await page.getByTestId('share-close').tap();
  await page.getByTestId('share-sheet').waitFor({ state: 'detached' });
  return link;
}

/** Opens a friend's link, as tapping it in a message does, in the language given for the visit. */
async function openLink(page, link, lang) {
  await page.goto(lang ? `${link}&lang=${lang}` : link);
  await page.locator('[data-testid="board"], [data-testid="two-versions"], [data-testid="app-notice"]').first().waitFor();
}

/** The screen reader's polite announcement, once the page has made one. */
async function announced(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid="announcer"]')?.textContent.length > 0);
  return page.getByTestId('announcer').textContent();
}

async function openGames(page) {
  await page.goto(BASE_URL);
  await page.getByTestId('home').waitFor();
  await page.getByTestId('open-games').tap();
  await page.getByTestId('games').waitFor();
}

/** The archive's first entry: its mode, outcome and result as shown. */
async function firstEntry(page) {
  const entry = page.getByTestId('game-entry').first();
  return {
    mode: await entry.getAttribute('data-mode'),
    outcome: await entry.getAttribute('data-outcome'),
    result: await entry.getByTestId('entry-result').textContent(),
  };
}

/** The board takes no tap for the friend's side: a piece of theirs is not picked up. */
async function assertFriendsSideIgnored(page, friendsPiece) {
  await point(page, friendsPiece).tap();
  await page.waitForTimeout(150);
  assert.notEqual(await point(page, friendsPiece).getAttribute('data-selected'), 'true');
}

test('a game by link played to its end between two phones that pass the links', { timeout: 600_000 }, async () => {
  const a = await newWatchedPage(red.context);
  const b = await newWatchedPage(black.context);

  // A starts from home, by taps, as Red.
  await a.goto(BASE_URL);
  await a.getByTestId('play-by-link').getByText('远程对弈').tap();
  await a.getByTestId('by-link-setup').waitFor();
  await assertNoCutText(a, 'the by-link setup');
  await screenshot(a, 'by-link-setup-zh');
  await a.getByTestId('side-red').tap();
  await a.getByTestId('start').tap();
  await a.getByTestId('board').waitFor();
  assert.equal(await a.getByTestId('undo').count(), 0, 'no undo by link');
  assert.equal(await a.getByTestId('hint').count(), 0, 'no hint by link');
  assert.equal(await a.getByTestId('clock-red').count(), 0, 'no clock by link');
  assert.equal(await a.getByTestId('send-move').count(), 0, 'nothing to send before the move');
  await playMove(a, GAME[0]);
  await assertFriendsSideIgnored(a, 'b4');
  await a.getByTestId('by-link-line').getByText('把这步棋发给好友').waitFor();
  let link = await send(a);
  assert.match(link, new RegExp(`^${BASE_URL.replace(/[.?]/g, '\\$&')}\\?moves=b2c2&mode=link&game=\\d+$`));
  const id = new URL(link).searchParams.get('game');
  await assertNoSidewaysOverflow(a, 'the game by link');
  await assertNoCutText(a, 'the game by link');
  await screenshot(a, 'by-link-waiting-zh');
  const links = [link];

  // A's archive waits for Black; a tap on it plays on.
  await openGames(a);
  assert.deepEqual(await firstEntry(a), { mode: 'by-link', outcome: 'unfinished', result: '等待黑方' });
  await screenshot(a, 'by-link-your-games-zh');
  await a.getByTestId('game-entry').first().tap();
  await a.getByTestId('board').waitFor();
  assert.deepEqual(await plies(a), ['b2c2']);
  await a.getByTestId('send-move').waitFor();

  // B opens it: a new game, B plays Black, whose turn it is; a screen reader hears A's move.
  await openLink(b, link);
  assert.equal(await announced(b), 'Your friend played b2c2');
  assert.match(await b.getByTestId('bar-black').textContent(), /You · Black/);
  assert.match(await b.getByTestId('bar-red').textContent(), /Friend · Red/);
  assert.equal(await b.getByTestId('send-move').count(), 0);
  await playMove(b, GAME[1]);
  await assertFriendsSideIgnored(b, 'c2');
  await b.getByTestId('by-link-line').getByText('Send your move to your friend').waitFor();
  link = await send(b);
  assert.match(link, new RegExp(`\\?moves=b2c2-b4b3&mode=link&game=${id}$`));
  await screenshot(b, 'by-link-waiting-en');
  links.push(link);
  await openGames(b);
  assert.deepEqual(await firstEntry(b), { mode: 'by-link', outcome: 'unfinished', result: 'Waiting for Red' });

  // The links go back and forth; half-way the phones switch languages. Before its third move, B
  // opens an older link once, and keeps its own game.
  for (let ply = 2; ply < GAME.length; ply += 1) {
    const page = ply % 2 === 0 ? a : b;
    const lang = ply < 4 ? undefined : (page === a ? 'en' : 'zh');
    if (ply === 5) {
      await openLink(page, links[1], lang);
      await page.getByTestId('two-versions').getByText('这盘棋有两个版本').waitFor();
      await page.getByTestId('keep-kept').tap();
      await page.getByTestId('board').waitFor();
      assert.deepEqual(await plies(page), GAME.slice(0, 4), 'its own game kept');
    }
    await openLink(page, link, lang);
    assert.deepEqual(await plies(page), GAME.slice(0, ply), `the game so far at move ${ply + 1}`);
    const inChinese = lang ? lang === 'zh' : page === a;
    const friendPlayed = inChinese ? `好友走 ${GAME[ply - 1]}` : `Your friend played ${GAME[ply - 1]}`;
    assert.ok((await announced(page)).startsWith(friendPlayed), `the friend's move ${ply} is announced`);
    await playMove(page, GAME[ply]);
    if (ply < GAME.length - 1) {
      link = await send(page);
    } else {
      await page.getByTestId('game-over').waitFor();
      assert.equal(await page.getByTestId('game-over').locator('h2').first().textContent(), '你赢了');
      link = await send(page);
    }
    links.push(link);
  }
  assert.match(link, new RegExp(`\\?moves=${GAME.join('-')}&mode=link&game=${id}$`));

  // A opens the last link: the game is over, lost to the friend, and there is nothing to send.
  await openLink(a, link, 'en');
  await a.getByTestId('game-over').waitFor();
  assert.match(await a.getByTestId('game-over').textContent(), /Your friend wins/);
  assert.match(await a.getByTestId('result-reason').textContent(), /Black captured the treasure/);
  assert.equal(await a.getByTestId('send-move').count(), 0);

  // After a reload both archives keep the result; opening the last link again counts nothing.
  await openLink(a, link);
  await a.getByTestId('game-over').waitFor();
  await openGames(a);
  assert.deepEqual(await firstEntry(a), { mode: 'by-link', outcome: 'lost', result: '好友赢了' });
  await a.goto(BASE_URL);
  await a.getByTestId('open-statistics').tap();
  assert.equal(await a.getByTestId('stats-by-link').textContent(), '0 / 1 / 0');
  await openGames(b);
  assert.deepEqual(await firstEntry(b), { mode: 'by-link', outcome: 'won', result: 'You win' });
  await b.goto(BASE_URL);
  await b.getByTestId('open-statistics').tap();
  assert.equal(await b.getByTestId('stats-by-link').textContent(), '1 / 0 / 0');

  // A tampered link, an illegal move in it, is refused as any bad link, in both languages.
  const tampered = `${BASE_URL}?moves=b2c2-b4b3-c3c5&mode=link&game=${id}`;
  for (const [page, words] of [[a, /第 3 步 c3c5 不合规则/], [b, /move 3, c3c5, is not legal/]]) {
    await openLink(page, tampered);
    const notice = page.getByTestId('app-notice');
    assert.equal(await notice.getAttribute('data-notice'), 'link-bad-ply');
    assert.match(await notice.textContent(), words);
    await page.getByTestId('home').waitFor();
  }
  assertNoErrors(a);
  assertNoErrors(b);
});

/** The words of the question asked before a game by link replaces another saved game. */
const PLAY_ON_WORDS = {
  en: { title: 'You have an unfinished game', text: 'Playing on this game by link puts your unfinished game away in Your games.' },
  zh: { title: '你有一盘未下完的对局', text: '接着下这盘远程对局后，你未下完的对局会收进“我的对局”。' },
};

for (const [lang, words] of Object.entries(PLAY_ON_WORDS)) {
  test(`playing on a game by link from Your games asks before it replaces another saved game (${lang})`, async () => {
    const phone = await openBrowser({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    const page = await newWatchedPage(phone.context);
    // A friend's game by link, answered, then put away by a game of pass-and-play.
    await openLink(page, `${BASE_URL}?moves=b2c2&mode=link&game=424242`);
    await playMove(page, 'b4b3');
    await page.goto(BASE_URL);
    await page.getByTestId('play-pnp').tap();
    await page.getByTestId('confirm-start-new').tap();
    await playMove(page, 'a2a3');

    // Your games: a tap on the game by link asks first; Back leaves everything as it was.
    await openGames(page);
    const byLink = page.locator('[data-testid="game-entry"][data-mode="by-link"]');
    await byLink.tap();
    const question = page.getByTestId('confirm-play-on');
    await question.waitFor();
    assert.equal(await question.getByRole('heading').textContent(), words.title);
    assert.equal(await question.locator('.reason').textContent(), words.text);
    await assertNoCutText(page, 'the question before playing on');
    await screenshot(page, `by-link-play-on-question-${lang}`);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await page.getByTestId('games').waitFor();

    // Continuing the saved game keeps it; playing on by link puts it away in Your games.
    await byLink.tap();
    await page.getByTestId('play-on-continue').tap();
    await page.getByTestId('board').waitFor();
    assert.deepEqual(await plies(page), ['a2a3']);
    await openGames(page);
    await byLink.tap();
    await page.getByTestId('play-on-link').tap();
    await page.getByTestId('board').waitFor();
    assert.deepEqual(await plies(page), ['b2c2', 'b4b3']);
    await openGames(page);
    assert.equal(await page.locator('[data-testid="game-entry"][data-mode="pass-and-play"][data-outcome="unfinished"]').count(), 1,
      'the game of pass-and-play is kept in Your games');
    assertNoErrors(page);
    await phone.close();
  });
}
