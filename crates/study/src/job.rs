//! The engine's work as messages, the same natively and on the web: a [`Job`] in, its
//! [`Finding`]s out, worked out in the blocking steps of a [`JobRun`] (or all at once by
//! [`run_job`]) on the thread it is given — natively a thread of the app's, on the web the
//! engine's Web Worker (`crates/engine-worker`), never the page's thread. Both are serde types,
//! so that a job crosses to a worker as JSON, and its findings come back in postcard's binary
//! form ([`Finding::to_bytes`]), whose reader is a fraction of JSON's in the page's download.

use std::sync::Arc;

use duobao_rules::{Game, Move, Ply};
use duobao_tablebase::Tablebase;
use serde::{Deserialize, Serialize};

use crate::analysis::{analyse_lines, analyse_verdict, AnalysisEvent, AnalysisSettings};
use crate::endgames::table_solution;
use crate::puzzles::{Puzzle, PuzzleAttempt, PuzzleStep};
use crate::review::{KnownOutcome, PlyReview, Review};
use duobao_engine::proven;
use duobao_engine::CancelToken;
use duobao_engine::Level;
use duobao_engine::Outcome;
use duobao_engine::RootShare;
use duobao_engine::{choose_in_share, choose_move, ShareMove, ThinkError};

/// Work for the engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Job {
    /// The move `level` plays in the game: one [`Finding::Move`].
    Move {
        game: Game,
        level: Level,
        seed: u64,
    },
    /// The hint: the move `level` suggests, with what the endgame tables say of it: one
    /// [`Finding::Hint`].
    /// Master's best move among one `share` of the root moves, with its score and depth, for
    /// several workers searching side by side ([`choose_in_share`]): one
    /// [`Finding::ShareMove`].
    MoveShare {
        game: Game,
        level: Level,
        share: RootShare,
    },
    Hint {
        game: Game,
        level: Level,
        seed: u64,
    },
    /// A puzzle's move judged: the player's `m` after the moves made so far from the puzzle's
    /// position (`played`: the player's and the defender's replies): one [`Finding::Puzzle`].
    PuzzleMove {
        puzzle: Puzzle,
        played: Vec<Move>,
        m: Move,
    },
    /// The review of every ply of the game, in order: a [`Finding::Ply`] each, then
    /// [`Finding::Done`] (also when it broke off early). `known`: exact outcomes of some of
    /// its positions found elsewhere (the tablebase service), taken as the tables' are.
    Review {
        game: Game,
        #[serde(default)]
        known: Vec<KnownOutcome>,
    },
    /// The engine's lines of the game's position ([`analyse_lines`](crate::analyse_lines)): a
    /// [`Finding::Analysis`] of [`AnalysisEvent::Lines`] after each completed depth, until the
    /// settings' limit, until cancelled or until every line is decided, then [`Finding::Done`].
    /// The other half of an analysis, beside [`Job::Verdict`] on a thread of its own.
    Lines {
        game: Game,
        settings: AnalysisSettings,
    },
    /// The exact verdict on the game's position
    /// ([`analyse_verdict`](crate::analyse_verdict)): a [`Finding::Analysis`] of
    /// [`AnalysisEvent::Verdict`] as soon as something is known and whenever it changes, until
    /// the settings' horizon, node budget or time limit, or until cancelled, then
    /// [`Finding::Done`].
    Verdict {
        game: Game,
        settings: AnalysisSettings,
    },
}

/// What the engine found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Finding {
    Move(Result<Move, ThinkError>),
    ShareMove(Result<ShareMove, ThinkError>),
    Hint {
        /// The suggested move, or why there is none.
        best: Result<Move, ThinkError>,
        /// What the endgame tables say of the position after it, when they decide it.
        forced: Option<ForcedLine>,
        /// When the game is a line of the proven win from the start ([`proven`]) and the move is
        /// its move: the plies in which the mover then wins by force, counting the move.
        wins_by_force: Option<u32>,
    },
    /// What a puzzle's move did, and for a wrong one, the defender's line that refutes it (see
    /// [`PuzzleAttempt::refutation`]); a move after moves that do not belong to the puzzle is
    /// wrong, with no refutation.
    Puzzle {
        step: PuzzleStep,
        refutation: Vec<Move>,
    },
    Ply(PlyReview),
    Analysis(AnalysisEvent),
    /// The job has nothing more to say.
    Done,
}

impl Finding {
    /// The finding as the engine's worker posts it to the page (postcard: compact, and a
    /// fraction of JSON's code to read).
    pub fn to_bytes(&self) -> Result<Vec<u8>, postcard::Error> {
        postcard::to_allocvec(self)
    }

    /// Reads a finding the engine's worker posted; an error for bytes that are not one.
    pub fn from_bytes(bytes: &[u8]) -> Result<Finding, postcard::Error> {
        postcard::from_bytes(bytes)
    }
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
    let mut run = JobRun::new(job, tables);
    while run.step(cancel, found) {}
}

/// A job worked out in steps, so that its thread may wait between two of them (while the
/// player steps through the review, the review's thread takes no next step, leaving the
/// device's cores to the screen): a review a ply a step, any other job whole in one.
pub struct JobRun {
    stage: Stage,
}

enum Stage {
    Whole(Box<Job>, Option<Arc<Tablebase>>),
    Reviewing(Box<Review>),
    Finished,
}

impl JobRun {
    /// `job`, not started yet, reading the endgame `tables` when given.
    pub fn new(job: Job, tables: Option<Arc<Tablebase>>) -> JobRun {
        let stage = match job {
            Job::Review { game, known } => {
                let mut review = Review::new(&game);
                review.set_tablebase(tables);
                review.set_known(known);
                Stage::Reviewing(Box::new(review))
            }
            job => Stage::Whole(Box::new(job), tables),
        };
        JobRun { stage }
    }

    /// Works the next step out, handing its findings to `found` (as [`run_job`] does); `false`
    /// once the job has said all it has to say, its last finding handed over. A review's step
    /// is its next ply ([`Finding::Ply`]), or the end ([`Finding::Done`]: every ply judged, or
    /// `cancel` raised).
    pub fn step(&mut self, cancel: &CancelToken, found: &mut dyn FnMut(Finding)) -> bool {
        match std::mem::replace(&mut self.stage, Stage::Finished) {
            Stage::Whole(job, tables) => {
                work_whole(*job, tables, cancel, found);
                false
            }
            Stage::Reviewing(mut review) => match review.step_until(cancel) {
                Some(ply) => {
                    found(Finding::Ply(ply));
                    self.stage = Stage::Reviewing(review);
                    true
                }
                None => {
                    found(Finding::Done);
                    false
                }
            },
            Stage::Finished => false,
        }
    }
}

/// Works `job` out whole.
fn work_whole(
    job: Job,
    tables: Option<Arc<Tablebase>>,
    cancel: &CancelToken,
    found: &mut dyn FnMut(Finding),
) {
    match job {
        Job::Move { game, level, seed } => {
            found(Finding::Move(choose_move(
                &game, level, seed, tables, cancel,
            )));
        }
        Job::MoveShare { game, level, share } => {
            found(Finding::ShareMove(choose_in_share(
                &game, level, share, tables, cancel,
            )));
        }
        Job::Hint { game, level, seed } => {
            let best = choose_move(&game, level, seed, tables.clone(), cancel);
            let forced = match (&best, tables) {
                (Ok(hinted), Some(tables)) => forced_after(&tables, &game, *hinted),
                _ => None,
            };
            let wins_by_force = best
                .as_ref()
                .ok()
                .and_then(|&hinted| proven_win(&game, hinted));
            found(Finding::Hint {
                best,
                forced,
                wins_by_force,
            });
        }
        Job::PuzzleMove { puzzle, played, m } => {
            let judged = PuzzleAttempt::after(&puzzle, &played).map(|mut attempt| {
                let step = attempt.play(m);
                let refutation = match step {
                    PuzzleStep::Wrong => attempt.refutation(m),
                    _ => Vec::new(),
                };
                (step, refutation)
            });
            let (step, refutation) = judged.unwrap_or((PuzzleStep::Wrong, Vec::new()));
            found(Finding::Puzzle { step, refutation });
        }
        // `JobRun::new` takes a review a ply a step; whole, it is those steps to the end.
        job @ Job::Review { .. } => run_job(job, tables, cancel, found),
        Job::Lines { game, settings } => {
            analyse_lines(&game, settings, tables, cancel, &mut |lines| {
                found(Finding::Analysis(AnalysisEvent::Lines(lines)));
            });
            found(Finding::Done);
        }
        Job::Verdict { game, settings } => {
            analyse_verdict(&game, settings, tables.as_deref(), cancel, &mut |verdict| {
                found(Finding::Analysis(AnalysisEvent::Verdict(verdict)));
            });
            found(Finding::Done);
        }
    }
}

/// The plies of the proven win from the start that `m` begins, when the game is one of its
/// lines and `m` its move; a win at once is not one (it is told by how it wins).
fn proven_win(game: &Game, m: Move) -> Option<u32> {
    let known = proven(game)?;
    match known.outcome {
        Outcome::Win { plies } if plies > 1 && known.line.first() == Some(&m) => Some(plies),
        _ => None,
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
    use crate::analysis::{AnalysisLimit, AnalysisVerdict, EngineLines, LineValue};

    fn findings(job: Job) -> Vec<Finding> {
        let mut all = Vec::new();
        run_job(job, None, &CancelToken::new(), &mut |f| all.push(f));
        all
    }

    /// The job's findings, after checking that the job (as JSON) and each finding (as bytes)
    /// cross unchanged, as they do to and from the web's worker.
    fn findings_across_worker(job: Job) -> Vec<Finding> {
        let text = serde_json::to_string(&job).unwrap();
        assert_eq!(serde_json::from_str::<Job>(&text).unwrap(), job);
        let found = findings(job);
        for finding in &found {
            let bytes = finding.to_bytes().unwrap();
            assert_eq!(&Finding::from_bytes(&bytes).unwrap(), finding);
        }
        found
    }

    #[test]
    fn bytes_that_are_no_finding_are_an_error() {
        let done = Finding::Done.to_bytes().unwrap();
        for bytes in [&[][..], &[200, 1, 2][..], &[done[0] + 1][..]] {
            assert!(Finding::from_bytes(bytes).is_err(), "{bytes:?}");
        }
        assert_eq!(Finding::from_bytes(&done).unwrap(), Finding::Done);
    }

    #[test]
    fn a_review_job_crosses_to_the_worker_and_finds_its_ply_then_done() {
        let mut game = Game::new();
        game.play(Ply::Move("c3c2".parse().unwrap())).unwrap();
        let found = findings_across_worker(Job::Review {
            game,
            known: Vec::new(),
        });
        assert!(matches!(found.as_slice(), [Finding::Ply(_), Finding::Done]));
    }

    #[test]
    fn a_review_runs_a_ply_a_step_and_another_job_whole_in_one() {
        let mut game = Game::new();
        for m in ["c3c2", "c5c4", "b2b3"] {
            game.play(Ply::Move(m.parse().unwrap())).unwrap();
        }
        let review = Job::Review {
            game: game.clone(),
            known: Vec::new(),
        };
        let mut run = JobRun::new(review.clone(), None);
        let cancel = CancelToken::new();
        let mut stepped = Vec::new();
        let mut steps = 0;
        loop {
            let mut this_step = Vec::new();
            let more = run.step(&cancel, &mut |f| this_step.push(f));
            steps += 1;
            assert_eq!(this_step.len(), 1, "one finding a step: {this_step:?}");
            stepped.extend(this_step);
            if !more {
                break;
            }
        }
        assert_eq!(steps, 4, "three plies, then the end");
        assert_eq!(stepped, findings(review));
        assert!(!run.step(&cancel, &mut |f| panic!("a finished job found {f:?}")));

        let mut whole = JobRun::new(
            Job::Move {
                game,
                level: Level::Easy,
                seed: 1,
            },
            None,
        );
        let mut found = Vec::new();
        assert!(!whole.step(&cancel, &mut |f| found.push(f)));
        assert!(
            matches!(found.as_slice(), [Finding::Move(Ok(_))]),
            "{found:?}"
        );
    }

    #[test]
    fn an_analysis_is_two_jobs_the_lines_and_the_verdict_each_ending_with_done() {
        // A shipped puzzle: Red wins in 3 plies with c3b4.
        let game = Game::from_fen("BBB/B..R./RTRBR/..R../.RR r L 7").unwrap();
        let settings = AnalysisSettings {
            lines: 2,
            limit: AnalysisLimit::Depth(4),
            ..AnalysisSettings::default()
        };
        let lines = findings_across_worker(Job::Lines {
            game: game.clone(),
            settings,
        });
        let (done, depths) = lines.split_last().unwrap();
        assert_eq!(done, &Finding::Done);
        let depths: Vec<&EngineLines> = depths
            .iter()
            .map(|finding| match finding {
                Finding::Analysis(AnalysisEvent::Lines(lines)) => lines,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            depths.iter().map(|lines| lines.depth).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        let deepest = depths.last().unwrap();
        assert_eq!(deepest.lines.len(), 2);
        assert_eq!(deepest.lines[0].value, LineValue::Win { plies: 3 });

        let verdicts = findings_across_worker(Job::Verdict { game, settings });
        let unknown_to = |horizon| {
            Finding::Analysis(AnalysisEvent::Verdict(AnalysisVerdict {
                outcome: Outcome::Unknown,
                line: Vec::new(),
                horizon,
            }))
        };
        let won = Finding::Analysis(AnalysisEvent::Verdict(AnalysisVerdict {
            outcome: Outcome::Win { plies: 3 },
            line: ["c3b4", "b3b2", "a3a2"]
                .map(|m| m.parse().unwrap())
                .to_vec(),
            horizon: 3,
        }));
        assert_eq!(verdicts, [unknown_to(1), unknown_to(2), won, Finding::Done]);
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

    #[test]
    fn on_the_proven_win_the_hint_says_in_how_many_plies_its_move_wins() {
        let hint = |game: Game| {
            findings_across_worker(Job::Hint {
                game,
                level: Level::Master,
                seed: 0,
            })
        };
        let start = Game::new();
        assert_eq!(
            hint(start.clone()),
            [Finding::Hint {
                best: Ok("c3c2".parse().unwrap()),
                forced: None,
                wins_by_force: Some(21),
            }]
        );
        // Two timeout passes leave the proven win's lines: nothing is said to be proven.
        let mut passed = start;
        passed.play(Ply::Pass).unwrap();
        passed.play(Ply::Pass).unwrap();
        match hint(passed).as_slice() {
            [Finding::Hint {
                best: Ok(_),
                wins_by_force: None,
                ..
            }] => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_puzzle_move_is_judged_after_the_moves_so_far() {
        let puzzle: Puzzle = "BBB/B..R./RTRBR/..R../.RR r L 7;2;c3b4 b3b2 a3a2"
            .parse()
            .unwrap();
        let mv = |text: &str| -> Move { text.parse().unwrap() };
        let judge = |played: &[&str], m: &str| {
            findings_across_worker(Job::PuzzleMove {
                puzzle: puzzle.clone(),
                played: played.iter().map(|m| mv(m)).collect(),
                m: mv(m),
            })
        };
        assert_eq!(
            judge(&[], "c3b4"),
            [Finding::Puzzle {
                step: PuzzleStep::Correct { reply: mv("b3b2") },
                refutation: Vec::new(),
            }]
        );
        assert_eq!(
            judge(&["c3b4", "b3b2"], "a3a2"),
            [Finding::Puzzle {
                step: PuzzleStep::Solved,
                refutation: Vec::new(),
            }]
        );
        match judge(&[], "c3c4").as_slice() {
            [Finding::Puzzle {
                step: PuzzleStep::Wrong,
                refutation,
            }] => assert!(!refutation.is_empty()),
            other => panic!("{other:?}"),
        }
        // Moves that are not the puzzle's game: wrong, nothing to refute.
        assert_eq!(
            judge(&["c1c3"], "a3a2"),
            [Finding::Puzzle {
                step: PuzzleStep::Wrong,
                refutation: Vec::new(),
            }]
        );
    }
}
