//! The engine's work as messages, the same natively and on the web: a [`Job`] in, its
//! [`Finding`]s out, worked out to its end by [`run_job`] as one plain blocking call on the
//! thread it is given — natively a thread of the app's, on the web the engine's Web Worker
//! (`crates/engine-worker`), never the page's thread. Both are serde types, so that a job
//! crosses to a worker and its findings come back as JSON.

use std::sync::Arc;

use duobao_rules::{Game, Move, Ply};
use duobao_tablebase::Tablebase;
use serde::{Deserialize, Serialize};

use crate::analysis::{run_analysis_blocking, AnalysisEvent, AnalysisSettings};
use crate::cancel::CancelToken;
use crate::endgames::table_solution;
use crate::level::{Level, LevelPlayer};
use crate::outcome::Outcome;
use crate::review::{PlyReview, Review};
use crate::think::ThinkError;

/// Work for the engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Job {
    /// The move `level` plays in the game: one [`Finding::Move`].
    Move { game: Game, level: Level, seed: u64 },
    /// The hint: the move `level` suggests, with what the endgame tables say of it: one
    /// [`Finding::Hint`].
    Hint { game: Game, level: Level, seed: u64 },
    /// The review of every ply of the game, in order: a [`Finding::Ply`] each, then
    /// [`Finding::Done`] (also when it broke off early).
    Review { game: Game },
    /// The analysis of the game's position: [`Finding::Analysis`] as they come, until cancelled
    /// or nothing is left to find, then [`Finding::Done`].
    Analyse {
        game: Game,
        settings: AnalysisSettings,
    },
}

/// What the engine found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Finding {
    Move(Result<Move, ThinkError>),
    Hint {
        /// The suggested move, or why there is none.
        best: Result<Move, ThinkError>,
        /// What the endgame tables say of the position after it, when they decide it.
        forced: Option<ForcedLine>,
    },
    Ply(PlyReview),
    Analysis(AnalysisEvent),
    /// The job has nothing more to say.
    Done,
}

/// A position the endgame tables decide: its outcome for the side to move and the line to the
/// end (the winner's shortest win against the longest defence).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedLine {
    pub outcome: Outcome,
    pub line: Vec<Move>,
}

/// Works `job` out to its end on this thread, handing each finding to `found` as it comes,
/// reading the endgame `tables` when given. Stops early when `cancel` is raised (what was found
/// by then stands; a move or hint is then [`ThinkError::Cancelled`]). A panic is the caller's
/// to catch: natively the thread's runner turns it into a failure, on the web the worker dies
/// and is started again.
pub fn run_job(
    job: Job,
    tables: Option<Arc<Tablebase>>,
    cancel: &CancelToken,
    found: &mut dyn FnMut(Finding),
) {
    match job {
        Job::Move { game, level, seed } => {
            found(Finding::Move(best_move(&game, level, seed, tables, cancel)));
        }
        Job::Hint { game, level, seed } => {
            let best = best_move(&game, level, seed, tables.clone(), cancel);
            let forced = match (&best, tables) {
                (Ok(hinted), Some(tables)) => forced_after(&tables, &game, *hinted),
                _ => None,
            };
            found(Finding::Hint { best, forced });
        }
        Job::Review { game } => {
            let mut review = Review::new(&game);
            review.set_tablebase(tables);
            while let Some(ply) = review.step_until(cancel) {
                found(Finding::Ply(ply));
            }
            found(Finding::Done);
        }
        Job::Analyse { game, settings } => {
            run_analysis_blocking(&game, settings, tables, cancel, &mut |event| {
                found(Finding::Analysis(event));
            });
            found(Finding::Done);
        }
    }
}

/// The move `level` plays in the game's position, searched here and now.
fn best_move(
    game: &Game,
    level: Level,
    seed: u64,
    tables: Option<Arc<Tablebase>>,
    cancel: &CancelToken,
) -> Result<Move, ThinkError> {
    if cancel.is_cancelled() {
        return Err(ThinkError::Cancelled);
    }
    if game.is_over() {
        return Err(ThinkError::NoMove);
    }
    if let Some(known) = level.proven_move(game) {
        return Ok(known);
    }
    let mut player = LevelPlayer::new(level, seed);
    if level.reads_endgame_tables() {
        player.set_tablebase(tables);
    }
    let (chosen, _) = player.choose_reporting(game, cancel);
    match chosen {
        _ if cancel.is_cancelled() => Err(ThinkError::Cancelled),
        Some(chosen) => Ok(chosen),
        None => Err(ThinkError::NoMove),
    }
}

/// What the tables say of the position after `hinted`, when they decide it.
fn forced_after(tables: &Tablebase, game: &Game, hinted: Move) -> Option<ForcedLine> {
    let mut after = game.clone();
    after.play(Ply::Move(hinted)).ok()?;
    let solution = table_solution(tables, &after)?;
    Some(ForcedLine {
        outcome: solution.outcome,
        line: solution.line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn findings(job: Job) -> Vec<Finding> {
        let mut all = Vec::new();
        run_job(job, None, &CancelToken::new(), &mut |f| all.push(f));
        all
    }

    #[test]
    fn a_job_and_its_findings_cross_as_json_unchanged() {
        let mut game = Game::new();
        game.play(Ply::Move("c3c2".parse().unwrap())).unwrap();
        let job = Job::Review { game };
        let text = serde_json::to_string(&job).unwrap();
        assert_eq!(serde_json::from_str::<Job>(&text).unwrap(), job);
        let found = findings(job);
        assert!(matches!(found.as_slice(), [Finding::Ply(_), Finding::Done]));
        for finding in found {
            let text = serde_json::to_string(&finding).unwrap();
            assert_eq!(serde_json::from_str::<Finding>(&text).unwrap(), finding);
        }
    }

    #[test]
    fn a_move_job_answers_with_a_legal_move_and_a_cancelled_one_with_cancelled() {
        let game = Game::new();
        let job = Job::Move {
            game: game.clone(),
            level: Level::Easy,
            seed: 1,
        };
        match findings(job.clone()).as_slice() {
            [Finding::Move(Ok(m))] => assert!(game.position().legal_moves().contains(m)),
            other => panic!("{other:?}"),
        }
        let cancel = CancelToken::new();
        cancel.cancel();
        let mut found = Vec::new();
        run_job(job, None, &cancel, &mut |f| found.push(f));
        assert_eq!(found, [Finding::Move(Err(ThinkError::Cancelled))]);
    }
}
