//! The board: wood, ink lines and points drawn from the rules crate's board data, the pieces as
//! sliding tokens, and one round touch target per point on top of everything.

use dioxus::prelude::*;
use duobao_rules::{Color, Move, Piece, Ply, Point, PointSet, Position, LINES};

use super::controller::{Controller, Hint};
use super::tokens::{tokens, Token};
use crate::i18n::{join, piece_key, text, Key, Lang};
use crate::prefs::Prefs;

/// Distance between neighbouring points, in board units.
const CELL: f32 = 100.0;
/// Room around the outermost points for the tokens and the coordinates.
const MARGIN: f32 = 80.0;
pub const SIZE: f32 = 4.0 * CELL + 2.0 * MARGIN;
/// Half the spacing of the points, so that neighbouring targets touch but do not overlap.
const HIT_RADIUS: f32 = CELL / 2.0;
/// Where the coordinates sit: between the outer points and the wood's edge.
const LABEL_INSET: f32 = 18.0;

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

/// The centre of a point on the board, seen with `bottom`'s soldiers at the bottom.
pub fn place(point: Point, bottom: Color) -> (f32, f32) {
    grid_place(point.file(), point.row(), bottom)
}

/// Where file `file` (0 = a) and row `row` (0 = row 1) cross on the screen.
fn grid_place(file: u8, row: u8, bottom: Color) -> (f32, f32) {
    let (column, row_from_top) = match bottom {
        Color::Red => (file, 4 - row),
        Color::Black => (4 - file, row),
    };
    (
        MARGIN + f32::from(column) * CELL,
        MARGIN + f32::from(row_from_top) * CELL,
    )
}

fn piece_class(piece: Piece) -> &'static str {
    match piece {
        Piece::RedSoldier => "red",
        Piece::BlackSoldier => "black",
        Piece::Treasure => "treasure",
    }
}

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

/// Everything the board shows, read off the controller. Compared as a whole before the board is
/// drawn again, so that what does not show on it (the clock's seconds) never redraws it.
#[derive(Clone, PartialEq)]
struct BoardView {
    bottom: Color,
    position: Position,
    tokens: Vec<Token>,
    selected: Option<Point>,
    targets: PointSet,
    last_move: Option<Move>,
    hint: Option<Move>,
    /// The computer is to move: the board waits.
    waiting: bool,
}

impl BoardView {
    fn of(state: &Controller) -> BoardView {
        let game = state.game();
        let last_move = game.plies().last().and_then(|played| match played.ply {
            Ply::Move(m) => Some(m),
            Ply::Pass => None,
        });
        BoardView {
            bottom: state.bottom(),
            position: *game.position(),
            tokens: tokens(game),
            selected: state.selected(),
            targets: state.targets(),
            last_move,
            hint: match state.hint() {
                Some(Hint::Move(m)) => Some(m),
                _ => None,
            },
            waiting: state.is_ai_turn(),
        }
    }
}

/// `turned`: the side whose soldiers' characters are turned around, to read right from across
/// the table (see [`crate::prefs::TableMode`]). Each token and each point is a component of its
/// own, told by small props what to show, so that a tap redraws only what it changes.
#[component]
pub fn Board(#[props(default)] turned: Option<Color>) -> Element {
    let controller: Signal<Controller> = use_context();
    let prefs: Signal<Prefs> = use_context();
    let shown = use_memo(move || BoardView::of(&controller.read()));
    let Prefs {
        lang, coordinates, ..
    } = *prefs.read();
    let BoardView {
        bottom,
        position,
        tokens,
        selected,
        targets,
        last_move,
        hint,
        waiting,
    } = shown();
    let mover = piece_class(Piece::soldier(position.turn()));
    let locked = position.treasure_locked();

    rsx! {
        svg {
            class: if waiting { "board waiting" } else { "board" },
            view_box: "0 0 {SIZE} {SIZE}",
            role: "group",
            "aria-label": text(lang, Key::Board),
            "data-testid": "board",
            BoardArt { bottom, coordinates }
            if let Some(m) = last_move {
                MoveTrail { m, bottom }
            }
            if let Some(point) = selected {
                {
                    let (cx, cy) = place(point, bottom);
                    rsx! { circle { class: "selection", cx, cy, r: "47" } }
                }
            }
            for token in tokens {
                TokenView {
                    key: "{token.id}",
                    token,
                    bottom,
                    locked: locked && token.piece == Piece::Treasure,
                    turned: turned.is_some_and(|side| token.piece.color() == Some(side)),
                }
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
                        }
                    }
                }
            }
        }
    }
}

/// A point's round touch target, which taps the controller of the board it is on.
#[component]
fn TouchPoint(
    point: Point,
    bottom: Color,
    piece: Option<Piece>,
    locked: bool,
    selected: bool,
    target: bool,
    lang: Lang,
) -> Element {
    let mut controller: Signal<Controller> = use_context();
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
                controller.write().tap(point);
            },
        }
    }
}

/// The paints of the wood and of the gold treasure, defined once for every board on the page
/// (the game's and the rules' diagrams), since an id may stand only once in a document.
#[component]
pub fn BoardPaints() -> Element {
    rsx! {
        svg { class: "paints", width: "0", height: "0", "aria-hidden": "true",
            defs {
                linearGradient { id: "wood", x1: "0", y1: "0", x2: "1", y2: "1",
                    stop { offset: "0", stop_color: "#ecd3a0" }
                    stop { offset: "0.55", stop_color: "#e2c086" }
                    stop { offset: "1", stop_color: "#d4a966" }
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
/// wanted, the coordinates. Shared by the game's board and the rules' diagrams, so that both
/// are drawn from the same rules data.
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

/// Files along the bottom edge and rows along the left edge, as the bottom player sees them.
#[component]
fn Coordinates(bottom: Color) -> Element {
    rsx! {
        for index in 0..5u8 {
            {
                let (x, y) = grid_place(index, index, bottom);
                let file = char::from(b'a' + index);
                let row = char::from(b'1' + index);
                rsx! {
                    text { class: "coord", x, y: SIZE - LABEL_INSET, "{file}" }
                    text { class: "coord", x: LABEL_INSET, y, "{row}" }
                }
            }
        }
    }
}

#[component]
pub fn TokenView(
    token: Token,
    bottom: Color,
    locked: bool,
    #[props(default)] turned: bool,
) -> Element {
    let (x, y) = place(token.point, bottom);
    let class = piece_class(token.piece);
    let fading = if token.fading { " fading" } else { "" };
    rsx! {
        g {
            class: "token {class}{fading}",
            style: "transform: translate({x}px, {y}px)",
            "data-token": token.id,
            "data-at": "{token.point}",
            "data-piece": class,
            "data-turned": turned,
            g { class: "token-body",
                match token.piece {
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
                        // Turned about its own centre, where `central` puts the character.
                        text { class: "glyph", y: "2", transform: turned.then_some("rotate(180 0 2)"),
                            {soldier.color().map_or(TREASURE_GLYPH, soldier_glyph)}
                        }
                    },
                }
            }
        }
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
