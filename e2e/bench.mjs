// The web app's figures against their strict targets, printed as one Markdown table for the
// README (scripts/bench-web.sh builds the site first). The test command guards the same figures
// with margin (lib/guards.mjs); this measures them as they are, so run it on a quiet machine.
//   - tap→paint p95 at full speed and with the CPU 4× slower, by Event Timing and from outside
//     the app, beside a bare board of circles (lib/taps.mjs);
//   - the page's long tasks, blocking time and worst frame gap while the engine works (Master
//     thinking, a review analysing, the analysis board searching), with taps on the board
//     meanwhile, at full speed and 4× slower;
//   - Master's search speed in the browser against the same benchmark natively;
//   - the download: the app's main WebAssembly module, and everything a first visit precaches
//     by kind (lib/install.mjs), raw, gzipped, brotli;
//   - Lighthouse's mobile audit, the median of three runs.
// BASE_URL=… node bench.mjs [--quick] [--review]   (the site served there; --quick: one round of
// fewer taps and one Lighthouse run; --review: the review's figures alone)
import { execFileSync } from 'node:child_process';
import {
  BASE_URL, openBrowser, openApp, openLongReview, playSomeMove, waitForPlies, watchFrames, frameGaps,
} from './lib/phone.mjs';
import { measureTaps } from './lib/taps.mjs';
import { watchTaps, waitForTapsPainted, tapTimes, summary, throttleCpu } from './lib/timing.mjs';
import { FRAME_MS } from './lib/guards.mjs';
import { auditMedians } from './lib/audit.mjs';
import { ROOT, SITE } from './lib/site.mjs';
import { installSizes, describeSizes } from './lib/install.mjs';

const quick = process.argv.includes('--quick');
const reviewOnly = process.argv.includes('--review');
const rows = [];
const row = (what, figure, target, met) => {
  rows.push({ what, figure, target, met: met === undefined ? '' : met ? 'met' : 'not met' });
  console.log(`# ${what}: ${figure}${target ? ` (target ${target})` : ''}`);
};
const ms = (value) => `${value.toFixed(1)} ms`;
const printTable = () => {
  console.log(`\n| figure | measured | target | |\n|---|---|---|---|`);
  for (const { what, figure, target, met } of rows) console.log(`| ${what} | ${figure} | ${target} | ${met} |`);
};

/** Long tasks (over 50 ms) on the page's thread from now on: when each began, and how long. */
async function watchLongTasks(page) {
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const { startTime, duration } of list.getEntries()) window.longTasks.push({ startTime, duration });
    }).observe({ type: 'longtask' });
  });
}

/** The page's long tasks so far, as `watchLongTasks` kept them. */
const watchedTasks = (page) => page.evaluate(() => window.longTasks);

/** How many of `tasks` there are, the longest and their blocking time. */
function taskFigures(tasks) {
  const durations = tasks.map(({ duration }) => duration);
  return {
    count: durations.length,
    max: durations.length ? Math.max(...durations) : 0,
    blocking: durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
  };
}

async function longTasks(page) {
  return taskFigures(await watchedTasks(page));
}

/** Taps `name` and waits for its paint, `count` times, `pause` ms apart. */
async function tapRepeatedly(page, locator, count, pause) {
  for (let tap = 0; tap < count; tap += 1) {
    await locator.tap();
    await waitForTapsPainted(page);
    await page.waitForTimeout(pause);
  }
}

/**
 * Up to 24 steps forward and back through the review, each painted, 250 ms apart; `whileAnalysing`:
 * only as long as its analysis goes on. Returns how many steps were taken, and when (the page's
 * clock) the first one had been painted: the first step runs code the page has not run before,
 * which the browser compiles then (docs/PERFORMANCE.md), and the figures say apart what came after.
 */
async function stepThroughReview(page, { whileAnalysing }) {
  const step = [page.getByTestId('review-forward'), page.getByTestId('review-back')];
  let steps = 0;
  let firstPainted = Infinity;
  for (; steps < 24; steps += 1) {
    if (whileAnalysing && !(await page.getByTestId('review-progress').count())) break;
    await step[steps % 2].tap();
    await waitForTapsPainted(page);
    if (steps === 0) firstPainted = await page.evaluate(() => performance.now());
    await page.waitForTimeout(250);
  }
  return { steps, firstPainted };
}

/** A review's long tasks, all of them and those that began after its first step was painted. */
async function reviewTasks(page, firstPainted) {
  const tasks = await watchedTasks(page);
  return { ...taskFigures(tasks), afterFirst: taskFigures(tasks.filter(({ startTime }) => startTime >= firstPainted)) };
}

/**
 * The same review's steps once its analysis has finished: what a step costs the page without
 * the engine, the figure its steps while analysing are held to. Its long tasks and tap→paint p95.
 */
async function reviewAtRest(browser, rate) {
  const page = await openLongReview(browser.context);
  await page.getByTestId('review-progress').waitFor({ state: 'detached', timeout: 300_000 });
  const cpu = await throttleCpu(page, rate);
  await watchLongTasks(page);
  await watchTaps(page);
  const { steps, firstPainted } = await stepThroughReview(page, { whileAnalysing: false });
  const tasks = await reviewTasks(page, firstPainted);
  const taps = (await tapTimes(page)).outside;
  await cpu.detach();
  await page.close();
  return { tasks, steps, p95: summary(taps).p95 };
}

/** The engine at work in one of three ways, watched for `seconds` with taps meanwhile. */
const ENGINE_LOADS = {
  async 'Master thinks'(browser) {
    const page = await openApp(browser.context, { lang: 'en', mode: 'ai', level: 'master', turn: 'off' });
    await page.getByTestId('board').waitFor();
    return {
      page,
      async work() {
        for (const plyCount of [2, 4, 6]) {
          // Master may have won by then: as Black it plays the longest defence only on the
          // proof's lines, and the first legal move leaves them.
          if (!(await page.locator('[data-testid^="bar-"][data-active="true"]').count())) break;
          await playSomeMove(page);
          await waitForPlies(page, plyCount, 20_000);
        }
      },
    };
  },
  async 'a review analyses'(browser) {
    const page = await openLongReview(browser.context);
    return {
      page,
      work: () => stepThroughReview(page, { whileAnalysing: true }),
      tasks: ({ firstPainted }) => reviewTasks(page, firstPainted),
    };
  },
  async 'the analysis board searches'(browser) {
    const page = await openApp(browser.context, { lang: 'en' });
    await page.getByTestId('open-analysis').tap();
    await page.getByTestId('analysis-screen').waitFor();
    await page.getByTestId('analysis-line').waitFor();
    return {
      page,
      async work() {
        await tapRepeatedly(page, page.locator('[data-point="c3"]'), 24, 250);
      },
    };
  },
};

async function engineLoad(browser, name, rate) {
  const { page, work, tasks: tasksOf = () => longTasks(page) } = await ENGINE_LOADS[name](browser);
  const cpu = await throttleCpu(page, rate);
  await watchLongTasks(page);
  await watchFrames(page);
  await watchTaps(page);
  const done = await work();
  const tasks = await tasksOf(done);
  const worstGap = Math.max(...(await frameGaps(page)).slice(1));
  const taps = (await tapTimes(page)).outside;
  await cpu.detach();
  await page.close();
  const speed = rate === 1 ? 'full speed' : '4× slower';
  const tapFigure = taps.length ? `, tap→paint p95 ${ms(summary(taps).p95)}` : '';
  row(`${name}, ${speed}: long tasks`, `${tasks.count} (max ${ms(tasks.max)}), blocking ${ms(tasks.blocking)}, `
    + `worst frame gap ${ms(worstGap)}${tapFigure}`, rate === 4 ? 'no long task over 50 ms' : '', rate === 4 ? tasks.count === 0 : undefined);
  return { tasks, steps: done?.steps, p95: taps.length ? summary(taps).p95 : 0 };
}

/**
 * A review's steps while it analyses against its steps at rest, 4× slower (issue 51): the longest
 * page task and the tap→paint p95 of each, and whether the target is met (while it analyses, no
 * task over 50 ms and a step's p95 within two frames of a step's at rest).
 */
async function reviewSteps(browser) {
  const analysing = await engineLoad(browser, 'a review analyses', 4);
  const atRest = await reviewAtRest(browser, 4);
  // The page reports only tasks over 50 ms (Long Tasks API): the longest of those, if any.
  const longest = ({ count, max }) => (count ? `longest task ${ms(max)} (${count} over 50 ms)` : 'no task over 50 ms');
  const afterFirst = ({ afterFirst: { count, max } }) => (count ? `${count}, longest ${ms(max)}` : 'none');
  const figures = ({ tasks, steps, p95 }) => `${longest(tasks)}, after the first step ${afterFirst(tasks)}, `
    + `tap→paint p95 ${ms(p95)} over ${steps} steps`;
  row('a review\'s steps at rest, 4× slower', figures(atRest), '');
  row('a review\'s steps while it analyses, 4× slower', `${figures(analysing)} (at rest ${ms(atRest.p95)})`,
    'no task over 50 ms, p95 within two frames of at rest',
    analysing.tasks.count === 0 && analysing.p95 <= atRest.p95 + 2 * FRAME_MS);
}

function masterSpeed(browser) {
  return (async () => {
    const page = await browser.context.newPage();
    await page.goto(new URL('bench/?level=master', BASE_URL).href);
    await page.locator('#bench.done, #bench.failed').waitFor({ timeout: 120_000 });
    const web = (await page.locator('#bench').textContent()).trim().split('\n').at(-1);
    await page.close();
    const native = execFileSync('cargo', ['run', '--release', '--quiet', '-p', 'duobao-cli', '--', 'bench', '--level', 'master'],
      { cwd: ROOT, encoding: 'utf8' }).trim().split('\n').at(-1);
    const nps = (line) => Number(line.match(/nps (\d+)/)[1]);
    const share = nps(web) / nps(native);
    row('Master in the browser (one thread)', `${nps(web).toLocaleString('en')} positions/s, `
      + `${(share * 100).toFixed(0)} % of native (${nps(native).toLocaleString('en')})`, '≥ 90 % of native', share >= 0.9);
  })();
}

/**
 * The analysis board's speed from the start position on `threads` workers (the page being
 * cross-origin isolated, the device told it has one core more), summed over the workers, after
 * 8 s of searching.
 */
async function analysisSpeed(browser, threads) {
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Emulation.setHardwareConcurrencyOverride', { hardwareConcurrency: threads + 1 });
  await page.goto(new URL('?lang=en', BASE_URL).href);
  await page.getByTestId('open-analysis').tap();
  const depth = page.getByTestId('analysis-depth');
  await depth.waitFor();
  await page.waitForTimeout(8_000);
  const nps = Number(await depth.getAttribute('data-nps'));
  const shown = Number(await depth.getAttribute('data-threads'));
  await page.close();
  if (shown !== threads) throw new Error(`asked for ${threads} threads, the board used ${shown}`);
  return nps;
}

async function analysisThreads(browser) {
  const one = await analysisSpeed(browser, 1);
  const two = await analysisSpeed(browser, 2);
  row('the analysis board, 1 worker', `${one.toLocaleString('en')} positions/s`, '');
  row('the analysis board, 2 workers (each a share of the root moves)',
    `${two.toLocaleString('en')} positions/s, ${(two / one).toFixed(2)}× one`, '≥ 1.8× one', two >= 1.8 * one);
}

function download() {
  const { kinds, total, openings } = installSizes(SITE);
  const kind = (name) => kinds.find((k) => k.kind === name);
  const main = kind('the main module');
  row('the app\'s main WebAssembly (first download)', describeSizes(main), '≤ 300 KB gzipped', main.gz <= 300_000);
  for (const { kind: name, files, ...sizes } of kinds.slice(1)) {
    row(`the install: ${name} (${files} files)`, describeSizes(sizes), '');
  }
  row('the install: everything a first visit precaches', describeSizes(total), '');
  const modules = ['the main module', 'the screens\' chunks'].map(kind).reduce((a, b) => ({ gz: a.gz + b.gz }));
  row('the app\'s modules together (main and chunks)', `${Math.round(modules.gz / 1000)} KB gzipped`, '≤ 600 KB gzipped', modules.gz <= 600_000);
  // As a phone keeps it: the WebAssembly gzipped, the tables as the server sends them (brotli).
  const kept = modules.gz + kind('the engine').gz + kind('the endgame tables').br;
  row('main, chunks and engine gzipped, tables brotli', `${Math.round(kept / 1000)} KB`, '≤ 1400 KB', kept <= 1_400_000);
  const largest = openings[0];
  row(`a screen's first opening, the largest (${largest.path.replace(/^assets\//, '')} and ${largest.files - 1} shared chunks)`,
    describeSizes(largest), '≤ 200 KB gzipped', largest.gz <= 200_000);
}

const browser = await openBrowser();
try {
  for (const rate of reviewOnly ? [] : [1, 4]) {
    const target = rate === 1 ? 16 : 50;
    const figures = await measureTaps(browser, rate, { rounds: quick ? 1 : 3, taps: quick ? 40 : 120 });
    const speed = rate === 1 ? 'full speed' : 'CPU 4× slower';
    for (const [method, key] of [['Event Timing', 'eventTiming'], ['outside', 'outside']]) {
      const { app, bare } = figures[key];
      row(`tap→paint p95, ${speed}, ${method}`, `${ms(app)} (bare board ${ms(bare)})`, `≤ ${target} ms`, app <= target);
    }
  }
  if (reviewOnly) {
    await reviewSteps(browser);
  } else {
    for (const rate of [1, 4]) {
      for (const name of Object.keys(ENGINE_LOADS)) {
        // 4× slower, the review is measured beside its steps at rest.
        if (rate === 4 && name === 'a review analyses') await reviewSteps(browser);
        else await engineLoad(browser, name, rate);
      }
    }
    await masterSpeed(browser);
    await analysisThreads(browser);
  }
} finally {
  await browser.close();
}
if (!reviewOnly) {
  download();
  const { medians } = await auditMedians(BASE_URL, quick ? 1 : 3);
  const runs = quick ? 'one run' : 'median of 3';
  row(`Lighthouse mobile, ${runs}: performance`, String(medians.performance), '≥ 95', medians.performance >= 95);
  row(`Lighthouse mobile, ${runs}: total blocking time`, `${Math.round(medians['total-blocking-time'])} ms`, '≤ 100 ms',
    medians['total-blocking-time'] <= 100);
  row(`Lighthouse mobile, ${runs}: first / largest contentful paint`,
    `${Math.round(medians['first-contentful-paint'])} / ${Math.round(medians['largest-contentful-paint'])} ms`, '≤ 1800 / 2500 ms',
    medians['first-contentful-paint'] <= 1800 && medians['largest-contentful-paint'] <= 2500);
}
printTable();
