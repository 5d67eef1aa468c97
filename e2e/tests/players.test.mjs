// Players online (issue 50), by taps on phones of their own through the app's server: A (in
// Chinese) chooses a name after a refused one, B (in English) opens A's rated invitation and
// must choose a name (a rated game has no "play without a name"); they play a rated game to its
// end and both see each side's change. Profile (ratings, the chart, the games, one opening in
// review) and the Leaderboard open, axe-clean, at 390 and 360 px in both languages; a third
// phone signs in with A's code and sees the same profile, then deletes the account.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  newWatchedPage, playMove, screenshot, assertNoErrors, assertNoCutText,
  assertNoSidewaysOverflow, waitForPlies, startNewFromHome,
} from '../lib/phone.mjs';
import { checkAccessibility } from '../lib/axe.mjs';
import { TREASURE_GAME as GAME, answerName, live, openTable } from '../lib/online.mjs';

const RED_NAME = '红队小明';
const BLACK_NAME = 'Ada_7';

let table;
before(async () => {
  table = await openTable('players');
});
after(async () => {
  await table?.close();
});

/** Both widths the screens must fit, each looked at. */
async function atBothWidths(page, name, check) {
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await assertNoCutText(page, `${name} at ${width} px`);
    await assertNoSidewaysOverflow(page, `${name} at ${width} px`);
    if (check) await check(width);
    await screenshot(page, `${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('two named players play a rated game, see their ratings move, and keep their account on another phone', { timeout: 600_000 }, async () => {
  const a = await table.home(table.zh, 'zh');
  const b = await newWatchedPage(table.en.context);

  // A opens Profile from Play online: a name is asked first; a reserved one is refused in Chinese.
  await startNewFromHome(a, 'play-online');
  await a.getByTestId('open-profile').tap();
  await a.getByTestId('name-sheet').waitFor();
  assert.equal(await a.getByTestId('name-skip').count(), 0, 'Profile offers no "without a name"');
  await checkAccessibility(a, 'the name sheet');
  await a.getByTestId('account-name').fill('管理员');
  await a.getByTestId('name-send').tap();
  assert.match(await a.getByTestId('name-error').textContent(), /留给本站使用/);
  await a.getByTestId('account-name').fill('小 明');
  await a.getByTestId('name-send').tap();
  assert.match(await a.getByTestId('name-error').textContent(), /不能有空格/);
  await a.getByTestId('account-name').fill('小明<b>');
  await a.getByTestId('name-send').tap();
  assert.match(await a.getByTestId('name-error').textContent(), /不能有 < > &/);
  await screenshot(a, 'players-name-refused-zh');
  await a.getByTestId('account-name').fill(RED_NAME);
  await a.getByTestId('name-send').tap();
  await a.getByTestId('name-sheet').waitFor({ state: 'detached' });
  await a.getByTestId('profile-name').waitFor();
  assert.equal(await a.getByTestId('profile-name').textContent(), RED_NAME);
  assert.equal(await a.getByTestId('rating-standard').textContent(), '1500?');

  // Back in Play online, A invites, rated, at 60 s a turn (standard).
  await a.getByTestId('back').tap();
  await a.getByTestId('online-page').waitFor();
  await a.getByTestId('rated').tap();
  await a.getByTestId('side-red').tap();
  await a.getByTestId('turn-60').tap();
  assert.match(await a.getByTestId('online-account').textContent(), new RegExp(`已登录：${RED_NAME}`));
  await checkAccessibility(a, 'Play online, signed in');
  await atBothWidths(a, 'players-lobby-zh');
  await a.getByTestId('online-invite').tap();
  await a.getByTestId('invite-sheet').waitFor();
  const link = await a.getByTestId('invite-link').textContent();
  await a.getByTestId('invite-close').tap();

  // B opens it: a rated game needs a name, and the name taken is refused.
  await b.goto(link.replace('#', '?lang=en#'));
  await b.getByTestId('name-sheet').waitFor();
  assert.equal(await b.getByTestId('name-skip').count(), 0, 'a rated invitation needs a name');
  await b.getByTestId('account-name').fill(RED_NAME.toUpperCase());
  await b.getByTestId('name-send').tap();
  assert.match(await b.getByTestId('name-error').textContent(), /That name is taken/);
  await screenshot(b, 'players-name-taken-en');
  await answerName(b, b.getByTestId('board'), BLACK_NAME);
  await live(b);
  await live(a);

  // Both bars name both players with their provisional ratings, whole at 360 px.
  for (const page of [a, b]) {
    await page.getByTestId('player-red').waitFor({ timeout: 20_000 });
    await page.getByTestId('player-black').waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId('player-red').textContent(), RED_NAME);
    assert.equal(await page.getByTestId('player-black').textContent(), BLACK_NAME);
    assert.equal(await page.getByTestId('rating-red').textContent(), '1500?');
  }
  await atBothWidths(a, 'players-bars-zh');
  await atBothWidths(b, 'players-bars-en');

  for (let i = 0; i < GAME.length; i += 1) {
    const [mover, other] = i % 2 === 0 ? [a, b] : [b, a];
    await playMove(mover, GAME[i]);
    await waitForPlies(other, i + 1, 20_000);
  }

  // Black won: both phones show each side's change, Red's down and Black's up.
  for (const page of [a, b]) {
    await page.getByTestId('rating-changes').waitFor({ timeout: 20_000 });
    assert.match(await page.getByTestId('change-red').locator('.change').textContent(), /^−\d+$/);
    assert.match(await page.getByTestId('change-black').locator('.change').textContent(), /^\+\d+$/);
  }
  await checkAccessibility(b, 'the rated game over');
  await atBothWidths(a, 'players-game-over-zh');
  await atBothWidths(b, 'players-game-over-en');

  // A's profile: the rating moved, the chart is drawn, the game is listed and opens in review.
  await a.goto(`${table.site.url}?lang=zh`);
  await startNewFromHome(a, 'play-online');
  await a.getByTestId('open-profile').tap();
  await a.getByTestId('profile-results').waitFor();
  const rating = await a.getByTestId('rating-standard').textContent();
  assert.match(rating, /^\d+\?$/);
  assert.ok(Number.parseInt(rating, 10) < 1500, `Red lost: ${rating}`);
  assert.match(await a.getByTestId('profile-results').textContent(), /胜 0 · 负 1 · 和 0/);
  const line = await a.getByTestId('chart-standard').locator('polyline').getAttribute('points');
  assert.equal(line.split(' ').length, 2, `one rated game, two points: ${line}`);
  await a.getByTestId('chart-fast-empty').waitFor();
  assert.equal(await a.getByTestId('server-game').count(), 1);
  await checkAccessibility(a, 'Profile');
  await atBothWidths(a, 'players-profile-zh');
  await a.getByTestId('server-game').tap();
  await a.getByTestId('review-screen').waitFor();
  await a.getByTestId('back').tap();

  // The leaderboard, in both languages (no one has a settled rating after one game).
  await a.getByTestId('back').tap();
  await a.getByTestId('online-page').waitFor();
  await a.getByTestId('open-leaderboard').tap();
  await a.getByTestId('leaderboard-empty').waitFor();
  await checkAccessibility(a, 'the leaderboard');
  await atBothWidths(a, 'players-leaderboard-zh');
  await b.goto(`${table.site.url}?lang=en`);
  await b.getByTestId('home').waitFor();
  // Your games lists the account's games on the server too (from any device).
  await b.getByTestId('open-games').tap();
  await b.getByTestId('games-on-server').waitFor();
  assert.equal(await b.getByTestId('games-on-server').getByTestId('server-game').count(), 1);
  await b.getByTestId('back').tap();
  await startNewFromHome(b, 'play-online');
  await b.getByTestId('open-leaderboard').tap();
  await b.getByTestId('speed-fast').tap();
  await b.getByTestId('leaderboard-empty').waitFor();
  await atBothWidths(b, 'players-leaderboard-en');
  await b.getByTestId('back').tap();
  await b.getByTestId('open-profile').tap();
  await b.getByTestId('profile-results').waitFor();
  assert.ok(Number.parseInt(await b.getByTestId('rating-standard').textContent(), 10) > 1500);
  await checkAccessibility(b, 'Profile in English');
  await atBothWidths(b, 'players-profile-en');

  // A shows a code (and its QR); a third phone signs in with it and sees the same profile.
  await a.goto(`${table.site.url}?lang=zh`);
  await startNewFromHome(a, 'play-online');
  await a.getByTestId('open-profile').tap();
  await a.getByTestId('profile-code').tap();
  await a.getByTestId('code-qr').waitFor();
  const code = (await a.getByTestId('sign-in-code').textContent()).trim();
  await checkAccessibility(a, 'the sign-in code');
  await screenshot(a, 'players-code-zh');
  const c = await table.home(table.third, 'en');
  await startNewFromHome(c, 'play-online');
  await c.getByTestId('open-profile').tap();
  await c.getByTestId('name-sheet').waitFor();
  await c.getByTestId('name-mode').tap();
  await c.getByTestId('account-code').fill('not-the-code');
  await c.getByTestId('name-send').tap();
  assert.match(await c.getByTestId('name-error').textContent(), /wrong or has expired/);
  await c.getByTestId('account-code').fill(code);
  await c.getByTestId('name-send').tap();
  await c.getByTestId('profile-results').waitFor();
  assert.equal(await c.getByTestId('profile-name').textContent(), RED_NAME);
  assert.equal(await c.getByTestId('rating-standard').textContent(), rating);
  assert.equal(await c.getByTestId('server-game').count(), 1);

  // The third phone deletes the account: it is gone from the server, and Profile asks again.
  await c.getByTestId('profile-delete').tap();
  await c.getByTestId('delete-account').waitFor();
  await checkAccessibility(c, 'deleting the account');
  await c.getByTestId('delete-account-confirm').tap();
  await c.getByTestId('profile-page').waitFor({ state: 'detached' });
  const gone = await c.evaluate(async (name) => (await fetch(`/api/players/${encodeURIComponent(name)}`)).status, RED_NAME);
  assert.equal(gone, 404);
  await c.getByTestId('open-profile').tap();
  await c.getByTestId('name-sheet').waitFor();

  // The browser logs each refusal it was answered: the name taken (409), the wrong code (403)
  // and the account asked for once deleted (404), all on purpose here.
  const refused = /the server responded with a status of (409|403|404)/;
  assertNoErrors(a);
  assertNoErrors(b, [refused]);
  assertNoErrors(c, [refused]);
});
