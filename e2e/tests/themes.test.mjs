// The look, in a phone-sized touch Chromium: a fresh profile follows the system's light or dark
// appearance, also when it changes; a theme, a board and a piece set chosen by taps in Settings
// show at once (in the settings' preview and on every screen) and after a reload; and each of
// them, chosen by taps, paints its own colours on home, the game and the review: the pixels of
// the screenshots on the table, the wood and the pieces are the look's colours as the stylesheet
// (assets/main.css) and the board's paints (src/board/parts.rs) give them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { ROOT, SITE, serve } from '../lib/site.mjs';

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

/** Red to move, and c2d2 takes the treasure home at once. */
const WIN_IN_ONE = 'B.B/..BBB/BRR.R/RBT../RRR r - 12';

/** The relative luminance (WCAG) of an element's computed background colour. */
async function backgroundLuminance(page, selector = 'body') {
  return page.evaluate((selector) => {
    const colour = getComputedStyle(document.querySelector(selector)).backgroundColor;
    const [r, g, b] = colour.match(/[\d.]+/g).slice(0, 3).map(Number).map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }, selector);
}

/** The look the page shows: the root's attributes and the browser's theme colour. */
async function shownLook(page) {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    board: document.documentElement.dataset.board,
    pieces: document.documentElement.dataset.pieces,
    bar: document.querySelector('meta[name="theme-color"]').content,
  }));
}

const LIGHT_BAR = '#f3eadb';
const DARK_BAR = '#2a1c11';

async function assertScheme(page, scheme, where) {
  await page.waitForFunction((scheme) => document.documentElement.dataset.theme === scheme, scheme);
  const luminance = await backgroundLuminance(page);
  const look = await shownLook(page);
  if (scheme === 'light') {
    assert.ok(luminance > 0.7, `${where}: a light page (luminance ${luminance.toFixed(2)})`);
    assert.equal(look.bar, LIGHT_BAR, `${where}: the browser's bar is light`);
  } else {
    assert.ok(luminance < 0.05, `${where}: a dark page (luminance ${luminance.toFixed(2)})`);
    assert.equal(look.bar, DARK_BAR, `${where}: the browser's bar is dark`);
  }
}

/** Runs `body` with its own fresh browser (nothing stored), closed even when a check fails. */
async function withBrowser(options, body) {
  const browser = await phone.openBrowser(options);
  try {
    return await body(browser);
  } finally {
    await browser.close();
  }
}

for (const [locale, lang] of [['zh-CN', 'zh'], ['en-US', 'en']]) {
  test(`${lang}: a fresh profile follows the system's appearance, and switches with it`, async () => {
    for (const system of ['light', 'dark']) {
      await withBrowser({ locale, colorScheme: system }, async (browser) => {
        const page = await phone.openApp(browser.context);
        await page.getByTestId('home').waitFor();
        await assertScheme(page, system, `a fresh ${system} profile`);
        const other = system === 'light' ? 'dark' : 'light';
        await page.emulateMedia({ colorScheme: other });
        await assertScheme(page, other, `the system turned ${other}`);
        await page.emulateMedia({ colorScheme: system });
        await assertScheme(page, system, `the system turned ${system} again`);
        phone.assertNoErrors(page);
      });
    }
  });

  test(`${lang}: a theme chosen in Settings beats the system's, shows at once and stays after a reload`, async () => {
    await withBrowser({ locale, colorScheme: 'dark' }, async (browser) => {
      const page = await phone.openApp(browser.context);
      await page.getByTestId('open-settings').tap();
      await page.getByTestId('settings').waitFor();
      await phone.assertAttribute(page.getByTestId('theme-system'), 'aria-pressed', 'true');
      await page.getByTestId('theme-light').tap();
      await assertScheme(page, 'light', 'Light chosen on a dark system');
      await page.getByTestId('board-contrast').tap();
      await page.getByTestId('pieces-flat').tap();
      assert.deepEqual(
        await shownLook(page),
        { theme: 'light', board: 'contrast', pieces: 'flat', bar: LIGHT_BAR },
      );
      // The preview shows the board chosen: white wood, and Black's soldiers square.
      const preview = page.getByTestId('look-preview');
      assert.equal(
        await page.evaluate(() => getComputedStyle(document.querySelector('.paints .wood-top')).stopColor),
        'rgb(255, 255, 255)',
      );
      assert.ok(await preview.locator('.token.black .square').first().isVisible(), 'square black soldiers');
      assert.ok(!(await preview.locator('.token.black .face').first().isVisible()), 'no round black soldiers');
      await phone.screenshot(page, `settings-look-${lang}`);
      await phone.assertNoCutText(page, 'settings');

      await page.reload();
      await page.getByTestId('home').waitFor();
      await assertScheme(page, 'light', 'after a reload');
      assert.deepEqual(
        await shownLook(page),
        { theme: 'light', board: 'contrast', pieces: 'flat', bar: LIGHT_BAR },
      );
      // A system change no longer moves a chosen theme; System follows it again.
      await page.emulateMedia({ colorScheme: 'light' });
      await page.getByTestId('open-settings').tap();
      await page.getByTestId('theme-dark').tap();
      await assertScheme(page, 'dark', 'Dark chosen on a light system');
      await page.getByTestId('theme-system').tap();
      await assertScheme(page, 'light', 'System again, on a light system');
      await page.emulateMedia({ colorScheme: 'dark' });
      await assertScheme(page, 'dark', 'System, the system turned dark');
      phone.assertNoErrors(page);
    });
  });
}

/** Chooses a look by taps in Settings, from home, and comes back home. */
async function chooseLook(page, { theme, board, pieces }) {
  await page.getByTestId('open-settings').tap();
  await page.getByTestId('settings').waitFor();
  for (const testid of [`theme-${theme}`, `board-${board}`, `pieces-${pieces}`]) {
    await page.getByTestId(testid).tap();
    await phone.assertAttribute(page.getByTestId(testid), 'aria-pressed', 'true');
  }
  await page.getByTestId('back').first().tap();
  await page.getByTestId('home').waitFor();
}

// ---------- the colours a look paints, from the app's own sources ----------

const STYLESHEET = readFileSync(join(ROOT, 'assets/main.css'), 'utf8');

/** `#rrggbb` as `[r, g, b]`. */
const rgb = (hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

/** The colours (`--name: #rrggbb`) that the stylesheet's rules for exactly `selector` set. */
function coloursOf(selector) {
  const colours = {};
  for (const [, selectors, rules] of STYLESHEET.matchAll(/^([^{}\n]+) \{([^}]*)\}/gm)) {
    if (selectors.trim() !== selector) continue;
    for (const [, name, hex] of rules.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6});/g)) colours[name] = rgb(hex);
  }
  return colours;
}

/** A look's colours: the root's own (the dark theme, the wood board), then its theme's and board's. */
function lookColours({ theme, board }) {
  const colours = {
    ...coloursOf(':root'),
    ...coloursOf(`:root[data-theme="${theme}"]`),
    ...coloursOf(`:root[data-board="${board}"]`),
  };
  for (const name of ['--table', '--paper', '--red', '--black', '--wood-top', '--wood-bottom']) {
    assert.ok(colours[name], `the stylesheet gives ${name}`);
  }
  return colours;
}

/** The wood's gradient, from its top left corner to its bottom right: `[offset, colour name]`. */
const WOOD_STOPS = [...readFileSync(join(ROOT, 'src/board/parts.rs'), 'utf8')
  .matchAll(/stop \{ class: "(wood-[\w-]+)", offset: "([\d.]+)"/g)]
  .map(([, name, offset]) => [Number(offset), `--${name}`]);

/** The wood's colour at `offset` (0 in its top left corner, 1 in its bottom right). */
function woodAt(colours, offset) {
  assert.ok(WOOD_STOPS.length >= 2, 'src/board/parts.rs has the wood\'s gradient');
  const next = WOOD_STOPS.findIndex(([at]) => at >= offset);
  const [[from, low], [to, high]] = [WOOD_STOPS[Math.max(next - 1, 0)], WOOD_STOPS[next]];
  const part = to > from ? (offset - from) / (to - from) : 0;
  return colours[low].map((channel, at) => Math.round(channel + (colours[high][at] - channel) * part));
}

// ---------- what a screenshot shows ----------

/** The Paeth predictor of PNG's filters. */
function paeth(left, up, corner) {
  const guess = left + up - corner;
  const [a, b, c] = [left, up, corner].map((value) => Math.abs(guess - value));
  return a <= b && a <= c ? left : b <= c ? up : corner;
}

/** A PNG as Chromium writes its screenshots (8-bit RGB or RGBA, not interlaced), decoded. */
function decodePng(file) {
  let width;
  let height;
  let channels;
  const data = [];
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at);
    const type = file.toString('ascii', at + 4, at + 8);
    const chunk = file.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      [width, height] = [chunk.readUInt32BE(0), chunk.readUInt32BE(4)];
      channels = { 2: 3, 6: 4 }[chunk[9]];
      assert.ok(chunk[8] === 8 && channels && chunk[12] === 0, 'an 8-bit RGB(A) PNG, not interlaced');
    } else if (type === 'IDAT') {
      data.push(chunk);
    }
    at += length + 12;
  }
  const packed = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = packed[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const left = x >= channels ? pixels[y * stride + x - channels] : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const corner = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const guess = [0, left, up, (left + up) >> 1, paeth(left, up, corner)][filter];
      pixels[y * stride + x] = (packed[y * (stride + 1) + 1 + x] + guess) & 0xff;
    }
  }
  /** The colour at (x, y), in device pixels. */
  const at = (x, y) => [0, 1, 2].map((channel) => pixels[(y * width + x) * channels + channel]);
  return { width, height, at };
}

/** The screenshot `name` taken now, and the colour it shows at a point given in CSS pixels. */
async function screenshotColours(page, name) {
  await phone.screenshot(page, name);
  const png = decodePng(readFileSync(join(phone.SCREENSHOTS, `${name}.png`)));
  const scale = png.width / page.viewportSize().width;
  return {
    /** The middle colour (channel by channel) of the 3×3 device pixels about `(x, y)`. */
    at(x, y) {
      const [cx, cy] = [Math.round(x * scale), Math.round(y * scale)];
      const around = [-1, 0, 1].flatMap((dy) => [-1, 0, 1].map((dx) => png.at(cx + dx, cy + dy)));
      return [0, 1, 2].map((channel) => around.map((colour) => colour[channel]).sort((a, b) => a - b)[4]);
    },
    /** The bottom left corner of the screen, where only the table shows. */
    corner: () => png.at(2, png.height - 3),
  };
}

/** How far two colours are apart: their largest difference in one channel. */
const distance = (a, b) => Math.max(...a.map((channel, at) => Math.abs(channel - b[at])));
/** How far a painted colour may stray from the stylesheet's: a gradient's rounding. */
const TOLERANCE = 4;
const css = (colour) => `rgb(${colour.join(', ')})`;

function assertPainted(painted, expected, what) {
  assert.ok(
    distance(painted, expected) <= TOLERANCE,
    `${what} is painted ${css(painted)} where the look has ${css(expected)}`,
  );
}

/** Board units between two neighbouring points, the width of a point's touch target
 * (src/board/geometry.rs). */
const CELL = 100;
/** How far below a soldier's centre its face shows, clear of its character and its rim. */
const FACE = 28;

/**
 * Checks what the board `testid` paints in the screenshot against the look's colours, and returns
 * what it painted: the wood where a5 and e1 would be (the two corners without a point), the face
 * of Red's soldier on b1 and of Black's on b5.
 */
async function assertBoardPainted(page, shot, testid, look, where) {
  const colours = lookColours(look);
  const board = page.getByTestId(testid);
  const centre = async (name) => {
    const box = await board.locator(`[data-point="${name}"]`).boundingBox();
    return { name, x: box.x + box.width / 2, y: box.y + box.height / 2, unit: box.width / CELL };
  };
  const [a4, b5, e2, d1, b1] = await Promise.all(['a4', 'b5', 'e2', 'd1', 'b1'].map(centre));
  const wood = await board.locator('.wood').boundingBox();
  const offset = ({ x, y }) => ((x - wood.x) / wood.width + (y - wood.y) / wood.height) / 2;
  const painted = {};
  for (const [name, spot] of [['a5', { x: a4.x, y: b5.y }], ['e1', { x: e2.x, y: d1.y }]]) {
    painted[name] = shot.at(spot.x, spot.y);
    assertPainted(painted[name], woodAt(colours, offset(spot)), `${where}: the wood at ${name}`);
  }
  const flat = look.pieces === 'flat';
  for (const [side, spot, colour] of [['red', b1, '--red'], ['black', b5, '--black']]) {
    painted[side] = shot.at(spot.x, spot.y + FACE * spot.unit);
    assert.equal(await board.locator(`[data-point="${spot.name}"]`).getAttribute('data-piece'), side);
    assertPainted(painted[side], colours[flat ? colour : '--paper'], `${where}: ${side}'s soldier`);
  }
  return painted;
}
// Every theme, board and piece set at least once, each theme with more than one board.
const LOOKS = [
  { theme: 'dark', board: 'wood', pieces: 'engraved' },
  { theme: 'light', board: 'wood', pieces: 'engraved' },
  { theme: 'dark', board: 'light', pieces: 'flat' },
  { theme: 'light', board: 'contrast', pieces: 'flat' },
  { theme: 'dark', board: 'contrast', pieces: 'engraved' },
  { theme: 'light', board: 'light', pieces: 'flat' },
];

/**
 * Chooses `look` by taps in a fresh browser (closed even when a check fails), checks what it
 * paints on home, the game and the review, and returns what the game's screen painted.
 */
async function paintsOf(look, lang) {
  return withBrowser({ locale: lang === 'en' ? 'en-US' : 'zh-CN' }, async (browser) => {
  const page = await phone.openApp(browser.context);
  await page.getByTestId('home').waitFor();
  await chooseLook(page, look);
  const name = `look-${look.theme}-${look.board}-${look.pieces}`;
  const { '--table': table } = lookColours(look);
  const home = await screenshotColours(page, `${name}-home`);
  assertPainted(home.corner(), table, `${name}, home: the table`);

  const query = new URLSearchParams({ mode: 'pnp', fen: WIN_IN_ONE }).toString();
  await page.goto(`${process.env.BASE_URL}?${query}`);
  await phone.answerLinkChoice(page);
  await phone.tapPoint(page, 'c2');
  await phone.assertAttribute(phone.point(page, 'c2'), 'data-selected', 'true');
  const game = await screenshotColours(page, `${name}-game`);
  assertPainted(game.corner(), table, `${name}, the game: the table`);
  const painted = await assertBoardPainted(page, game, 'board', look, `${name}, the game`);

  await phone.tapPoint(page, 'd2');
  await page.getByTestId('game-over').waitFor();
  await page.getByTestId('review').tap();
  await page.getByTestId('review-board').waitFor();
  await page.getByTestId('review-progress').waitFor({ state: 'detached', timeout: 60_000 });
  const review = await screenshotColours(page, `${name}-review`);
  await assertBoardPainted(page, review, 'review-board', look, `${name}, the review`);
  phone.assertNoErrors(page);
  return { table: game.corner(), ...painted };
  });
}

test('each theme, board and piece set paints its colours on home, the game and the review', async () => {
  const paints = [];
  for (const [index, look] of LOOKS.entries()) {
    paints.push({ look, painted: await paintsOf(look, index % 2 ? 'en' : 'zh') });
  }
  // Whatever the stylesheet says, two themes, two boards or two piece sets never look alike.
  for (const [index, { look, painted }] of paints.entries()) {
    for (const other of paints.slice(index + 1)) {
      const apart = (...parts) => Math.max(...parts.map((part) => distance(painted[part], other.painted[part])));
      const names = `${Object.values(look).join('-')} and ${Object.values(other.look).join('-')}`;
      if (look.theme !== other.look.theme) {
        assert.ok(apart('table') > TOLERANCE, `${names}: the same table`);
      }
      if (look.board !== other.look.board) {
        assert.ok(apart('a5', 'e1') > TOLERANCE, `${names}: the same wood`);
      }
      if (look.pieces !== other.look.pieces) {
        assert.ok(apart('red', 'black') > TOLERANCE, `${names}: the same soldiers`);
      }
    }
  }
});
