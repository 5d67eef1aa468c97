// How long the page takes to show a tap, measured two independent ways, and a slower CPU.
//
// Both start when the page receives the tap, not at the event's timestamp: between the two lies
// the way of a tap from the test through the browser's process to the page, which depends on
// the machine running the tests (a page with nothing but a board of circles shows 5–15 ms of it
// on a busy machine) and is the same for any app. That part is printed apart, as "input delay".
//
// 1. The browser's own Event Timing API. For each interaction (a tap's pointerdown, pointerup
//    and click share one `interactionId`), the paint is at `startTime + duration` of its entries
//    (`duration` runs from the event's timestamp to the next paint after its handlers, rounded
//    to 8 ms), and the tap was received at the pointerup's `processingStart` (the finger lifts:
//    the tap is complete). The browser
//    reports only entries of at least 16 ms (the smallest `durationThreshold`), so an interaction
//    it does not report took less than 16 ms even with its input delay.
// 2. From outside the app: a capture listener notes when each `pointerup` arrives and asks for
//    the next animation frame; the first frame in which a MutationObserver has seen the board's
//    DOM change posts a message, which is handled once that frame has been painted (asked for
//    as the tap arrives, its callback comes before any the app asks for while answering, so the
//    message is not queued behind work the app leaves for after the paint). The time from the
//    pointerup's arrival to that message is the tap's cost as a player sees it, to the tenth of
//    a millisecond.

/** Installs both measurements in the page; call once the board shows. */
export async function watchTaps(page) {
  await page.evaluate(() => {
    const taps = { interactions: new Map(), outside: [], inputDelay: [], received: 0 };
    window.tapTiming = taps;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.interactionId) continue;
        const seen = taps.interactions.get(entry.interactionId) ?? { paint: 0, received: Infinity };
        seen.paint = Math.max(seen.paint, entry.startTime + entry.duration);
        if (entry.name === 'pointerup') seen.received = entry.processingStart;
        taps.interactions.set(entry.interactionId, seen);
      }
    }).observe({ type: 'event', durationThreshold: 16 });

    // The tap's first frame is asked for as the tap arrives, so that its callback comes before
    // any the page asks for while answering the tap; each frame until the board has changed
    // asks for the next.
    let boardChanged = false;
    window.addEventListener('pointerup', (event) => {
      taps.received += 1;
      const tap = taps.received;
      const receivedAt = performance.now();
      taps.inputDelay.push(receivedAt - event.timeStamp);
      boardChanged = false;
      const frame = () => {
        if (tap !== taps.received) return;
        if (boardChanged) afterPaint.port2.postMessage(receivedAt);
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }, { capture: true });
    const afterPaint = new MessageChannel();
    afterPaint.port1.onmessage = ({ data: start }) => taps.outside.push(performance.now() - start);
    const onBoard = (node) =>
      (node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement)?.closest('[data-testid="board"]');
    new MutationObserver((records) => {
      if (records.some((record) => onBoard(record.target))) boardChanged = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** The taps the page has received since `watchTaps`. */
export async function tapsReceived(page) {
  return page.evaluate(() => window.tapTiming.received);
}

/** Resolves once the page has painted its answer to every tap it received. */
export async function waitForTapsPainted(page) {
  await page.waitForFunction(
    () => window.tapTiming.outside.length >= window.tapTiming.received,
    null,
    { polling: 10 },
  );
}

/**
 * What the measurements saw since `watchTaps`, in milliseconds, one value a tap: `outside`,
 * `eventTiming` (a tap the browser did not report counted as 0: under 16 ms), and `inputDelay`.
 * The browser hands its event entries over a little after the paint, hence the short wait.
 */
export async function tapTimes(page) {
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const { interactions, outside, inputDelay, received } = window.tapTiming;
    const reported = [...interactions.values()].map(({ paint, received: at }) => Math.max(0, paint - at));
    const unreported = Math.max(0, received - reported.length);
    return { outside, inputDelay, eventTiming: [...reported, ...Array(unreported).fill(0)] };
  });
}

/** The nearest-rank percentile `p` (0–100) of `values`. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** p50, p95 and max of `values`. */
export function summary(values) {
  return { p50: percentile(values, 50), p95: percentile(values, 95), max: Math.max(...values) };
}

/** `p50 16.0 ms, p95 24.0 ms, max 40.0 ms`; Event Timing's unreported taps read `<16 ms`. */
export function describe({ p50, p95, max }, { belowThreshold = false } = {}) {
  const ms = (value) => (belowThreshold && value === 0 ? '<16 ms' : `${value.toFixed(1)} ms`);
  return `p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(max)}`;
}

/**
 * Makes the page's CPU `rate` times slower (1 is full speed), as a mid-range phone is.
 * Playwright evaluates a script of its own in the page the first time a test waits on the page's
 * state (`waitForTapsPainted`): 24–90 ms at 4× slower, a long task that is not the app's. It is
 * done here, at full speed and before anything is watched.
 */
export async function throttleCpu(page, rate) {
  await page.waitForFunction(() => true, null, { polling: 10 });
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
  return session;
}

/** Records the longest gap between the page's timer ticks (every 5 ms) from now on. */
export async function watchTimers(page) {
  await page.evaluate(() => {
    window.timerGap = 0;
    let last = performance.now();
    window.timerWatch = setInterval(() => {
      const now = performance.now();
      window.timerGap = Math.max(window.timerGap, now - last);
      last = now;
    }, 5);
  });
}

/** The longest gap since `watchTimers`, which stops watching. */
export async function worstTimerGap(page) {
  return page.evaluate(() => { clearInterval(window.timerWatch); return window.timerGap; });
}
