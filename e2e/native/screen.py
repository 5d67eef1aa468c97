"""Reading the desktop window's screenshots: pixels, the board and what stands on its points.

Screenshots are taken with ImageMagick's `import` and read as binary PPM (`convert … ppm:-`), so
nothing beyond python3's standard library is needed. The board is found by its wood, not by
fixed coordinates: it is the large area of the wood's gradient, and its 21 points lie on the
grid that `src/board/geometry.rs` draws (the SVG's viewBox is 560 units square: a 80-unit margin,
then 100 units between neighbouring points; the wood is a rect from 2 to 558 with a 4-unit
stroke, so its fill shows from 4 to 556).
"""

import subprocess

# Board geometry in SVG units (src/board/geometry.rs: CELL, MARGIN, `place`; the wood rect and its
# stroke in src/board/parts.rs).
CELL = 100.0
MARGIN = 80.0
WOOD_FILL_FROM = 4.0
WOOD_FILL_TO = 556.0

# The grid, its files and rows and its points are the rules crate's (crates/rules/src/board.rs:
# GRID, Point::new, Point::file, Point::row); Python cannot use them, so they are written again
# here.
FILES = "abcde"
# The 21 points: a 5×5 grid without its corners.
POINTS = [
    f"{f}{r}"
    for r in range(1, 6)
    for f in FILES
    if (f, r) not in {("a", 1), ("e", 1), ("a", 5), ("e", 5)}
]

START = {
    **{p: "black" for p in ["b5", "c5", "d5", "a4", "b4", "d4", "e4"]},
    **{p: "red" for p in ["b1", "c1", "d1", "a2", "b2", "d2", "e2"]},
    "c3": "treasure",
}


def start_position():
    return {p: START.get(p, "empty") for p in POINTS}


class Shot:
    """A screenshot as RGB pixels."""

    def __init__(self, path):
        self.path = path
        data = subprocess.run(
            ["convert", path, "-depth", "8", "ppm:-"], check=True, capture_output=True
        ).stdout
        # P6 header: magic, width, height, maxval, each separated by whitespace (no comments
        # from ImageMagick).
        fields = []
        index = 0
        while len(fields) < 4:
            while data[index : index + 1].isspace():
                index += 1
            start = index
            while not data[index : index + 1].isspace():
                index += 1
            fields.append(data[start:index])
        index += 1
        assert fields[0] == b"P6", f"{path}: not a binary PPM"
        self.width, self.height = int(fields[1]), int(fields[2])
        self.pixels = data[index : index + 3 * self.width * self.height]

    def rgb(self, x, y):
        i = 3 * (int(y) * self.width + int(x))
        return tuple(self.pixels[i : i + 3])

    def region(self, x0, y0, x1, y1):
        """The pixels of a rectangle, clipped to the image, row by row."""
        x0, y0 = max(0, int(x0)), max(0, int(y0))
        x1, y1 = min(self.width, int(x1)), min(self.height, int(y1))
        return [self.rgb(x, y) for y in range(y0, y1) for x in range(x0, x1)]

    def difference(self, other, box):
        """The mean absolute difference of two screenshots' pixels in `box`, per channel (0–255)."""
        a, b = self.region(*box), other.region(*box)
        if not a or len(a) != len(b):
            return 255.0
        return sum(abs(p - q) for u, v in zip(a, b) for p, q in zip(u, v)) / (3 * len(a))


def is_wood(rgb):
    """The board's wood gradient (#ecd3a0 → #e2c086 → #d4a966), not the paper of the pieces
    (#f7ecd5), the light buttons (#f3e2bf) or the gold of the treasure (#f7d774 → #c9962c)."""
    r, g, b = rgb
    return 195 <= r <= 245 and 155 <= g <= 220 and 90 <= b <= 172 and r > g > b and r - b < 125


def is_paper(rgb):
    r, g, b = rgb
    return r >= 235 and g >= 222 and b >= 195


def is_red(rgb):
    r, g, b = rgb
    return r >= 140 and g <= 90 and b <= 90


def is_dark(rgb):
    """The black pieces' ink (#1d1d1d), darker and greyer than the board's brown ink (#5b3a1e)."""
    r, g, b = rgb
    return r <= 70 and g <= 70 and b <= 70 and r - b <= 25


def is_gold(rgb):
    r, g, b = rgb
    return r >= 190 and 140 <= g <= 225 and b <= 125 and r - b >= 120


class Board:
    """Where the board and its points are in a screenshot."""

    def __init__(self, left, top, scale):
        self.left, self.top, self.scale = left, top, scale

    def point(self, name):
        """The centre of a point in pixels, Red at the bottom."""
        column = FILES.index(name[0])
        row_from_top = 5 - int(name[1])
        return (
            self.left + (MARGIN + column * CELL) * self.scale,
            self.top + (MARGIN + row_from_top * CELL) * self.scale,
        )

    def box(self):
        return (
            self.left,
            self.top,
            self.left + 560 * self.scale,
            self.top + 560 * self.scale,
        )

    def __repr__(self):
        return f"Board(left={self.left:.1f}, top={self.top:.1f}, scale={self.scale:.3f})"


def find_board(shot):
    """The board in `shot`, or None: the bounding box of the rows that are mostly wood."""
    step = 2
    rows = []
    for y in range(0, shot.height, step):
        xs = [x for x in range(0, shot.width, step) if is_wood(shot.rgb(x, y))]
        if len(xs) * step >= 150:
            rows.append((y, xs[0], xs[-1]))
    if len(rows) < 50:
        return None
    top = rows[0][0]
    bottom = rows[-1][0]
    left = min(r[1] for r in rows)
    right = max(r[2] for r in rows)
    width, height = right - left, bottom - top
    if width < 200 or abs(width - height) > 0.05 * width:
        return None
    scale = width / (WOOD_FILL_TO - WOOD_FILL_FROM)
    return Board(left - WOOD_FILL_FROM * scale, top - WOOD_FILL_FROM * scale, scale)


def point_features(shot, board, name):
    """Fractions of paper, red, dark and gold pixels within 30 units of a point's centre (a
    soldier's face has a radius of 40 units, the treasure is 76 units wide)."""
    cx, cy = board.point(name)
    radius = 30 * board.scale
    counts = {"paper": 0, "red": 0, "dark": 0, "gold": 0}
    total = 0
    y = cy - radius
    while y <= cy + radius:
        x = cx - radius
        while x <= cx + radius:
            if (x - cx) ** 2 + (y - cy) ** 2 <= radius**2:
                rgb = shot.rgb(x, y)
                total += 1
                counts["paper"] += is_paper(rgb)
                counts["red"] += is_red(rgb)
                counts["dark"] += is_dark(rgb)
                counts["gold"] += is_gold(rgb)
            x += 1
        y += 1
    return {k: v / total for k, v in counts.items()}


def classify(features):
    """What stands on a point: red, black, treasure or empty."""
    if features["gold"] >= 0.25:
        return "treasure"
    if features["paper"] >= 0.25:
        if features["red"] >= 0.03 and features["red"] > features["dark"]:
            return "red"
        if features["dark"] >= 0.03:
            return "black"
        return "unclear"
    return "empty"


def read_position(shot, board):
    return {p: classify(point_features(shot, board, p)) for p in POINTS}


def show(position):
    """A position as five text rows, Black's side on top."""
    letter = {"red": "R", "black": "B", "treasure": "T", "empty": ".", "unclear": "?"}
    lines = []
    for r in range(5, 0, -1):
        lines.append(
            " ".join(
                letter[position[f"{f}{r}"]] if f"{f}{r}" in position else " " for f in FILES
            )
        )
    return "\n".join(lines)


# The buttons' fills (assets/main.css): light buttons, the primary (red) one, a chosen option.
BUTTON_KINDS = {
    "light": (0xF3, 0xE2, 0xBF),
    "primary": (0xB0, 0x28, 0x1C),
    "selected": (0x3A, 0x24, 0x12),
}


def button_kind(rgb, tolerance=3):
    for kind, colour in BUTTON_KINDS.items():
        if all(abs(a - b) <= tolerance for a, b in zip(rgb, colour)):
            return kind
    return None


class Band:
    """A run of one button fill along a scan line: a button, seen where the line crosses it."""

    def __init__(self, kind, start, end, across):
        self.kind, self.start, self.end, self.across = kind, start, end, across

    def centre(self):
        return (self.start + self.end) / 2

    def __repr__(self):
        return f"{self.kind}[{self.start}–{self.end}]"


def bands(shot, x=None, y=None, minimum=30, start=0, end=None):
    """The buttons a vertical line at `x` (or a horizontal line at `y`) crosses, in order: runs
    of one button fill at least `minimum` pixels long. The line should pass beside the buttons'
    labels (near their left edge), since text interrupts the fill."""
    length = shot.height if x is not None else shot.width
    end = length if end is None else min(end, length)
    found = []
    kind, run_start = None, start
    for i in range(start, end + 1):
        here = None
        if i < end:
            here = button_kind(shot.rgb(x, i) if x is not None else shot.rgb(i, y))
        if here != kind:
            if kind and i - run_start >= minimum:
                found.append(Band(kind, run_start, i - 1, x if x is not None else y))
            kind, run_start = here, i
    return found
