//! One engine job for a component — the computer's move, the hint, the review, the analysis
//! board — behind one hook, [`use_engine_task`]: a request in, answers out. The job starts when
//! a request is asked for, is stopped at once (its cancel token raised, its task dropped) when
//! the request changes or goes, and when the component goes; an answer from a job stopped since
//! is dropped. How a job is worked out is the job's own ([`EngineJob::run`]), so the hook and
//! its users stay as they are wherever the engine runs.
//!
//! Below the features: it imports nothing from the app.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::rc::Rc;

use dioxus::core::Task;
use dioxus::prelude::*;
use duobao_engine::CancelToken;

/// A request for the engine, and how it is worked out.
pub trait EngineJob: 'static {
    /// What tells one request from another: while the request asked for keeps its key, its job
    /// goes on; a new key is a new job.
    type Key: PartialEq + 'static;
    /// What the job reports: once (a move, a hint) or as it goes (an analysis' findings, a
    /// review's verdicts).
    type Answer: 'static;

    fn key(&self) -> Self::Key;

    /// Works the request out, handing each answer to `answers`, until it is done, `cancel` is
    /// raised or the future is dropped.
    fn run(
        self,
        cancel: CancelToken,
        answers: Answers<Self::Answer>,
    ) -> impl Future<Output = ()> + 'static;
}

/// Keeps one job running for the request `request` reads (`None`: none wanted), and hands its
/// answers to `on_answer`. `request` is read again whenever a signal it reads changes; a request
/// with another key than the running job's stops that job at once and starts the new one, and
/// leaving the component stops it too. Answers of a stopped job never reach `on_answer`.
pub fn use_engine_task<J: EngineJob>(
    mut request: impl FnMut() -> Option<J> + 'static,
    on_answer: impl FnMut(J::Answer) + 'static,
) {
    let on_answer = use_callback(on_answer);
    let jobs = use_hook(|| Rc::new(RefCell::new(Jobs::<J::Key>::default())));
    let task = use_hook(|| Rc::new(Cell::new(None::<Task>)));
    let (running, stopping) = (jobs.clone(), jobs);
    use_effect(move || {
        let wanted = request();
        let change = running.borrow_mut().want(wanted.as_ref().map(J::key));
        if let Change::Keep = change {
            return;
        }
        if let Some(old) = task.take() {
            old.cancel();
        }
        if let (Change::Start(start), Some(job)) = (change, wanted) {
            let answers = running
                .borrow()
                .answers(start.job, Rc::new(move |answer| on_answer.call(answer)));
            task.set(Some(spawn(job.run(start.cancel, answers))));
        }
    });
    use_drop(move || stopping.borrow_mut().stop());
}

/// Where a job's answers go: on to the hook's `on_answer` while the job is the one asked for,
/// nowhere once it has been stopped.
pub struct Answers<A> {
    job: u64,
    current: Rc<Cell<Option<u64>>>,
    deliver: Rc<dyn Fn(A)>,
}

impl<A> Clone for Answers<A> {
    fn clone(&self) -> Self {
        Answers {
            job: self.job,
            current: self.current.clone(),
            deliver: self.deliver.clone(),
        }
    }
}

impl<A> Answers<A> {
    /// Hands `answer` on, unless its job has been stopped.
    pub fn send(&self, answer: A) {
        if self.current.get() == Some(self.job) {
            (self.deliver)(answer);
        }
    }
}

/// Which job runs as the request changes: the part of [`use_engine_task`] that needs no UI.
struct Jobs<K> {
    /// The key of the job started last, and its token, until the request changes.
    running: Option<(K, CancelToken)>,
    /// The job whose answers are wanted, shared with every job's [`Answers`].
    current: Rc<Cell<Option<u64>>>,
    /// Jobs started so far: each one's number.
    started: u64,
}

impl<K> Default for Jobs<K> {
    fn default() -> Self {
        Jobs {
            running: None,
            current: Rc::default(),
            started: 0,
        }
    }
}

/// What a request read again asks of the hook.
enum Change {
    /// The same request: its job goes on.
    Keep,
    /// No request any more: the job was stopped.
    Stop,
    /// Another request: the job before it was stopped, and this one is to start.
    Start(Start),
}

/// A job to start: its number, for its answers, and its token.
struct Start {
    job: u64,
    cancel: CancelToken,
}

impl<K: PartialEq> Jobs<K> {
    /// The request now has `key` (`None`: no request). Unless it is the running job's, that job's
    /// token is raised here, its answers are dropped from now on, and a job is started for the
    /// new key.
    fn want(&mut self, key: Option<K>) -> Change {
        if self.running.as_ref().map(|(running, _)| running) == key.as_ref() {
            return Change::Keep;
        }
        self.stop();
        let Some(key) = key else {
            return Change::Stop;
        };
        self.started += 1;
        let cancel = CancelToken::new();
        self.running = Some((key, cancel.clone()));
        self.current.set(Some(self.started));
        Change::Start(Start {
            job: self.started,
            cancel,
        })
    }

    /// Stops the running job, if any: the component goes, or another request came.
    fn stop(&mut self) {
        if let Some((_, cancel)) = self.running.take() {
            cancel.cancel();
        }
        self.current.set(None);
    }

    /// Where the answers of `job` go: to `deliver`, while it is the current job.
    fn answers<A>(&self, job: u64, deliver: Rc<dyn Fn(A)>) -> Answers<A> {
        Answers {
            job,
            current: self.current.clone(),
            deliver,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn started(change: Change) -> Start {
        match change {
            Change::Start(start) => start,
            Change::Keep => panic!("kept the job"),
            Change::Stop => panic!("stopped the job"),
        }
    }

    /// A job's answers, as the hook hands them to the job, and how many reached `on_answer`.
    struct Listener {
        answers: Answers<()>,
        heard: Rc<Cell<u32>>,
    }

    impl Listener {
        fn of(jobs: &Jobs<u32>, job: u64) -> Listener {
            let heard = Rc::new(Cell::new(0));
            let count = heard.clone();
            let answers = jobs.answers(job, Rc::new(move |()| count.set(count.get() + 1)));
            Listener { answers, heard }
        }

        /// Whether an answer sent now gets through.
        fn gets_through(&self) -> bool {
            let before = self.heard.get();
            self.answers.clone().send(());
            self.heard.get() > before
        }
    }

    #[test]
    fn the_same_request_keeps_its_job() {
        let mut jobs = Jobs::default();
        let first = started(jobs.want(Some(7)));
        let listener = Listener::of(&jobs, first.job);
        assert!(matches!(jobs.want(Some(7)), Change::Keep));
        assert!(!first.cancel.is_cancelled());
        assert!(listener.gets_through());
    }

    #[test]
    fn another_request_stops_the_job_at_once_and_starts_a_new_one() {
        let mut jobs = Jobs::default();
        let first = started(jobs.want(Some(1)));
        let late = Listener::of(&jobs, first.job);
        let second = started(jobs.want(Some(2)));
        assert!(first.cancel.is_cancelled(), "the old job is cancelled");
        assert!(!late.gets_through(), "a stopped job's answer is dropped");
        assert!(!second.cancel.is_cancelled() && second.job != first.job);
        assert!(Listener::of(&jobs, second.job).gets_through());
    }

    #[test]
    fn no_request_stops_the_job_and_starts_none() {
        let mut jobs = Jobs::default();
        assert!(matches!(jobs.want(None), Change::Keep), "nothing to stop");
        let first = started(jobs.want(Some(1)));
        let late = Listener::of(&jobs, first.job);
        assert!(matches!(jobs.want(None), Change::Stop));
        assert!(first.cancel.is_cancelled() && !late.gets_through());
        assert!(matches!(jobs.want(None), Change::Keep));
    }

    #[test]
    fn the_same_request_asked_again_after_none_is_a_new_job() {
        let mut jobs = Jobs::default();
        let first = started(jobs.want(Some(1)));
        jobs.want(None);
        let again = started(jobs.want(Some(1)));
        assert!(!again.cancel.is_cancelled());
        assert_ne!(first.job, again.job);
    }

    #[test]
    fn leaving_cancels_the_job_and_drops_its_answers() {
        let mut jobs = Jobs::default();
        let first = started(jobs.want(Some(1)));
        let late = Listener::of(&jobs, first.job);
        jobs.stop();
        assert!(first.cancel.is_cancelled());
        assert!(!late.gets_through());
    }

    /// The hook itself, in a screen with no renderer: the request asked for is a signal's.
    mod in_a_screen {
        use super::super::*;

        thread_local! {
            static ASKED: Cell<Option<Signal<Option<u32>>>> = const { Cell::new(None) };
            static STARTED: RefCell<Vec<(u32, CancelToken)>> = const { RefCell::new(Vec::new()) };
            static HEARD: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
            static KEPT: RefCell<Vec<Answers<u32>>> = const { RefCell::new(Vec::new()) };
            static DROPPED: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
        }

        /// Notes its job's request when the job's future is dropped.
        struct NoteDrop(u32);

        impl Drop for NoteDrop {
            fn drop(&mut self) {
                DROPPED.with_borrow_mut(|dropped| dropped.push(self.0));
            }
        }

        /// A job that answers ten times its request at once, keeps its answers and never ends
        /// unless dropped.
        struct Asked(u32);

        impl EngineJob for Asked {
            type Key = u32;
            type Answer = u32;

            fn key(&self) -> u32 {
                self.0
            }

            async fn run(self, cancel: CancelToken, answers: Answers<u32>) {
                let _noted = NoteDrop(self.0);
                STARTED.with_borrow_mut(|started| started.push((self.0, cancel)));
                answers.send(self.0 * 10);
                KEPT.with_borrow_mut(|kept| kept.push(answers));
                std::future::pending::<()>().await;
            }
        }

        fn screen() -> Element {
            let asked = use_signal(|| Some(1));
            ASKED.set(Some(asked));
            use_engine_task(
                move || asked().map(Asked),
                |answer| HEARD.with_borrow_mut(|heard| heard.push(answer)),
            );
            rsx! {}
        }

        fn mounted() -> VirtualDom {
            let mut dom = VirtualDom::new(screen);
            dom.rebuild_in_place();
            dom.process_events();
            dom
        }

        fn ask(dom: &mut VirtualDom, request: Option<u32>) {
            let mut asked = ASKED.get().expect("mounted");
            dom.in_runtime(|| asked.set(request));
            dom.process_events();
        }

        /// Each job started, and whether its token has been raised.
        fn started() -> Vec<(u32, bool)> {
            STARTED.with_borrow(|started| {
                started
                    .iter()
                    .map(|(request, cancel)| (*request, cancel.is_cancelled()))
                    .collect()
            })
        }

        fn heard() -> Vec<u32> {
            HEARD.with_borrow(Clone::clone)
        }

        fn dropped() -> Vec<u32> {
            DROPPED.with_borrow(Clone::clone)
        }

        #[test]
        fn a_job_runs_while_its_request_stands_and_stops_when_it_changes() {
            let mut dom = mounted();
            assert_eq!(started(), [(1, false)]);
            assert_eq!(heard(), [10]);
            ask(&mut dom, Some(1));
            assert_eq!(started(), [(1, false)], "the same request: the same job");
            assert!(dropped().is_empty());
            ask(&mut dom, Some(2));
            assert_eq!(started(), [(1, true), (2, false)]);
            assert_eq!(dropped(), [1], "the first job's task is dropped at once");
            assert_eq!(heard(), [10, 20]);
            KEPT.with_borrow(|kept| kept[0].send(11));
            assert_eq!(heard(), [10, 20], "the first job's late answer is dropped");
            ask(&mut dom, None);
            assert_eq!(started(), [(1, true), (2, true)]);
            assert_eq!(dropped(), [1, 2]);
            ask(&mut dom, Some(2));
            assert_eq!(started(), [(1, true), (2, true), (2, false)]);
            assert_eq!(heard(), [10, 20, 20]);
        }

        #[test]
        fn leaving_the_screen_cancels_its_job() {
            let dom = mounted();
            assert_eq!(started(), [(1, false)]);
            drop(dom);
            assert_eq!(started(), [(1, true)]);
            KEPT.with_borrow(|kept| kept[0].send(11));
            assert_eq!(heard(), [10]);
        }
    }
}
