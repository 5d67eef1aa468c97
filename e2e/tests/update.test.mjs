// A new build replaces the installed one safely: the running app keeps its own build's files,
// the new build takes over when the app is next opened (or at once from the "new version"
// notice), no page ever loads files of both, and the player's game and settings stay.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import {
  openBrowser, playMove, screenshot, assertNoErrors, startNewFromHome, plies, waitForPlies,
} from '../lib/phone.mjs';
import {
  SITE, freePort, nextBuild, openSite, serve, siteFiles, stylesheetOf, waitForServiceWorker,
} from '../lib/site.mjs';

let builds;
before(async () => { builds = [await nextBuild(SITE, 'b'), await nextBuild(SITE, 'c')]; });
after(() => { for (const { folder } of builds) rmSync(folder, { recursive: true, force: true }); });

/**
 * The build a page shows (`a` for the one scripts/build-web.sh made) and the files it loaded,
 * as paths within the site.
 */
async function shownBuild(page) {
  await page.getByTestId('home').or(page.getByTestId('board')).first().waitFor();
  return page.evaluate(() => ({
    build: document.querySelector('meta[name="duobao-build"]')?.content ?? 'a',
    loaded: performance.getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname.replace(/^\/(\.\/)?/, '')),
  }));
}

/** The page is build `expected`, whole: every file it loaded is one of that build's. */
function assertOnlyBuild(shown, expected, { folder, stylesheet }) {
  assert.equal(shown.build, expected, 'the page is the expected build');
  const files = new Set(siteFiles(folder));
  assert.deepEqual(shown.loaded.filter((path) => !files.has(path)), [],
    `build ${expected} loads only its own files`);
  assert.deepEqual(shown.loaded.filter((path) => path.endsWith('.css')), [stylesheet]);
}

/**
 * Opens the app until it shows build `expected` (a few launches at most), each launch showing
 * one build whole: the new one, or the one `before` while the browser still holds it.
 */
async function launchBuild(context, url, [expected, build], [before, previous]) {
  for (let launch = 1; ; launch += 1) {
    const page = await openSite(context, url);
    const shown = await shownBuild(page);
    if (shown.build === expected || launch === 5) {
      assertOnlyBuild(shown, expected, build);
      return page;
    }
    assertOnlyBuild(shown, before, previous);
    await page.close();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

test('a new build waits for the next launch or the notice, never mixes, and keeps the game', async () => {
  const port = await freePort();
  const browser = await openBrowser();
  let site = await serve(SITE, { port });
  try {
    // Build a, with a game under way and English chosen.
    let page = await openSite(browser.context, `${site.url}?lang=zh`);
    await waitForServiceWorker(page);
    const first = {
      folder: SITE,
      stylesheet: stylesheetOf(SITE),
    };
    assertOnlyBuild(await shownBuild(page), 'a', first);
    await page.getByTestId('language').tap();
    await startNewFromHome(page, 'play-pnp');
    await playMove(page, 'b2c2');
    const stored = await page.evaluate(() => ({ ...localStorage }));

    // Build b goes up. The open app goes on with build a, whole, and offers the new version.
    await site.stop();
    site = await serve(builds[0].folder, { port });
    await page.goto(site.url);
    assertOnlyBuild(await shownBuild(page), 'a', first);
    await page.getByTestId('update-ready').waitFor({ timeout: 60_000 });
    assert.equal(await page.getByTestId('update-reload').textContent(), 'Reload');
    await screenshot(page, 'update-ready');
    // "Later" puts it away for now.
    await page.getByTestId('update-later').tap();
    await page.getByTestId('update-ready').waitFor({ state: 'detached' });

    // Closing the app and opening it again starts build b. The waiting worker takes over once
    // the browser has let the last page of build a go, which it does a moment after the close
    // (later on a loaded machine): until then a launch is still build a, whole.
    await page.close();
    page = await launchBuild(browser.context, site.url, ['b', builds[0]], ['a', first]);
    assert.equal(await page.getByTestId('update-ready').count(), 0);
    await page.getByTestId('continue').tap();
    // The game screen's chunk may still be loading on a busy machine: wait for its move list
    // before reading it (a game lost in the update shows no ply, which the assertion says).
    await waitForPlies(page, 1).catch(() => {});
    assert.deepEqual(await plies(page), ['b2c2'], 'the game survived the update');

    // Build c goes up while the app is open; the player takes it at once from the notice.
    await site.stop();
    site = await serve(builds[1].folder, { port });
    await page.goto(site.url);
    assertOnlyBuild(await shownBuild(page), 'b', builds[0]);
    await page.getByTestId('update-ready').waitFor({ timeout: 60_000 });
    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').tap()]);
    assertOnlyBuild(await shownBuild(page), 'c', builds[1]);
    assert.equal(await page.locator('html').getAttribute('lang'), 'en', 'the settings survived');
    // The storage is as the player left it: the settings to the letter, the game still there.
    const kept = await page.evaluate(() => ({ ...localStorage }));
    for (const [key, value] of Object.entries(stored)) {
      if (key.startsWith('duobao.v1.prefs.')) assert.equal(kept[key], value, key);
      else assert.ok(key in kept, `${key} is kept`);
    }

    // And build c is what works offline now.
    await browser.context.setOffline(true);
    await page.reload();
    assertOnlyBuild(await shownBuild(page), 'c', builds[1]);
    assertNoErrors(page);
  } finally {
    await browser.close();
    await site.stop();
  }
});
