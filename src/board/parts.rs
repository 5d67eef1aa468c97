//! The parts a board is drawn with: the paints, the wood and its lines, the tokens, the move's
//! trail, the hint's arrow, a judgement's badge and the cross over a captured piece, all drawn
//! from the rules' data. [`super::StillBoard`] puts them together.

use dioxus::prelude::*;
use duobao_rules::{Color, Move, Piece, Point, GRID, LINES};

use super::geometry::{place, LABEL_INSET, SIZE, TOKEN_BOX};
use super::tokens::Token;
use super::Badge;

/// The characters engraved on the tokens. Like a chess piece's shape they are the same in every
/// language, so they are part of the piece's art rather than of the translation table.
const RED_GLYPH: &str = "兵";
const BLACK_GLYPH: &str = "卒";
const TREASURE_GLYPH: &str = "宝";

pub fn soldier_glyph(color: Color) -> &'static str {
    match color {
        Color::Red => RED_GLYPH,
        Color::Black => BLACK_GLYPH,
    }
}

pub fn piece_class(piece: Piece) -> &'static str {
    match piece {
        Piece::RedSoldier => "red",
        Piece::BlackSoldier => "black",
        Piece::Treasure => "treasure",
    }
}

/// The paints of the board and of the gold treasure, defined once for every board on the page
/// (the game's, the rules' diagrams, the look's preview), since an id may stand only once in a
/// document.
#[component]
pub fn BoardPaints() -> Element {
    rsx! {
        svg { class: "paints", width: "0", height: "0", "aria-hidden": "true",
            defs {
                // Their colours are the board's, from the stylesheet (`--wood-top`, …).
                linearGradient { id: "wood", x1: "0", y1: "0", x2: "1", y2: "1",
                    stop { class: "wood-top", offset: "0" }
                    stop { class: "wood-middle", offset: "0.55" }
                    stop { class: "wood-bottom", offset: "1" }
                }
                linearGradient { id: "gold", x1: "0", y1: "0", x2: "0", y2: "1",
                    stop { offset: "0", stop_color: "#f7d774" }
                    stop { offset: "1", stop_color: "#c9962c" }
                }
            }
        }
    }
}

/// Everything a board shows beneath its pieces: the wood, the ink lines, the points and, when
/// wanted, the coordinates, drawn from the rules' data.
#[component]
pub fn BoardArt(bottom: Color, coordinates: bool) -> Element {
    rsx! {
        rect { class: "wood", x: "2", y: "2", width: SIZE - 4.0, height: SIZE - 4.0, rx: "22" }
        for line in LINES.iter() {
            {
                let points = line.points();
                let (x1, y1) = place(points[0], bottom);
                let (x2, y2) = place(points[points.len() - 1], bottom);
                rsx! { line { class: "ink", x1, y1, x2, y2 } }
            }
        }
        for point in Point::all() {
            {
                let (cx, cy) = place(point, bottom);
                rsx! { circle { class: "dot", cx, cy, r: "6" } }
            }
        }
        if coordinates {
            Coordinates { bottom }
        }
    }
}

/// The faint trail of a move, from its origin to its destination.
#[component]
pub fn MoveTrail(m: Move, bottom: Color) -> Element {
    let (x1, y1) = place(m.from(), bottom);
    let (x2, y2) = place(m.to(), bottom);
    rsx! {
        g { class: "last-move", "data-testid": "last-move", "data-from": "{m.from()}", "data-to": "{m.to()}",
            line { x1, y1, x2, y2 }
            circle { cx: x1, cy: y1, r: "14" }
        }
    }
}

/// Half the width of the hint arrow's head, in board units (its length is 1.4 times that).
const ARROW_HEAD: f32 = 26.0;
/// The radius of the ring around the piece a hint moves.
const HINT_RING: f32 = 46.0;

/// The engine's suggestion: a ring on the piece to move and an arrow to its destination, in a
/// colour of its own so that it is never taken for the last move's trail.
#[component]
pub fn HintArrow(m: Move, bottom: Color) -> Element {
    let (x1, y1) = place(m.from(), bottom);
    let (x2, y2) = place(m.to(), bottom);
    let length = (x2 - x1).hypot(y2 - y1);
    let (ux, uy) = ((x2 - x1) / length, (y2 - y1) / length);
    // The shaft leaves from the ring's edge, so the piece's character stays readable; the tip
    // stops short of the destination's centre, and the shaft at the head's base.
    let (sx, sy) = (x1 + ux * HINT_RING, y1 + uy * HINT_RING);
    let (tx, ty) = (x2 - ux * 12.0, y2 - uy * 12.0);
    let (bx, by) = (tx - ux * ARROW_HEAD * 1.4, ty - uy * ARROW_HEAD * 1.4);
    let head = format!(
        "{tx},{ty} {},{} {},{}",
        bx - uy * ARROW_HEAD,
        by + ux * ARROW_HEAD,
        bx + uy * ARROW_HEAD,
        by - ux * ARROW_HEAD
    );
    rsx! {
        g { class: "hint-arrow", "data-testid": "hint-arrow", "data-from": "{m.from()}", "data-to": "{m.to()}",
            circle { cx: x1, cy: y1, r: HINT_RING }
            line { x1: sx, y1: sy, x2: bx, y2: by }
            polygon { points: head }
        }
    }
}

/// Files along the bottom edge and rows along the left edge, as the bottom player sees them:
/// each in line with a point of the middle row (which has every file) or of the middle file
/// (which has every row), named by it.
#[component]
fn Coordinates(bottom: Color) -> Element {
    let middle = GRID / 2;
    let middle_row = Point::all().filter(move |point| point.row() == middle);
    let middle_file = Point::all().filter(move |point| point.file() == middle);
    rsx! {
        for (on_row, on_file) in middle_row.zip(middle_file) {
            {
                let (x, _) = place(on_row, bottom);
                let (_, y) = place(on_file, bottom);
                // A point's name is its file's letter, then its row's number.
                let (file, row) = (on_row.to_string(), on_file.to_string());
                let (file, row) = (&file[..1], &row[1..]);
                rsx! {
                    text { class: "coord", x, y: SIZE - LABEL_INSET, "{file}" }
                    text { class: "coord", x: LABEL_INSET, y, "{row}" }
                }
            }
        }
    }
}

/// A piece, where `bottom` sees it. On a board in layers, an element of its own over the
/// drawing, placed by a transform in per cent of its own box, so that the browser slides it and
/// fades it out without drawing it again, and a tap elsewhere never draws it at all; in a
/// picture (`inline`), a group inside the one drawing.
#[component]
pub fn BoardToken(
    token: Token,
    bottom: Color,
    locked: bool,
    turned: bool,
    inline: bool,
) -> Element {
    let (x, y) = place(token.point, bottom);
    let face = rsx! {
        TokenFace { piece: token.piece, locked, turned }
    };
    if inline {
        return rsx! {
            g {
                class: token_class(token),
                style: "transform: translate({x}px, {y}px)",
                "data-token": token.id,
                "data-at": "{token.point}",
                "data-piece": piece_class(token.piece),
                "data-turned": turned,
                g { class: "token-body", {face} }
            }
        };
    }
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
            svg { class: "token-body", view_box: "{corner} {corner} {TOKEN_BOX} {TOKEN_BOX}", {face} }
        }
    }
}

/// The classes of a token's element: its piece's, and `fading` when it was just captured.
fn token_class(token: Token) -> String {
    let fading = if token.fading { " fading" } else { "" };
    format!("token {}{fading}", piece_class(token.piece))
}

/// A token's face about its centre, the point it stands on: the disc or the chest, its
/// character, the padlock. `turned`: the character reads from across the table.
#[component]
fn TokenFace(piece: Piece, locked: bool, turned: bool) -> Element {
    match piece {
        Piece::Treasure => rsx! {
            rect { class: "shadow", x: "-36", y: "-28", width: "76", height: "66", rx: "12" }
            rect { class: "face", x: "-38", y: "-32", width: "76", height: "66", rx: "12" }
            line { class: "lid", x1: "-38", y1: "-10", x2: "38", y2: "-10" }
            text { class: "glyph", y: "9", "{TREASURE_GLYPH}" }
            if locked {
                Padlock {}
            }
        },
        soldier => rsx! {
            circle { class: "shadow", cx: "2", cy: "4", r: "40" }
            circle { class: "face", r: "40" }
            circle { class: "rim", r: "32" }
            // The flat piece set draws Black's soldiers square (see main.css).
            if soldier == Piece::BlackSoldier {
                rect { class: "square", x: "-36", y: "-36", width: "72", height: "72", rx: "8" }
            }
            // Turned about its own centre, where `central` puts the character.
            text { class: "glyph", y: "2", transform: turned.then_some("rotate(180 0 2)"),
                {soldier.color().map_or(TREASURE_GLYPH, soldier_glyph)}
            }
        },
    }
}

/// The lock badge on the treasure's corner.
#[component]
fn Padlock() -> Element {
    rsx! {
        g { class: "padlock", "data-testid": "treasure-lock", transform: "translate(30 -30)",
            circle { r: "17" }
            path { class: "shackle", d: "M -5 -2 v -5 a 5 5 0 0 1 10 0 v 5" }
            rect { class: "body", x: "-8", y: "-2", width: "16", height: "12", rx: "2.5" }
        }
    }
}

/// A judgement on a point: a ring around it and, when the judgement has one, its symbol on the
/// piece's upper left corner (the upper right is the padlock's).
#[component]
pub fn BadgeMark(badge: Badge, bottom: Color) -> Element {
    let (x, y) = place(badge.point, bottom);
    rsx! {
        g {
            class: "badge {badge.class}",
            "data-testid": "badge",
            "data-at": "{badge.point}",
            transform: "translate({x} {y})",
            circle { class: "ring", r: "48" }
            if !badge.symbol.is_empty() {
                g { class: "chip", transform: "translate(-34 -34)",
                    circle { r: "24" }
                    text { y: "2", {badge.symbol} }
                }
            }
        }
    }
}

/// Half the length of a stroke of the cross over a captured piece, in board units.
const CROSS: f32 = 30.0;

/// A red cross over a captured piece, which a picture keeps in view, faded.
#[component]
pub fn CaptureCross(point: Point, bottom: Color) -> Element {
    let (x, y) = place(point, bottom);
    rsx! {
        g { class: "capture-cross", "data-testid": "captured-{point}", transform: "translate({x} {y})",
            line { x1: -CROSS, y1: -CROSS, x2: CROSS, y2: CROSS }
            line { x1: -CROSS, y1: CROSS, x2: CROSS, y2: -CROSS }
        }
    }
}
