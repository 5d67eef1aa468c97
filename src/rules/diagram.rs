//! One rules diagram: a small, still board, the game's own, with the move's trail, the captured
//! pieces crossed out, and a caption.

use dioxus::prelude::*;
use duobao_rules::{Color, Point, PointSet};

use super::diagrams::Diagram;
use crate::board::{point_label, Frame, Scene, StillBoard};
use crate::i18n::{join, text, RulesText};
use crate::prefs::Prefs;

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
            parts.push(format!(
                "{point} {}",
                text(lang, RulesText::DiagramCaptured)
            ));
        }
    }
    let label = join(lang, &parts.iter().map(String::as_str).collect::<Vec<_>>());

    rsx! {
        figure { class: "diagram", "data-testid": "diagram-{diagram.name}",
            // The position after the diagram's move, whose trail it shows.
            StillBoard {
                scene: Scene::of_game(&game),
                bottom: Color::Red,
                coordinates: true,
                frame: Frame::Picture { label, name: None, crossed: true },
            }
            figcaption { {text(lang, diagram.caption)} }
        }
    }
}
