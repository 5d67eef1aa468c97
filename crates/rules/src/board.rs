//! The board as data: 21 points on a 5×5 grid without its corners, the 16 lines drawn on it and
//! the adjacency they induce. Every table here is computed at compile time from [`LINE_NAMES`],
//! so the lines written below are the single source of truth for movement and captures.

use std::fmt;
use std::str::FromStr;

/// The drawn lines of the board, each a maximal straight run of points, as in RULES.md.
pub const LINE_NAMES: [&str; 16] = [
    // rows
    "b1 c1 d1",
    "a2 b2 c2 d2 e2",
    "a3 b3 c3 d3 e3",
    "a4 b4 c4 d4 e4",
    "b5 c5 d5",
    // columns
    "a2 a3 a4",
    "b1 b2 b3 b4 b5",
    "c1 c2 c3 c4 c5",
    "d1 d2 d3 d4 d5",
    "e2 e3 e4",
    // diagonals
    "a3 b2 c1",
    "c1 d2 e3",
    "a3 b4 c5",
    "c5 d4 e3",
    "b2 c3 d4",
    "b4 c3 d2",
];

/// Number of files (a–e) and rows (1–5) of the underlying grid.
pub const GRID: u8 = 5;
/// Number of points of the grid, the four corners included: [`Point::index`] lies below it, so
/// a table indexed by point can be an array of this length.
pub const GRID_POINTS: usize = (GRID * GRID) as usize;

/// A point of the board. Internally the index `row * 5 + file` on the 5×5 grid, so that a step
/// in one direction is the same bit shift everywhere; the four corners are never valid points.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct Point(u8);

impl Point {
    /// The point at `file` (0 = a) and `row` (0 = row 1), or `None` off the board or on a corner.
    pub const fn new(file: u8, row: u8) -> Option<Point> {
        if file >= GRID || row >= GRID {
            return None;
        }
        let point = Point(row * GRID + file);
        if POINTS.contains(point) {
            Some(point)
        } else {
            None
        }
    }

    /// The point whose [`Point::index`] is `index`, or `None` for a corner or an index off the
    /// grid.
    pub const fn from_index(index: usize) -> Option<Point> {
        if index >= GRID_POINTS {
            return None;
        }
        let index = index as u8;
        Point::new(index % GRID, index / GRID)
    }

    /// The grid index `row * 5 + file`, in `0..GRID_POINTS`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for file a … 4 for file e.
    pub const fn file(self) -> u8 {
        self.0 % GRID
    }

    /// 0 for row 1 … 4 for row 5.
    pub const fn row(self) -> u8 {
        self.0 / GRID
    }

    /// The point on the same row across the centre file, c: a3 ↔ e3, b1 ↔ d1. The board and its
    /// lines look the same in this mirror, and so do the rules.
    pub const fn mirrored(self) -> Point {
        Point(self.row() * GRID + (GRID - 1 - self.file()))
    }

    /// The point across the centre, c3, from this one (half a turn about it): b1 ↔ d5,
    /// a3 ↔ e3. Where this point lies for the player on the other side of the board.
    pub const fn opposite(self) -> Point {
        // Both the row and the file count from the other edge: the index from the other end.
        Point(GRID_POINTS as u8 - 1 - self.0)
    }

    pub const fn set(self) -> PointSet {
        PointSet(1 << self.0)
    }

    /// The points this one is joined to by a line.
    pub const fn neighbours(self) -> PointSet {
        ADJACENT[self.0 as usize]
    }

    /// How many lines pass through this point: 2 on the rim's short ends up to 4 at the centre.
    pub const fn line_count(self) -> u32 {
        LINES_THROUGH[self.0 as usize].count_ones()
    }

    /// Every point on some line through this one, this one included: the points whose
    /// pieces can take part in a sandwich with it.
    pub const fn line_reach(self) -> PointSet {
        LINE_REACH[self.0 as usize]
    }

    /// The sandwiches that capture a piece standing here: those with this point in the middle.
    pub fn sandwiches(self) -> &'static [Sandwich] {
        let (sandwiches, count) = &SANDWICHES_AROUND[self.0 as usize];
        &sandwiches[..*count]
    }

    /// All 21 points, row 1 first, left to right within a row.
    pub fn all() -> impl Iterator<Item = Point> {
        POINTS.into_iter()
    }

    const fn parse_bytes(bytes: &[u8]) -> Option<Point> {
        if bytes.len() != 2 || bytes[0] < b'a' || bytes[1] < b'1' {
            return None;
        }
        Point::new(bytes[0] - b'a', bytes[1] - b'1')
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.row() + 1)
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A point name that is not one of the 21 points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadPointName(pub String);

impl fmt::Display for BadPointName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a point of the board", self.0)
    }
}

impl std::error::Error for BadPointName {}

impl FromStr for Point {
    type Err = BadPointName;

    fn from_str(s: &str) -> Result<Point, BadPointName> {
        Point::parse_bytes(s.as_bytes()).ok_or_else(|| BadPointName(s.to_string()))
    }
}

/// A set of points as a bit set over the 5×5 grid.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Default)]
pub struct PointSet(u32);

impl PointSet {
    pub const EMPTY: PointSet = PointSet(0);

    pub const fn from_bits(bits: u32) -> PointSet {
        PointSet(bits)
    }

    pub const fn bits(self) -> u32 {
        self.0
    }

    pub const fn contains(self, point: Point) -> bool {
        self.0 & (1 << point.0) != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn with(self, point: Point) -> PointSet {
        PointSet(self.0 | 1 << point.0)
    }

    pub const fn without(self, point: Point) -> PointSet {
        PointSet(self.0 & !(1 << point.0))
    }

    pub const fn union(self, other: PointSet) -> PointSet {
        PointSet(self.0 | other.0)
    }

    pub const fn intersection(self, other: PointSet) -> PointSet {
        PointSet(self.0 & other.0)
    }

    pub const fn difference(self, other: PointSet) -> PointSet {
        PointSet(self.0 & !other.0)
    }

    /// The lowest-indexed point, if any.
    pub const fn first(self) -> Option<Point> {
        if self.0 == 0 {
            None
        } else {
            Some(Point(self.0.trailing_zeros() as u8))
        }
    }

    /// Every point of the board not in this set.
    pub const fn complement(self) -> PointSet {
        PointSet(POINTS.0 & !self.0)
    }

    /// The points of files `first..=last` (0 = a), e.g. `files(0, 2)` for a, b and c.
    pub const fn files(first: u8, last: u8) -> PointSet {
        let mut row_bits = 0;
        let mut file = first;
        while file <= last && file < GRID {
            row_bits |= 1 << file;
            file += 1;
        }
        let mut bits = 0;
        let mut row = 0;
        while row < GRID {
            bits |= row_bits << (row * GRID);
            row += 1;
        }
        PointSet(bits & POINTS.0)
    }

    /// The left–right mirror image: each point replaced by its [`Point::mirrored`], a row at a
    /// time, fast enough for the endgame tables' index.
    pub const fn mirrored(self) -> PointSet {
        let mut mirrored = 0;
        let mut row = 0;
        while row < GRID {
            let shift = (row * GRID) as u32;
            mirrored |= REVERSED_ROW[((self.0 >> shift) & ROW_BITS) as usize] << shift;
            row += 1;
        }
        PointSet(mirrored)
    }
}

/// The grid bits of one row.
const ROW_BITS: u32 = (1 << GRID) - 1;

/// A row's bits with file a and file e exchanged, b and d: [`PointSet::mirrored`] by table.
const REVERSED_ROW: [u32; 1 << GRID] = {
    let mut table = [0; 1 << GRID];
    let mut bits = 0;
    while bits < table.len() {
        let mut file = 0;
        while file < GRID {
            if bits & (1 << file) != 0 {
                table[bits] |= 1 << (GRID - 1 - file);
            }
            file += 1;
        }
        bits += 1;
    }
    table
};

impl std::ops::BitOr for PointSet {
    type Output = PointSet;
    fn bitor(self, rhs: PointSet) -> PointSet {
        self.union(rhs)
    }
}

impl std::ops::BitAnd for PointSet {
    type Output = PointSet;
    fn bitand(self, rhs: PointSet) -> PointSet {
        self.intersection(rhs)
    }
}

impl std::ops::BitXor for PointSet {
    type Output = PointSet;
    fn bitxor(self, rhs: PointSet) -> PointSet {
        PointSet(self.0 ^ rhs.0)
    }
}

impl std::ops::BitOrAssign for PointSet {
    fn bitor_assign(&mut self, rhs: PointSet) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitXorAssign for PointSet {
    fn bitxor_assign(&mut self, rhs: PointSet) {
        self.0 ^= rhs.0;
    }
}

impl std::ops::BitAndAssign for PointSet {
    fn bitand_assign(&mut self, rhs: PointSet) {
        self.0 &= rhs.0;
    }
}

/// Iterates the points of a set in index order.
#[derive(Clone)]
pub struct PointSetIter(u32);

impl Iterator for PointSetIter {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Point(index as u8))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PointSetIter {}

impl IntoIterator for PointSet {
    type Item = Point;
    type IntoIter = PointSetIter;

    fn into_iter(self) -> PointSetIter {
        PointSetIter(self.0)
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> PointSet {
        iter.into_iter().fold(PointSet::EMPTY, PointSet::with)
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

/// One drawn line: its points in order along the line.
#[derive(Copy, Clone, Debug)]
pub struct Line {
    points: [Point; GRID as usize],
    len: u8,
    mask: PointSet,
    sandwiches: [Sandwich; GRID as usize - 2],
}

impl Line {
    pub fn points(&self) -> &[Point] {
        &self.points[..self.len as usize]
    }

    pub const fn mask(&self) -> PointSet {
        self.mask
    }

    /// Its sandwiches, one per run of three consecutive points: one on a line of three points,
    /// three on a line of five.
    pub fn sandwiches(&self) -> &[Sandwich] {
        &self.sandwiches[..self.len as usize - 2]
    }
}

/// Three consecutive points of a line: the shape of a capture. The piece on the middle point is
/// sandwiched when the mover's soldiers stand on both ends and nothing else is on the line.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Sandwich {
    points: PointSet,
    ends: PointSet,
    middle: Point,
    line: PointSet,
}

impl Sandwich {
    /// All three points.
    pub const fn points(self) -> PointSet {
        self.points
    }

    /// The two outer points, where the capturing soldiers stand.
    pub const fn ends(self) -> PointSet {
        self.ends
    }

    /// The point of the captured piece.
    pub const fn middle(self) -> Point {
        self.middle
    }

    /// Every point of the line the sandwich lies on, its own three included.
    pub const fn line(self) -> PointSet {
        self.line
    }
}

const fn parse_line(names: &str) -> Line {
    let bytes = names.as_bytes();
    let unused = Sandwich {
        points: PointSet(0),
        ends: PointSet(0),
        middle: Point(0),
        line: PointSet(0),
    };
    let mut line = Line {
        points: [Point(0); GRID as usize],
        len: 0,
        mask: PointSet(0),
        sandwiches: [unused; GRID as usize - 2],
    };
    let mut i = 0;
    while i + 1 < bytes.len() {
        let point = match Point::new(bytes[i] - b'a', bytes[i + 1] - b'1') {
            Some(p) => p,
            None => panic!("bad point in LINE_NAMES"),
        };
        line.points[line.len as usize] = point;
        line.mask.0 |= 1 << point.0;
        line.len += 1;
        i += 3;
    }
    let mut first = 0;
    while first + 2 < line.len as usize {
        let (a, middle, b) = (
            line.points[first],
            line.points[first + 1],
            line.points[first + 2],
        );
        let ends = PointSet(1 << a.0 | 1 << b.0);
        line.sandwiches[first] = Sandwich {
            points: ends.with(middle),
            ends,
            middle,
            line: line.mask,
        };
        first += 1;
    }
    line
}

const POINTS: PointSet = {
    let corners = 1 << 0 | 1 << 4 | 1 << 20 | 1 << 24;
    PointSet(((1u32 << GRID_POINTS) - 1) & !corners)
};

/// The 21 points of the board.
pub const ALL_POINTS: PointSet = POINTS;

/// The 16 lines, in the order of [`LINE_NAMES`].
pub const LINES: [Line; 16] = {
    let mut lines = [parse_line(LINE_NAMES[0]); 16];
    let mut i = 1;
    while i < 16 {
        lines[i] = parse_line(LINE_NAMES[i]);
        i += 1;
    }
    lines
};

const ADJACENT: [PointSet; GRID_POINTS] = {
    let mut adjacent = [PointSet(0); GRID_POINTS];
    let mut l = 0;
    while l < LINES.len() {
        let line = LINES[l];
        let mut i = 0;
        while i + 1 < line.len as usize {
            let a = line.points[i].0 as usize;
            let b = line.points[i + 1].0 as usize;
            adjacent[a].0 |= 1 << b;
            adjacent[b].0 |= 1 << a;
            i += 1;
        }
        l += 1;
    }
    adjacent
};

/// For each point, the bit set of indices into [`LINES`] of the lines through it.
pub(crate) const LINES_THROUGH: [u16; GRID_POINTS] = {
    let mut through = [0u16; GRID_POINTS];
    let mut l = 0;
    while l < LINES.len() {
        let mut i = 0;
        while i < LINES[l].len as usize {
            through[LINES[l].points[i].0 as usize] |= 1 << l;
            i += 1;
        }
        l += 1;
    }
    through
};

const LINE_REACH: [PointSet; GRID_POINTS] = {
    let mut reach = [PointSet(0); GRID_POINTS];
    let mut l = 0;
    while l < LINES.len() {
        let mut i = 0;
        while i < LINES[l].len as usize {
            reach[LINES[l].points[i].0 as usize].0 |= LINES[l].mask.0;
            i += 1;
        }
        l += 1;
    }
    reach
};

/// For each grid index, the sandwiches with that point in the middle and how many there are
/// (at most one per line through it).
static SANDWICHES_AROUND: [([Sandwich; 4], usize); GRID_POINTS] = {
    let unused = LINES[0].sandwiches[0];
    let mut around = [([unused; 4], 0); GRID_POINTS];
    let mut l = 0;
    while l < LINES.len() {
        let line = LINES[l];
        let mut i = 0;
        while i + 2 < line.len as usize {
            let sandwich = line.sandwiches[i];
            let entry = &mut around[sandwich.middle.0 as usize];
            entry.0[entry.1] = sandwich;
            entry.1 += 1;
            i += 1;
        }
        l += 1;
    }
    around
};

/// A direction of a step on the grid, as a shift of the bit index, and the points from which a
/// line step in that direction exists.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Step {
    pub shift: i8,
    pub from: u32,
}

impl Step {
    /// The destinations of a step from every point of `origins` that can take it.
    #[inline(always)]
    pub const fn targets(self, origins: u32) -> u32 {
        let origins = origins & self.from;
        if self.shift > 0 {
            origins << self.shift
        } else {
            origins >> -self.shift
        }
    }
}

/// The eight steps a piece may take, derived from the adjacency.
pub(crate) const STEPS: [Step; 8] = {
    let shifts: [i8; 8] = [1, -1, 5, -5, 6, -6, 4, -4];
    let deltas: [(i8, i8); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (-1, 1),
        (1, -1),
    ];
    let mut steps = [Step { shift: 0, from: 0 }; 8];
    let mut d = 0;
    while d < 8 {
        steps[d].shift = shifts[d];
        let mut p = 0;
        while p < GRID_POINTS {
            let file = (p % 5) as i8 + deltas[d].0;
            let row = (p / 5) as i8 + deltas[d].1;
            if POINTS.0 & (1 << p) != 0 && file >= 0 && file < 5 && row >= 0 && row < 5 {
                let target = (row * 5 + file) as usize;
                if ADJACENT[p].0 & (1 << target) != 0 {
                    steps[d].from |= 1 << p;
                }
            }
            p += 1;
        }
        d += 1;
    }
    steps
};

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str) -> Point {
        name.parse().unwrap()
    }

    #[test]
    fn twenty_one_points_without_corners() {
        assert_eq!(Point::all().count(), 21);
        for corner in ["a1", "e1", "a5", "e5", "f3", "a0", "c", "c33"] {
            assert!(corner.parse::<Point>().is_err(), "{corner}");
        }
        for point in Point::all() {
            assert_eq!(point.to_string().parse::<Point>().unwrap(), point);
        }
    }

    #[test]
    fn a_point_is_found_again_from_its_index_and_from_its_file_and_row() {
        for point in Point::all() {
            assert_eq!(Point::from_index(point.index()), Some(point));
            assert_eq!(Point::new(point.file(), point.row()), Some(point));
        }
        assert_eq!(Point::from_index(6), Some(p("b2")));
        assert_eq!((p("d2").file(), p("d2").row()), (3, 1));
        for off_the_board in [0, 4, 20, 24, GRID_POINTS, 99] {
            assert_eq!(Point::from_index(off_the_board), None, "{off_the_board}");
        }
    }

    #[test]
    fn a_set_mirrors_point_by_point_and_files_select_their_points() {
        for point in Point::all() {
            assert_eq!(point.set().mirrored(), point.mirrored().set());
        }
        let some = p("a2").set().with(p("c3")).with(p("d5"));
        assert_eq!(some.mirrored(), p("e2").set().with(p("c3")).with(p("b5")));
        assert_eq!(ALL_POINTS.mirrored(), ALL_POINTS);
        let left = PointSet::files(0, 2);
        assert_eq!(left.len(), 13);
        assert!(Point::all().all(|point| left.contains(point) == (point.file() <= 2)));
        assert_eq!(PointSet::files(2, 2).len(), 5);
        assert_eq!(PointSet::files(0, 4), ALL_POINTS);
    }

    #[test]
    fn the_mirror_and_the_opposite_point_map_the_board_onto_itself() {
        assert_eq!(p("a3").mirrored(), p("e3"));
        assert_eq!(p("b1").mirrored(), p("d1"));
        assert_eq!(p("c4").mirrored(), p("c4"));
        assert_eq!(p("b1").opposite(), p("d5"));
        assert_eq!(p("a3").opposite(), p("e3"));
        assert_eq!(p("c3").opposite(), p("c3"));
        for point in Point::all() {
            assert_eq!(point.mirrored().mirrored(), point);
            assert_eq!(point.opposite().opposite(), point);
            let (mirrored, opposite) = (point.mirrored(), point.opposite());
            assert_eq!(
                (mirrored.file(), mirrored.row()),
                (4 - point.file(), point.row())
            );
            assert_eq!(
                (opposite.file(), opposite.row()),
                (4 - point.file(), 4 - point.row())
            );
            // The lines, and so the neighbours, map onto lines.
            let neighbours = |p: Point, image: fn(Point) -> Point| -> Vec<Point> {
                let mut images: Vec<Point> = p.neighbours().into_iter().map(image).collect();
                images.sort();
                images
            };
            let sorted = |set: PointSet| -> Vec<Point> { set.into_iter().collect() };
            assert_eq!(
                neighbours(point, Point::mirrored),
                sorted(mirrored.neighbours())
            );
            assert_eq!(
                neighbours(point, Point::opposite),
                sorted(opposite.neighbours())
            );
        }
    }

    #[test]
    fn neighbour_counts_match_the_rules() {
        assert_eq!(p("c3").neighbours().len(), 8);
        for name in ["a2", "e2", "a4", "e4", "b1", "d1", "b5", "d5"] {
            assert_eq!(p(name).neighbours().len(), 2, "{name}");
        }
        assert!(p("b2").neighbours().contains(p("c1")));
        assert!(
            !p("b3").neighbours().contains(p("c4")),
            "odd points have no diagonals"
        );
        let edges: u32 = Point::all().map(|q| q.neighbours().len()).sum::<u32>() / 2;
        // rows 16, columns 16, diagonals 12
        assert_eq!(edges, 44);
    }

    #[test]
    fn adjacency_is_symmetric_and_steps_agree_with_it() {
        for a in Point::all() {
            for b in a.neighbours() {
                assert!(b.neighbours().contains(a));
            }
            let by_steps: u32 = STEPS
                .iter()
                .fold(0, |acc, s| acc | s.targets(a.set().bits()));
            assert_eq!(PointSet(by_steps), a.neighbours(), "{a}");
        }
    }

    #[test]
    fn sandwiches_are_the_runs_of_three_along_the_lines() {
        // Six lines of five points hold three each, ten lines of three points one each.
        let on_lines: usize = LINES.iter().map(|line| line.sandwiches().len()).sum();
        let around_points: usize = Point::all().map(|point| point.sandwiches().len()).sum();
        assert_eq!((on_lines, around_points), (28, 28));
        for point in Point::all() {
            for sandwich in point.sandwiches() {
                assert_eq!(sandwich.middle(), point);
                assert_eq!(sandwich.ends() & point.neighbours(), sandwich.ends());
                assert_eq!(sandwich.points(), sandwich.ends().with(point));
                assert_eq!(sandwich.line() & sandwich.points(), sandwich.points());
            }
        }
        assert_eq!(p("c3").sandwiches().len(), 4);
        assert!(p("b1").sandwiches().is_empty());
        let ends: Vec<PointSet> = p("b2").sandwiches().iter().map(|s| s.ends()).collect();
        let expected =
            [["a2", "c2"], ["b1", "b3"], ["a3", "c1"]].map(|[a, b]| p(a).set() | p(b).set());
        assert_eq!(ends, expected);
        assert_eq!(p("b2").sandwiches()[0].line(), LINES[1].mask());
    }

    #[test]
    fn lines_through_a_point() {
        assert_eq!(p("c3").line_count(), 4);
        assert_eq!(p("a2").line_count(), 2);
        assert_eq!(p("b3").line_count(), 2);
        assert_eq!(p("a3").line_count(), 4);
        // Row 3, column c and the two short diagonals b2-d4 and b4-d2.
        assert_eq!(p("c3").line_reach().len(), 13);
        let reach: Vec<String> = p("b1")
            .line_reach()
            .into_iter()
            .map(|q| q.to_string())
            .collect();
        assert_eq!(reach, ["b1", "c1", "d1", "b2", "b3", "b4", "b5"]);
    }
}
