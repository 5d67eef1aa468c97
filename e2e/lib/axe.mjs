// An outside accessibility check: axe-core's WCAG 2.1 A and AA rules and its best practices, run
// in the page as it is shown. A serious or critical finding fails the test; every screen prints
// one line with its counts.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FAILING = new Set(['serious', 'critical']);

/**
 * Runs axe over the whole document of `page`, prints one line for `screen`, and resolves with a
 * report of its serious and critical violations (rule, impact, help, the elements' selectors),
 * empty when there is none.
 */
export async function auditScreen(page, screen) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    // Evaluated rather than added as a <script>: the page's security policy refuses scripts
    // that are not its own, and the test's own code is no exception.
    await page.evaluate(AXE_SOURCE);
  }
  // Colours are judged once a dialog or a page has finished coming in.
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
    .map((animation) => animation.finished.catch(() => {}))));
  const violations = await page.evaluate(async (values) => {
    const results = await window.axe.run(document, { runOnly: { type: 'tag', values } });
    return results.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id, impact, help, helpUrl, targets: nodes.map((node) => node.target.join(' ')),
    }));
  }, TAGS);
  const count = (impact) => violations
    .filter((violation) => violation.impact === impact)
    .reduce((sum, violation) => sum + violation.targets.length, 0);
  const rules = violations.map((violation) => `${violation.id} (${violation.impact})`).join(', ');
  console.log(
    `axe ${screen}: critical ${count('critical')}, serious ${count('serious')}, `
      + `moderate ${count('moderate')}, minor ${count('minor')}${rules ? ` — ${rules}` : ''}`,
  );
  return violations
    .filter((violation) => FAILING.has(violation.impact))
    .map((violation) => [
      `${screen}: ${violation.id} (${violation.impact}): ${violation.help} — ${violation.helpUrl}`,
      ...violation.targets.map((target) => `    ${target}`),
    ].join('\n'));
}

/** Fails the test when axe finds a serious or critical violation on the screen shown. */
export async function checkAccessibility(page, screen) {
  const failing = await auditScreen(page, screen);
  assert.deepEqual(failing, [], `axe finds serious or critical violations:\n${failing.join('\n')}`);
}

/**
 * A set of screens checked one after another, failing at `assertClean()` with every serious or
 * critical finding of them all, so that one run shows them all.
 */
export function accessibilityAudit() {
  const failing = [];
  return {
    async check(page, screen) {
      failing.push(...(await auditScreen(page, screen)));
    },
    assertClean() {
      assert.equal(failing.length, 0, `axe finds serious or critical violations:\n${failing.join('\n')}`);
    },
  };
}
