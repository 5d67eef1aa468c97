//! The one drawing of a board as it stands at one moment, which every board shows: the game's
//! (redrawn at each move, its pieces sliding between), the editor's, the rules' diagrams and the
//! look's preview. Its props say what stands on it ([`Scene`]), from which side, and how it
//! stands in the page ([`Frame`]).
//!
//! A board one plays on is drawn in layers, each of which the browser keeps as a picture of its
//! own: the wood, the marks beneath the pieces, one element for each piece, the marks over them,
//! and the invisible touch points. A tap repaints only the layer it changes, a small one, and a
//! piece's slide and fading are the compositor's alone, so that a tap's frame is never late
//! behind them. Each token and each point is a component of its own, told by small props what to
//! show, so that a tap redraws only what it changes. A picture is one drawing.

use dioxus::prelude::*;
use duobao_rules::{Color, Game, Move, Piece, Ply, Point, PointSet};

use super::geometry::{place, HIT_RADIUS, SIZE};
use super::parts::{
    piece_class, BadgeMark, BoardArt, BoardToken, CaptureCross, HintArrow, MoveTrail,
};
use super::tokens::{tokens, Token};
use super::{Marks, Placement};
use crate::i18n::{join, piece_key, text, Key, Lang};

/// What a screen reader says for a point: `c3, treasure, locked, selected`. `locked`: the
/// treasure is locked (said only of the treasure's point).
pub fn point_label(
    point: Point,
    piece: Option<Piece>,
    locked: bool,
    selected: bool,
    target: bool,
    lang: Lang,
) -> String {
    let name = point.to_string();
    let mut parts = vec![name.as_str()];
    if let Some(piece) = piece {
        parts.push(text(lang, piece_key(piece)));
        if piece == Piece::Treasure && locked {
            parts.push(text(lang, Key::Locked));
        }
    }
    if selected {
        parts.push(text(lang, Key::Selected));
    }
    if target {
        parts.push(text(lang, Key::Destination));
    }
    join(lang, &parts)
}

/// What stands on a board: its pieces, each with its identity (a piece that moves keeps it, so
/// that the board slides it), whether the treasure is locked, the side to move, and the last move
/// with the pieces it captured, which are still shown, fading.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    tokens: Vec<Token>,
    locked: bool,
    /// The side to move, whose colour the destinations take; a placement has none.
    turn: Option<Color>,
    last_move: Option<Move>,
    captured: PointSet,
}

impl Scene {
    /// `game`'s position, its pieces found by replaying the game from its start.
    pub fn of_game(game: &Game) -> Scene {
        let last = game.plies().last();
        Scene {
            tokens: tokens(game),
            locked: game.position().treasure_locked(),
            turn: Some(game.position().turn()),
            last_move: last.and_then(|played| match played.ply {
                Ply::Move(m) => Some(m),
                Ply::Pass => None,
            }),
            captured: last.map_or(PointSet::EMPTY, |played| played.captured),
        }
    }

    /// Pieces set out by hand, each known by its point: a piece set out comes from nowhere.
    pub fn of_placement(placement: &Placement) -> Scene {
        let tokens = Point::all()
            .filter_map(|point| {
                placement.piece_at(point).map(|piece| Token {
                    id: point.index(),
                    piece,
                    point,
                    fading: false,
                })
            })
            .collect();
        Scene {
            tokens,
            locked: placement.locked,
            ..Scene::default()
        }
    }

    /// The pieces standing, each on its point (a captured one, fading, stands no more).
    #[cfg(test)]
    pub fn standing(&self) -> Vec<(Piece, Point)> {
        self.tokens
            .iter()
            .filter(|token| !token.fading)
            .map(|token| (token.piece, token.point))
            .collect()
    }

    /// The move whose trail is drawn.
    #[cfg(test)]
    pub fn trail(&self) -> Option<Move> {
        self.last_move
    }

    #[cfg(test)]
    pub fn treasure_locked(&self) -> bool {
        self.locked
    }

    /// The piece standing on `point`: a captured one, fading, stands there no more.
    fn piece_at(&self, point: Point) -> Option<Piece> {
        self.tokens
            .iter()
            .find(|token| token.point == point && !token.fading)
            .map(|token| token.piece)
    }
}

/// How a [`StillBoard`] stands in the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Frame {
    /// A board to play or set out pieces on, in layers, with a touch target on each point, named
    /// in `lang` for screen readers (`data-testid="board"`). `waiting`: it is someone else's to
    /// move on (the computer's). `marks`: what it shows over its position; `None` for a board
    /// that shows none, nor the last move's trail, and has no layers for them (the editor's).
    Layers {
        lang: Lang,
        waiting: bool,
        marks: Option<Marks>,
    },
    /// A picture in a page (the rules' diagrams, the look's preview): one drawing, named `label`
    /// for screen readers, which takes no taps. `name`: a class of its own and its
    /// `data-testid`. `crossed`: the pieces the last move captured are crossed out.
    Picture {
        label: String,
        name: Option<&'static str>,
        crossed: bool,
    },
}

/// `scene` seen with `bottom`'s soldiers at the bottom, with the coordinates when `coordinates`.
/// `turned`: the side whose soldiers' characters are turned around, to read right from across
/// the table (see [`crate::prefs::TableMode`]). A board in layers hands the taps on its points
/// to `on_tap`; without it, or as a picture, the board only shows.
#[component]
pub fn StillBoard(
    scene: Scene,
    bottom: Color,
    coordinates: bool,
    #[props(default)] turned: Option<Color>,
    frame: Frame,
    on_tap: Option<EventHandler<Point>>,
) -> Element {
    let inline = matches!(frame, Frame::Picture { .. });
    let locked = scene.locked;
    let last_move = scene.last_move;
    let pieces = rsx! {
        for token in scene.tokens.iter().copied() {
            BoardToken {
                key: "{token.id}",
                token,
                bottom,
                locked: locked && token.piece == Piece::Treasure,
                turned: turned.is_some_and(|side| token.piece.color() == Some(side)),
                inline,
            }
        }
    };

    match frame {
        Frame::Picture {
            label,
            name,
            crossed,
        } => rsx! {
            svg {
                class: name.map_or("board still".to_string(), |name| format!("board still {name}")),
                view_box: "0 0 {SIZE} {SIZE}",
                role: "img",
                "aria-label": label,
                "data-testid": name,
                BoardArt { bottom, coordinates }
                if let Some(m) = last_move {
                    MoveTrail { m, bottom }
                }
                {pieces}
                if crossed {
                    for point in scene.captured {
                        CaptureCross { key: "{point}", point, bottom }
                    }
                }
            }
        },
        Frame::Layers {
            lang,
            waiting,
            marks,
        } => {
            let Marks {
                selected,
                targets,
                hint,
                badge,
            } = marks.unwrap_or_default();
            let mover = scene
                .turn
                .map_or("", |turn| piece_class(Piece::soldier(turn)));
            rsx! {
                div {
                    class: if waiting { "board waiting" } else { "board" },
                    role: "group",
                    "aria-label": text(lang, Key::Board),
                    "data-testid": "board",
                    Layer { class: "art",
                        BoardArt { bottom, coordinates }
                    }
                    if marks.is_some() {
                        Layer { class: "under",
                            if let Some(m) = last_move {
                                MoveTrail { m, bottom }
                            }
                            if let Some(point) = selected {
                                {
                                    let (cx, cy) = place(point, bottom);
                                    rsx! { circle { class: "selection", cx, cy, r: "47" } }
                                }
                            }
                        }
                    }
                    {pieces}
                    if marks.is_some() {
                        Layer { class: "over",
                            if let Some(badge) = badge {
                                BadgeMark { badge, bottom }
                            }
                            if let Some(m) = hint {
                                HintArrow { m, bottom }
                            }
                            for point in targets {
                                {
                                    let (cx, cy) = place(point, bottom);
                                    rsx! { circle { class: "target {mover}", cx, cy, r: "15" } }
                                }
                            }
                        }
                    }
                    Layer { class: "touch", shown: true,
                        for point in Point::all() {
                            {
                                let piece = scene.piece_at(point);
                                rsx! {
                                    TouchPoint {
                                        point,
                                        bottom,
                                        piece,
                                        locked: locked && piece == Some(Piece::Treasure),
                                        selected: selected == Some(point),
                                        target: targets.contains(point),
                                        lang,
                                        on_tap,
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// One of a board's layers: a drawing of the whole board, in board units. `shown`: screen
/// readers find what it holds (the touch points); the other layers are pictures only.
#[component]
fn Layer(class: &'static str, #[props(default)] shown: bool, children: Element) -> Element {
    rsx! {
        svg {
            class: "board-layer {class}",
            view_box: "0 0 {SIZE} {SIZE}",
            "aria-hidden": (!shown).then_some("true"),
            {children}
        }
    }
}

/// A point's round touch target, named for screen readers and tests, which hands its taps to
/// `on_tap`.
#[component]
fn TouchPoint(
    point: Point,
    bottom: Color,
    piece: Option<Piece>,
    locked: bool,
    selected: bool,
    target: bool,
    lang: Lang,
    on_tap: Option<EventHandler<Point>>,
) -> Element {
    #[cfg(test)]
    crate::test_screen::taps_to(point, on_tap);
    let (cx, cy) = place(point, bottom);
    rsx! {
        circle {
            class: "hit",
            cx,
            cy,
            r: HIT_RADIUS,
            role: "button",
            tabindex: "0",
            "aria-label": point_label(point, piece, locked, selected, target, lang),
            "data-testid": "point-{point}",
            "data-point": "{point}",
            "data-piece": piece.map_or("empty", piece_class),
            "data-selected": selected,
            "data-target": target,
            onclick: move |event: MouseEvent| {
                event.stop_propagation();
                if let Some(on_tap) = on_tap {
                    on_tap.call(point);
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::{game_from, mv, point};
    use duobao_rules::{Position, START_FEN};

    const CAPTURE: &str = "BBB/.B.B./..T../.RB../.R. r - 0";

    #[test]
    fn a_games_scene_stands_each_piece_where_its_position_does() {
        let games = [
            Game::new(),
            game_from(CAPTURE, &["c1d2"]),
            game_from(START_FEN, &["c3c2"]),
            game_from(START_FEN, &["pass"]),
            // The treasure captured where it stepped.
            game_from("B../..T../.R.R./...../... r - 0", &["c4c3"]),
        ];
        for game in games {
            let scene = Scene::of_game(&game);
            let position = game.position();
            for point in Point::all() {
                assert_eq!(scene.piece_at(point), position.piece_at(point), "{point}");
            }
            assert_eq!(scene.locked, position.treasure_locked());
            assert_eq!(scene.turn, Some(position.turn()));
        }
    }

    #[test]
    fn a_games_scene_has_its_last_move_and_what_it_captured() {
        let captured = Scene::of_game(&game_from(CAPTURE, &["c1d2"]));
        assert_eq!(captured.last_move, Some(mv("c1d2")));
        assert_eq!(captured.captured, PointSet::EMPTY.with(point("c2")));
        let passed = Scene::of_game(&game_from(CAPTURE, &["c1d2", "pass"]));
        assert_eq!(passed.last_move, None);
        assert!(passed.captured.is_empty());
        assert_eq!(Scene::of_game(&Game::new()).last_move, None);
    }

    #[test]
    fn a_placements_scene_knows_each_piece_by_its_point() {
        let mut placement = Placement::of(&Position::start());
        placement.put(point("c2"), Piece::Treasure);
        placement.put(point("a3"), Piece::BlackSoldier);
        placement.locked = true;
        let scene = Scene::of_placement(&placement);
        for point in Point::all() {
            assert_eq!(scene.piece_at(point), placement.piece_at(point), "{point}");
        }
        assert!(scene
            .tokens
            .iter()
            .all(|token| token.id == token.point.index() && !token.fading));
        assert!(scene.locked);
        assert_eq!((scene.turn, scene.last_move), (None, None));
    }
}
