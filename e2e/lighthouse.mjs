// Lighthouse's mobile audit (a simulated mid-range phone on slow 4G, its default preset) of the
// site as scripts/serve.sh serves it, a first visit each time: three runs in fresh Chromium
// profiles, judged on the median of each figure, since a shared two-core machine is noisy.
// Prints the scores and metrics; exits 1 below the targets.
//   node lighthouse.mjs [URL]     (default: the site served here on a free port)
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { CHROMIUM_ARGS } from './lib/phone.mjs';
import { SITE, serve } from './lib/site.mjs';

const RUNS = 3;
const TARGETS = [
  { id: 'performance', label: 'performance', score: true, at_least: 90 },
  { id: 'accessibility', label: 'accessibility', score: true, at_least: 100 },
  { id: 'best-practices', label: 'best practices', score: true, at_least: 100 },
  { id: 'seo', label: 'SEO', score: true, at_least: 90 },
  { id: 'first-contentful-paint', label: 'first contentful paint (ms)', at_most: 1800 },
  { id: 'largest-contentful-paint', label: 'largest contentful paint (ms)', at_most: 2500 },
  { id: 'cumulative-layout-shift', label: 'cumulative layout shift', at_most: 0.05 },
  { id: 'total-blocking-time', label: 'total blocking time (ms)', at_most: 200 },
  { id: 'speed-index', label: 'speed index (ms)', at_most: Infinity },
];

/** One audit in a new browser profile: the figures of TARGETS, and what failed in a category. */
async function audit(url) {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const figures = {};
    for (const { id, score } of TARGETS) {
      figures[id] = score ? Math.round(lhr.categories[id].score * 100) : lhr.audits[id].numericValue;
    }
    const failed = Object.values(lhr.categories).flatMap((category) => category.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => `${category.id}: ${lhr.audits[ref.id].title} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`));
    return { figures, failed, errors: lhr.runtimeError ? [lhr.runtimeError.message] : [] };
  } finally {
    await chrome.kill();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const shown = (id, value) => (id === 'cumulative-layout-shift' ? value.toFixed(3) : Math.round(value));

const served = process.argv[2] ? null : await serve(SITE);
const url = process.argv[2] ?? served.url;
try {
  const runs = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const result = await audit(url);
    if (result.errors.length) throw new Error(`lighthouse run ${run}: ${result.errors.join('; ')}`);
    runs.push(result);
    console.log(`lighthouse run ${run}: ${TARGETS.map(({ id }) => `${id} ${shown(id, result.figures[id])}`).join(', ')}`);
  }
  let passed = true;
  console.log(`lighthouse, mobile preset, median of ${RUNS} runs against ${url}:`);
  for (const { id, label, at_least, at_most } of TARGETS) {
    const value = median(runs.map((run) => run.figures[id]));
    const ok = at_least !== undefined ? value >= at_least : value <= at_most;
    const target = at_least !== undefined ? `≥ ${at_least}` : at_most === Infinity ? '' : `≤ ${at_most}`;
    console.log(`  ${label.padEnd(30)} ${String(shown(id, value)).padStart(6)}  ${target}${ok ? '' : '  FAILS'}`);
    passed &&= ok;
  }
  const failed = [...new Set(runs.flatMap((run) => run.failed))];
  if (failed.length) console.log(`  audits not passed in some run:\n    ${failed.join('\n    ')}`);
  process.exitCode = passed ? 0 : 1;
} finally {
  await served?.stop();
}
