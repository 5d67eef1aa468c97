// How fast the Master computer searches in the browser, beside the same benchmark natively:
// the benchmark page (`bench/?level=master`, crates/web-bench, built as the engine's worker is
// by scripts/build-web-bench.sh) runs `duobao bench --level master`'s positions through the
// web's search path (slices of the page's thread). Prints both summary lines and their ratio.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL, openBrowser, assertNoErrors } from '../lib/phone.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Twelve positions at Master's 1.5 s, with slack for a busy machine. */
const BENCH_TIMEOUT_MS = 60_000;
/**
 * The browser must keep at least this share of the native speed. Measured at about 0.8 on the
 * 2-core CI machine (see docs/PERFORMANCE.md, "Master in the browser"); the margin absorbs a
 * noisy machine, a drop below it means the web search lost speed.
 */
const MIN_WEB_SHARE = 0.3;

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser.close(); });

/** The figures of a summary line of `duobao bench`. */
function figures(line) {
  const match = line.match(/depth mean ([\d.]+) min (\d+) max (\d+) nps (\d+)/);
  assert.ok(match, `a bench summary line: ${line}`);
  return { depth: Number(match[1]), nps: Number(match[4]) };
}

test('Master searches in the browser at a known share of its native speed', async () => {
  const page = await browser.context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error));
  await page.goto(new URL('bench/?level=master', BASE_URL).href);
  await page.locator('#bench.done, #bench.failed').waitFor({ timeout: BENCH_TIMEOUT_MS });
  const webLines = (await page.locator('#bench').textContent()).trim().split('\n');
  const webSummary = webLines.at(-1);
  assertNoErrors(page);
  await page.close();

  const native = execFileSync(
    'cargo',
    ['run', '--release', '--quiet', '-p', 'duobao-cli', '--', 'bench', '--level', 'master'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const nativeSummary = native.trim().split('\n').at(-1);
  const web = figures(webSummary);
  const nat = figures(nativeSummary);
  const share = web.nps / nat.nps;
  console.log(`web:    ${webSummary}`);
  console.log(`native: ${nativeSummary}`);
  console.log(`Master in the browser: ${(share * 100).toFixed(0)} % of the native speed, ` +
    `depth ${web.depth} against ${nat.depth}`);
  assert.equal(webLines.length, 13, 'a line for each of the 12 positions, then the summary');
  assert.ok(share >= MIN_WEB_SHARE, `web speed ${web.nps} nps is ${share.toFixed(2)} of native ${nat.nps}`);
});
