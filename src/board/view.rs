//! The board: every screen's one board widget, told by its props what to show and whether it
//! takes taps. Each token and each point is a component of its own, told by small props what
//! to show, so that a tap redraws only what it changes.
//!
//! It is drawn in layers, each of which the browser keeps as a picture of its own: the wood,
//! the marks beneath the pieces, one element for each piece, the marks over them, and the
//! invisible touch points. A tap repaints only the layer it changes, a small one, and a piece's
//! slide and fading are the compositor's alone, so that a tap's frame is never late behind
//! them.

use dioxus::prelude::*;
use duobao_rules::{Color, Game, Piece, Ply, Point};

use super::geometry::{place, HIT_RADIUS, SIZE, TOKEN_BOX};
use super::parts::{
    piece_class, token_class, BadgeMark, BoardArt, HintArrow, MoveTrail, TokenFace,
};
use super::tokens::{tokens, Token};
use super::{Marks, Placement};
use crate::i18n::{join, piece_key, text, Key, Lang};
use crate::prefs::Prefs;

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

/// `game`'s position with its last move's trail, its pieces sliding from where they were,
/// seen with `bottom`'s soldiers at the bottom. `turned`: the side whose soldiers' characters
/// are turned around, to read right from across the table (see [`crate::prefs::TableMode`]).
/// `waiting`: the board is someone else's to move on (the computer's). Taps go to `on_tap`;
/// without it the board only shows.
#[component]
pub fn Board(
    game: Game,
    bottom: Color,
    #[props(default)] turned: Option<Color>,
    #[props(default)] marks: Marks,
    #[props(default)] waiting: bool,
    on_tap: Option<EventHandler<Point>>,
) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let Prefs {
        lang, coordinates, ..
    } = *prefs.read();
    let position = *game.position();
    let last_move = game.plies().last().and_then(|played| match played.ply {
        Ply::Move(m) => Some(m),
        Ply::Pass => None,
    });
    let Marks {
        selected,
        targets,
        hint,
        badge,
    } = marks;
    let mover = piece_class(Piece::soldier(position.turn()));
    let locked = position.treasure_locked();

    rsx! {
        div {
            class: if waiting { "board waiting" } else { "board" },
            role: "group",
            "aria-label": text(lang, Key::Board),
            "data-testid": "board",
            Layer { class: "art",
                BoardArt { bottom, coordinates }
            }
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
            for token in tokens(&game) {
                BoardToken {
                    key: "{token.id}",
                    token,
                    bottom,
                    locked: locked && token.piece == Piece::Treasure,
                    turned: turned.is_some_and(|side| token.piece.color() == Some(side)),
                }
            }
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
            Layer { class: "touch", shown: true,
                for point in Point::all() {
                    {
                        let piece = position.piece_at(point);
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

/// A position editor's board: `placement` as it stands, possible in a game or not, each tap on
/// a point handed to `on_tap`.
#[component]
pub fn SetupBoard(placement: Placement, on_tap: EventHandler<Point>) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let Prefs {
        lang, coordinates, ..
    } = *prefs.read();
    let bottom = Color::Red;
    rsx! {
        div {
            class: "board",
            role: "group",
            "aria-label": text(lang, Key::Board),
            "data-testid": "board",
            Layer { class: "art",
                BoardArt { bottom, coordinates }
            }
            for point in Point::all() {
                if let Some(piece) = placement.piece_at(point) {
                    BoardToken {
                        // Keyed by point: a piece set out does not slide from anywhere.
                        key: "{point}",
                        token: Token { id: point.index(), piece, point, fading: false },
                        bottom,
                        locked: placement.locked && piece == Piece::Treasure,
                        turned: false,
                    }
                }
            }
            Layer { class: "touch", shown: true,
                for point in Point::all() {
                    {
                        let piece = placement.piece_at(point);
                        rsx! {
                            TouchPoint {
                                point,
                                bottom,
                                piece,
                                locked: placement.locked && piece == Some(Piece::Treasure),
                                selected: false,
                                target: false,
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

/// A piece on a board that plays: an element of its own over the drawing, placed by a
/// transform in per cent of its own box, so that the browser slides it and fades it out without
/// drawing it again, and a tap elsewhere never draws it at all.
#[component]
fn BoardToken(token: Token, bottom: Color, locked: bool, turned: bool) -> Element {
    let (x, y) = place(token.point, bottom);
    let in_box = |at: f32| (at - TOKEN_BOX / 2.0) / TOKEN_BOX * 100.0;
    let (left, top) = (in_box(x), in_box(y));
    let size = TOKEN_BOX / SIZE * 100.0;
    let corner = -TOKEN_BOX / 2.0;
    rsx! {
        div {
            class: "{token_class(token)} board-token",
            style: "width: {size}%; height: {size}%; transform: translate({left}%, {top}%)",
            "data-token": token.id,
            "data-at": "{token.point}",
            "data-piece": piece_class(token.piece),
            "data-turned": turned,
            svg { class: "token-body", view_box: "{corner} {corner} {TOKEN_BOX} {TOKEN_BOX}",
                TokenFace { piece: token.piece, locked, turned }
            }
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
