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
  await page.getByTestId('invite-sheet').waitFor();
  return page.getByTestId('invite-link').textContent();
}

/** The board is live: the server has spoken and the socket is up. */
export async function live(page) {
  await page.getByTestId('board').waitFor();
  await page.getByTestId('online-connection').waitFor({ state: 'detached', timeout: 20_000 });
}
