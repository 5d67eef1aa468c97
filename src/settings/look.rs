//! The look's settings: theme, board and pieces, each shown at once on a small board above them
//! (and everywhere else: the look is the whole page's).

use dioxus::prelude::*;
use duobao_rules::{Color, Game, Move, Piece, Ply};

use crate::board::tokens::tokens;
use crate::board::{BoardArt, MoveTrail, TokenView, SIZE};
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
    let game = use_hook(preview_game);
    let current = *prefs.read();
    let lang = current.lang;
    let bottom = Color::Red;
    let locked = game.position().treasure_locked();
    rsx! {
        // A still board of the game's own parts, as the rules' diagrams are: it takes no taps.
        svg {
            class: "board still look-preview",
            view_box: "0 0 {SIZE} {SIZE}",
            role: "img",
            "aria-label": text(lang, Key::LookPreview),
            "data-testid": "look-preview",
            BoardArt { bottom, coordinates: current.coordinates }
            for m in game.plies().iter().filter_map(|played| match played.ply {
                Ply::Move(m) => Some(m),
                Ply::Pass => None,
            }) {
                MoveTrail { m, bottom }
            }
            for token in tokens(&game) {
                TokenView {
                    key: "{token.id}",
                    token,
                    bottom,
                    locked: locked && token.piece == Piece::Treasure,
                }
            }
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

    #[test]
    fn the_preview_shows_a_locked_treasure_after_a_move() {
        let game = preview_game();
        assert!(game.position().treasure_locked());
        assert_eq!(game.plies().len(), 1);
    }
}
