// Sound and touch to taste: the volume (Off / Soft / Normal) and the vibration strength (Off /
// Light / Strong) are chosen by taps in either language; each choice plays or vibrates as a
// preview, survives a reload, and sets how the game's moves and captures sound and vibrate. The
// on/off switches an older app saved carry over.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE_URL, openBrowser, openApp, answerLinkChoice, playMove, screenshot, assertAttribute,
  assertNoErrors, assertNoCutText, assertNoSidewaysOverflow,
} from '../lib/phone.mjs';

/**
 * Records every sound the page starts (`sound:<move|capture>:<volume>`) and every vibration
 * (`vibrate:<ms>`) in `window.felt`, instead of playing them.
 */
async function recordSoundAndTouch(context) {
  await context.addInitScript(() => {
    window.felt = [];
    HTMLMediaElement.prototype.play = function play() {
      // `move-dxh<hash>.wav` → `move`.
      const sound = new URL(this.src).pathname.split('/').pop().split(/[-.]/)[0];
      window.felt.push(`sound:${sound}:${this.volume}`);
      return Promise.resolve();
    };
    Navigator.prototype.vibrate = function vibrate(pattern) {
      window.felt.push(`vibrate:${pattern}`);
      return true;
    };
  });
}

/** A fresh phone (nothing stored) that records sounds and vibrations. */
async function openRecordingPhone() {
  const phone = await openBrowser();
  await recordSoundAndTouch(phone.context);
  return phone;
}

const felt = (page) => page.evaluate(() => [...window.felt]);

/**
 * Runs `action` and returns what it played and vibrated, in the order heard: waits for `count`
 * new records, or, when none is expected, long enough for one to have come.
 */
async function feltDuring(page, count, action) {
  const before = (await felt(page)).length;
  await action();
  if (count > 0) {
    await page.waitForFunction((n) => window.felt.length >= n, before + count);
  }
  await page.waitForTimeout(400);
  return (await felt(page)).slice(before);
}

const SOUND = ['sound-off', 'sound-soft', 'sound-normal'];
const VIBRATION = ['vibration-off', 'vibration-light', 'vibration-strong'];
const LABELS = {
  en: { sound: ['Off', 'Soft', 'Normal'], vibration: ['Off', 'Light', 'Strong'] },
  zh: { sound: ['关闭', '小声', '正常'], vibration: ['关闭', '轻微', '强烈'] },
};
/** What choosing each level plays or vibrates: a move's sound, or the level's strongest tap. */
const PREVIEW = {
  'sound-off': [],
  'sound-soft': ['sound:move:0.3'],
  'sound-normal': ['sound:move:1'],
  'vibration-off': [],
  'vibration-light': ['vibrate:15'],
  'vibration-strong': ['vibrate:40'],
};

const pressed = (page, testid) => page.getByTestId(testid).getAttribute('aria-pressed');

/** The chosen level of a row (`SOUND` or `VIBRATION`), as its pressed button says. */
async function chosen(page, row) {
  const states = await Promise.all(row.map((testid) => pressed(page, testid)));
  const picked = row.filter((_, index) => states[index] === 'true');
  assert.equal(picked.length, 1, `one of ${row} is chosen: ${states}`);
  return picked[0];
}

/** Chooses a level by a tap and checks that it is chosen and that its preview, and only it, came. */
async function choose(page, testid) {
  const preview = await feltDuring(page, PREVIEW[testid].length, () => page.getByTestId(testid).tap());
  await assertAttribute(page.getByTestId(testid), 'aria-pressed', 'true');
  assert.deepEqual(preview, PREVIEW[testid], `choosing ${testid}`);
}

async function openSettingsFromHome(page) {
  await page.getByTestId('home').waitFor();
  await page.getByTestId('open-settings').tap();
  await page.getByTestId('settings').waitFor();
}

test('each volume and strength is chosen by a tap and previewed, in both languages, and kept', async () => {
  const phone = await openRecordingPhone();
  const page = await openApp(phone.context, { lang: 'en' });
  await openSettingsFromHome(page);
  assert.equal(await chosen(page, SOUND), 'sound-normal', 'Normal by default');
  assert.equal(await chosen(page, VIBRATION), 'vibration-strong', 'Strong by default');
  assert.deepEqual(await felt(page), [], 'opening the settings is silent');

  // Each language chooses every level, ending on a different one, which a reload keeps.
  const rounds = [
    { lang: 'en', sound: ['sound-off', 'sound-normal', 'sound-soft'], vibration: ['vibration-off', 'vibration-strong', 'vibration-light'] },
    { lang: 'zh', sound: ['sound-normal', 'sound-soft', 'sound-off'], vibration: ['vibration-light', 'vibration-strong', 'vibration-off'] },
  ];
  for (const round of rounds) {
    await page.getByTestId(`language-${round.lang}`).tap();
    await assertAttribute(page.getByTestId(`language-${round.lang}`), 'aria-pressed', 'true');
    for (const [row, testids] of [['sound', SOUND], ['vibration', VIBRATION]]) {
      const labels = await Promise.all(testids.map((testid) => page.getByTestId(testid).textContent()));
      assert.deepEqual(labels, LABELS[round.lang][row], `the ${row} levels in ${round.lang}`);
      for (const testid of testids) {
        const box = await page.getByTestId(testid).boundingBox();
        assert.ok(box.height >= 44 && box.width >= 44, `${testid} is a finger's target`);
      }
    }
    for (const testid of [...round.sound, ...round.vibration]) await choose(page, testid);
    await assertNoCutText(page, `the settings in ${round.lang}`);
    await assertNoSidewaysOverflow(page, `the settings in ${round.lang}`);
    await screenshot(page, `settings-sound-and-touch-${round.lang}`, { fullPage: true });

    await page.reload();
    await openSettingsFromHome(page);
    assert.equal(await chosen(page, SOUND), round.sound.at(-1), `the volume chosen in ${round.lang} is kept`);
    assert.equal(await chosen(page, VIBRATION), round.vibration.at(-1), `the strength chosen in ${round.lang} is kept`);
  }
  assertNoErrors(page);
  await phone.close();
});

// Red soldiers on c1 and b2: c1d2 captures c2, then Black's b4a4 is a plain move.
const CAPTURE_THEN_MOVE = 'BBB/.B.B./..T../.RB../.R. r - 0';

/** Opens a pass-and-play game of CAPTURE_THEN_MOVE by its link. */
async function openGame(page) {
  const query = new URLSearchParams({ lang: 'en', mode: 'pnp', fen: CAPTURE_THEN_MOVE });
  await page.goto(`${BASE_URL}?${query}`);
  await answerLinkChoice(page);
  await page.getByTestId('board').waitFor();
}

/** Plays the capture and the move; what each of them played and vibrated, sorted. */
async function playCaptureAndMove(page, perMove) {
  const capture = await feltDuring(page, perMove, () => playMove(page, 'c1d2'));
  const move = await feltDuring(page, perMove, () => playMove(page, 'b4a4'));
  return { capture: capture.sort(), move: move.sort() };
}

test('the game plays and vibrates at the chosen levels, and nothing at all with both off', async () => {
  const phone = await openRecordingPhone();
  const page = await openApp(phone.context, { lang: 'en' });

  // Normal and Strong: full volume, and a capture vibrates harder than a move.
  await openGame(page);
  assert.deepEqual(await playCaptureAndMove(page, 2), {
    capture: ['sound:capture:1', 'vibrate:40'],
    move: ['sound:move:1', 'vibrate:15'],
  });

  // Soft and Light, chosen from home: every sound soft, every vibration a light tap.
  await page.goto(BASE_URL);
  await openSettingsFromHome(page);
  await choose(page, 'sound-soft');
  await choose(page, 'vibration-light');
  await openGame(page);
  assert.deepEqual(await playCaptureAndMove(page, 2), {
    capture: ['sound:capture:0.3', 'vibrate:15'],
    move: ['sound:move:0.3', 'vibrate:15'],
  });

  // Off and Off, chosen from the game's menu: the moves after it are silent and still.
  await openGame(page);
  await page.getByTestId('menu-button').tap();
  await page.getByTestId('menu-settings').tap();
  await choose(page, 'sound-off');
  await choose(page, 'vibration-off');
  await page.getByTestId('back').tap();
  await page.getByTestId('resume').tap();
  assert.deepEqual(await playCaptureAndMove(page, 0), { capture: [], move: [] });
  assertNoErrors(page);
  await phone.close();
});

test('the on/off switches an older version saved read as Normal / Strong and Off', async () => {
  const phone = await openRecordingPhone();
  const page = await openApp(phone.context, { lang: 'en' });
  await page.getByTestId('home').waitFor();
  for (const [sound, vibration, expected] of [
    ['false', 'true', ['sound-off', 'vibration-strong']],
    ['true', 'false', ['sound-normal', 'vibration-off']],
  ]) {
    await page.evaluate(([sound, vibration]) => {
      localStorage.setItem('duobao.v1.prefs.sound', sound);
      localStorage.setItem('duobao.v1.prefs.vibration', vibration);
    }, [sound, vibration]);
    await page.reload();
    await openSettingsFromHome(page);
    assert.deepEqual([await chosen(page, SOUND), await chosen(page, VIBRATION)], expected, `sound ${sound}, vibration ${vibration}`);
    const corrupt = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('.corrupt')));
    assert.deepEqual(corrupt, [], 'nothing was set aside as damaged');
    await page.getByTestId('back').tap();
  }
  assertNoErrors(page);
  await phone.close();
});
