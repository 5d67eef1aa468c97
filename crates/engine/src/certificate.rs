//! Proof certificates: a forced win written down so that the rules alone can check it, with no
//! search. A certificate names a start position, a ply limit, and the winner's move in every
//! position of its strategy (the winner being the side to move at the start); the loser's
//! replies are not stored, since the checker tries every legal one itself.
//!
//! # Why a map from positions is enough, repetition included
//! Moves are keyed by the position without its quiet count (the pieces, the side to move, the
//! lock: what the repetition rule compares), so the strategy is a function of the position and
//! transpositions share one entry. The checker replays every line through [`Game`], which
//! applies both draw rules as a game does, and insists that each line ends in the winner's win
//! within the limit. Memoising checked positions is sound because the strategy cannot repeat a
//! position on any line that passes: if a line of a fixed, position-keyed strategy met a
//! position twice, the loser could play the same loop again and again, and the line would run
//! past the limit (or end in a draw) — which the check of that position's subtree would have
//! reported. So a checked subtree does not depend on the history that leads to it.
//!
//! # The file format
//! Four text lines — `duobao proof 1`, `start FEN`, `plies N`, `moves COUNT` — then COUNT
//! entries in increasing order, each the difference from the previous one as a little-endian
//! base-128 varint. An entry is a 59-bit number: the position's 49-bit key (Red and Black
//! soldiers as 21-bit sets over the board's points in order, the treasure's point number or 31,
//! the lock bit, the side to move) above a 10-bit move (origin and destination point numbers).
//!
//! # The strategy form, for carrying
//! The file form keys each move by its position, which a reader needs no rules to follow; what
//! the app carries is smaller: the **strategy form** ([`Certificate::to_strategy_bytes`]), the
//! same header under its own first line (`duobao strategy 1`), then one byte per stored move:
//! its place among the position's legal moves, in the order a walk from the start meets the
//! winner's positions (the winner's stored move, then each of the loser's legal replies in turn,
//! each position once, a finished game ending its line). Reading it walks the same way with the
//! rules and rebuilds the keys: 9,461 moves take 9 KB rather than 42 (3 KB gzipped rather than
//! 21). Only positions the strategy reaches are kept, which are all the checker ever looks at.
//!
//! # Playing it
//! [`Certificate::START_WIN`] is the committed proof that Red wins from the start. A game that
//! [`follows`](Certificate::follows) a certificate is one of the lines the checker replayed, so
//! its guarantee holds there; [`Certificate::distances`] gives the plies left to the win.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use duobao_rules::{Color, Game, GameResult, Move, Ply, Point, PointSet, Position, ALL_POINTS};

/// The winner's move in each position of a forced win, from a start position, within a limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    start: Position,
    plies: u32,
    moves: BTreeMap<u64, Move>,
}

/// What a successful check saw.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// Positions checked where the winner moved, and where the loser did. A position counts
    /// once per quiet count, and again when it is met later in a line than before (with fewer
    /// plies left).
    pub winner_nodes: usize,
    pub loser_nodes: usize,
    /// The longest line to a win, in plies.
    pub longest: u32,
}

/// Why a certificate does not prove its win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CertificateError {
    /// The bytes are not a certificate.
    Format(String),
    /// A position of the strategy, reached by `line`, has no stored move.
    Missing { position: Position, line: Vec<Move> },
    /// The stored move is not legal there.
    Illegal {
        position: Position,
        line: Vec<Move>,
        stored: Move,
    },
    /// A line ends other than in the winner's win.
    NotAWin {
        position: Position,
        line: Vec<Move>,
        result: GameResult,
    },
    /// A line reaches the limit with the game still going.
    TooLong { position: Position, line: Vec<Move> },
}

impl fmt::Display for CertificateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |f: &mut fmt::Formatter<'_>, position: &Position, line: &[Move]| {
            let line: Vec<String> = line.iter().map(Move::to_string).collect();
            write!(f, " in {position} (after '{}')", line.join(" "))
        };
        match self {
            CertificateError::Format(why) => write!(f, "not a proof certificate: {why}"),
            CertificateError::Missing { position, line } => {
                f.write_str("no move stored")?;
                at(f, position, line)
            }
            CertificateError::Illegal {
                position,
                line,
                stored,
            } => {
                write!(f, "the stored move {stored} is illegal")?;
                at(f, position, line)
            }
            CertificateError::NotAWin {
                position,
                line,
                result,
            } => {
                write!(f, "a line ends in '{result}', not a win")?;
                at(f, position, line)
            }
            CertificateError::TooLong { position, line } => {
                write!(f, "no win within {} plies", line.len())?;
                at(f, position, line)
            }
        }
    }
}

impl std::error::Error for CertificateError {}

/// The plies left to the win in each position of a certificate's strategy, the loser defending
/// longest: see [`Certificate::distances`].
#[derive(Clone, Debug, Default)]
pub struct Distances(HashMap<u64, u32>);

impl Distances {
    /// The plies to the win from `position` (its quiet count aside), with either side to move;
    /// `None` for a position the strategy does not reach, and for a finished game.
    pub fn get(&self, position: &Position) -> Option<u32> {
        self.0.get(&key(position)).copied()
    }
}

const MAGIC: &str = "duobao proof 1";
const STRATEGY_MAGIC: &str = "duobao strategy 1";
/// The treasure's number in a key when it is off the board.
const NO_TREASURE: u64 = 31;
const POINT_BITS: u32 = 5;
const MOVE_BITS: u32 = 2 * POINT_BITS;

impl Certificate {
    /// The proof that Red wins from the start within 21 plies with `c3c2`, in the file form:
    /// written by `duobao solve --certificate`, checked by this crate's tests (`tests/proof.rs`),
    /// played by Master.
    pub const START_WIN: &'static [u8] = include_bytes!("../data/start-win-21.proof");

    /// [`Certificate::START_WIN`] in the strategy form (see the module's documentation), as
    /// Master carries it: `tests/proof.rs` checks that it is the same strategy.
    pub const START_WIN_STRATEGY: &'static [u8] = include_bytes!("../data/start-win-21.strategy");

    /// An empty certificate for a win of the side to move in `start` within `plies`.
    pub fn new(start: Position, plies: u32) -> Certificate {
        Certificate {
            start,
            plies,
            moves: BTreeMap::new(),
        }
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The number of stored moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The winner's move in `position` (its quiet count aside).
    pub fn get(&self, position: &Position) -> Option<Move> {
        self.moves.get(&key(position)).copied()
    }

    /// Stores the winner's move in `position`, replacing any other.
    pub fn insert(&mut self, position: &Position, m: Move) {
        self.moves.insert(key(position), m);
    }

    pub fn remove(&mut self, position: &Position) -> Option<Move> {
        self.moves.remove(&key(position))
    }

    /// Whether the game so far is one of the strategy's lines: it started at the certificate's
    /// start, with no history before it, every ply was a move (a timeout pass is no reply the
    /// checker tries), and the winner always played the stored move. On such a line the
    /// checker's guarantee holds: the stored moves win within the limit, draw rules included.
    pub fn follows(&self, game: &Game) -> bool {
        let winner = self.start.turn();
        let mut replay = Game::from_position(self.start);
        *game.start_position() == self.start
            && game.plies().iter().all(|played| {
                let Ply::Move(m) = played.ply else {
                    return false;
                };
                let stored = played.mover != winner || self.get(replay.position()) == Some(m);
                stored && replay.play(played.ply).is_ok()
            })
    }

    /// The plies to the win from every position the strategy reaches from its start: at the
    /// winner's turn one more than after its stored move, at the loser's one more than after
    /// its longest defence. Worked out once over the whole strategy, each position once
    /// (transpositions share it). Positions of lines that fail the check get none.
    pub fn distances(&self) -> Distances {
        let mut distances = Distances::default();
        self.distance(&self.start, self.plies, &mut distances);
        distances
    }

    /// The plies to the win from `position`, within `left`, stored in `distances`; `None` when
    /// a line from it is not the winner's win within `left` (the bound also ends any loop).
    fn distance(&self, position: &Position, left: u32, distances: &mut Distances) -> Option<u32> {
        if let Some(win) = position.win() {
            return (win.winner == self.start.turn()).then_some(0);
        }
        if let Some(known) = distances.get(position) {
            return (known <= left).then_some(known);
        }
        let left = left.checked_sub(1)?;
        let mut after = |m: Move| {
            let mut next = *position;
            next.play_unchecked(m);
            self.distance(&next, left, distances)
        };
        let plies = if position.turn() == self.start.turn() {
            let stored = self.get(position).filter(|&m| position.is_legal(m))?;
            after(stored)?
        } else {
            let replies = position.legal_moves();
            let mut longest = 0;
            for &reply in &replies {
                longest = longest.max(after(reply)?);
            }
            longest
        } + 1;
        distances.0.insert(key(position), plies);
        Some(plies)
    }

    /// The header of either form, its first line `magic`.
    fn header(&self, magic: &str, moves: usize) -> Vec<u8> {
        format!(
            "{magic}\nstart {}\nplies {}\nmoves {moves}\n",
            self.start, self.plies
        )
        .into_bytes()
    }

    /// The file form (see the module's documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = self.header(MAGIC, self.moves.len());
        let mut previous = 0;
        for (&key, &m) in &self.moves {
            let entry = key << MOVE_BITS | move_code(m);
            write_varint(&mut bytes, entry - previous);
            previous = entry;
        }
        bytes
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Certificate, CertificateError> {
        let (mut certificate, count, mut rest) = Certificate::read_header(bytes, MAGIC)?;
        let mut entry = 0u64;
        for _ in 0..count {
            let delta = read_varint(&mut rest).ok_or_else(|| bad("the moves end early"))?;
            if delta == 0 && !certificate.is_empty() {
                return Err(bad("a position is stored twice"));
            }
            entry = entry
                .checked_add(delta)
                .ok_or_else(|| bad("an entry is out of range"))?;
            let m = decode_move(entry & ((1 << MOVE_BITS) - 1))
                .ok_or_else(|| bad("a move names no point"))?;
            certificate.moves.insert(entry >> MOVE_BITS, m);
        }
        if !rest.is_empty() {
            return Err(bad("bytes after the last move"));
        }
        Ok(certificate)
    }

    /// An empty certificate as the header of `bytes` (its first line `magic`) describes it, the
    /// number of moves it announces and the bytes after it.
    fn read_header<'b>(
        bytes: &'b [u8],
        magic: &str,
    ) -> Result<(Certificate, usize, &'b [u8]), CertificateError> {
        let mut rest = bytes;
        let mut line = |name: &str| -> Result<String, CertificateError> {
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .ok_or_else(|| bad("the header ends early"))?;
            let text =
                std::str::from_utf8(&rest[..end]).map_err(|_| bad("the header is not text"))?;
            rest = &rest[end + 1..];
            match text.strip_prefix(name) {
                Some(value) => Ok(value.to_string()),
                None => Err(CertificateError::Format(format!("expected '{name}…'"))),
            }
        };
        if !line(magic)?.is_empty() {
            return Err(bad("unknown version"));
        }
        let start = Position::from_fen(&line("start ")?)
            .map_err(|e| CertificateError::Format(format!("bad start: {e}")))?;
        let plies = line("plies ")?.parse().map_err(|_| bad("bad ply count"))?;
        let count = line("moves ")?.parse().map_err(|_| bad("bad move count"))?;
        Ok((Certificate::new(start, plies), count, rest))
    }

    /// The strategy form (see the module's documentation): each move the strategy reaches as its
    /// place among its position's legal moves. An error when the strategy reaches a position
    /// with no legal stored move, which no checked certificate does.
    pub fn to_strategy_bytes(&self) -> Result<Vec<u8>, CertificateError> {
        let mut places = Vec::with_capacity(self.moves.len());
        self.walk(|position| {
            let stored = self.get(position).filter(|&m| position.is_legal(m));
            let legal = position.legal_moves();
            let place = stored.and_then(|m| legal.iter().position(|&l| l == m));
            let place = place.ok_or_else(|| CertificateError::Missing {
                position: *position,
                line: Vec::new(),
            })?;
            places.push(place as u8);
            Ok(legal[place])
        })?;
        let mut bytes = self.header(STRATEGY_MAGIC, places.len());
        bytes.extend_from_slice(&places);
        Ok(bytes)
    }

    /// A certificate from its strategy form ([`Certificate::to_strategy_bytes`]), or why the
    /// bytes are not one.
    pub fn from_strategy_bytes(bytes: &[u8]) -> Result<Certificate, CertificateError> {
        let (mut certificate, count, places) = Certificate::read_header(bytes, STRATEGY_MAGIC)?;
        if places.len() != count {
            return Err(bad("not as many moves as the header says"));
        }
        let mut places = places.iter();
        let mut moves = BTreeMap::new();
        certificate.walk(|position| {
            let place = places.next().ok_or_else(|| bad("the moves end early"))?;
            let m = *position
                .legal_moves()
                .get(usize::from(*place))
                .ok_or_else(|| bad("a move's place is past the legal moves"))?;
            moves.insert(key(position), m);
            Ok(m)
        })?;
        // A place the walk never reached would be a move of a strategy other than this one.
        if places.next().is_some() {
            return Err(bad("more moves than the strategy reaches"));
        }
        certificate.moves = moves;
        Ok(certificate)
    }

    /// Walks the strategy from the start, each position once: at the winner's turn the move
    /// `choose` picks, at the loser's every legal reply in turn; a finished game ends a line.
    fn walk(
        &self,
        mut choose: impl FnMut(&Position) -> Result<Move, CertificateError>,
    ) -> Result<(), CertificateError> {
        let winner = self.start.turn();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![self.start];
        while let Some(position) = stack.pop() {
            if position.win().is_some() || !seen.insert(key(&position)) {
                continue;
            }
            let after = |m: Move| {
                let mut next = position;
                next.play_unchecked(m);
                next
            };
            if position.turn() == winner {
                stack.push(after(choose(&position)?));
            } else {
                // Reversed onto the stack, so that the first reply is walked first.
                stack.extend(position.legal_moves().iter().rev().map(|&m| after(m)));
            }
        }
        Ok(())
    }

    /// Replays every line of the strategy from the start through [`Game`]: the winner's stored
    /// move must be legal, every legal reply of the loser is tried, and every line must end in
    /// the winner's win within the limit.
    pub fn check(&self) -> Result<CheckReport, CertificateError> {
        let mut checker = Checker {
            certificate: self,
            winner: self.start.turn(),
            game: Game::from_position(self.start),
            line: Vec::new(),
            checked: HashMap::new(),
            report: CheckReport {
                winner_nodes: 0,
                loser_nodes: 0,
                longest: 0,
            },
        };
        checker.check()?;
        Ok(checker.report)
    }
}

struct Checker<'a> {
    certificate: &'a Certificate,
    winner: Color,
    game: Game,
    line: Vec<Move>,
    /// Each position (quiet count included) whose subtree passed, with the latest ply it passed
    /// at: it passes at that ply or earlier, with as many plies left or more.
    checked: HashMap<Position, u32>,
    report: CheckReport,
}

impl Checker<'_> {
    /// Checks the subtree of the game's current position.
    fn check(&mut self) -> Result<(), CertificateError> {
        let position = *self.game.position();
        let ply = self.line.len() as u32;
        if let Some(result) = self.game.result() {
            if result.winner() != Some(self.winner) {
                return Err(CertificateError::NotAWin {
                    position,
                    line: self.line.clone(),
                    result,
                });
            }
            self.report.longest = self.report.longest.max(ply);
            return Ok(());
        }
        if ply >= self.certificate.plies {
            return Err(CertificateError::TooLong {
                position,
                line: self.line.clone(),
            });
        }
        if self.checked.get(&position).is_some_and(|&at| ply <= at) {
            return Ok(());
        }
        if position.turn() == self.winner {
            let stored =
                self.certificate
                    .get(&position)
                    .ok_or_else(|| CertificateError::Missing {
                        position,
                        line: self.line.clone(),
                    })?;
            if !position.is_legal(stored) {
                return Err(CertificateError::Illegal {
                    position,
                    line: self.line.clone(),
                    stored,
                });
            }
            self.report.winner_nodes += 1;
            self.follow(stored)?;
        } else {
            self.report.loser_nodes += 1;
            for &reply in &position.legal_moves() {
                self.follow(reply)?;
            }
        }
        self.checked.insert(position, ply);
        Ok(())
    }

    fn follow(&mut self, m: Move) -> Result<(), CertificateError> {
        self.game
            .play(Ply::Move(m))
            .expect("the checker plays only legal moves");
        self.line.push(m);
        let checked = self.check();
        self.line.pop();
        self.game.undo();
        checked
    }
}

fn bad(why: &str) -> CertificateError {
    CertificateError::Format(why.to_string())
}

/// The position's key: what the repetition rule compares, as a number.
fn key(position: &Position) -> u64 {
    let rank = |set: PointSet| -> u64 {
        ALL_POINTS
            .into_iter()
            .enumerate()
            .filter(|&(_, point)| set.contains(point))
            .fold(0, |bits, (i, _)| bits | 1 << i)
    };
    let treasure = position
        .treasure()
        .map_or(NO_TREASURE, |p| number(p) as u64);
    let points = ALL_POINTS.len();
    rank(position.soldiers(Color::Red))
        | rank(position.soldiers(Color::Black)) << points
        | treasure << (2 * points)
        | u64::from(position.treasure_locked()) << (2 * points + POINT_BITS)
        | u64::from(position.turn() == Color::Black) << (2 * points + POINT_BITS + 1)
}

/// A point's place among the board's points, in their order.
fn number(point: Point) -> usize {
    ALL_POINTS
        .into_iter()
        .position(|p| p == point)
        .expect("a point is on the board")
}

fn move_code(m: Move) -> u64 {
    (number(m.from()) << POINT_BITS | number(m.to())) as u64
}

fn decode_move(code: u64) -> Option<Move> {
    let point = |n: u64| ALL_POINTS.into_iter().nth(n as usize);
    Some(Move::new(
        point(code >> POINT_BITS)?,
        point(code & ((1 << POINT_BITS) - 1))?,
    ))
}

fn write_varint(bytes: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        bytes.push(value as u8 | 0x80);
        value >>= 7;
    }
    bytes.push(value as u8);
}

fn read_varint(bytes: &mut &[u8]) -> Option<u64> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let (&byte, rest) = bytes.split_first()?;
        *bytes = rest;
        value |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Some(value);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_rules::DrawReason;

    /// A shipped puzzle: Red wins in 2 moves (3 plies), starting with c3b4.
    const WIN_IN_3: &str = "BBB/B..R./RTRBR/..R../.RR r L 7";

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    /// A move of the side to move that ends the game at once, found by the rules alone.
    fn winning_move(position: &Position) -> Option<Move> {
        position.legal_moves().iter().copied().find(|&m| {
            let mut after = *position;
            after.play_unchecked(m);
            after.count_moves() == 0
        })
    }

    /// The puzzle's whole proof: c3b4, then the win at once after every reply.
    fn win_in_3() -> Certificate {
        let start = Position::from_fen(WIN_IN_3).unwrap();
        let mut certificate = Certificate::new(start, 3);
        certificate.insert(&start, mv("c3b4"));
        let mut after = start;
        after.play_unchecked(mv("c3b4"));
        for &reply in &after.legal_moves() {
            let mut next = after;
            next.play_unchecked(reply);
            certificate.insert(&next, winning_move(&next).unwrap());
        }
        certificate
    }

    /// The position after the first of the loser's replies, with the line to it.
    fn after_first_reply(certificate: &Certificate) -> (Position, Vec<Move>) {
        let mut position = *certificate.start();
        position.play_unchecked(mv("c3b4"));
        let reply = position.legal_moves()[0];
        position.play_unchecked(reply);
        (position, vec![mv("c3b4"), reply])
    }

    #[test]
    fn a_complete_proof_passes_and_keeps_its_file_form() {
        let certificate = win_in_3();
        let report = certificate.check().unwrap();
        assert_eq!(report.longest, 3);
        assert_eq!(report.winner_nodes, certificate.len());
        let bytes = certificate.to_bytes();
        assert!(bytes.starts_with(format!("{MAGIC}\nstart {WIN_IN_3}\nplies 3\n").as_bytes()));
        assert_eq!(Certificate::from_bytes(&bytes), Ok(certificate));
    }

    #[test]
    fn a_missing_reply_is_named_with_its_position_and_line() {
        let mut certificate = win_in_3();
        let (position, line) = after_first_reply(&certificate);
        certificate.remove(&position).unwrap();
        let error = certificate.check().unwrap_err();
        assert_eq!(error, CertificateError::Missing { position, line });
        assert!(error.to_string().contains(&position.to_fen()), "{error}");
    }

    #[test]
    fn an_illegal_move_fails() {
        let mut certificate = win_in_3();
        let start = *certificate.start();
        certificate.insert(&start, mv("a2a3"));
        assert!(matches!(
            certificate.check(),
            Err(CertificateError::Illegal { line, .. }) if line.is_empty()
        ));
    }

    #[test]
    fn a_line_that_goes_on_past_the_limit_fails() {
        let certificate = win_in_3();
        let mut short = Certificate::new(*certificate.start(), 2);
        short.moves = certificate.moves.clone();
        assert!(matches!(
            short.check(),
            Err(CertificateError::TooLong { line, .. }) if line.len() == 2
        ));
        // A last move that does not win leaves the game going at the limit.
        let mut slow = certificate.clone();
        let (position, _) = after_first_reply(&certificate);
        let quiet = position
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| Some(m) != winning_move(&position))
            .unwrap();
        slow.insert(&position, quiet);
        assert!(matches!(
            slow.check(),
            Err(CertificateError::TooLong { line, .. }) if line.len() == 3
        ));
    }

    #[test]
    fn a_line_drawn_by_repetition_is_no_win() {
        // Black's only soldier can only step b1c1 and back, while Red's strategy shuffles the
        // treasure d3e3 and back: the start comes round a third time after 8 plies.
        let start = Position::from_fen(".../RR.../...T./.RRRR/B.R r - 0").unwrap();
        let mut certificate = Certificate::new(start, 20);
        certificate.insert(&start, mv("d3e3"));
        let mut turned = start;
        turned.play_unchecked(mv("d3e3"));
        turned.play_unchecked(mv("b1c1"));
        certificate.insert(&turned, mv("e3d3"));
        let error = certificate.check().unwrap_err();
        let CertificateError::NotAWin { line, result, .. } = &error else {
            panic!("{error}");
        };
        assert_eq!(*result, GameResult::Draw(DrawReason::Repetition));
        assert_eq!(line.len(), 8);
        assert!(error.to_string().contains("draw repetition"), "{error}");
    }

    #[test]
    fn distances_count_the_plies_to_the_win_against_the_longest_defence() {
        let certificate = win_in_3();
        let distances = certificate.distances();
        assert_eq!(distances.get(certificate.start()), Some(3));
        let (position, _) = after_first_reply(&certificate);
        assert_eq!(distances.get(&position), Some(1));
        let mut after = *certificate.start();
        after.play_unchecked(mv("c3b4"));
        assert_eq!(distances.get(&after), Some(2));
        // Outside the strategy, and a strategy with a hole, have none.
        after.play_unchecked(after.legal_moves()[0]);
        after.play_unchecked(after.legal_moves()[0]);
        assert_eq!(distances.get(&after), None);
        let mut holed = certificate.clone();
        holed.remove(&position).unwrap();
        assert_eq!(holed.distances().get(holed.start()), None);
    }

    #[test]
    fn a_game_follows_the_strategy_while_the_winner_plays_its_moves() {
        let certificate = win_in_3();
        let mut game = Game::from_position(*certificate.start());
        assert!(certificate.follows(&game));
        game.play(Ply::Move(mv("c3b4"))).unwrap();
        let reply = game.position().legal_moves()[0];
        game.play(Ply::Move(reply)).unwrap();
        assert!(certificate.follows(&game), "any reply of the loser");
        let mut passed = Game::from_position(*certificate.start());
        passed.play(Ply::Move(mv("c3b4"))).unwrap();
        passed.play(Ply::Pass).unwrap();
        assert!(
            !certificate.follows(&passed),
            "a pass is no reply it covers"
        );
        let mut other = Game::from_position(*certificate.start());
        let elsewhere = other.position().legal_moves()[0];
        assert_ne!(elsewhere, mv("c3b4"));
        other.play(Ply::Move(elsewhere)).unwrap();
        assert!(!certificate.follows(&other), "the winner left the strategy");
        assert!(!certificate.follows(&Game::new()), "another start");
    }

    #[test]
    fn bytes_that_are_no_certificate_are_refused() {
        let bytes = win_in_3().to_bytes();
        for bad in [&bytes[..bytes.len() - 1], &bytes[..10], b"duobao proof 2\n"] {
            assert!(matches!(
                Certificate::from_bytes(bad),
                Err(CertificateError::Format(_))
            ));
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Certificate::from_bytes(&longer).is_err());
    }
}
