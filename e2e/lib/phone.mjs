// A phone for the tests: Debian's Chromium driven by Playwright in a 390×844 touch context,
// and the gestures a player makes on the game screen.
import { after } from 'node:test';
import { chromium } from 'playwright-core';
import { copyFileSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { STALL_GUARD_MS } from './guards.mjs';

export const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8080/';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where every screenshot goes: under `target/`, which git ignores, so a run leaves the tree clean. */
export const SCREENSHOTS = join(ROOT, 'target', 'e2e-screenshots');
/**
 * The screenshots the docs show, kept (committed) in `docs/pictures/` and written there only when
 * asked for (`E2E_DOC_PICTURES=1`). No doc shows one yet; name one here to make it one.
 */
const DOC_PICTURES = new Set([]);
const DOC_PICTURES_DIR = join(ROOT, 'docs', 'pictures');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

export const PHONE = {
  viewport: { width: 390, height: 844 },
  // A phone's pixel density, which is what makes blurry lines or text show in screenshots.
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** A desktop window with a keyboard and a mouse, no touch screen. */
export const DESKTOP = {
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
};

/**
 * The browsers opened and not closed yet. A test that fails before it closes its own leaves one
 * open, which would keep its file's process alive until the runner's timeout (ten minutes, where
 * the file's tests had ended in one): they are closed when the file's tests end.
 */
const openBrowsers = new Set();
// Only in a test file that `node --test` runs (it names its children so): in a script, such as
// the benchmark, the hook would start a test run of its own.
if (process.env.NODE_TEST_CONTEXT) {
  after(async () => {
    await Promise.all([...openBrowsers].map((left) => left.close().catch(() => {})));
  });
}

/**
 * A fresh browser with its own profile (so nothing is stored yet); `close()` removes both, and
 * fails if any page of it broke the site's content security policy (`violations` lists what
 * broke it: a test that breaks it on purpose takes its own out). `options` override the phone,
 * e.g. `{ locale: 'zh-CN' }` or `DESKTOP`.
 */
export async function openBrowser(options = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'duobao-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    ...PHONE,
    ...options,
  });
  // Every page reports each violation as an error (which assertNoErrors sees) and here, so that
  // pages no test watches are checked too.
  const violations = [];
  await context.exposeBinding('reportPolicyViolation', (_source, text) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const text = `content security policy: ${event.effectiveDirective} refused `
        + `${event.blockedURI} (${event.sourceFile || 'page'}:${event.lineNumber})`;
      console.error(text);
      window.reportPolicyViolation(text);
    });
  });
  const browser = {
    context,
    violations,
    async close() {
      openBrowsers.delete(browser);
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      assert.deepEqual(violations, [], 'a page broke the content security policy');
    },
  };
  openBrowsers.add(browser);
  return browser;
}

/**
 * Opens the app with the given query options (e.g. `{ mode: 'pnp', lang: 'en' }`). A link to a
 * game while another game is saved asks which to play: `choose` answers (`'link-open'` by
 * default, `'link-continue'`, or `null` to leave the question open).
 */
export async function openApp(context, options = {}, { choose = 'link-open' } = {}) {
  const page = await newWatchedPage(context);
  const query = new URLSearchParams(options).toString();
  await page.goto(`${BASE_URL}${query ? `?${query}` : ''}`);
  if (options.mode && choose) await answerLinkChoice(page, choose);
  return page;
}

/**
 * A 49-ply game between two Easy players (`duobao match --a easy --b easy --games 4 --seed 3`,
 * its third game), long enough that two dozen steps fall within its review's analysis and that a
 * step's cost with the game's length shows.
 */
const LONG_GAME = 'b2a3 c3c4 e2e3 b4c3 a3b3 a4b4 b3a3 b4a4 c4b4 d4c4 c1c2 e4d4 e3e4 d4d3 c2b2 b4b3 d1c1 c4d4 '
  + 'c1c2 b3b4 b2c1 d4e3 d2e2 d3e3 a2b2 b4b3 e2d2 e3d3 e4d4 d3e3 c2c3 d5d4 d2c2 e3e4 c2d2 b3b4 d2e3 d4d3 '
  + 'c3c2 d3c3 e3d4 b4c3 d4e3 c3d3 a3b4 d3d2 c2c3 c5c4 d2d3';
/** How many plies the long game has. */
export const LONG_GAME_PLIES = LONG_GAME.split(' ').length;

/** The review of the long game, opened by its link in the middle of the game: its analysis starts. */
export async function openLongReview(context) {
  const page = await openApp(context, { lang: 'en', moves: LONG_GAME.replaceAll(' ', '-'), ply: 24 });
  await page.getByTestId('review-progress').waitFor();
  return page;
}

/**
 * A new page of `context` that collects its errors in `page.errors`, for assertNoErrors, and
 * prints each as it comes: a test that then times out waiting for a screen (the app stopped by a
 * panic, say) shows why beside its failure, where assertNoErrors would never be reached.
 */
export async function newWatchedPage(context) {
  const page = await context.newPage();
  page.errors = [];
  const collect = (error) => {
    page.errors.push(error);
    console.log(`page error (${page.url()}): ${String(error.message).split('\n')[0]}`);
  };
  page.on('pageerror', collect);
  page.on('console', (message) => {
    // A tablebase service that is not there or out of reach is the app's to say on screen
    // (src/tablebase_service): the browser's own line about the failed request is no error.
    const service = message.location().url?.includes('/api/tablebase');
    if (message.type() === 'error' && !service) collect(new Error(message.text()));
  });
  return page;
}

/**
 * After opening a link to a game: waits until the game, the question about the saved game, or a
 * notice that the link cannot be opened shows, and answers the question with `choose`.
 */
export async function answerLinkChoice(page, choose = 'link-open') {
  await page
    .locator('[data-testid="board"], [data-testid="link-choice"], [data-testid="app-notice"]')
    .first()
    .waitFor();
  if (await page.getByTestId('link-choice').count()) {
    await page.getByTestId(choose).tap();
    await page.getByTestId('link-choice').waitFor({ state: 'detached' });
  }
}

export const point = (page, name) => page.locator(`[data-point="${name}"]`);

/** Taps a point of the board the way a finger does. */
export async function tapPoint(page, name) {
  await point(page, name).tap();
}

/** Plays a move written in notation (`b2c2`) with two taps and waits until it is recorded. */
export async function playMove(page, move) {
  const before = await plyCount(page);
  await tapPoint(page, move.slice(0, 2));
  await assertAttribute(point(page, move.slice(0, 2)), 'data-selected', 'true');
  await tapPoint(page, move.slice(2, 4));
  await waitForPlies(page, before + 1);
}

export async function plyCount(page) {
  return page.getByTestId('ply').count();
}

export async function plies(page) {
  return page.getByTestId('ply').allTextContents();
}

export async function waitForPlies(page, count, timeout = 10_000) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="ply"]').length >= n,
    count,
    { timeout },
  );
}

/** Waits until the element has the attribute value; fails with what it saw. */
export async function assertAttribute(locator, name, value, timeout = 5_000) {
  const deadline = Date.now() + timeout;
  let seen;
  while (Date.now() < deadline) {
    seen = await locator.getAttribute(name);
    if (seen === value) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(seen, value, `${name} of ${locator}`);
}

/** Whether a settings switch is on: `'true'` or `'false'`, as its `aria-checked` says. */
export async function switchState(page, testid) {
  return page.getByTestId(testid).getAttribute('aria-checked');
}

/** Turns a settings switch on or off with a tap (none when it already is) and waits for it. */
export async function setSwitch(page, testid, on) {
  if ((await switchState(page, testid)) !== String(on)) await page.getByTestId(testid).tap();
  await assertAttribute(page.getByTestId(testid), 'aria-checked', String(on));
}

/**
 * Waits until `locator` has stood still for `quietMs` (at most `timeout`). What lies below a panel
 * that changes after a new position (the tablebase panel asks the server a quarter second later,
 * then grows, shrinks or goes) moves meanwhile: Playwright's own check, two frames alike, can
 * pass before that, and the tap then lands where the target was.
 */
export async function waitUntilStill(locator, { quietMs = 1_000, timeout = 15_000 } = {}) {
  const deadline = Date.now() + timeout;
  let last = JSON.stringify(await locator.boundingBox());
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    assert.ok(Date.now() < deadline, `${locator} kept moving for ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const box = JSON.stringify(await locator.boundingBox());
    if (box !== last) {
      last = box;
      since = Date.now();
    }
  }
}

export async function pieceAt(page, name) {
  return point(page, name).getAttribute('data-piece');
}

/**
 * Saves a screenshot in SCREENSHOTS (and, with `E2E_DOC_PICTURES=1`, one the docs show in
 * `docs/pictures/` too); `scale: 'css'` keeps large screens to one pixel per CSS pixel, and
 * `fullPage` takes a long page from top to bottom.
 */
export async function screenshot(page, name, { scale = 'device', fullPage = false } = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Let slides and fades finish so the picture shows the settled board.
  await page.waitForTimeout(400);
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, scale, fullPage });
  if (process.env.E2E_DOC_PICTURES === '1' && DOC_PICTURES.has(name)) {
    mkdirSync(DOC_PICTURES_DIR, { recursive: true });
    copyFileSync(path, join(DOC_PICTURES_DIR, `${name}.png`));
  }
}

/**
 * Fails if any text on screen is clipped by its box (a word cut off in a button). Text kept for
 * screen readers only (`.visually-hidden`) is clipped on purpose.
 */
export async function assertNoCutText(page, where) {
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('button, .name, .choice-label, h1, h2, .clock, .status')]
      .filter((el) => !el.closest('.visually-hidden'))
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.textContent));
  assert.deepEqual(cut, [], `clipped text in ${where}`);
}

/** Fails if anything sticks out sideways: the page must not scroll horizontally. */
export async function assertNoSidewaysOverflow(page, where) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `${where} is ${wide}px wider than the screen`);
}

/**
 * Fails if the page logged an error, apart from those matching one of `expected` (the browser's
 * own line when a socket cannot connect to a server the test stopped on purpose).
 */
export function assertNoErrors(page, expected = []) {
  const errors = page.errors.map(String).filter((error) => !expected.some((re) => re.test(error)));
  assert.deepEqual(errors, [], 'the page logged errors');
}

/**
 * Taps a new-game button on home (`play-pnp`, `play-ai`) and, when a saved game makes the app
 * ask first, answers "Start new".
 */
export async function startNewFromHome(page, testid) {
  await page.getByTestId('home').waitFor();
  const saved = await page.getByTestId('continue').count();
  await page.getByTestId(testid).tap();
  if (saved) await page.getByTestId('confirm-start-new').tap();
}

/** Plays the first legal move found for the side to move, by tapping like a player. */
export async function playSomeMove(page) {
  const before = await plyCount(page);
  const bar = await page.locator('[data-testid^="bar-"][data-active="true"]').getAttribute('data-testid');
  const color = bar.replace('bar-', '');
  const origins = await page
    .locator(`[data-point][data-piece="${color}"]`)
    .evaluateAll((targets) => targets.map((target) => target.dataset.point));
  for (const from of origins) {
    await tapPoint(page, from);
    await assertAttribute(point(page, from), 'data-selected', 'true');
    const destinations = await page
      .locator('[data-point][data-target="true"]')
      .evaluateAll((targets) => targets.map((target) => target.dataset.point));
    if (destinations.length > 0) {
      await tapPoint(page, destinations[0]);
      await waitForPlies(page, before + 1);
      return `${from}${destinations[0]}`;
    }
  }
  throw new Error(`${color} has no legal move`);
}

/** Starts recording the gaps between animation frames, to catch a stalled page. */
export async function watchFrames(page) {
  await page.evaluate(() => {
    window.frameGaps = [];
    window.stopFrames = false;
    window.lastFrameAt = performance.now();
    const frame = (now) => {
      window.frameGaps.push(now - window.lastFrameAt);
      window.lastFrameAt = now;
      if (!window.stopFrames) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/**
 * Stops recording; the frame gaps seen since `watchFrames`, in milliseconds, the last one up to
 * now, so that a page that stalls at the end is caught too.
 */
export async function frameGaps(page) {
  return page.evaluate(() => {
    window.stopFrames = true;
    return [...window.frameGaps, performance.now() - window.lastFrameAt];
  });
}

/**
 * Stops recording and fails on a gap between frames over `maxGapMs` (by default the stall guard
 * of guards.mjs): the page froze.
 */
export async function assertNoLongGap(page, what, maxGapMs = STALL_GUARD_MS) {
  const gaps = await frameGaps(page);
  const worst = Math.max(...gaps.slice(1));
  console.log(`${what}: frames: ${gaps.length}, worst gap: ${worst.toFixed(1)} ms (target 200 ms, guard ${maxGapMs} ms)`);
  // A quick answer is seen in a few frames; the gaps, the last one up to now, cover it all.
  assert.ok(gaps.length > 3, 'frames were measured');
  assert.ok(worst <= maxGapMs, `${what}: worst frame gap ${worst.toFixed(1)} ms`);
}
