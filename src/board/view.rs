//! The boards that take taps: a game's, and a position editor's. Both are the one
//! [`StillBoard`], in layers, told what stands on it.

use dioxus::prelude::*;
use duobao_rules::{Color, Game, Move, Point};

use super::picker::use_move_taps;
use super::still::{Frame, Scene, StillBoard};
use super::{Marks, Placement};
use crate::i18n::Lang;
use crate::prefs::Prefs;

/// `game`'s position with its last move's trail, its pieces sliding from where they were,
/// seen with `bottom`'s soldiers at the bottom. `turned`: the side whose soldiers' characters
/// are turned around, to read right from across the table (see [`crate::prefs::TableMode`]).
/// `waiting`: the board is someone else's to move on (the computer's). With `on_move` the board
/// takes moves by two taps while `movable` (see [`use_move_taps`]; `put_down`, when it changes,
/// puts the piece picked up back); without it the board only shows.
#[component]
pub fn Board(
    game: Game,
    bottom: Color,
    #[props(default)] turned: Option<Color>,
    #[props(default)] marks: Marks,
    #[props(default)] waiting: bool,
    on_move: Option<EventHandler<Move>>,
    #[props(default = true)] movable: bool,
    #[props(default)] put_down: u64,
) -> Element {
    #[cfg(test)]
    crate::test_screen::rendered("board");
    let (lang, coordinates) = use_board_prefs();
    let (picked, on_point) = use_move_taps(*game.position(), movable, put_down, on_move);
    let (marks, on_tap) = match on_move {
        Some(_) => (
            Marks {
                selected: picked.selected,
                targets: picked.targets,
                ..marks
            },
            Some(on_point),
        ),
        None => (marks, None),
    };
    rsx! {
        StillBoard {
            scene: Scene::of_game(&game),
            bottom,
            coordinates,
            turned,
            frame: Frame::Layers { lang, waiting, marks: Some(marks) },
            on_tap,
        }
    }
}

/// A position editor's board: `placement` as it stands, possible in a game or not, each tap on
/// a point handed to `on_tap`.
#[component]
pub fn SetupBoard(placement: Placement, on_tap: EventHandler<Point>) -> Element {
    let (lang, coordinates) = use_board_prefs();
    rsx! {
        StillBoard {
            scene: Scene::of_placement(&placement),
            bottom: Color::Red,
            coordinates,
            frame: Frame::Layers { lang, waiting: false, marks: None },
            on_tap,
        }
    }
}

/// What a board that takes taps follows of the player's preferences: the language its points
/// are named in, and whether it shows the coordinates.
fn use_board_prefs() -> (Lang, bool) {
    let prefs: Signal<Prefs> = use_context();
    let Prefs {
        lang, coordinates, ..
    } = *prefs.read();
    (lang, coordinates)
}
