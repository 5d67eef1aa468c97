//! A game record: the start position, the plies played, undo and redo, and the result,
//! including what positions alone cannot see: the two draw rules (repetition and the quiet
//! limit) and an end the players chose (a resignation, a draw agreed).

use std::fmt;

use crate::board::PointSet;
use crate::color::Color;
use crate::concession::Concession;
use crate::draw::{DrawReason, QUIET_LIMIT, REPETITION_LIMIT};
use crate::error::IllegalMove;
use crate::fen::FenError;
use crate::moves::{BadNotation, Ply};
use crate::position::Position;
use crate::result::GameResult;

/// A ply as played: who played it and what it captured.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct PlayedPly {
    pub ply: Ply,
    pub mover: Color,
    pub captured: PointSet,
}

impl fmt::Display for PlayedPly {
    /// The ply in notation, with its captures marked: `c3b3`, `b2c2x(c3)`, `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.ply)?;
        if !self.captured.is_empty() {
            let points: Vec<String> = self.captured.into_iter().map(|p| p.to_string()).collect();
            write!(f, "x({})", points.join(","))?;
        }
        Ok(())
    }
}

/// Why a ply could not be played.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum PlayError {
    GameOver(GameResult),
    Illegal(IllegalMove),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(result) => write!(f, "the game is over ({result})"),
            PlayError::Illegal(illegal) => illegal.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game from a start position: the positions reached, the plies between them, the plies that
/// were undone (for redo), and the result.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "GameRecord", into = "GameRecord"))]
pub struct Game {
    /// `history[0]` is the start; `history[i + 1]` follows `plies[i]`; the last is the current.
    history: Vec<Position>,
    plies: Vec<PlayedPly>,
    /// Undone plies, the most recently undone last.
    redo: Vec<Ply>,
    /// How the players ended the game, if they did: final, no ply is undone after it.
    concession: Option<Concession>,
    result: Option<GameResult>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A new game from the start position.
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game starting from any position.
    pub fn from_position(start: Position) -> Game {
        let mut game = Game {
            history: vec![start],
            plies: Vec::new(),
            redo: Vec::new(),
            concession: None,
            result: None,
        };
        game.result = game.compute_result();
        game
    }

    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        Position::from_fen(fen).map(Game::from_position)
    }

    pub fn start_position(&self) -> &Position {
        &self.history[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.history.last().expect("history always holds the start")
    }

    /// Every position from the start to the current one (for repetition checks).
    pub fn history(&self) -> &[Position] {
        &self.history
    }

    /// The plies played from the start to the current position.
    pub fn plies(&self) -> &[PlayedPly] {
        &self.plies
    }

    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// How the players ended the game, if they did.
    pub fn concession(&self) -> Option<Concession> {
        self.concession
    }

    /// Ends the game as the players choose: a side resigns, or both agree to a draw. Final: the
    /// undone plies are forgotten and none is taken back after it.
    pub fn concede(&mut self, concession: Concession) -> Result<GameResult, PlayError> {
        if let Some(result) = self.result {
            return Err(PlayError::GameOver(result));
        }
        self.redo.clear();
        self.concession = Some(concession);
        self.result = self.compute_result();
        Ok(concession.result())
    }

    /// Plays a move or a pass, forgetting any undone plies.
    pub fn play(&mut self, ply: Ply) -> Result<PlayedPly, PlayError> {
        let played = self.advance(ply)?;
        self.redo.clear();
        Ok(played)
    }

    fn advance(&mut self, ply: Ply) -> Result<PlayedPly, PlayError> {
        if let Some(result) = self.result {
            return Err(PlayError::GameOver(result));
        }
        let mut next = *self.position();
        let mover = next.turn();
        let captured = match ply {
            Ply::Move(m) => next.play(m).map_err(PlayError::Illegal)?,
            Ply::Pass => {
                next.pass();
                PointSet::EMPTY
            }
        };
        let played = PlayedPly {
            ply,
            mover,
            captured,
        };
        self.history.push(next);
        self.plies.push(played);
        self.result = self.compute_result();
        Ok(played)
    }

    /// Takes back the last ply; it can be redone until another ply is played. Nothing is taken
    /// back once the players ended the game.
    pub fn undo(&mut self) -> Option<PlayedPly> {
        if self.concession.is_some() {
            return None;
        }
        let played = self.plies.pop()?;
        self.history.pop();
        self.redo.push(played.ply);
        self.result = self.compute_result();
        Some(played)
    }

    /// Plays again the last undone ply.
    pub fn redo(&mut self) -> Option<PlayedPly> {
        let ply = self.redo.pop()?;
        let played = self.advance(ply).ok();
        debug_assert!(played.is_some(), "an undone ply is legal again");
        played
    }

    /// The game as it stood after its first `plies` plies (all of them, when it has fewer): its
    /// own positions, not played again, without the plies undone since or how the players ended
    /// it.
    pub fn after(&self, plies: usize) -> Game {
        let plies = plies.min(self.plies.len());
        let mut game = Game {
            history: self.history[..=plies].to_vec(),
            plies: self.plies[..plies].to_vec(),
            redo: Vec::new(),
            concession: None,
            result: None,
        };
        game.result = game.compute_result();
        game
    }

    pub fn can_undo(&self) -> bool {
        !self.plies.is_empty() && self.concession.is_none()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// How many times the current position has occurred since the start, counting this one.
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        self.history
            .iter()
            .filter(|p| p.hash() == current.hash() && p.same_placement(current))
            .count()
    }

    /// Enemy soldiers captured by `color` so far (the treasure is not counted).
    pub fn soldiers_captured_by(&self, color: Color) -> u32 {
        let start = self.start_position().soldiers(color.other()).len();
        start - self.position().soldiers(color.other()).len()
    }

    fn compute_result(&self) -> Option<GameResult> {
        let position = self.position();
        if let Some(win) = position.win() {
            return Some(GameResult::Win(win));
        }
        if self.repetitions() >= REPETITION_LIMIT {
            Some(GameResult::Draw(DrawReason::Repetition))
        } else if position.quiet_plies() >= QUIET_LIMIT {
            Some(GameResult::Draw(DrawReason::Quiet))
        } else {
            self.concession.map(Concession::result)
        }
    }

    /// The game as text: start FEN and plies in notation, for saving.
    pub fn to_record(&self) -> GameRecord {
        GameRecord {
            start: self.start_position().to_fen(),
            plies: self.plies.iter().map(|p| p.ply.to_string()).collect(),
            redo: self.redo.iter().rev().map(|p| p.to_string()).collect(),
            end: self.concession.map(|c| c.to_string()),
        }
    }

    /// Rebuilds a game from its record, replaying and checking every ply. An end that does not
    /// read, or comes after the game was over, is left out: the game is kept as played.
    pub fn from_record(record: &GameRecord) -> Result<Game, RecordError> {
        let mut game = Game::from_fen(&record.start).map_err(RecordError::Fen)?;
        for (index, text) in record.plies.iter().chain(&record.redo).enumerate() {
            let ply: Ply = text.parse().map_err(RecordError::Notation)?;
            game.advance(ply)
                .map_err(|error| RecordError::Ply { index, error })?;
        }
        for _ in &record.redo {
            game.undo();
        }
        if let Some(concession) = record.end.as_deref().and_then(|end| end.parse().ok()) {
            // Refused only for a game already over, which keeps its own result.
            let _ = game.concede(concession);
        }
        Ok(game)
    }
}

/// A game as plain text fields, the form in which games are saved.
#[derive(Clone, Debug, Eq, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// The start position in FEN.
    pub start: String,
    /// The plies played, in notation.
    pub plies: Vec<String>,
    /// The plies undone and not yet redone, in the order they would be redone.
    #[cfg_attr(feature = "serde", serde(default))]
    pub redo: Vec<String>,
    /// How the players ended the game, in notation (`red-resigns`, `draw-agreed`), if they did.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub end: Option<String>,
}

/// A saved game that does not replay.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum RecordError {
    Fen(FenError),
    Notation(BadNotation),
    Ply { index: usize, error: PlayError },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Fen(error) => error.fmt(f),
            RecordError::Notation(error) => error.fmt(f),
            RecordError::Ply { index, error } => write!(f, "ply {}: {error}", index + 1),
        }
    }
}

impl std::error::Error for RecordError {}

impl TryFrom<GameRecord> for Game {
    type Error = RecordError;
    fn try_from(record: GameRecord) -> Result<Game, RecordError> {
        Game::from_record(&record)
    }
}

impl From<Game> for GameRecord {
    fn from(game: Game) -> GameRecord {
        game.to_record()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::START_FEN;
    use crate::win::WinReason;

    fn ply(text: &str) -> Ply {
        text.parse().unwrap()
    }

    #[test]
    fn undo_and_redo_walk_the_plies() {
        let mut game = Game::new();
        game.play(ply("c1c2")).unwrap();
        game.play(ply("pass")).unwrap();
        assert_eq!(game.undo().map(|p| p.ply), Some(Ply::Pass));
        assert!(game.can_redo());
        assert_eq!(game.redo().map(|p| p.ply), Some(Ply::Pass));
        assert_eq!(game.plies().len(), 2);
        game.undo();
        game.play(ply("b4c4")).unwrap();
        assert!(!game.can_redo(), "a new ply forgets the undone ones");
    }

    #[test]
    fn illegal_plies_leave_the_game_unchanged() {
        let mut game = Game::new();
        let before = game.clone();
        assert!(matches!(game.play(ply("c1c3")), Err(PlayError::Illegal(_))));
        assert_eq!(game, before);
    }

    #[test]
    fn undoing_a_win_reopens_the_game() {
        let mut game = Game::from_fen("B../...../.RT../...R./... r - 0").unwrap();
        game.play(ply("d2d3")).unwrap();
        let win = game.result().and_then(|r| match r {
            GameResult::Win(win) => Some(win.reason),
            GameResult::Draw(_) => None,
        });
        assert_eq!(win, Some(WinReason::Treasure));
        assert_eq!(game.result().unwrap().to_string(), "red treasure");
        game.undo();
        assert_eq!(game.result(), None);
    }

    #[test]
    fn a_resignation_or_an_agreed_draw_ends_the_game_for_good() {
        let mut game = Game::new();
        game.play(ply("c1c2")).unwrap();
        game.play(ply("b4b3")).unwrap();
        game.undo();
        let resigned = game.concede(Concession::Resigned(Color::Black)).unwrap();
        assert_eq!(resigned.winner(), Some(Color::Red));
        assert_eq!(game.result(), Some(resigned));
        assert!(!game.can_undo() && !game.can_redo());
        assert_eq!(game.undo(), None);
        assert!(matches!(
            game.play(ply("b4b3")),
            Err(PlayError::GameOver(_))
        ));
        assert!(game.concede(Concession::DrawAgreed).is_err());
        assert_eq!(game.plies().len(), 1);
        let mut agreed = Game::new();
        agreed.concede(Concession::DrawAgreed).unwrap();
        assert_eq!(
            agreed.result(),
            Some(GameResult::Draw(DrawReason::Agreement))
        );
    }

    #[test]
    fn the_record_keeps_the_players_end_and_reads_without_one() {
        let mut game = Game::new();
        game.play(ply("c1c2")).unwrap();
        game.concede(Concession::Resigned(Color::Red)).unwrap();
        let record = game.to_record();
        assert_eq!(record.end.as_deref(), Some("red-resigns"));
        assert_eq!(Game::from_record(&record), Ok(game.clone()));
        // Unknown, or after a game that was over: left out, the plies kept.
        for end in ["nonsense", ""] {
            let odd = GameRecord {
                end: Some(end.into()),
                ..record.clone()
            };
            let read = Game::from_record(&odd).unwrap();
            assert_eq!((read.result(), read.plies().len()), (None, 1), "{end:?}");
        }
        let won = GameRecord {
            start: "B../...../.RT../...R./... r - 0".into(),
            plies: vec!["d2d3".into()],
            redo: Vec::new(),
            end: Some("red-resigns".into()),
        };
        let read = Game::from_record(&won).unwrap();
        assert_eq!(read.result().unwrap().to_string(), "red treasure");
    }

    #[test]
    fn the_game_after_some_plies_is_the_one_they_played() {
        let fen = "B../...../..T../RB.R./... r - 0";
        let mut game = Game::from_fen(fen).unwrap();
        game.play(ply("d2c2")).unwrap();
        game.play(ply("pass")).unwrap();
        game.concede(Concession::Resigned(Color::Black)).unwrap();
        let mut one = Game::from_fen(fen).unwrap();
        one.play(ply("d2c2")).unwrap();
        assert_eq!(game.after(1), one);
        assert_eq!(game.after(0), Game::from_fen(fen).unwrap());
        let whole = game.after(9);
        assert_eq!(
            (whole.plies(), whole.position()),
            (game.plies(), game.position())
        );
        assert_eq!(whole.result(), None, "how the players ended it is left out");
        let mut won = Game::from_fen("B../...../.RT../...R./... r - 0").unwrap();
        won.play(ply("d2d3")).unwrap();
        assert_eq!(won.after(1).result(), won.result());
    }

    #[test]
    fn captured_counts_follow_the_board() {
        let mut game = Game::from_fen("B../...../..T../RB.R./... r - 0").unwrap();
        game.play(ply("d2c2")).unwrap();
        assert_eq!(game.soldiers_captured_by(Color::Red), 1);
        assert_eq!(game.soldiers_captured_by(Color::Black), 0);
        assert_eq!(game.plies()[0].to_string(), "d2c2x(b2)");
    }

    #[test]
    fn corrupt_records_are_rejected_with_the_reason() {
        let record = |start: &str, plies: &[&str]| GameRecord {
            start: start.into(),
            plies: plies.iter().map(|s| s.to_string()).collect(),
            redo: Vec::new(),
            end: None,
        };
        assert!(matches!(
            Game::from_record(&record("nonsense", &[])),
            Err(RecordError::Fen(_))
        ));
        assert!(matches!(
            Game::from_record(&record(START_FEN, &["c1c2", "zz"])),
            Err(RecordError::Notation(_))
        ));
        let err = Game::from_record(&record(START_FEN, &["c1c2", "c2c3"])).unwrap_err();
        assert!(matches!(err, RecordError::Ply { index: 1, .. }), "{err}");
    }
}
