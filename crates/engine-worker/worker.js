// The engine's Web Worker (crates/engine-worker), a classic worker: scripts/build-web.sh puts
// wasm-bindgen's `--target no-modules` glue, which defines `wasm_bindgen`, in front of this
// script in one file. The page creates it with `new Worker(<the content of its
// <meta name="duobao-engine">>)` and they speak in messages:
//
//   page → worker, first:
//     {type: 'start', wasm: <the data-wasm URL>, tables: [{name, mover, opponent, url}, …]}
//     (URLs absolute, or relative to the site's root as the meta's are)
//   worker → page:
//     {type: 'warning', text}   a table that could not be fetched or is damaged, left out
//     {type: 'ready', tables}   the engine runs, with this many tables
//   page → worker, any number, each worked out after the start, one at a time, in order:
//     {type: 'job', job: <a duobao_study::Job as a JSON string>}
//   worker → page, for a job:
//     {type: 'finding', finding: <a duobao_study::Finding's bytes, a Uint8Array>}   as each comes
//     {type: 'failed', text, fatal}   the job failed (not a job the engine knows, or a crash)
//   page → worker, at any time:
//     {type: 'hold', ms}   take no next step of a job for ms milliseconds from now
//
// A job is worked out in steps (a review a ply a step, any other job in one): between two, the
// worker reads its messages, and waits while the page holds it (the player is stepping through
// the review, whose analysis then leaves the device's cores to the page).
//
// `fatal: true` says the engine itself is gone: it could not start (then the message comes in
// place of 'ready'), or it panicked (its message is in the console). WebAssembly that aborted
// cannot be trusted to run again, so every later job fails the same way: start another worker.
// A job stops only at its end: the page stops one by terminating the worker.

/**
 * The site's root, which the page's relative URLs are read from: a worker reads them from its
 * own script's address, one folder down (engine/).
 */
const siteRoot = new URL('..', self.location.href);

/** Whether a start message came. */
let started = false;
/** Why the engine cannot run, once it cannot. */
let gone = null;
/** Each message handled after the one before it has finished: a job waits for the start. */
let handled = Promise.resolve();
/** Until when (`performance.now()`) the page holds the job's next step. */
let heldUntil = 0;

self.onmessage = ({ data }) => {
  // A hold is read at once, not after the job under way, which it is about.
  if (data?.type === 'hold') {
    const ms = Number(data.ms);
    if (Number.isFinite(ms) && ms > 0) heldUntil = Math.max(heldUntil, performance.now() + ms);
    return;
  }
  handled = handled.then(() => handle(data));
};

async function handle(message) {
  switch (message?.type) {
    case 'start':
      if (started) {
        console.warn('engine worker: started already; this start is ignored');
        return;
      }
      started = true;
      await start(message);
      return;
    case 'job':
      await work(message.job);
      return;
    default:
      console.warn('engine worker: a message it does not know is ignored:', message);
  }
}

async function start({ wasm, tables = [] }) {
  try {
    await wasm_bindgen({ module_or_path: new URL(wasm, siteRoot) });
  } catch (error) {
    gone = `the engine could not start: ${error}`;
    self.postMessage({ type: 'failed', text: gone, fatal: true });
    return;
  }
  // Fetched together, added one by one: each is checked whole as it is added.
  const fetched = await Promise.all(tables.map(fetchTable));
  let loaded = 0;
  for (const [at, table] of tables.entries()) {
    const bytes = fetched[at];
    if (!bytes) continue;
    try {
      wasm_bindgen.add_table(table.name, table.mover, table.opponent, bytes);
      loaded += 1;
    } catch (error) {
      if (crashed(error)) return;
      warn(error.message);
    }
  }
  self.postMessage({ type: 'ready', tables: loaded });
}

/** The table's bytes, or null when it cannot be fetched (said in a warning). */
async function fetchTable({ name, url }) {
  try {
    const response = await fetch(new URL(url, siteRoot));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    warn(`${name}: ${error.message ?? error}`);
    return null;
  }
}

async function work(job) {
  if (gone) {
    self.postMessage({ type: 'failed', text: gone, fatal: true });
    return;
  }
  if (!started) {
    self.postMessage({ type: 'failed', text: 'a job came before the start message', fatal: false });
    return;
  }
  const post = (finding) => self.postMessage({ type: 'finding', finding });
  let steps = null;
  try {
    steps = wasm_bindgen.start(job);
    while (steps.step(post)) await betweenSteps();
  } catch (error) {
    if (crashed(error)) return;
    self.postMessage({ type: 'failed', text: error.message ?? String(error), fatal: false });
  }
  steps?.free();
}

/** A turn of the worker's event loop, so that a hold sent meanwhile is read; then the hold. */
async function betweenSteps() {
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (let left = heldUntil - performance.now(); left > 0; left = heldUntil - performance.now()) {
    await new Promise((resolve) => setTimeout(resolve, left));
  }
}

/**
 * Whether `error` is the WebAssembly aborting (a panic: the Rust side has put its message in the
 * console), in which case the engine is gone and the page is told so.
 */
function crashed(error) {
  if (!(error instanceof WebAssembly.RuntimeError)) return false;
  gone = `the engine crashed (${error.message}); its panic is in the console`;
  self.postMessage({ type: 'failed', text: gone, fatal: true });
  return true;
}

function warn(text) {
  self.postMessage({ type: 'warning', text });
}
