// The test command's Lighthouse guard: the mobile audit of the site as scripts/serve.sh serves
// it, three runs, judged on the median of each figure (lib/audit.mjs). Accessibility, best
// practices, SEO and layout shift must meet their targets; the times must stay within the guards
// of lib/guards.mjs (their targets are printed beside them, and measured by scripts/bench-web.sh).
// Exits 1 when a figure fails.
//   node lighthouse.mjs [URL]     (default: the site served here on a free port)
import { FIGURES, auditMedians, shown } from './lib/audit.mjs';
import { LIGHTHOUSE_GUARDS } from './lib/guards.mjs';
import { SITE, serve } from './lib/site.mjs';

const RUNS = 3;

const served = process.argv[2] ? null : await serve(SITE);
const url = process.argv[2] ?? served.url;
try {
  const { medians, failed } = await auditMedians(url, RUNS);
  let passed = true;
  console.log(`lighthouse, mobile preset, median of ${RUNS} runs against ${url}:`);
  for (const { id, label, score, at_least, at_most } of FIGURES) {
    const value = medians[id];
    const guard = LIGHTHOUSE_GUARDS[id];
    const met = at_least !== undefined ? value >= at_least : value <= at_most;
    const within = guard === undefined ? met : score ? value >= guard : value <= guard;
    const target = at_least !== undefined ? `≥ ${at_least}` : at_most === Infinity ? '' : `≤ ${at_most}`;
    const guarded = guard === undefined ? '' : ` (guard ${score ? '≥' : '≤'} ${guard})`;
    const verdict = !within ? '  FAILS' : met ? '' : '  over the target, within the guard';
    console.log(`  ${label.padEnd(30)} ${String(shown(id, value)).padStart(6)}  ${target}${guarded}${verdict}`);
    passed &&= within;
  }
  if (failed.length) console.log(`  audits not passed in some run:\n    ${failed.join('\n    ')}`);
  process.exitCode = passed ? 0 : 1;
} finally {
  await served?.stop();
}
