//! The engine beside the analysis board: an analysis of the position shown, run through the one
//! engine-task hook as the computer's search is (off the page's thread), started again whenever
//! the position or the number of lines changes, stopped while the panel is hidden and when the
//! screen goes.

use dioxus::prelude::*;
use duobao_ai::{
    analyse, AnalysisEvent, AnalysisSettings, CancelToken, ThinkError, MAX_ANALYSIS_LINES,
};
use duobao_rules::Game;
use futures_channel::mpsc;
use futures_util::{future, StreamExt};

use super::readout::Readout;
use crate::endgames;
use crate::engine_task::{use_engine_task, Answers, EngineJob};
use crate::log::warning;

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
        // Natively the analysis reports from its own thread: its findings come over a channel.
        let (found, mut arriving) = mpsc::unbounded();
        let thinking = analyse(
            self.game,
            settings,
            endgames::loaded(),
            cancel,
            move |event| {
                // Gone only when the screen moved on, which wants no more.
                let _ = found.unbounded_send(event);
            },
        );
        let showing = async move {
            while let Some(event) = arriving.next().await {
                answers.send(event);
            }
        };
        let (ended, ()) = future::join(thinking, showing).await;
        if let Err(ThinkError::Failed(why)) = ended {
            warning!("the analysis stopped: {why}");
        }
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
