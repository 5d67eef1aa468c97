//! The engine beside the analysis board: an analysis of the position shown, run as the
//! computer's search is (off the page's thread), started again whenever the position or the
//! number of lines changes, stopped while the panel is hidden and when the screen goes.

use dioxus::core::Task;
use dioxus::prelude::*;
use duobao_ai::{analyse, AnalysisSettings, CancelToken, ThinkError, MAX_ANALYSIS_LINES};
use duobao_rules::Game;
use futures_channel::mpsc;
use futures_util::{future, StreamExt};

use super::readout::Readout;
use crate::endgames;
use crate::log::warning;

/// The readout of `game`'s analysis, `lines` engine lines of it, while `running`.
pub fn use_engine(game: Memo<Game>, running: Memo<bool>, lines: Signal<usize>) -> Signal<Readout> {
    let mut readout = use_signal(|| Readout::new(&game.peek()));
    let mut current: Signal<Option<(Task, CancelToken)>> = use_signal(|| None);
    use_effect(move || {
        let game = game();
        let (running, lines) = (running(), lines());
        if let Some((task, cancel)) = current.write().take() {
            cancel.cancel();
            task.cancel();
        }
        readout.set(Readout::new(&game));
        if !running || game.is_over() {
            return;
        }
        let settings = AnalysisSettings {
            lines: lines.clamp(1, MAX_ANALYSIS_LINES),
            ..AnalysisSettings::default()
        };
        let cancel = CancelToken::new();
        let stop = cancel.clone();
        let task = spawn(async move {
            // Natively the analysis reports from its own thread: its findings come over a channel.
            let (found, mut arriving) = mpsc::unbounded();
            let thinking = analyse(game, settings, endgames::loaded(), stop, move |event| {
                // Gone only when the screen moved on, which wants no more.
                let _ = found.unbounded_send(event);
            });
            let showing = async move {
                while let Some(event) = arriving.next().await {
                    readout.write().apply(event);
                }
            };
            let (ended, ()) = future::join(thinking, showing).await;
            if let Err(ThinkError::Failed(why)) = ended {
                warning!("the analysis stopped: {why}");
            }
        });
        current.set(Some((task, cancel)));
    });
    use_drop(move || {
        if let Some((_, cancel)) = current.peek().as_ref() {
            cancel.cancel();
        }
    });
    readout
}
