//! The engine beside the analysis board: an analysis of the position shown, run through the one
//! engine-task hook as the computer's search is (off the page's thread), started again whenever
//! the position or the number of lines changes, stopped while the panel is hidden and when the
//! screen goes.

use dioxus::prelude::*;
use duobao_engine::{CancelToken, RootShare};
use duobao_rules::Game;
use duobao_study::{AnalysisEvent, AnalysisSettings, Finding, Job, MAX_ANALYSIS_LINES};

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
    /// The findings, as they come, each with the share of the root moves it searched (the
    /// verdict's index names none).
    type Answer = (usize, AnalysisEvent);

    fn key(&self) -> AnalysisRequest {
        self.clone()
    }

    async fn run(self, cancel: CancelToken, answers: Answers<(usize, AnalysisEvent)>) {
        let settings = AnalysisSettings {
            lines: self.lines.clamp(1, MAX_ANALYSIS_LINES),
            ..AnalysisSettings::default()
        };
        // The engine's lines on `threads` threads or workers, each searching a share of the root
        // moves (they share no memory on the web), and the exact verdict: all side by side. A
        // line's job index is its share; the verdict, last, has none.
        let mut jobs: Vec<Job> = (0..self.threads)
            .map(|share| Job::Lines {
                game: self.game.clone(),
                settings: AnalysisSettings {
                    root_share: RootShare::new(share as u32, self.threads as u32),
                    ..settings
                },
            })
            .collect();
        jobs.push(Job::Verdict {
            game: self.game,
            settings,
        });
        engine::work_side_by_side(jobs, cancel, |share, found| {
            if let Finding::Analysis(event) = found {
                answers.send((share, event));
            }
        })
        .await;
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
