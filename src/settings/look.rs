//! The look's settings: theme, board and pieces, each shown at once on a small board above them
//! (and everywhere else: the look is the whole page's).

use dioxus::prelude::*;
use duobao_rules::{Color, Game, Move, Piece, Ply};

use crate::board::tokens::{tokens, Token};
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

/// What the preview draws over the board: the trail of each move played, and each token with
/// whether it wears the treasure's lock.
fn preview_parts(game: &Game) -> (Vec<Move>, Vec<(Token, bool)>) {
    let trails = game
        .plies()
        .iter()
        .filter_map(|played| match played.ply {
            Ply::Move(m) => Some(m),
            Ply::Pass => None,
        })
        .collect();
    let locked = game.position().treasure_locked();
    let drawn = tokens(game)
        .into_iter()
        .map(|token| (token, locked && token.piece == Piece::Treasure))
        .collect();
    (trails, drawn)
}

#[component]
pub fn LookChoices() -> Element {
    let mut prefs: Signal<Prefs> = use_context();
    let (trails, drawn) = use_hook(|| preview_parts(&preview_game()));
    let current = *prefs.read();
    let lang = current.lang;
    let bottom = Color::Red;
    rsx! {
        // A still board of the game's own parts, as the rules' diagrams are: it takes no taps.
        svg {
            class: "board still look-preview",
            view_box: "0 0 {SIZE} {SIZE}",
            role: "img",
            "aria-label": text(lang, Key::LookPreview),
            "data-testid": "look-preview",
            BoardArt { bottom, coordinates: current.coordinates }
            for m in trails {
                MoveTrail { m, bottom }
            }
            for (token, locked) in drawn {
                TokenView { key: "{token.id}", token, bottom, locked }
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

    /// The preview draws every part of the board that a look colours: all of both sides'
    /// soldiers (none captured or fading), one move's trail, and the lock on the treasure that
    /// move has just brought to the end of its trail.
    #[test]
    fn the_preview_draws_both_sides_a_trail_and_the_lock() {
        let (trails, drawn) = preview_parts(&preview_game());
        let standing = |piece| {
            drawn
                .iter()
                .filter(|(token, _)| token.piece == piece && !token.fading)
                .count()
        };
        assert_eq!(standing(Piece::RedSoldier), 7, "{drawn:?}");
        assert_eq!(standing(Piece::BlackSoldier), 7, "{drawn:?}");
        let [trail] = trails[..] else {
            panic!("one move's trail: {trails:?}");
        };
        let locks: Vec<Token> = drawn
            .iter()
            .filter(|(_, locked)| *locked)
            .map(|(token, _)| *token)
            .collect();
        assert_eq!(locks.len(), 1, "one lock: {locks:?}");
        assert_eq!(locks[0].piece, Piece::Treasure);
        assert_eq!(locks[0].point, trail.to(), "the lock at the trail's end");
    }
}
