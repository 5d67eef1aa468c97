//! The engine in a dedicated Web Worker, so that on the web a search never runs on the page's
//! thread: [`duobao_study::Job`]s come in as JSON, each is worked out in the steps of a
//! [`duobao_study::JobRun`] (a review a ply a step, any other job in one blocking step), and its
//! [`duobao_study::Finding`]s go out as bytes ([`duobao_study::Finding::to_bytes`]) as they come. The endgame tables are added first, one
//! file at a time, and every later job reads them.
//!
//! `worker.js` beside this crate is the worker's script: `scripts/build-web.sh` puts
//! wasm-bindgen's `--target no-modules` glue in front of it and writes both files, named by
//! their content, into the site, whose `index.html` names them in
//! `<meta name="duobao-engine" content="engine/engine-dxh<hash>.js"
//! data-wasm="engine/engine-dxh<hash>.wasm">`. The page and the worker speak in messages:
//!
//! - page → worker, first: `{type: 'start', wasm: <the wasm's URL>, tables: [{name, mover,
//!   opponent, url}]}`, the URLs absolute or relative to the site's root, as the meta's are.
//!   The worker starts the engine and fetches the tables; a table it cannot fetch or that is
//!   damaged is named in `{type: 'warning', text}` and left out. Then `{type: 'ready', tables:
//!   <how many were loaded>}`.
//! - page → worker, any number: `{type: 'job', job: <a Job as a JSON string>}`, worked out one at
//!   a time in the order sent, each after the start. Each finding comes back as `{type:
//!   'finding', finding: <a Finding's bytes, a Uint8Array>}`; a job that fails (not a job, the
//!   engine crashed) as `{type: 'failed', text, fatal}`.
//! - `fatal: true` says the engine itself is gone (it could not start, or it panicked: the
//!   panic's message is in the console): every later job fails the same way, and the page
//!   should start another worker.
//! - page → worker, at any time: `{type: 'hold', ms}`: take no next step of a job for `ms`
//!   milliseconds from now (the player is stepping through the review: its analysis waits,
//!   leaving the device's cores to the page). Read between two steps, so a step under way ends
//!   first.
//!
//! A job stops only at its end: the page stops one by terminating the worker.

use std::cell::RefCell;
use std::sync::Arc;

use duobao_engine::CancelToken;
use duobao_study::{Job, JobRun};
use duobao_tablebase::{file, Slice, Tablebase};
use wasm_bindgen::prelude::*;

thread_local! {
    /// The tables added so far; `None` until the first one is.
    static TABLES: RefCell<Option<Arc<Tablebase>>> = const { RefCell::new(None) };
}

/// Checks the packed table file `name` (`duobao_tablebase::file::pack`: its header and
/// checksum, against the slice `mover` v `opponent`), unpacks it and adds it to the tables every
/// later job reads; the error names the file.
#[wasm_bindgen]
pub fn add_table(name: &str, mover: u32, opponent: u32, bytes: &[u8]) -> Result<(), JsError> {
    TABLES
        .with_borrow_mut(|tables| add_to(tables, name, mover, opponent, bytes))
        .map_err(|why| JsError::new(&why))
}

/// The job given as JSON, to be worked out with the tables added so far, a step at a time
/// ([`JobSteps::step`]).
#[wasm_bindgen]
pub fn start(job_json: &str) -> Result<JobSteps, JsError> {
    let tables = TABLES.with_borrow(Option::clone);
    let run = start_job(job_json, tables).map_err(|why| JsError::new(&why))?;
    Ok(JobSteps {
        run,
        cancel: CancelToken::new(),
    })
}

/// A job being worked out: a review a ply a step, any other job whole in one. Between two
/// steps the worker reads its messages, and waits while the page holds it.
#[wasm_bindgen]
pub struct JobSteps {
    run: JobRun,
    cancel: CancelToken,
}

#[wasm_bindgen]
impl JobSteps {
    /// Works the next step out, calling `post` with each finding's bytes (a `Uint8Array`) as it
    /// comes; `false` once the job has said all it has to say.
    pub fn step(&mut self, post: &js_sys::Function) -> Result<bool, JsError> {
        step_job(&mut self.run, &self.cancel, &mut |finding| {
            post.call1(&JsValue::NULL, &js_sys::Uint8Array::from(&finding[..]))
                .map(drop)
                .map_err(|thrown| format!("posting a finding failed: {thrown:?}"))
        })
        .map_err(|why| JsError::new(&why))
    }
}

/// Runs as the module is instantiated: a panic aborts the WebAssembly, which the worker's
/// script sees only as "unreachable", so its message goes to the console first.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen(start)]
fn report_panics_to_the_console() {
    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = console)]
        fn error(message: &str);
    }
    std::panic::set_hook(Box::new(|info| {
        error(&format!("duobao engine worker: {info}"))
    }));
}

fn add_to(
    tables: &mut Option<Arc<Tablebase>>,
    name: &str,
    mover: u32,
    opponent: u32,
    bytes: &[u8],
) -> Result<(), String> {
    let slice = Slice::new(mover, opponent)
        .ok_or_else(|| format!("{name}: no endgame table holds {mover} v {opponent} soldiers"))?;
    let table = file::read_packed(name, bytes, slice).map_err(|e| e.to_string())?;
    // Not `Tablebase::default()`, which has no room for any slice. No job holds the tables
    // between jobs, so this adds to them in place rather than copying them.
    let held = tables.get_or_insert_with(|| Arc::new(Tablebase::new()));
    Arc::make_mut(held).insert(table);
    Ok(())
}

/// The job given as JSON, not started yet; an error that names it when it is not a job.
fn start_job(job_json: &str, tables: Option<Arc<Tablebase>>) -> Result<JobRun, String> {
    let job: Job = serde_json::from_str(job_json)
        .map_err(|e| format!("not a job the engine knows ({e}): {job_json}"))?;
    Ok(JobRun::new(job, tables))
}

/// Works the job's next step out, handing each finding to `post` as bytes, and says whether
/// there is more to do. When `post` refuses a finding, the job is stopped (`cancel` raised, so
/// that no later step works) and the refusal is the error.
fn step_job(
    run: &mut JobRun,
    cancel: &CancelToken,
    post: &mut dyn FnMut(Vec<u8>) -> Result<(), String>,
) -> Result<bool, String> {
    let mut refused = None;
    let more = run.step(cancel, &mut |finding| {
        if refused.is_some() {
            return;
        }
        let posted = finding
            .to_bytes()
            .map_err(|e| format!("a finding could not be written: {e}"))
            .and_then(&mut *post);
        if let Err(why) = posted {
            refused = Some(why);
            cancel.cancel();
        }
    });
    refused.map_or(Ok(more), Err)
}

#[cfg(test)]
mod tests {
    use duobao_engine::Level;
    use duobao_rules::{Game, Ply};
    use duobao_study::Finding;

    use super::*;

    /// Every finding of the job, its steps taken one after the other as the worker's script
    /// takes them.
    fn findings_of(job_json: &str) -> Result<Vec<Finding>, String> {
        let mut run = start_job(job_json, None)?;
        let cancel = CancelToken::new();
        let mut found = Vec::new();
        while step_job(&mut run, &cancel, &mut |bytes| {
            found.push(Finding::from_bytes(&bytes).expect("a finding reads back"));
            Ok(())
        })? {}
        Ok(found)
    }

    #[test]
    fn a_job_in_json_is_answered_with_its_findings_in_bytes() {
        let game = Game::new();
        let job = Job::Move {
            game: game.clone(),
            level: Level::Easy,
            seed: 1,
        };
        let found = findings_of(&serde_json::to_string(&job).unwrap()).unwrap();
        match found.as_slice() {
            [Finding::Move(Ok(chosen))] => {
                assert!(game.position().legal_moves().contains(chosen));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn what_is_not_a_job_is_refused_and_says_what_it_was() {
        for text in ["", "{\"Move\":{}}", "{\"Juggle\":{}}", "[1, 2"] {
            let error = findings_of(text).unwrap_err();
            assert!(error.starts_with("not a job the engine knows ("), "{error}");
            assert!(error.ends_with(&format!("): {text}")), "{error}");
        }
    }

    #[test]
    fn a_finding_the_page_refuses_stops_the_job() {
        let mut game = Game::new();
        for _ in 0..3 {
            let first = game.position().legal_moves()[0];
            game.play(Ply::Move(first)).unwrap();
        }
        let job = serde_json::to_string(&Job::Review {
            game,
            known: Vec::new(),
        })
        .unwrap();
        let mut run = start_job(&job, None).unwrap();
        let cancel = CancelToken::new();
        let mut offered = 0;
        let result = step_job(&mut run, &cancel, &mut |_| {
            offered += 1;
            Err("the page is gone".to_string())
        });
        assert_eq!(result, Err("the page is gone".to_string()));
        assert_eq!(offered, 1);
        // Stopped: the next step reviews no ply, it only says that the review is over.
        let mut after = Vec::new();
        let more = step_job(&mut run, &cancel, &mut |bytes| {
            after.push(Finding::from_bytes(&bytes).unwrap());
            Ok(())
        });
        assert_eq!(more, Ok(false));
        assert_eq!(after, [Finding::Done]);
    }

    #[test]
    fn a_table_is_added_and_a_damaged_or_misnamed_one_refused_with_its_name() {
        let built = Tablebase::build(2, |_| {}).unwrap();
        let one_v_one = Slice::new(1, 1).unwrap();
        let table = built.get(one_v_one).unwrap();
        let mut bytes = file::pack(table);
        let mut tables = None;

        let error = add_to(&mut tables, "1v1.dtp", 1, 9, &bytes).unwrap_err();
        assert_eq!(error, "1v1.dtp: no endgame table holds 1 v 9 soldiers");
        let error = add_to(&mut tables, "1v1.dtp", 1, 2, &bytes).unwrap_err();
        assert!(error.starts_with("1v1.dtp: "), "{error}");
        let middle = bytes.len() / 2;
        bytes[middle] ^= 1;
        let error = add_to(&mut tables, "1v1.dtp", 1, 1, &bytes).unwrap_err();
        assert!(error.starts_with("1v1.dtp: "), "{error}");
        assert!(tables.is_none());

        bytes[middle] ^= 1;
        let error = add_to(&mut tables, "1v1.dtp", 1, 1, &file::encode(table)).unwrap_err();
        assert_eq!(error, "1v1.dtp: a table file, not a packed table file");
        assert!(tables.is_none());

        add_to(&mut tables, "1v1.dtp", 1, 1, &bytes).unwrap();
        assert_eq!(tables.unwrap().get(one_v_one), Some(table));
    }
}
