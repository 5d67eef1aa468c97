//! The lessons of the guided first game: each a real position with one instruction and a goal,
//! and the judge of the player's move. A move is judged by what it did on the rules engine —
//! where the piece went, what it captured, how the game stands — never by its notation, and a
//! wrong move gets its reason, also read off the engine. Free of any UI.

use duobao_rules::{
    Game, GameResult, Move, Piece, Ply, Point, PointSet, Position, WinReason, LINES,
};

use crate::i18n::Key;

/// What the lesson's move must achieve.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Goal {
    /// A soldier of the mover ends on this point.
    Reach(&'static str),
    /// The treasure is moved.
    MoveTreasure,
    /// An enemy soldier is captured.
    Capture,
    /// The treasure is captured (by any means).
    CaptureTreasure,
    /// The treasure is captured by moving it between the mover's own soldiers.
    DeliverTreasure,
    /// The opponent is left without a legal move.
    Blockade,
}

#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Lesson {
    /// Stable name, stored in the progress and used by tests (`lesson-capture`).
    pub id: &'static str,
    pub fen: &'static str,
    pub title: Key,
    pub instruction: Key,
    /// Said when the goal is reached: what the player just saw happen.
    pub success: Key,
    pub goal: Goal,
}

impl Lesson {
    pub fn position(&self) -> Position {
        Position::from_fen(self.fen).expect("a lesson's position is valid")
    }
}

/// The lessons, in order.
pub const LESSONS: [Lesson; 7] = [
    Lesson {
        id: "move",
        fen: "BBB/...../....T/.R.R./.R. r - 0",
        title: Key::LessonMoveTitle,
        instruction: Key::LessonMoveInstruction,
        success: Key::LessonMoveSuccess,
        goal: Goal::Reach("c3"),
    },
    Lesson {
        id: "lock",
        fen: "BBB/BB.BB/..T../RR.RR/RRR r - 0",
        title: Key::LessonLockTitle,
        instruction: Key::LessonLockInstruction,
        success: Key::LessonLockSuccess,
        goal: Goal::MoveTreasure,
    },
    Lesson {
        id: "capture",
        fen: "B.B/...../..T../RB.R./.R. r - 0",
        title: Key::LessonCaptureTitle,
        instruction: Key::LessonCaptureInstruction,
        success: Key::LessonCaptureSuccess,
        goal: Goal::Capture,
    },
    Lesson {
        id: "blocked",
        fen: "B../.RB../...RT/RB.RB/... r - 0",
        title: Key::LessonBlockedTitle,
        instruction: Key::LessonBlockedInstruction,
        success: Key::LessonBlockedSuccess,
        goal: Goal::Capture,
    },
    Lesson {
        id: "treasure",
        fen: "BBB/BB.BB/.RT../...R./R.. r - 0",
        title: Key::LessonTreasureTitle,
        instruction: Key::LessonTreasureInstruction,
        success: Key::LessonTreasureSuccess,
        goal: Goal::CaptureTreasure,
    },
    Lesson {
        id: "deliver",
        fen: "B.B/..T../.R.R./...../.R. r - 0",
        title: Key::LessonDeliverTitle,
        instruction: Key::LessonDeliverInstruction,
        success: Key::LessonDeliverSuccess,
        goal: Goal::DeliverTreasure,
    },
    Lesson {
        id: "blockade",
        fen: "BR./...../RR.../TR.../... r - 0",
        title: Key::LessonBlockadeTitle,
        instruction: Key::LessonBlockadeInstruction,
        success: Key::LessonBlockadeSuccess,
        goal: Goal::Blockade,
    },
];

/// Why a move missed the lesson's goal.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Mistake {
    /// The piece went to this point instead of the goal's.
    WentElsewhere(Point),
    /// A soldier moved where the treasure should have.
    MovedSoldier,
    /// Nothing was captured.
    NothingCaptured,
    /// A sandwich was closed but this piece, also on its line, blocked it.
    Blocked(Point),
    /// The treasure is still on the board.
    TreasureNotCaptured,
    /// The treasure was captured, but not by moving it between the mover's soldiers.
    NotDelivered,
    /// The opponent can still make this move.
    OpponentCanMove(Move),
}

/// How the lesson's move went.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Verdict {
    Passed,
    Missed(Mistake),
}

/// Judges the first ply of `game`, a lesson's game from its position; `None` before any move.
pub fn judge(lesson: &Lesson, game: &Game) -> Option<Verdict> {
    let played = game.plies().first()?;
    let Ply::Move(m) = played.ply else {
        return None;
    };
    let before = game.start_position();
    let after = game.history()[1];
    let mover = played.mover;
    let moved = before.piece_at(m.from());
    let treasure_won = matches!(
        game.result(),
        Some(GameResult::Win(win)) if win.winner == mover && win.reason == WinReason::Treasure
    );
    let verdict = match lesson.goal {
        Goal::Reach(name) => {
            let goal: Point = name.parse().expect("a lesson's point is a point");
            if m.to() == goal && moved == Some(Piece::soldier(mover)) {
                Verdict::Passed
            } else {
                Verdict::Missed(Mistake::WentElsewhere(m.to()))
            }
        }
        Goal::MoveTreasure if moved == Some(Piece::Treasure) => Verdict::Passed,
        Goal::MoveTreasure => Verdict::Missed(Mistake::MovedSoldier),
        Goal::Capture if !played.captured.is_empty() => Verdict::Passed,
        Goal::Capture => Verdict::Missed(
            blocker(before, m, &after).map_or(Mistake::NothingCaptured, Mistake::Blocked),
        ),
        Goal::CaptureTreasure if treasure_won => Verdict::Passed,
        Goal::CaptureTreasure => Verdict::Missed(Mistake::TreasureNotCaptured),
        Goal::DeliverTreasure if treasure_won && moved == Some(Piece::Treasure) => Verdict::Passed,
        Goal::DeliverTreasure if treasure_won => Verdict::Missed(Mistake::NotDelivered),
        Goal::DeliverTreasure => Verdict::Missed(Mistake::TreasureNotCaptured),
        Goal::Blockade => match after.legal_moves().first() {
            None if !after.soldiers(mover.other()).is_empty() => Verdict::Passed,
            None => Verdict::Missed(Mistake::TreasureNotCaptured),
            Some(&reply) => Verdict::Missed(Mistake::OpponentCanMove(reply)),
        },
    };
    Some(verdict)
}

/// After `m` from `before` (giving `after`), a piece that stopped a capture: on a line the move
/// touched, the mover's soldiers stand around an enemy piece, but this other piece is on the
/// line too.
fn blocker(before: &Position, m: Move, after: &Position) -> Option<Point> {
    let mover = before.turn();
    let own = after.soldiers(mover);
    let enemy = after.soldiers(mover.other());
    let touched = m.from().set().union(m.to().set());
    let occupied = after.occupied();
    LINES
        .iter()
        .filter(|line| !line.mask().intersection(touched).is_empty())
        .flat_map(|line| line.sandwiches().iter())
        .filter(|sandwich| {
            sandwich.ends().difference(own).is_empty() && enemy.contains(sandwich.middle())
        })
        .find_map(|sandwich| {
            let others: PointSet = sandwich
                .line()
                .intersection(occupied)
                .difference(sandwich.points());
            others.first()
        })
}

/// The first lesson not yet done, given which are.
pub fn next_lesson(is_done: impl Fn(&str) -> bool) -> Option<usize> {
    LESSONS.iter().position(|lesson| !is_done(lesson.id))
}

/// How many of the lessons are done, and how many there are.
pub fn lessons_done(is_done: impl Fn(&str) -> bool) -> (usize, usize) {
    let done = LESSONS.iter().filter(|lesson| is_done(lesson.id)).count();
    (done, LESSONS.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_rules::Color;

    fn lesson(id: &str) -> &'static Lesson {
        LESSONS.iter().find(|l| l.id == id).unwrap()
    }

    fn play(lesson: &Lesson, m: &str) -> Verdict {
        let mut game = Game::from_position(lesson.position());
        game.play(m.parse().unwrap())
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", lesson.id));
        judge(lesson, &game).unwrap()
    }

    fn point(name: &str) -> Point {
        name.parse().unwrap()
    }

    #[test]
    fn lessons_done_counts_only_the_lessons_there_are() {
        let done = |id: &str| id == LESSONS[0].id || id == "retired-lesson";
        assert_eq!(lessons_done(done), (1, LESSONS.len()));
    }

    #[test]
    fn every_lesson_is_a_real_position_the_learner_can_solve() {
        let mut ids = std::collections::HashSet::new();
        for lesson in &LESSONS {
            assert!(ids.insert(lesson.id), "{} twice", lesson.id);
            let position = lesson.position();
            assert_eq!(position.turn(), Color::Red, "{}", lesson.id);
            assert!(position.win().is_none(), "{} is over", lesson.id);
            assert_eq!(Position::from_fen(lesson.fen).unwrap().to_fen(), lesson.fen);
            let passing: Vec<Move> = position
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| {
                    let mut game = Game::from_position(position);
                    game.play(m.into()).unwrap();
                    judge(lesson, &game) == Some(Verdict::Passed)
                })
                .collect();
            assert!(!passing.is_empty(), "{} cannot be passed", lesson.id);
            assert!(
                passing.len() < position.legal_moves().len(),
                "{} cannot be missed",
                lesson.id
            );
        }
    }

    #[test]
    fn no_move_no_verdict() {
        let game = Game::from_position(LESSONS[0].position());
        assert_eq!(judge(&LESSONS[0], &game), None);
    }

    #[test]
    fn moving_along_a_line() {
        let l = lesson("move");
        assert_eq!(play(l, "b2c3"), Verdict::Passed);
        assert_eq!(play(l, "d2c3"), Verdict::Passed, "any soldier reaching c3");
        assert_eq!(
            play(l, "b2b3"),
            Verdict::Missed(Mistake::WentElsewhere(point("b3")))
        );
    }

    #[test]
    fn the_treasure_moves_and_locks() {
        let l = lesson("lock");
        assert_eq!(play(l, "c3c4"), Verdict::Passed);
        assert_eq!(play(l, "b2c2"), Verdict::Missed(Mistake::MovedSoldier));
        let mut game = Game::from_position(l.position());
        game.play("c3b3".parse().unwrap()).unwrap();
        assert!(game.position().treasure_locked());
    }

    #[test]
    fn capturing_by_sandwich() {
        let l = lesson("capture");
        assert_eq!(play(l, "d2c2"), Verdict::Passed);
        assert_eq!(play(l, "d2d3"), Verdict::Missed(Mistake::NothingCaptured));
    }

    #[test]
    fn a_fourth_piece_blocks_and_is_named() {
        let l = lesson("blocked");
        assert_eq!(
            play(l, "d2c2"),
            Verdict::Missed(Mistake::Blocked(point("e2"))),
            "row 2 holds a fourth piece"
        );
        assert_eq!(play(l, "d3d4"), Verdict::Passed);
        assert_eq!(play(l, "a2a3"), Verdict::Missed(Mistake::NothingCaptured));
    }

    #[test]
    fn the_treasure_is_captured_like_a_soldier() {
        let l = lesson("treasure");
        assert_eq!(play(l, "d2d3"), Verdict::Passed);
        assert_eq!(
            play(l, "b1c1"),
            Verdict::Missed(Mistake::TreasureNotCaptured)
        );
    }

    #[test]
    fn delivering_the_treasure_between_own_soldiers_wins() {
        let l = lesson("deliver");
        assert_eq!(play(l, "c4c3"), Verdict::Passed);
        assert_eq!(
            play(l, "c4b4"),
            Verdict::Missed(Mistake::TreasureNotCaptured)
        );
    }

    #[test]
    fn a_blockade_leaves_no_move() {
        let l = lesson("blockade");
        assert_eq!(play(l, "b3b4"), Verdict::Passed);
        match play(l, "c5d5") {
            Verdict::Missed(Mistake::OpponentCanMove(reply)) => {
                let mut game = Game::from_position(l.position());
                game.play("c5d5".parse().unwrap()).unwrap();
                assert!(game.position().is_legal(reply));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_next_lesson_is_the_first_not_done() {
        assert_eq!(next_lesson(|_| false), Some(0));
        assert_eq!(next_lesson(|id| id == "move"), Some(1));
        assert_eq!(next_lesson(|_| true), None);
    }
}
