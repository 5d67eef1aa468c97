// The browser on the other side of the native e2e's online game (drive.py, `online_run`): it
// serves the web build with the app's server (scripts/serve.sh, its embedded database of its
// own), reads the invitation's QR code off a screenshot of the desktop app, opens the link on a
// phone-sized Chromium in English, is seated as Black and plays Black's moves of `--moves` by
// taps as their turns come, checking that each of Red's arrived first.
//
// It talks to drive.py in JSON lines: it prints {"server": URL} once the server listens; it reads
// {"qr": PATH} (a screenshot) and answers {"qr": null} when it finds no code there, or
// {"seated": "black"} once the link seated it and its board is live; then it plays on and prints
// {"over": WINNER} when its page says the game ended, and keeps the server until its input
// closes. Anything wrong: {"error": WHY}, exit 1.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import {
  openBrowser, newWatchedPage, playMove, plies, waitForPlies, assertNoErrors,
} from '../lib/phone.mjs';
import { serve, SITE } from '../lib/site.mjs';
import { answerName } from '../lib/online.mjs';

const JSQR_SOURCE = readFileSync(createRequire(import.meta.url).resolve('jsqr'), 'utf8');
const moves = process.argv[process.argv.indexOf('--moves') + 1].split(',');

const say = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
async function heard() {
  const { value, done } = await lines.next();
  if (done) throw new Error('drive.py closed the conversation');
  return JSON.parse(value);
}

/** The text of the QR code in the PNG at `path`, read by jsQR, or null. */
async function readQr(context, path) {
  const page = await context.newPage();
  try {
    await page.setContent('<canvas></canvas>');
    await page.evaluate(JSQR_SOURCE);
    const png = readFileSync(path).toString('base64');
    return await page.evaluate(async (source) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.querySelector('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const drawing = canvas.getContext('2d');
      drawing.drawImage(image, 0, 0);
      const pixels = drawing.getImageData(0, 0, image.width, image.height);
      return window.jsQR(pixels.data, image.width, image.height)?.data ?? null;
    }, `data:image/png;base64,${png}`);
  } finally {
    await page.close();
  }
}

/** Waits until the move list is `expected` (Red's last move arrived from the desktop app). */
async function sameMoves(page, expected) {
  await waitForPlies(page, expected.length, 30_000);
  const seen = await plies(page);
  const bare = seen.map((ply) => ply.replace(/x\(.*\)$/, ''));
  if (bare.join(' ') !== expected.join(' ')) throw new Error(`the move list is ${seen}, expected ${expected}`);
}

let site;
let browser;
try {
  site = await serve(SITE);
  say({ server: site.url.replace(/\/$/, '') });
  browser = await openBrowser({ locale: 'en-US' });
  let link = null;
  while (link === null) {
    const { qr } = await heard();
    link = await readQr(browser.context, qr);
    if (link === null) say({ qr: null });
  }
  if (!link.startsWith(`${site.url}#online=`)) throw new Error(`the invitation's link is ${link}`);
  const page = await newWatchedPage(browser.context);
  await page.goto(link.replace('#', '?lang=en#'));
  // The first game online asks for a name: this player plays the invitation without one.
  await answerName(page, page.getByTestId('board'));
  await page.getByTestId('board').waitFor();
  await page.getByTestId('online-connection').waitFor({ state: 'detached', timeout: 20_000 });
  await page.getByTestId('bar-red').getByText('Opponent').waitFor();
  say({ seated: 'black' });

  for (let ply = 1; ply < moves.length; ply += 2) {
    await sameMoves(page, moves.slice(0, ply));
    await playMove(page, moves[ply]);
  }
  await page.getByTestId('game-over').waitFor({ timeout: 30_000 });
  const winner = await page.getByTestId('result-reason').getAttribute('data-winner');
  assertNoErrors(page);
  say({ over: winner });
  // The server stays until drive.py has seen the end on the desktop too (it closes the input).
  await lines.next();
} catch (error) {
  say({ error: String(error?.stack ?? error) });
  process.exitCode = 1;
} finally {
  await browser?.close();
  await site?.stop();
}
