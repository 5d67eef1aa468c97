// Playing online, live through the app's own server (scripts/serve.sh with its embedded
// database), by taps on two phones — two browser profiles, one in Chinese, one in English. A
// invites from home, B opens the invitation and is seated; they play a whole game while B
// reloads, A goes offline and comes back, and the server is killed (SIGKILL) and started again
// on the same database: both boards go on with nothing lost. Then a rematch with the colours
// swapped and a draw agreed; a turn left alone passes; *Play someone now* pairs two players, a
// third watches, one resigns; offline, *Play online* says it needs a network. axe on every new
// screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  newWatchedPage, playMove, plies, point, screenshot, assertNoErrors,
  assertNoCutText, assertNoSidewaysOverflow, waitForPlies, startNewFromHome,
} from '../lib/phone.mjs';
import { waitForServiceWorker } from '../lib/site.mjs';
import { checkAccessibility } from '../lib/axe.mjs';
import { TREASURE_GAME as GAME, answerName, invite, live, openTable } from '../lib/online.mjs';


let table;
before(async () => {
  table = await openTable('online');
});
after(async () => {
  await table?.close();
});

/** Waits until the move list holds exactly `expected`, as both phones must. */
async function sameMoves(page, expected, timeout = 20_000) {
  await waitForPlies(page, expected.length, timeout);
  assert.deepEqual(await plies(page), expected);
}

/** The plies as the move list writes them: the turn passed is `pass` in English, 超时 in Chinese. */
const written = (moves, lang) => moves.map((m) => (m === 'pass' && lang === 'zh' ? '超时' : m));

/** How long a move may take from the tap on one phone to the other phone's move list. */
const ARRIVAL_GUARD_MS = 3_000;

test('a whole game online between two phones, through a reload, going offline and a server killed', { timeout: 600_000 }, async () => {
  const a = await table.home(table.zh, 'zh');
  const b = await newWatchedPage(table.en.context);
  // Ply `i` of GAME tapped on `mover` until it shows on `other`, timed.
  const arrivals = [];
  const played = async (mover, other, i) => {
    const started = Date.now();
    await playMove(mover, GAME[i]);
    await sameMoves(other, GAME.slice(0, i + 1));
    arrivals.push(Date.now() - started);
  };

  const link = await invite(a, { side: 'red', turn: 60 });
  assert.match(link, /#online=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{32}$/);
  await screenshot(a, 'online-invite');
  await checkAccessibility(a, 'the invitation');
  await a.getByTestId('invite-close').tap();
  await a.getByTestId('waiting-for-friend').waitFor();
  await checkAccessibility(a, 'the game waiting for the friend');

  // B opens the link (in English) and sits down at once, as Black.
  await b.goto(link.replace('#', '?lang=en#'));
  // Asked for a name first, B plays without one.
  await answerName(b, b.getByTestId('board'));
  await live(b);
  assert.equal(await b.getByTestId('bar-black').getAttribute('data-testid'), 'bar-black');
  await a.getByTestId('waiting-for-friend').waitFor({ state: 'detached' });
  await live(a);
  // Whole names in the bars, in both languages.
  assert.match(await a.getByTestId('bar-black').textContent(), /对手/);
  assert.match(await b.getByTestId('bar-red').textContent(), /Opponent/);
  await assertNoCutText(a, 'the live board in Chinese');
  await assertNoCutText(b, 'the live board in English');
  await assertNoSidewaysOverflow(b, 'the live board');

  // Black's pieces take no tap on Red's phone, nor Red's on Black's.
  await point(a, 'b4').tap();
  await a.waitForTimeout(150);
  assert.notEqual(await point(a, 'b4').getAttribute('data-selected'), 'true');

  await played(a, b, 0);
  await played(b, a, 1);
  await screenshot(b, 'online-live-board');
  await checkAccessibility(b, 'the live board');

  // B reloads mid-game: the game is still there, Continue on home or straight on the board.
  await b.reload();
  await b.locator('[data-testid="board"], [data-testid="continue"]').first().waitFor();
  if (await b.getByTestId('continue').count()) await b.getByTestId('continue').tap();
  await live(b);
  await sameMoves(b, GAME.slice(0, 2));

  // A goes offline, plays, and comes back: the move reaches B once.
  await a.context().setOffline(true);
  await a.getByTestId('online-connection').waitFor({ timeout: 20_000 });
  await playMove(a, GAME[2]);
  await screenshot(a, 'online-reconnecting');
  await a.context().setOffline(false);
  await sameMoves(b, GAME.slice(0, 3), 30_000);
  await live(a);
  await playMove(b, GAME[3]);
  await sameMoves(a, GAME.slice(0, 4));

  // The server is killed mid-game and started again on the same database.
  await table.site.kill();
  await a.getByTestId('online-connection').waitFor({ timeout: 20_000 });
  await playMove(a, GAME[4]);
  await table.serveAgain();
  await sameMoves(b, GAME.slice(0, 5), 40_000);
  await live(a);
  await live(b);
  for (let i = 5; i < GAME.length; i += 1) {
    await played(i % 2 === 0 ? a : b, i % 2 === 0 ? b : a, i);
  }
  // Moves arrive within a second (the guard: three, for a loaded machine).
  const slowest = Math.max(...arrivals);
  console.log(`a move tapped on one phone shown on the other: ${arrivals.map((ms) => `${ms} ms`).join(', ')}`);
  assert.ok(slowest <= ARRIVAL_GUARD_MS, `a move took ${slowest} ms to reach the other phone`);

  // Black took the treasure: both phones say so, each from its side.
  await a.getByTestId('game-over').waitFor();
  await b.getByTestId('game-over').waitFor();
  assert.equal(await a.getByTestId('result-reason').getAttribute('data-winner'), 'black');
  assert.equal(await b.getByTestId('result-reason').getAttribute('data-winner'), 'black');
  assert.match(await b.getByTestId('game-over').textContent(), /You win/);
  assert.match(await a.getByTestId('game-over').textContent(), /对手赢了/);
  await screenshot(b, 'online-game-over');

  // A rematch, colours swapped: A offers, B accepts, both are in the new game.
  await a.getByTestId('rematch').tap();
  await b.getByText('Accept the rematch').waitFor();
  await b.getByTestId('rematch').tap();
  await a.getByTestId('game-over').waitFor({ state: 'detached' });
  await b.getByTestId('game-over').waitFor({ state: 'detached' });
  await live(a);
  await live(b);
  assert.equal(await plies(a).then((p) => p.length), 0);
  // B plays Red now, at the bottom of B's board.
  await playMove(b, 'b2c2');
  await sameMoves(a, ['b2c2']);
  await playMove(a, 'b4b3');
  await sameMoves(b, ['b2c2', 'b4b3']);

  // A draw offered by A (Black) from the menu, accepted by B.
  await a.getByTestId('menu-button').tap();
  await a.getByTestId('menu-offer-draw').tap();
  await b.getByTestId('draw-offer').waitFor();
  await checkAccessibility(b, 'a draw offered online');
  await b.getByTestId('accept-draw').tap();
  await a.getByTestId('game-over').waitFor();
  await b.getByTestId('game-over').waitFor();
  assert.equal(await a.getByTestId('result-reason').getAttribute('data-winner'), 'draw');

  // Kept and counted: Your games has both games online, the statistics count them apart.
  await b.goto(`${table.site.url}?lang=en`);
  await b.getByTestId('open-games').tap();
  await b.getByTestId('games').waitFor();
  const modes = await b.getByTestId('game-entry').evaluateAll((entries) => entries.map((e) => e.dataset.mode));
  assert.deepEqual(modes.filter((m) => m === 'online').length, 2, `Your games: ${modes}`);

  // The browser itself logs each socket that could not connect while offline or while the
  // server was down; nothing else may be logged.
  const refused = /WebSocket connection to '[^']+' failed/;
  assertNoErrors(a, [refused]);
  assertNoErrors(b, [refused]);
});

test('a turn left alone passes, a third phone watches, Play someone now pairs two players', { timeout: 600_000 }, async () => {
  const a = await table.home(table.zh, 'zh');
  const b = await table.home(table.en, 'en');

  // Both ask for someone now at 15 s a turn: the server pairs them.
  for (const page of [a, b]) {
    await startNewFromHome(page, 'play-online');
    await page.getByTestId('turn-15').tap();
    await page.getByTestId('online-seek').tap();
    await answerName(page, page.getByTestId('seeking').or(page.getByTestId('board')));
    await page.getByTestId('seeking').or(page.getByTestId('board')).first().waitFor();
  }
  await screenshot(a, 'online-seeking');
  await live(a);
  await live(b);
  const id = await a.locator('[data-online-game]').getAttribute('data-online-game');
  assert.equal(await b.locator('[data-online-game]').getAttribute('data-online-game'), id);

  // A third phone opens the game's link without a seat: it watches, read-only.
  const watcher = await newWatchedPage(table.third.context);
  await watcher.goto(`${table.site.url}?lang=en#online=${id}`);
  await live(watcher);
  await watcher.getByTestId('watching').waitFor();
  await checkAccessibility(watcher, 'a game watched');
  await screenshot(watcher, 'online-watching');
  await point(watcher, 'b2').tap();
  await watcher.waitForTimeout(150);
  assert.notEqual(await point(watcher, 'b2').getAttribute('data-selected'), 'true');

  // Red's first turn is left alone: the server passes it, on every phone.
  const red = (await a.getByTestId('bar-red').textContent()).includes('你') ? a : b;
  const black = red === a ? b : a;
  await sameMoves(black, written(['pass'], black === a ? 'zh' : 'en'), 25_000);
  await sameMoves(red, written(['pass'], red === a ? 'zh' : 'en'));
  await sameMoves(watcher, ['pass']);
  await playMove(black, 'b4b3');
  await sameMoves(watcher, ['pass', 'b4b3']);
  await playMove(red, 'b2c2');
  await sameMoves(watcher, ['pass', 'b4b3', 'b2c2']);

  // Black resigns: the game is over everywhere.
  await black.getByTestId('menu-button').tap();
  await black.getByTestId('menu-resign').tap();
  await black.getByTestId('confirm-resign-yes').tap();
  for (const page of [red, black]) {
    await page.getByTestId('game-over').waitFor();
    assert.equal(await page.getByTestId('result-reason').getAttribute('data-winner'), 'red');
  }
  await watcher.getByTestId('game-over').waitFor();

  // Waiting for someone can be stopped.
  await a.goto(`${table.site.url}?lang=zh`);
  await startNewFromHome(a, 'play-online');
  await a.getByTestId('online-seek').tap();
  await a.getByTestId('seeking').waitFor();
  await checkAccessibility(a, 'waiting for someone');
  await a.getByTestId('seek-stop').tap();
  await a.getByTestId('online-seek').waitFor();

  for (const page of [a, b, watcher]) assertNoErrors(page);
});

test('offline, Play online says it needs a network and nothing waits', async () => {
  const page = await table.home(table.en, 'en');
  // After one visit the app works offline: its service worker keeps every screen.
  await waitForServiceWorker(page);
  await page.context().setOffline(true);
  try {
    await startNewFromHome(page, 'play-online');
    await page.getByTestId('online-offline').waitFor();
    assert.equal(await page.getByTestId('online-invite').isDisabled(), true);
    assert.equal(await page.getByTestId('online-seek').isDisabled(), true);
    await checkAccessibility(page, 'Play online, offline');
    await screenshot(page, 'online-offline');
  } finally {
    await page.context().setOffline(false);
  }
});

test('the player bars show whole names at 360 px, in both languages', async () => {
  for (const [browser, lang] of [[table.zh, 'zh'], [table.en, 'en']]) {
    const page = await newWatchedPage(browser.context);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${table.site.url}?lang=${lang}&mode=ai&level=master&side=black`);
    await page.locator('[data-testid="board"], [data-testid="link-choice"]').first().waitFor();
    if (await page.getByTestId('link-choice').count()) await page.getByTestId('link-open').tap();
    await page.getByTestId('board').waitFor();
    const name = await page.getByTestId('bar-red').locator('.name').textContent();
    assert.match(name, lang === 'zh' ? /电脑/ : /Computer · Master/);
    await assertNoCutText(page, `the bars at 360 px in ${lang}`);
    await screenshot(page, `bars-360-${lang}`);
    assertNoErrors(page);
    await page.close();
  }
});
