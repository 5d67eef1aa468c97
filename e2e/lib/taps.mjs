// Tap→paint in whole pass-and-play games played by taps, selection taps and move taps alike,
// measured two independent ways (see timing.mjs), beside a bare board of circles measured the
// same way in the same round: what the browser and the machine cost any page. Pass-and-play,
// so that the computer's thinking is never counted as a tap's cost. Shared by the test's guard
// (tests/tap-latency.test.mjs) and the benchmark's strict targets (bench.mjs).
import assert from 'node:assert/strict';
import { openApp, point, plyCount, assertNoErrors } from './phone.mjs';
import {
  watchTaps, waitForTapsPainted, tapsReceived, tapTimes, summary, describe, throttleCpu,
} from './timing.mjs';

/** A game that has not ended after this many plies gives way to a new one. */
const MAX_PLIES = 40;

/** A small seeded random generator (mulberry32), so that every run plays the same games. */
export function random(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rng, items) => items[Math.floor(rng() * items.length)];

/** The points of the board matching `selector`, by name. */
const points = (page, selector) =>
  page.locator(`[data-point]${selector}`).evaluateAll((els) => els.map((el) => el.dataset.point));

/**
 * Plays one game by taps until it ends or reaches `MAX_PLIES`, or until `budget` taps are made.
 * Returns the taps made and whether the game ended.
 */
async function playGame(page, rng, budget) {
  let taps = 0;
  while (taps < budget) {
    if (await page.getByTestId('game-over').count()) return { taps, ended: true };
    if ((await plyCount(page)) >= MAX_PLIES) return { taps, ended: false };
    taps += await tapMove(page, rng);
  }
  return { taps, ended: false };
}

/**
 * Plays one move by taps for the side to move on `page`, each tap waited for until painted,
 * sometimes picking up another piece first or putting the chosen one down and up again, as
 * players do. Returns the number of taps.
 */
export async function tapMove(page, rng) {
  let taps = 0;
  const tap = async (name) => {
    await point(page, name).tap();
    taps += 1;
    await waitForTapsPainted(page);
  };
  const bar = await page.locator('[data-testid^="bar-"][data-active="true"]').getAttribute('data-testid');
  const mine = await points(page, `[data-piece="${bar.replace('bar-', '')}"]`);
  if (rng() < 0.25) {
    const second = pick(rng, mine);
    await tap(second);
    if (rng() < 0.5) await tap(second);
  }
  for (const from of [...mine].sort(() => rng() - 0.5)) {
    await tap(from);
    const destinations = await points(page, '[data-target="true"]');
    if (destinations.length > 0) {
      await tap(pick(rng, destinations));
      break;
    }
  }
  return taps;
}

/** Plays games at `rate` times slower CPU until `taps` taps are measured, then the bare board. */
async function measureRound(browser, rate, rng, taps) {
  const all = { outside: [], eventTiming: [], inputDelay: [] };
  let games = 0;
  let ended = 0;
  while (all.outside.length < taps) {
    const page = await openApp(browser.context, { lang: 'en', mode: 'pnp' });
    await page.getByTestId('board').waitFor();
    const cpu = await throttleCpu(page, rate);
    await watchTaps(page);
    const played = await playGame(page, rng, taps - all.outside.length);
    const times = await tapTimes(page);
    assert.equal(await tapsReceived(page), played.taps, 'the page received each tap once');
    assert.equal(times.outside.length, played.taps, 'one paint seen for each tap');
    for (const [name, values] of Object.entries(times)) all[name].push(...values);
    games += 1;
    ended += played.ended ? 1 : 0;
    await cpu.detach();
    assertNoErrors(page);
    await page.close();
  }
  console.log(`  ${all.outside.length} taps in ${games} games (${ended} played to the end):`);
  const app = { eventTiming: summary(all.eventTiming), outside: summary(all.outside) };
  console.log(`    Event Timing API: ${describe(app.eventTiming, { belowThreshold: true })}`);
  console.log(`    pointerup → painted frame: ${describe(app.outside)}`);
  console.log(`    (input delay, the test's tap to the page, not counted: ${describe(summary(all.inputDelay))})`);
  return { app, bare: await measureBareBoard(browser, rate) };
}


/**
 * The same measurement on a page with nothing but 21 circles that a tap marks: what the browser
 * and the machine running the tests cost any page, printed beside the app's figures and
 * returned as the floor the app is judged against.
 */
const BARE_BOARD = `<!DOCTYPE html>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <svg data-testid="board" viewBox="0 0 560 560" style="width: 390px; touch-action: manipulation">
    ${Array.from({ length: 21 }, (_, i) => `<circle data-point="p${i}" r="40"
      cx="${80 + (i % 5) * 100}" cy="${80 + Math.floor(i / 5) * 100}" fill="#c90"/>`).join('')}
  </svg>
  <script>
    for (const c of document.querySelectorAll('circle')) {
      c.onclick = () => { c.dataset.selected = c.dataset.selected !== 'true'; };
    }
  </script>`;

export async function measureBareBoard(browser, rate) {
  const page = await browser.context.newPage();
  await page.setContent(BARE_BOARD);
  const cpu = await throttleCpu(page, rate);
  await watchTaps(page);
  for (let tap = 0; tap < 40; tap += 1) {
    await point(page, `p${tap % 21}`).tap();
    await waitForTapsPainted(page);
  }
  const times = await tapTimes(page);
  const bare = { eventTiming: summary(times.eventTiming), outside: summary(times.outside) };
  console.log(`    a bare board of circles, for comparison: Event Timing ${describe(bare.eventTiming, { belowThreshold: true })}; `
    + `outside ${describe(bare.outside)}`);
  await cpu.detach();
  await page.close();
  return bare;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * `rounds` rounds of `taps` taps at `rate` times slower CPU (1 is full speed), each followed by
 * the bare board; prints every round. Returns the median round's p95, for the app and the bare
 * board, by each method: `{ eventTiming: { app, bare }, outside: { app, bare } }`, and the p50s
 * likewise under `p50`.
 */
export async function measureTaps(browser, rate, { rounds, taps }) {
  const rng = random(7 * rate);
  const speed = rate === 1 ? 'full speed' : `CPU ${rate}× slower`;
  const measured = [];
  for (let round = 1; round <= rounds; round += 1) {
    console.log(`tap→paint, ${speed}, round ${round} of ${rounds}:`);
    measured.push(await measureRound(browser, rate, rng, taps));
  }
  const figure = (stat) => Object.fromEntries(['eventTiming', 'outside'].map((key) => [key, {
    app: median(measured.map((round) => round.app[key][stat])),
    bare: median(measured.map((round) => round.bare[key][stat])),
  }]));
  return { ...figure('p95'), p50: figure('p50') };
}
