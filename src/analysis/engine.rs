//! The engine beside the analysis board: an analysis of the position shown, run through the one
//! engine-task hook as the computer's search is (off the page's thread), started again whenever
//! the position or the number of lines changes, stopped while the panel is hidden and when the
//! screen goes.

use std::future::Future;
use std::pin::Pin;

use dioxus::prelude::*;
use duobao_ai::{
    AnalysisEvent, AnalysisSettings, CancelToken, Finding, Job, RootShare, MAX_ANALYSIS_LINES,
};
use duobao_rules::Game;
use futures_util::future;

use super::readout::Readout;
use crate::engine;
use crate::engine_task::{use_engine_task, Answers, EngineJob};
use crate::prefs::Prefs;

/// An analysis of `game`'s position, `lines` engine lines of it, on `threads` threads.
#[derive(Clone, PartialEq)]
struct AnalysisRequest {
    game: Game,
    lines: usize,
    threads: usize,
}

impl EngineJob for AnalysisRequest {
    /// Another position or another number of lines is another analysis.
    type Key = AnalysisRequest;
    /// The findings, as they come, each with the share of the root moves it searched.
    type Answer = (usize, AnalysisEvent);

    fn key(&self) -> AnalysisRequest {
        self.clone()
    }

    async fn run(self, cancel: CancelToken, answers: Answers<(usize, AnalysisEvent)>) {
        let settings = AnalysisSettings {
            lines: self.lines.clamp(1, MAX_ANALYSIS_LINES),
            ..AnalysisSettings::default()
        };
        // The exact verdict, and the engine's lines on `threads` threads or workers, each
        // searching a share of the root moves (they share no memory on the web): all side by
        // side.
        let verdict = Job::Verdict {
            game: self.game.clone(),
            settings,
        };
        let answered = answers.clone();
        let mut all: Pin<Box<dyn Future<Output = ()>>> =
            Box::pin(engine::work(verdict, cancel.clone(), move |found| {
                if let Finding::Analysis(event) = found {
                    answered.send((0, event));
                }
            }));
        // Joined in pairs rather than by `join_all`, whose machinery would weigh on the
        // download for at most five futures.
        for share in 0..self.threads {
            let job = Job::Lines {
                game: self.game.clone(),
                settings: AnalysisSettings {
                    root_share: RootShare::new(share as u32, self.threads as u32),
                    ..settings
                },
            };
            let answers = answers.clone();
            let lines = engine::work(job, cancel.clone(), move |found| {
                if let Finding::Analysis(event) = found {
                    answers.send((share, event));
                }
            });
            all = Box::pin(async move {
                future::join(all, lines).await;
            });
        }
        all.await;
    }
}

/// The readout of `game`'s analysis, `lines` engine lines of it, while `running`, on the threads
/// Settings allow.
pub fn use_engine(game: Memo<Game>, running: Memo<bool>, lines: Signal<usize>) -> Signal<Readout> {
    let prefs: Signal<Prefs> = use_context();
    let threads = use_memo(move || engine::threads(prefs.read().engine_threads));
    let mut readout = use_signal(|| Readout::new(&game.peek(), threads()));
    let lines = use_memo(move || *lines.read());
    use_engine_task(
        move || {
            let game = game();
            let (running, lines, threads) = (running(), lines(), threads());
            // Whatever changed, the readout starts again from what the position itself says.
            readout.set(Readout::new(&game, threads));
            (running && !game.is_over()).then_some(AnalysisRequest {
                game,
                lines,
                threads,
            })
        },
        move |(share, event)| readout.write().apply(share, event),
    );
    readout
}
