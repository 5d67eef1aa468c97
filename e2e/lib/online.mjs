// Playing online by taps: inviting a friend from home and waiting until a live board is ready.
// Shared by the online tests and the live board's tap→paint guard.
import { startNewFromHome } from './phone.mjs';

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
