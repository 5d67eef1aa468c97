// Playing online by taps: the table of phones around one server, inviting a friend from home
// and waiting until a live board is ready. Shared by the online tests and the live board's
// tap→paint guard.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowser, newWatchedPage, startNewFromHome } from './phone.mjs';
import { serve, SITE, freePort } from './site.mjs';

/** b2c2 loses by force: with the 8th ply Black pushes the treasure between two of its soldiers
 * and captures it, which the move lists write `b3b4x(b4)`. */
export const TREASURE_GAME = ['b2c2', 'b4b3', 'c3b2', 'b3a3', 'c2c3', 'b2b3', 'b1b2', 'b3b4x(b4)'];

/**
 * The app's server with an online games' database of its own (`name` in its folder's name), and
 * three phones, each a browser profile of its own: `zh` in Chinese, `en` and `third` in English.
 * `site.kill()` crashes the server; `serveAgain()` starts it on the same port and database.
 */
export async function openTable(name) {
  const port = await freePort();
  const database = mkdtempSync(join(tmpdir(), `duobao-${name}-e2e-`));
  const table = {
    site: await serve(SITE, { port, database }),
    zh: await openBrowser({ locale: 'zh-CN' }),
    en: await openBrowser({ locale: 'en-US' }),
    third: await openBrowser({ locale: 'en-US' }),
    /** A page of `browser` at the site, on the home screen, with its errors watched. */
    async home(browser, lang) {
      const page = await newWatchedPage(browser.context);
      await page.goto(`${table.site.url}?lang=${lang}`);
      await page.getByTestId('home').waitFor();
      return page;
    },
    async serveAgain() {
      table.site = await serve(SITE, { port, database });
    },
    async close() {
      await table.zh?.close();
      await table.en?.close();
      await table.third?.close();
      await table.site?.stop();
      rmSync(database, { recursive: true, force: true });
    },
  };
  return table;
}

/** From home: Play online, the side and turn time given, then Invite: the invitation's link. */
export async function invite(page, { side = 'red', turn = 60 } = {}) {
  await startNewFromHome(page, 'play-online');
  await page.getByTestId('online-page').waitFor();
  await page.getByTestId(`side-${side}`).tap();
  await page.getByTestId(`turn-${turn}`).tap();
  await page.getByTestId('online-invite').tap();
  await answerName(page, page.getByTestId('invite-sheet'));
  await page.getByTestId('invite-sheet').waitFor();
  return page.getByTestId('invite-link').textContent();
}

/** The board is live: the server has spoken and the socket is up. */
export async function live(page) {
  await page.getByTestId('board').waitFor();
  await page.getByTestId('online-connection').waitFor({ state: 'detached', timeout: 20_000 });
}

/**
 * Answers the name sheet, which the first game online (or Profile) asks on each phone: with
 * `name`, or playing without one. Waits for the sheet or for `next`, whichever comes first, so
 * that a phone that answered before goes straight on.
 */
export async function answerName(page, next, name = null) {
  const sheet = page.getByTestId('name-sheet');
  await sheet.or(next).first().waitFor({ timeout: 20_000 });
  if (!(await sheet.count())) return;
  if (name === null) {
    await page.getByTestId('name-skip').tap();
  } else {
    await page.getByTestId('account-name').fill(name);
    await page.getByTestId('name-send').tap();
  }
  await sheet.waitFor({ state: 'detached' });
}
