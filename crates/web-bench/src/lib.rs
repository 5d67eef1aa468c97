//! The levels' benchmark in a browser (or a phone's WebView), so that the computer's speed
//! there can be set beside `duobao bench`'s native figures: the same positions, the same
//! blocking search the engine's worker runs for the app ([`measure`]: the engine's speed in the
//! browser, one thread) and the same summary line. A page of its own (`index.html` beside this crate, built by
//! `scripts/build-web-bench.sh`) rather than part of the app, so that players never download
//! a maintainer's tool.

use duobao_engine::Level;
use duobao_rules::Game;
use duobao_study::bench::{measure, summary, Measurement, SAMPLE_POSITIONS};
use wasm_bindgen::prelude::*;

/// Benchmarks `level` (easy, medium, hard or master) on each sample position in turn, calling
/// `report` with one line a position as it is measured, then with the summary line. Each
/// search holds the page's thread to itself, as it holds the worker's; between them the page
/// gets its thread back to show the line.
#[wasm_bindgen]
pub async fn bench_level(level: String, report: js_sys::Function) -> Result<(), JsError> {
    let level: Level = level
        .parse()
        .map_err(|_| JsError::new(&format!("unknown level {level:?}")))?;
    let say = |line: String| {
        report
            .call1(&JsValue::NULL, &JsValue::from_str(&line))
            .map(drop)
            .map_err(|_| JsError::new("the report callback failed"))
    };
    let mut measured = Vec::with_capacity(SAMPLE_POSITIONS.len());
    for (index, fen) in SAMPLE_POSITIONS.iter().enumerate() {
        let game = Game::from_fen(fen).map_err(|error| JsError::new(&error.to_string()))?;
        let measurement = measure(level, &game);
        say(position_line(index, &measurement))?;
        measured.push(measurement);
        gloo_timers::future::TimeoutFuture::new(0).await;
    }
    say(summary(level, &measured))
}

/// What one position took, in the words the end-to-end test reads.
fn position_line(index: usize, measurement: &Measurement) -> String {
    format!(
        "position {index} depth {} nodes {} ms {}",
        measurement.depth,
        measurement.nodes,
        measurement.elapsed.as_millis()
    )
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_position_line_names_its_figures() {
        let measurement = Measurement {
            elapsed: Duration::from_millis(1234),
            depth: 11,
            nodes: 2_000_000,
            searching: Duration::from_millis(1200),
        };
        assert_eq!(
            position_line(3, &measurement),
            "position 3 depth 11 nodes 2000000 ms 1234"
        );
    }
}
