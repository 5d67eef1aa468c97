// The phone's part in a game, with the browser's APIs replaced by recorders: a vibration for each
// move (stronger for a capture and at the end), the screen kept awake while the turn clock runs,
// and a browser that refuses the wake lock and cannot vibrate. The vibration strength setting is
// in sound-and-touch.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser, openApp, playMove, assertNoErrors,
} from '../lib/phone.mjs';

/**
 * Replaces `navigator.vibrate` and `navigator.wakeLock` before the app starts; every call goes to
 * `window.__device`: `vibrate:<ms>`, `wake:request`, `wake:release`. `refuse`: wakeLock.request
 * rejects as a browser does when it denies the lock, and there is no vibrate at all.
 */
async function stubDevice(page, { refuse = false } = {}) {
  await page.addInitScript((refuse) => {
    const calls = [];
    window.__device = calls;
    if (refuse) {
      delete Navigator.prototype.vibrate;
    } else {
      Navigator.prototype.vibrate = function vibrate(pattern) {
        calls.push(`vibrate:${pattern}`);
        return true;
      };
    }
    const wakeLock = {
      async request(type) {
        calls.push(`wake:request:${type}`);
        if (refuse) throw new DOMException('Wake lock permission denied', 'NotAllowedError');
        const sentinel = {
          type,
          released: false,
          async release() {
            if (!sentinel.released) calls.push('wake:release');
            sentinel.released = true;
          },
          addEventListener() {},
          removeEventListener() {},
        };
        return sentinel;
      },
    };
    Object.defineProperty(Navigator.prototype, 'wakeLock', { configurable: true, get: () => wakeLock });
  }, refuse);
}

/**
 * Opens the app in a browser of its own (a fresh profile, and stubs that no other test shares)
 * with the stubs and a recorder of the console's lines.
 */
async function openAppWith(options, stub) {
  const own = await openBrowser();
  await stubDevice(own.context, stub);
  const lines = [];
  own.context.on('console', (message) => lines.push(message.text()));
  const page = await openApp(own.context, options);
  page.consoleLines = lines;
  page.closeAll = () => own.close();
  return page;
}

const calls = (page) => page.evaluate(() => [...window.__device]);
const waitForCall = (page, call, count = 1) =>
  page.waitForFunction(([call, count]) => window.__device.filter((c) => c === call).length >= count, [call, count]);
const vibrations = async (page, count) => {
  await page.waitForFunction((n) => window.__device.filter((c) => c.startsWith('vibrate:')).length >= n, count);
  return (await calls(page)).filter((c) => c.startsWith('vibrate:'));
};

test('moves vibrate, captures harder; the screen stays awake while the clock runs', async () => {
  const page = await openAppWith({ lang: 'en', mode: 'pnp', turn: '60', fen: 'BBB/.B.B./..T../.RB../.R. r - 0' }, {});
  await waitForCall(page, 'wake:request:screen');
  await playMove(page, 'c1d2'); // captures c2
  await playMove(page, 'b4a4');
  assert.deepEqual(await vibrations(page, 2), ['vibrate:40', 'vibrate:15']);

  // The menu pauses the clock: the screen may dim; back in the game it stays awake again.
  await page.getByTestId('menu-button').tap();
  await waitForCall(page, 'wake:release');
  await page.getByTestId('resume').tap();
  await waitForCall(page, 'wake:request:screen', 2);
  assertNoErrors(page);
  await page.closeAll();
});

test('the end of a game vibrates once and lets the screen dim; no clock, no wake lock', async () => {
  // Red soldiers on b3 and d2: d2d3 sandwiches the treasure on c3 and wins.
  const page = await openAppWith({ lang: 'en', mode: 'pnp', turn: '60', fen: 'BBB/BB.BB/.RT../...R./... r - 0' }, {});
  await waitForCall(page, 'wake:request:screen');
  await playMove(page, 'd2d3');
  await page.getByTestId('game-over').waitFor();
  await waitForCall(page, 'wake:release');
  assert.deepEqual(await vibrations(page, 1), ['vibrate:40']);
  await page.closeAll();

  const untimed = await openAppWith({ lang: 'en', mode: 'pnp', turn: 'off' }, {});
  await playMove(untimed, 'b2b3');
  await vibrations(untimed, 1);
  assert.deepEqual(await calls(untimed), ['vibrate:15'], 'no wake lock without a turn clock');
  assertNoErrors(untimed);
  await untimed.closeAll();
});

test("the computer's moves vibrate too", async () => {
  const page = await openAppWith({ lang: 'en', mode: 'ai', level: 'easy', turn: 'off' }, {});
  await playMove(page, 'b2b3');
  assert.equal((await vibrations(page, 2)).length, 2, 'the move and the answer');
  assertNoErrors(page);
  await page.closeAll();
});

test('a refused wake lock and a browser that cannot vibrate leave the game alone; logged once', async () => {
  const page = await openAppWith({ lang: 'en', mode: 'pnp', turn: '60', fen: 'BBB/.B.B./..T../.RB../.R. r - 0' }, { refuse: true });
  await waitForCall(page, 'wake:request:screen');
  await playMove(page, 'c1d2');
  await playMove(page, 'b4a4');
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('resume').tap();
  await waitForCall(page, 'wake:request:screen', 2);
  await playMove(page, 'd2c2');
  assert.equal((await page.getByTestId('ply').count()), 3);
  const lines = page.consoleLines;
  const logged = (what) => lines.filter((line) => line.includes(what)).length;
  assert.equal(logged('cannot keep the screen awake'), 1, lines.join('\n'));
  assert.equal(logged('cannot vibrate'), 1, lines.join('\n'));
  assertNoErrors(page);
  await page.closeAll();
});
