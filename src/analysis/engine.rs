//! The engine beside the analysis board: an analysis of the position shown, run through the one
//! engine-task hook as the computer's search is (off the page's thread), started again whenever
//! the position or the number of lines changes, stopped while the panel is hidden and when the
//! screen goes.

use dioxus::prelude::*;
use duobao_ai::{AnalysisEvent, AnalysisSettings, CancelToken, Finding, Job, MAX_ANALYSIS_LINES};
use duobao_rules::Game;
use futures_util::future;

use super::readout::Readout;
use crate::engine;
use crate::engine_task::{use_engine_task, Answers, EngineJob};

/// An analysis of `game`'s position, `lines` engine lines of it.
#[derive(Clone, PartialEq)]
struct AnalysisRequest {
    game: Game,
    lines: usize,
}

impl EngineJob for AnalysisRequest {
    /// Another position or another number of lines is another analysis.
    type Key = AnalysisRequest;
    /// The findings, as they come.
    type Answer = AnalysisEvent;

    fn key(&self) -> AnalysisRequest {
        self.clone()
    }

    async fn run(self, cancel: CancelToken, answers: Answers<AnalysisEvent>) {
        let settings = AnalysisSettings {
            lines: self.lines.clamp(1, MAX_ANALYSIS_LINES),
            ..AnalysisSettings::default()
        };
        // The engine's lines and the exact verdict are two jobs, each on its own thread or
        // worker, side by side.
        let lines = Job::Lines {
            game: self.game.clone(),
            settings,
        };
        let verdict = Job::Verdict {
            game: self.game,
            settings,
        };
        let show = |found| {
            if let Finding::Analysis(event) = found {
                answers.send(event);
            }
        };
        future::join(
            engine::work(lines, cancel.clone(), show),
            engine::work(verdict, cancel, show),
        )
        .await;
    }
}

/// The readout of `game`'s analysis, `lines` engine lines of it, while `running`.
pub fn use_engine(game: Memo<Game>, running: Memo<bool>, lines: Signal<usize>) -> Signal<Readout> {
    let mut readout = use_signal(|| Readout::new(&game.peek()));
    let lines = use_memo(move || *lines.read());
    use_engine_task(
        move || {
            let game = game();
            let (running, lines) = (running(), lines());
            // Whatever changed, the readout starts again from what the position itself says.
            readout.set(Readout::new(&game));
            (running && !game.is_over()).then_some(AnalysisRequest { game, lines })
        },
        move |event| readout.write().apply(event),
    );
    readout
}
