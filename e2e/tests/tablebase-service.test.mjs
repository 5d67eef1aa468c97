// The tablebase service in the app, by taps, in English and in Chinese: against scripts/serve.sh
// with the endgame tables of up to 5 soldiers (TABLES=…), an analysis link to a 5-soldier
// position shows the service's exact verdict and every move's value as the service gives them,
// and a tap on a move plays it; with the network off the board still works and says the service
// cannot be reached; an answer that is not one is ignored and said to be; a position the app's
// own tables hold is not asked about. The service is asked on the app's server, whose address is
// a setting (Server address; its test ids are still `tablebase-service-*`): a bad one is refused
// with its reason, a good one kept after a reload and asked, an empty one the site again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  openBrowser, newWatchedPage, screenshot, assertNoErrors, assertNoCutText,
  assertNoSidewaysOverflow, assertAttribute,
} from '../lib/phone.mjs';
import { ROOT, SITE, serve, freePort } from '../lib/site.mjs';

/** Red to move wins in 3 plies; 5 soldiers, beyond the 4 the app carries. */
const FEN = '.B./B...B/..T../...../R.R r - 0';
/** Four soldiers: the app's own tables hold it. */
const CARRIED = '..B/...../..T../...../RRR r - 0';

const WORDS = {
  en: {
    title: 'Endgame tables (server)',
    verdict: 'Red wins by force in 2 moves (3 moves in all, both sides counted)',
    unreachable: 'The endgame table service cannot be reached; the board works without it',
    nonsense: "The endgame table service's answer could not be read and was ignored",
    win: (plies) => `win in ${plies}`,
  },
  zh: {
    title: '残局库（服务器）',
    verdict: '红方可以强制取胜，2 步之内（双方合计 3 步）',
    unreachable: '连不上残局库服务，棋盘照常可用',
    nonsense: '残局库服务的回答无法读取，已忽略',
    win: (plies) => `胜（${plies} 步）`,
  },
};

/** A move's category for the side playing it, from the service's for the side after it. */
const FOR_MOVER = {
  win: 'loss', loss: 'win', draw: 'draw', 'win-or-draw': 'loss-or-draw',
  'loss-or-draw': 'win-or-draw', unknown: 'unknown',
};

let site;
let tables;
before(async () => {
  tables = mkdtempSync(join(tmpdir(), 'duobao-tables-'));
  execFileSync(
    'cargo',
    ['run', '--release', '--quiet', '-p', 'duobao-cli', '--', 'tablebase', 'build', '--max-soldiers', '5', '--out', tables],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  site = await serve(SITE, { tables });
});
after(async () => {
  await site?.stop();
  if (tables) rmSync(tables, { recursive: true, force: true });
});

/** The service's own answer for `fen`. */
async function served(fen) {
  const response = await fetch(`${site.url}api/tablebase?fen=${encodeURIComponent(fen)}`);
  assert.equal(response.status, 200);
  return response.json();
}

async function openAnalysis(page, lang, fen) {
  await page.goto(`${site.url}?lang=${lang}&mode=analysis&fen=${encodeURIComponent(fen)}`);
  await page.getByTestId('analysis-screen').waitFor();
}

const panel = (page) => page.getByTestId('tablebase-panel');
const shownMoves = (page) => page.getByTestId('tablebase-move').evaluateAll((buttons) =>
  buttons.map((button) => [button.dataset.move, button.dataset.category, Number(button.dataset.plies) || null]));

for (const lang of ['en', 'zh']) {
  const words = WORDS[lang];

  test(`the service's verdict and every move's value on the analysis board, online and offline (${lang})`, async () => {
    const own = await openBrowser();
    const page = await newWatchedPage(own.context);
    const answer = await served(FEN);
    assert.equal(answer.category, 'win');
    await openAnalysis(page, lang, FEN);
    await assertAttribute(panel(page), 'data-state', 'answer', 20_000);
    assert.equal(await panel(page).getByRole('heading').textContent(), words.title);
    const verdict = page.getByTestId('tablebase-verdict');
    assert.equal(await verdict.textContent(), words.verdict);
    assert.equal(await verdict.getAttribute('data-category'), 'win');
    assert.equal(await verdict.getAttribute('data-plies'), '3');
    // Every legal move, in the service's order, each valued for the side playing it.
    const expected = answer.moves.map((m) => [m.uci, FOR_MOVER[m.category], m.plies === null ? null : m.plies + 1]);
    assert.deepEqual(await shownMoves(page), expected);
    assert.equal(expected.length, Number(execFileSync(
      'cargo', ['run', '--release', '--quiet', '-p', 'duobao-cli', '--', 'moves', '--fen', FEN],
      { cwd: ROOT, encoding: 'utf8' },
    ).trim().split('\n').length), 'every legal move is listed');
    const best = page.getByTestId('tablebase-move').first();
    assert.equal(await best.getAttribute('data-category'), 'win');
    assert.equal(await best.locator('.value').textContent(), words.win(3));
    await assertNoCutText(page, 'the analysis board with the service');
    await assertNoSidewaysOverflow(page, 'the analysis board with the service');
    await screenshot(page, `tablebase-service-${lang}`, { fullPage: true });

    // A tap on the best move plays it; the service then speaks for Black, who loses. Its answer
    // held back, the panel keeps the last one meanwhile, dimmed, not tappable and at its height,
    // so that nothing below it moves.
    const played = await best.getAttribute('data-move');
    const height = (await panel(page).boundingBox()).height;
    let answerNow;
    const heldBack = new Promise((resolve) => { answerNow = resolve; });
    await page.route('**/api/tablebase*', async (route) => {
      await heldBack;
      await route.continue();
    }, { times: 1 });
    await best.tap();
    await assertAttribute(page.getByTestId('analysis-board'), 'data-plies', '1');
    await assertAttribute(panel(page), 'data-state', 'asking');
    assert.equal(await panel(page).getAttribute('aria-busy'), 'true');
    assert.equal(await page.getByTestId('tablebase-move').count(), expected.length);
    assert.equal(await page.getByTestId('tablebase-move').first().isDisabled(), true);
    assert.equal((await panel(page).boundingBox()).height, height);
    await screenshot(page, `tablebase-service-asking-${lang}`, { fullPage: true });
    answerNow();
    await assertAttribute(page.getByTestId('tablebase-verdict'), 'data-category', 'loss', 20_000);
    assert.equal(await page.getByTestId('tablebase-verdict').getAttribute('data-plies'), '2');
    assert.equal(await page.getByTestId('tree-move').first().getAttribute('data-move'), played);

    // The network off: the board goes on, the engine too, and the panel says why it is silent.
    await own.context.setOffline(true);
    await page.getByTestId('analysis-back').tap();
    await assertAttribute(page.getByTestId('analysis-board'), 'data-plies', '0');
    await assertAttribute(panel(page), 'data-state', 'unreachable', 20_000);
    assert.equal(await page.getByTestId('tablebase-note').textContent(), words.unreachable);
    assert.equal(await page.getByTestId('tablebase-move').count(), 0);
    await page.getByTestId('analysis-line').waitFor();
    const second = expected[1][0];
    await page.getByTestId('analysis-board').locator(`[data-point="${second.slice(0, 2)}"]`).tap();
    await page.getByTestId('analysis-board').locator(`[data-point="${second.slice(2, 4)}"]`).tap();
    await assertAttribute(page.getByTestId('analysis-board'), 'data-plies', '1');
    await assertAttribute(panel(page), 'data-state', 'unreachable', 20_000);
    await screenshot(page, `tablebase-service-offline-${lang}`, { fullPage: true });
    assertNoErrors(page);
    await own.close();
  });

  test(`an answer that is not one is ignored, and the app's own endgames are not asked about (${lang})`, async () => {
    const own = await openBrowser();
    const page = await newWatchedPage(own.context);
    let asked = 0;
    await page.route('**/api/tablebase*', (route) => {
      asked += 1;
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"fen":"BBB/BB.BB/..T../RR.RR/RRR r - 0","category":"win","plies":1,"moves":[]}' });
    });
    await openAnalysis(page, lang, FEN);
    await assertAttribute(panel(page), 'data-state', 'nonsense', 20_000);
    assert.equal(await page.getByTestId('tablebase-note').textContent(), words.nonsense);
    assert.equal(await page.getByTestId('tablebase-verdict').count(), 0);
    assert.equal(asked, 1);
    await openAnalysis(page, lang, CARRIED);
    await assertAttribute(page.getByTestId('analysis-verdict'), 'data-kind', 'forced', 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(await panel(page).count(), 0, 'no panel for a position the app knows itself');
    assert.equal(asked, 1, 'nothing asked about it');
    assertNoErrors(page);
    await own.close();
  });
}

test('the server address is a setting: refused with a reason, kept, asked, and emptied back to the site', async () => {
  const own = await openBrowser();
  const page = await newWatchedPage(own.context);
  await page.goto(`${site.url}?lang=en`);
  await page.getByTestId('open-settings').tap();
  const field = page.getByTestId('tablebase-service-address');
  const status = page.getByTestId('tablebase-service-status');
  assert.equal(await field.inputValue(), '', 'the site the app came from by default');
  await field.fill('tables.example.org');
  await page.getByTestId('tablebase-service-save').tap();
  assert.equal(await status.textContent(), 'The address must begin with http:// or https://');
  await field.fill('http://exa mple.org');
  await page.getByTestId('tablebase-service-save').tap();
  assert.equal(await status.textContent(), 'This address cannot be used: it needs a host, and no spaces, ? or #');
  await page.getByTestId('language-zh').tap();
  assert.equal(await status.textContent(), '这个地址无法使用：需要主机名，不能有空格、问号或井号');
  await page.getByTestId('language-en').tap();

  // A port where nothing listens: saved, kept after a reload, and out of reach.
  const nowhere = `http://127.0.0.1:${await freePort()}`;
  await field.fill(nowhere);
  await page.getByTestId('tablebase-service-save').tap();
  assert.equal(await status.textContent(), 'Address saved');
  await assertNoCutText(page, 'the settings with the service address');
  await screenshot(page, 'tablebase-service-setting-en', { fullPage: true });
  await page.reload();
  await page.getByTestId('open-settings').tap();
  assert.equal(await page.getByTestId('tablebase-service-address').inputValue(), nowhere);
  await openAnalysis(page, 'en', FEN);
  await assertAttribute(panel(page), 'data-state', 'unreachable', 20_000);

  // The service's own address, then none: both ask the service the app came from.
  for (const address of [site.url, '']) {
    await page.goto(`${site.url}?lang=en`);
    await page.getByTestId('open-settings').tap();
    await page.getByTestId('tablebase-service-address').fill(address);
    await page.getByTestId('tablebase-service-save').tap();
    assert.equal(await status.textContent(), 'Address saved');
    await openAnalysis(page, 'en', FEN);
    await assertAttribute(panel(page), 'data-state', 'answer', 20_000);
    assert.equal(await page.getByTestId('tablebase-verdict').getAttribute('data-category'), 'win');
  }
  assertNoErrors(page);
  await own.close();
});

for (const lang of ['en', 'zh']) {
  test(`the hint plays the service's best move and says the win it forces (${lang})`, async () => {
    const own = await openBrowser();
    const page = await newWatchedPage(own.context);
    const answer = await served(FEN);
    // The service's best: the first of the soonest wins (the opponent then loses soonest).
    const soonest = Math.min(...answer.moves.filter((m) => m.category === 'loss').map((m) => m.plies));
    const best = answer.moves.find((m) => m.category === 'loss' && m.plies === soonest).uci;
    let asked = 0;
    page.on('request', (request) => { if (request.url().includes('/api/tablebase')) asked += 1; });
    await page.goto(`${site.url}?lang=${lang}&mode=pnp&turn=off&fen=${encodeURIComponent(FEN)}`);
    await page.getByTestId('board').waitFor();
    await page.getByTestId('hint').tap();
    const arrow = page.getByTestId('hint-arrow');
    await arrow.waitFor({ timeout: 20_000 });
    assert.equal(`${await arrow.getAttribute('data-from')}${await arrow.getAttribute('data-to')}`, best);
    assert.ok(asked >= 1, 'the service was asked');
    // The engine alone proves nothing here (5 soldiers, beyond the app's tables): the forced win
    // in the hint's words is the service's.
    const line = await page.getByTestId('hint-line').textContent();
    assert.match(line, lang === 'en' ? /Red now wins by force in 2 moves: / : /红方现在可以强制取胜，2 步之内：/);
    assert.ok(line.includes(best), line);
    await screenshot(page, `tablebase-service-hint-${lang}`);
    assertNoErrors(page);
    await own.close();
  });
}
