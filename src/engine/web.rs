//! The engine on the web: Web Workers running the engine's own WebAssembly module
//! (crates/engine-worker), which the page never waits for. The site's build names the worker's
//! script and module in a `<meta name="duobao-engine">` of index.html; the page starts a
//! worker with them and the endgame tables' addresses, then hands it jobs as JSON and reads
//! its findings back as bytes (`Finding::from_bytes`; the protocol is
//! crates/engine-worker/worker.js's).
//!
//! A worker works one job at a time and cannot be interrupted inside the search, so a job that
//! is no longer wanted ends its worker (`terminate`): the next job gets a fresh one, as does
//! the job after a worker that died. A worker whose job ended goes back to a pool for the next.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use duobao_study::{Finding, Job};
use futures_channel::mpsc;
use futures_util::{future, StreamExt};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{ErrorEvent, MessageEvent, Worker};
use web_time::Instant;

use crate::endgames;
use crate::log::{note, warning};
use crate::platform::{after_next_paint, sleep};

/// Idle workers kept for the next jobs: as many as one job may use at once (Master's shares, or
/// the analysis board's lines and its verdict), so that the next move finds them started.
const POOL: usize = super::MAX_THREADS + 1;

thread_local! {
    static IDLE: RefCell<Vec<EngineWorker>> = const { RefCell::new(Vec::new()) };
    /// The workers lent to jobs, which a hold is sent to.
    static WORKING: RefCell<Vec<Worker>> = const { RefCell::new(Vec::new()) };
}

/// The longest a started worker may stay silent on the computer's move, a hint or a puzzle move
/// before it is taken for dead: a worker that is ended or crashes says nothing, and the search
/// of these jobs is limited (Master's to 1.5 s, a few seconds on a slow phone). The review and the
/// analysis may think for long between findings; a dead worker there only stops the panel.
const SILENCE_LIMIT: Duration = Duration::from_secs(10);
/// The same while the worker is still loading the engine and the tables, which on a slow
/// connection takes a while.
const LOADING_LIMIT: Duration = Duration::from_secs(120);
/// The longest a job waits for the frame that shows what asked for it: a hidden page paints none.
const PAINT_LIMIT: Duration = Duration::from_millis(100);

/// What a worker says.
enum Said {
    /// The engine and the tables are loaded.
    Ready,
    /// A finding, read where the worker's messages arrive: that code is in the main module, so
    /// the reading of a finding is downloaded once rather than in each screen's chunk that asks
    /// the engine (src/screen_chunk.rs).
    Finding(Result<Finding, String>),
    /// The job broke (its script threw, the module panicked) or the worker died.
    Failed(String),
}

/// A started worker, and where what it says goes: to the job it works on.
struct EngineWorker {
    worker: Worker,
    ready: Rc<Cell<bool>>,
    listener: Rc<RefCell<Option<mpsc::UnboundedSender<Said>>>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl EngineWorker {
    /// Starts a worker: it loads the engine's module and the endgame tables, then takes jobs.
    fn start() -> Result<EngineWorker, String> {
        let (script, module) = engine_files()?;
        let started = Instant::now();
        let worker = Worker::new(&script).map_err(|e| format!("no engine worker: {e:?}"))?;
        let listener: Rc<RefCell<Option<mpsc::UnboundedSender<Said>>>> = Rc::default();
        let ready: Rc<Cell<bool>> = Rc::default();
        let (told, loaded) = (listener.clone(), ready.clone());
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let data = event.data();
            let field = |name| property(&data, name).as_string().unwrap_or_default();
            let said = match field("type").as_str() {
                "finding" => Said::Finding(read_finding(&property(&data, "finding"))),
                "failed" => Said::Failed(field("text")),
                "warning" => {
                    warning!("the engine: {}", field("text"));
                    return;
                }
                "ready" => {
                    let tables = property(&data, "tables").as_f64().unwrap_or(0.0);
                    let ms = started.elapsed().as_millis();
                    note!(
                        "endgame tables read: {tables} slices, in {ms} ms, by the engine's worker"
                    );
                    loaded.set(true);
                    Said::Ready
                }
                _ => return,
            };
            if let Some(job) = told.borrow().as_ref() {
                let _ = job.unbounded_send(said);
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let told = listener.clone();
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
            let why = format!("the engine's worker died: {}", event.message());
            if let Some(job) = told.borrow().as_ref() {
                let _ = job.unbounded_send(Said::Failed(why));
            }
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let start = serde_json::json!({
            "type": "start",
            "wasm": module,
            "tables": endgames::table_addresses(),
        });
        post(&worker, &start)?;
        Ok(EngineWorker {
            worker,
            ready,
            listener,
            _on_message: on_message,
            _on_error: on_error,
        })
    }
}

fn read_finding(posted: &JsValue) -> Result<Finding, String> {
    let bytes = posted
        .dyn_ref::<js_sys::Uint8Array>()
        .ok_or_else(|| format!("the engine posted no finding's bytes: {posted:?}"))?
        .to_vec();
    Finding::from_bytes(&bytes)
        .map_err(|e| format!("the engine said what the page cannot read ({e}): {bytes:?}"))
}

/// An object's property `name`, `undefined` when it has none.
fn property(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// The worker's script and module, as the site's build named them.
fn engine_files() -> Result<(String, String), String> {
    let meta = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.query_selector("meta[name=duobao-engine]").ok())
        .flatten()
        .ok_or("this build has no engine (no <meta name=duobao-engine>)")?;
    let script = meta.get_attribute("content");
    let module = meta.get_attribute("data-wasm");
    script
        .zip(module)
        .ok_or_else(|| "the engine's <meta> names no files".into())
}

fn post(worker: &Worker, message: &serde_json::Value) -> Result<(), String> {
    let message = js_sys::JSON::parse(&message.to_string()).map_err(|e| format!("{e:?}"))?;
    worker
        .post_message(&message)
        .map_err(|e| format!("the engine's worker took no message: {e:?}"))
}

/// Starts a worker ahead of the first job, after the first screen, so that the engine and
/// its tables are loaded before the computer's first move is asked for.
pub(super) fn warm_up() {
    IDLE.with_borrow_mut(|idle| {
        if idle.is_empty() {
            match EngineWorker::start() {
                Ok(worker) => idle.push(worker),
                Err(why) => warning!("the engine is not started: {why}"),
            }
        }
    });
}

/// The device's cores, as the browser tells them, and whether the page is cross-origin isolated.
pub(super) fn cores_and_isolation() -> (usize, bool) {
    let Some(window) = web_sys::window() else {
        return (1, false);
    };
    let cores = window.navigator().hardware_concurrency() as usize;
    let isolated = property(&window, "crossOriginIsolated")
        .as_bool()
        .unwrap_or(false);
    (cores, isolated)
}

/// Tells every worker at work to take no next step of its job for `time` (the worker's
/// protocol, crates/engine-worker/worker.js).
pub(super) fn hold_steps(time: Duration) {
    let hold = serde_json::json!({ "type": "hold", "ms": time.as_millis() as u64 });
    WORKING.with_borrow(|working| {
        for worker in working {
            if let Err(why) = post(worker, &hold) {
                warning!("the engine's worker was not held: {why}");
            }
        }
    });
}

/// A worker lent to one job: back to the pool when the job ended, ended when it did not.
struct Lease(Option<EngineWorker>, bool);

impl Drop for Lease {
    fn drop(&mut self) {
        let (Some(worker), finished) = (self.0.take(), self.1) else {
            return;
        };
        WORKING.with_borrow_mut(|working| working.retain(|lent| *lent != worker.worker));
        worker.listener.borrow_mut().take();
        if finished {
            IDLE.with_borrow_mut(|idle| {
                if idle.len() < POOL {
                    idle.push(worker);
                } else {
                    worker.worker.terminate();
                }
            });
        } else {
            worker.worker.terminate();
        }
    }
}

pub(super) async fn work(job: Job, found: &mut impl FnMut(Finding)) -> Result<(), String> {
    // The job is written and posted after the frame that shows what asked for it (the player's
    // move, a tap on the analysis board, the next ply of a review), so that neither holds that
    // frame back.
    future::select(Box::pin(after_next_paint()), Box::pin(sleep(PAINT_LIMIT))).await;
    let worker = match IDLE.with_borrow_mut(Vec::pop) {
        Some(worker) => worker,
        None => EngineWorker::start()?,
    };
    let (sender, mut said) = mpsc::unbounded();
    worker.listener.borrow_mut().replace(sender);
    let message = serde_json::json!({
        "type": "job",
        "job": serde_json::to_string(&job).map_err(|e| e.to_string())?,
    });
    post(&worker.worker, &message)?;
    WORKING.with_borrow_mut(|working| working.push(worker.worker.clone()));
    let ready = worker.ready.clone();
    let mut lease = Lease(Some(worker), false);
    let watched = matches!(
        job,
        Job::Move { .. } | Job::MoveShare { .. } | Job::Hint { .. } | Job::PuzzleMove { .. }
    );
    loop {
        let next = if watched {
            let limit = if ready.get() {
                SILENCE_LIMIT
            } else {
                LOADING_LIMIT
            };
            match future::select(said.next(), Box::pin(sleep(limit))).await {
                future::Either::Left((next, _)) => next,
                future::Either::Right(_) => {
                    return Err(format!("the engine's worker said nothing for {limit:?}"))
                }
            }
        } else {
            said.next().await
        };
        let finding = match next {
            // From now on the worker's silence counts.
            Some(Said::Ready) => continue,
            Some(Said::Finding(finding)) => finding?,
            Some(Said::Failed(why)) => return Err(why),
            None => return Err("the engine's worker fell silent".into()),
        };
        let last = super::is_last(&finding);
        found(finding);
        if last {
            lease.1 = true;
            return Ok(());
        }
    }
}
