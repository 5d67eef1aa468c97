//! One rules diagram: a small, still board drawn by the game's own board parts, with the move's
//! trail, the captured pieces crossed out, and a caption.

use dioxus::prelude::*;
use duobao_rules::{Color, Point, PointSet};

use super::diagrams::Diagram;
use crate::board::tokens::tokens;
use crate::board::{place, point_label, BoardArt, MoveTrail, TokenView, SIZE};
use crate::i18n::{join, text, Key};
use crate::prefs::Prefs;

/// Half the length of a stroke of the cross over a captured piece, in board units.
const CROSS: f32 = 30.0;

#[component]
pub fn DiagramView(diagram: Diagram) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let game = diagram.game();
    let position = game.position();
    let captured = game
        .plies()
        .last()
        .map_or(PointSet::EMPTY, |played| played.captured);
    // Read as a whole: the caption, then each occupied point as the game's board would say it.
    let mut parts = vec![text(lang, diagram.caption).to_string()];
    for point in Point::all() {
        if let Some(piece) = position.piece_at(point) {
            let locked = position.treasure_locked();
            parts.push(point_label(point, Some(piece), locked, false, false, lang));
        }
        if captured.contains(point) {
            parts.push(format!("{point} {}", text(lang, Key::DiagramCaptured)));
        }
    }
    let label = join(lang, &parts.iter().map(String::as_str).collect::<Vec<_>>());
    let bottom = Color::Red;

    rsx! {
        figure { class: "diagram", "data-testid": "diagram-{diagram.name}",
            svg { class: "board still", view_box: "0 0 {SIZE} {SIZE}", role: "img", "aria-label": label,
                BoardArt { bottom, coordinates: true }
                if let Some(m) = diagram.shown_move() {
                    MoveTrail { m, bottom }
                }
                for token in tokens(&game) {
                    TokenView {
                        key: "{token.id}",
                        token,
                        bottom,
                        locked: position.treasure_locked() && !token.fading,
                    }
                }
                for point in captured {
                    CaptureCross { key: "{point}", point }
                }
            }
            figcaption { {text(lang, diagram.caption)} }
        }
    }
}

/// A red cross over a captured piece, which the diagram keeps in view, faded.
#[component]
fn CaptureCross(point: Point) -> Element {
    let (x, y) = place(point, Color::Red);
    rsx! {
        g { class: "capture-cross", "data-testid": "captured-{point}", transform: "translate({x} {y})",
            line { x1: -CROSS, y1: -CROSS, x2: CROSS, y2: CROSS }
            line { x1: -CROSS, y1: CROSS, x2: CROSS, y2: -CROSS }
        }
    }
}
