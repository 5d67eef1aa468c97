//! The look's settings: theme, board and pieces, each shown at once on a small board above them
//! (and everywhere else: the look is the whole page's).

use dioxus::prelude::*;
use duobao_rules::{Color, Game, Move, Ply};

use crate::board::{Frame, Scene, StillBoard};
use crate::i18n::{text, Key};
use crate::prefs::Prefs;
use crate::widgets::Choices;

/// The position the preview shows: the treasure has just stepped into Red's camp (c3c2, the
/// winning first move), so the board shows a move's trail, the lock and both sides' soldiers.
fn preview_game() -> Game {
    let mut game = Game::new();
    let first: Move = "c3c2".parse().expect("c3c2 is a move");
    game.play(Ply::Move(first))
        .expect("c3c2 is legal at the start");
    game
}

#[component]
pub fn LookChoices() -> Element {
    let mut prefs: Signal<Prefs> = use_context();
    let scene = use_hook(|| Scene::of_game(&preview_game()));
    let current = *prefs.read();
    let lang = current.lang;
    rsx! {
        // A still board, as the rules' diagrams are: it takes no taps.
        StillBoard {
            scene,
            bottom: Color::Red,
            coordinates: current.coordinates,
            frame: Frame::Picture {
                label: text(lang, Key::LookPreview).to_string(),
                name: Some("look-preview"),
                crossed: false,
            },
        }
        Choices {
            label: Key::ThemeSetting,
            current: current.theme,
            testid_prefix: "theme",
            onpick: move |theme| prefs.write().theme = theme,
        }
        Choices {
            label: Key::BoardSetting,
            current: current.board,
            testid_prefix: "board",
            onpick: move |board| prefs.write().board = board,
        }
        Choices {
            label: Key::PiecesSetting,
            current: current.pieces,
            testid_prefix: "pieces",
            onpick: move |pieces| prefs.write().pieces = pieces,
        }
        p { class: "hint", {text(lang, Key::PiecesFlatHint)} }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_rules::Piece;

    /// The preview draws every part of the board that a look colours: all of both sides'
    /// soldiers (none captured or fading), one move's trail, and the lock on the treasure that
    /// move has just brought to the end of its trail.
    #[test]
    fn the_preview_draws_both_sides_a_trail_and_the_lock() {
        let scene = Scene::of_game(&preview_game());
        let standing = scene.standing();
        let count = |piece| standing.iter().filter(|(p, _)| *p == piece).count();
        assert_eq!(count(Piece::RedSoldier), 7, "{standing:?}");
        assert_eq!(count(Piece::BlackSoldier), 7, "{standing:?}");
        let trail = scene.trail().expect("one move's trail");
        assert!(scene.treasure_locked(), "the lock");
        assert!(
            standing.contains(&(Piece::Treasure, trail.to())),
            "the locked treasure at the trail's end: {standing:?}"
        );
    }
}
