// Lighthouse's mobile audit (a simulated mid-range phone on slow 4G, its default preset) of a
// site, a first visit each time in a fresh Chromium profile, judged on the median of each figure
// over several runs, since a shared two-core machine is noisy. Used by the test command's guard
// (../lighthouse.mjs) and the benchmark (../bench.mjs).
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { CHROMIUM_ARGS } from './phone.mjs';

/** The figures read from each run, with their targets. */
export const FIGURES = [
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

/**
 * Lighthouse's own failures to record a run, which its message asks to retry ("Please run
 * Lighthouse again"): they say nothing of the page, so such a run is made again, at most
 * `TOOL_RETRIES` times. Any other runtime error (the page not painting, not loading) fails.
 */
const TOOL_ERRORS = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT']);
const TOOL_RETRIES = 2;

class ToolError extends Error {}

/** One audit in a new browser profile: the figures of FIGURES, and what failed in a category. */
async function auditOnce(url) {
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
    if (lhr.runtimeError) {
      const failure = TOOL_ERRORS.has(lhr.runtimeError.code) ? ToolError : Error;
      throw new failure(`lighthouse: ${lhr.runtimeError.message}`);
    }
    const figures = {};
    for (const { id, score } of FIGURES) {
      figures[id] = score ? Math.round(lhr.categories[id].score * 100) : lhr.audits[id].numericValue;
    }
    const failed = Object.values(lhr.categories).flatMap((category) => category.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => `${category.id}: ${lhr.audits[ref.id].title} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`));
    return { figures, failed };
  } finally {
    await chrome.kill();
  }
}

/** One audit, made again when Lighthouse itself failed to record it (see TOOL_ERRORS). */
async function audit(url) {
  for (let retry = 0; ; retry += 1) {
    try {
      return await auditOnce(url);
    } catch (error) {
      if (!(error instanceof ToolError) || retry === TOOL_RETRIES) throw error;
      console.log(`${error.message} — run again`);
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A figure as printed: the layout shift to three places, the rest whole. */
export const shown = (id, value) => (id === 'cumulative-layout-shift' ? value.toFixed(3) : Math.round(value));

/**
 * `runs` audits of `url`, each printed; returns the median of each figure (by id) and the audits
 * that did not pass in some run.
 */
export async function auditMedians(url, runs) {
  const results = [];
  for (let run = 1; run <= runs; run += 1) {
    const result = await audit(url);
    results.push(result);
    console.log(`lighthouse run ${run}: ${FIGURES.map(({ id }) => `${id} ${shown(id, result.figures[id])}`).join(', ')}`);
  }
  const medians = Object.fromEntries(FIGURES.map(({ id }) => [id, median(results.map((r) => r.figures[id]))]));
  return { medians, failed: [...new Set(results.flatMap((r) => r.failed))] };
}
