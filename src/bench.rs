//! The levels' benchmark as a page, `?bench=<level>`: the same positions, search path and
//! summary line as `duobao bench`, so that the computer's speed in the browser (or a phone's
//! WebView) can be set beside the native figures. A tool for maintainers and the end-to-end
//! suite, not a screen players reach, so its lines are the command's, untranslated.

use dioxus::prelude::*;
use duobao_ai::bench::{measure, summary, SAMPLE_POSITIONS};
use duobao_ai::Level;
use duobao_rules::Game;

use crate::platform;

/// The level the address asks to benchmark, if any.
pub fn requested_level() -> Option<Level> {
    level_in_query(&platform::page_query())
}

fn level_in_query(query: &str) -> Option<Level> {
    form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
        .find(|(name, _)| name == "bench")
        .and_then(|(_, level)| level.parse().ok())
}

/// Measures the requested level on each sample position in turn, one line a position, then the
/// summary line, marked `done` for whoever waits for it.
#[component]
pub fn BenchPage() -> Element {
    let level = requested_level().unwrap_or(Level::Master);
    let mut lines = use_signal(Vec::<String>::new);
    let mut finished = use_signal(|| false);
    use_future(move || async move {
        let mut measured = Vec::new();
        for (index, fen) in SAMPLE_POSITIONS.iter().enumerate() {
            let Ok(game) = Game::from_fen(fen) else {
                continue;
            };
            let measurement = measure(level, &game).await;
            lines.write().push(format!(
                "position {index} depth {} nodes {} ms {}",
                measurement.depth,
                measurement.nodes,
                measurement.elapsed.as_millis()
            ));
            measured.push(measurement);
        }
        lines.write().push(summary(level, &measured));
        finished.set(true);
    });
    rsx! {
        pre { id: "bench", class: if finished() { "done" },
            for line in lines() {
                "{line}\n"
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_names_the_level_to_benchmark() {
        assert_eq!(level_in_query("?bench=master"), Some(Level::Master));
        assert_eq!(level_in_query("lang=en&bench=easy"), Some(Level::Easy));
        assert_eq!(level_in_query("?bench=grandmaster"), None);
        assert_eq!(level_in_query("?mode=ai"), None);
        assert_eq!(level_in_query(""), None);
    }
}
