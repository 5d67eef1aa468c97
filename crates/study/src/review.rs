//! Game review: for every ply of a game, how the mover stood before and after it, and a
//! verdict. Exact where the forced-win solver proves a result, else the search's score at a
//! fixed depth, so that a review is the same on every machine and every run.
//!
//! A **blunder** is only ever called on proof: the mover had a forced win and the move lets it
//! go, or the mover was not lost and after the move the opponent wins by force (both within the
//! solver's horizon). The other verdicts come from how much the search's score of the move falls
//! short of the best move's.
//!
//! In a game that is one of the lines of the proven win from the start ([`duobao_engine::proven`]),
//! the outcomes and the best move come from its certificate instead, exact however far the win
//! lies: Red's move there is the best, and a Red move off it is never called best.
//!
//! Given endgame tables ([`Review::set_tablebase`]), a position they hold is exact at any
//! distance, and the moves are scored by a search that reads them too.
//!
//! An app reviews off its thread one ply per [`Review::step_until`], which stops when
//! cancelled, showing [`Review::progress`]; the command line calls [`review_game`].

use std::fmt;
use std::sync::Arc;

use duobao_rules::{Color, Game, Move, Ply};
use duobao_tablebase::Tablebase;

use crate::endgames::table_solution;
use duobao_engine::proven;
use duobao_engine::CancelToken;
use duobao_engine::Outcome;
use duobao_engine::{Budget, Solution, Solver};
use duobao_engine::{SearchLimits, SearchResult, Searcher};

/// A score drop (hundredths of a soldier) up to which a move is still good.
const GOOD_DROP: i32 = 30;
/// Up to this drop a move is an inaccuracy; beyond, a mistake.
const INACCURACY_DROP: i32 = 100;
/// How much further than the horizon a review looks for a win that a move only made slower.
const SLOWER_WIN_PLIES: u32 = 4;
/// The search's table for one position: small, since each review search starts afresh (for
/// results that do not depend on what was reviewed before).
const SEARCH_TABLE_MEGABYTES: usize = 2;

/// How much work a review spends on each ply. Node and depth limits only, no clock: a review
/// must not depend on the machine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ReviewSettings {
    /// The solver's horizon in plies.
    pub horizon: u32,
    /// The solver's node budget per position.
    pub solver_nodes: u64,
    /// The depth of the search that scores the moves.
    pub search_depth: u32,
}

impl Default for ReviewSettings {
    fn default() -> Self {
        ReviewSettings {
            horizon: 11,
            solver_nodes: 2_000_000,
            search_depth: 6,
        }
    }
}

/// The judgement of a ply.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Verdict {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Verdict {
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Best => "best",
            Verdict::Good => "good",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The review of one ply.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlyReview {
    /// 1 for the game's first ply.
    pub number: usize,
    pub ply: Ply,
    pub mover: Color,
    /// The mover's outcome before the ply (with the best play) and after it: a proven win or
    /// loss, else the search's score.
    pub before: Outcome,
    pub after: Outcome,
    pub verdict: Verdict,
    /// The best move found in the position before the ply.
    pub best: Option<Move>,
    /// For a blunder, the proof: the line in which the opponent now wins after the ply, else
    /// the one in which the mover would have won instead of it. Empty otherwise.
    pub proof: Vec<Move>,
}

impl fmt::Display for PlyReview {
    /// `<ply> <move> <verdict> <before> <after>`, as the command line prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {} {}",
            self.number, self.ply, self.verdict, self.before, self.after
        )
    }
}

/// A review in progress, one ply per [`Review::step`].
pub struct Review {
    plies: Vec<Ply>,
    /// The game up to the next ply to review.
    replay: Game,
    settings: ReviewSettings,
    solver: Solver,
    /// The solver's answer for the replay's current position (found as the previous ply's
    /// "after").
    current: Option<Solution>,
    endgames: Option<Arc<Tablebase>>,
    known: Vec<KnownOutcome>,
}

impl Review {
    pub fn new(game: &Game) -> Review {
        Review::with_settings(game, ReviewSettings::default())
    }

    pub fn with_settings(game: &Game, settings: ReviewSettings) -> Review {
        Review {
            plies: game.plies().iter().map(|played| played.ply).collect(),
            replay: Game::from_position(*game.start_position()),
            settings,
            solver: Solver::new(),
            current: None,
            endgames: None,
            known: Vec::new(),
        }
    }

    /// Exact outcomes of the game's positions found elsewhere (a tablebase service): taken as
    /// the tables' are, where the solver would search.
    pub fn set_known(&mut self, known: Vec<KnownOutcome>) {
        self.known = known;
    }

    /// Endgame tables for the plies not yet reviewed, or none (the default).
    pub fn set_tablebase(&mut self, tables: Option<Arc<Tablebase>>) {
        self.endgames = tables;
    }

    /// Plies reviewed and plies in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.replay.plies().len(), self.plies.len())
    }

    /// Reviews the next ply; `None` when all are done.
    pub fn step(&mut self) -> Option<PlyReview> {
        self.step_until(&CancelToken::new())
    }

    /// Reviews the next ply, unless `cancel` is raised; `None` when all plies are done, or when
    /// it is: then nothing was reviewed, and a later step starts this ply again.
    pub fn step_until(&mut self, cancel: &CancelToken) -> Option<PlyReview> {
        let number = self.replay.plies().len() + 1;
        let ply = *self.plies.get(number - 1)?;
        let mover = self.replay.position().turn();
        let horizon = self.settings.horizon;
        let nodes = self.settings.solver_nodes;
        let solver = &mut self.solver;
        let endgames = self.endgames.as_ref();
        let known = &self.known;
        let mut solve = |game: &Game, horizon| {
            known_solution(known, game)
                .unwrap_or_else(|| solve_exactly(solver, endgames, nodes, game, horizon, cancel))
        };
        let before_game = self.replay.clone();
        let mut before_exact = match self
            .current
            .clone()
            .or_else(|| proven(&before_game).map(Solution::from))
        {
            Some(solution) => solution,
            None => solve(&before_game, horizon),
        };
        let scored = score_moves(&before_game, &self.settings, endgames, cancel);
        let best_score = scored.root_moves.first().map_or(0, |root| root.score);
        let mut after_game = before_game.clone();
        after_game
            .play(ply)
            .expect("a game's own plies replay from its start");
        let mut after_exact = match proven(&after_game).map(Solution::from) {
            Some(solution) => solution,
            None => solve(&after_game, horizon),
        };
        // Before calling a move a blunder, look as far as the claim needs: a win let go may
        // only have become slower, and a loss walked into may have been there already.
        match (before_exact.outcome, after_exact.outcome) {
            (Outcome::Win { .. }, after) if !after.is_loss() => {
                let deeper = solve(&after_game, horizon + SLOWER_WIN_PLIES);
                if deeper.outcome.is_loss() {
                    after_exact = deeper;
                }
            }
            (Outcome::Unknown, Outcome::Win { plies }) if before_exact.horizon <= plies => {
                before_exact = solve(&before_game, plies + 1);
            }
            _ => {}
        }
        let played_score = match ply {
            Ply::Move(m) => scored
                .root_moves
                .iter()
                .find(|root| root.mv == m)
                .map_or(best_score, |root| root.score),
            Ply::Pass => {
                let reply = score_moves(&after_game, &self.settings, endgames, cancel);
                -reply.root_moves.first().map_or(0, |root| root.score)
            }
        };
        if cancel.is_cancelled() {
            return None;
        }

        let before = before_exact.outcome.or_score(best_score);
        let after = after_exact.outcome.for_mover().or_score(played_score);
        let best = before_exact.line.first().copied().or(scored.best);
        let is_best = best.is_some_and(|m| Ply::Move(m) == ply);
        let drop = best_score - played_score;
        let verdict = match before {
            // A win beyond the horizon is the certificate's: a move the solver cannot judge is
            // not shown to let it go (Red's other first moves include wins in 25 plies), so it
            // is judged by its score, and it is not the best, the certificate's move being that.
            Outcome::Win { plies } if plies > horizon && !after.is_win() && !after.is_loss() => {
                judge(Outcome::Score(best_score), after, false, drop).max(Verdict::Good)
            }
            _ => judge(before, after, is_best, drop),
        };
        let proof = match verdict {
            Verdict::Blunder if after.is_loss() => after_exact.line.clone(),
            Verdict::Blunder => before_exact.line,
            _ => Vec::new(),
        };
        self.replay = after_game;
        self.current = Some(after_exact);
        Some(PlyReview {
            number,
            ply,
            mover,
            before,
            after,
            verdict,
            best,
            proof,
        })
    }
}

/// The exact outcome, for the side to move, of a game's position after `plies` of its plies,
/// known from outside the engine (the tablebase service the app asks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KnownOutcome {
    pub plies: usize,
    pub outcome: Outcome,
}

/// What `known` says of `game`'s position, as a solution without its line: only a win or a loss
/// (the solver's draw is a game drawn already, not one drawn with best play).
fn known_solution(known: &[KnownOutcome], game: &Game) -> Option<Solution> {
    let plies = game.plies().len();
    let outcome = known.iter().find(|known| known.plies == plies)?.outcome;
    let distance = match outcome {
        Outcome::Win { plies } | Outcome::Loss { plies } if plies > 0 => plies,
        _ => return None,
    };
    Some(Solution {
        outcome,
        line: Vec::new(),
        horizon: distance,
        finished: true,
        nodes: 0,
    })
}

/// The tables' answer when they have one, else the solver's within `nodes`.
fn solve_exactly(
    solver: &mut Solver,
    endgames: Option<&Arc<Tablebase>>,
    nodes: u64,
    game: &Game,
    horizon: u32,
    cancel: &CancelToken,
) -> Solution {
    if let Some(exact) = endgames.and_then(|tables| table_solution(tables, game)) {
        return exact;
    }
    let budget = Budget {
        cancel: Some(cancel.clone()),
        ..Budget::nodes(nodes)
    };
    solver.solve(game, horizon, &budget)
}

/// Every move of the game's position with its score, by a fresh fixed-depth search.
fn score_moves(
    game: &Game,
    settings: &ReviewSettings,
    endgames: Option<&Arc<Tablebase>>,
    cancel: &CancelToken,
) -> SearchResult {
    let limits = SearchLimits {
        depth: Some(settings.search_depth),
        score_all_moves: true,
        ..SearchLimits::default()
    };
    let mut searcher = Searcher::with_table_megabytes(SEARCH_TABLE_MEGABYTES);
    searcher.set_tablebase(endgames.cloned());
    searcher.search(game, limits, cancel, |_| {})
}

/// The verdict on a ply from the outcomes around it, whether it was the best move found, and
/// how far its score fell short of the best.
fn judge(before: Outcome, after: Outcome, is_best: bool, drop: i32) -> Verdict {
    match (before, after) {
        (Outcome::Win { .. }, after) if !after.is_win() => Verdict::Blunder,
        (before, Outcome::Loss { .. }) if !before.is_loss() => Verdict::Blunder,
        // Still winning: best when as fast as possible.
        (Outcome::Win { plies: was }, Outcome::Win { plies: now }) => {
            if now + 1 == was {
                Verdict::Best
            } else {
                Verdict::Good
            }
        }
        // Lost anyway: best when holding out longest, and shortening the defence is inexact.
        (Outcome::Loss { plies: was }, Outcome::Loss { plies: now }) => {
            if now + 1 == was {
                Verdict::Best
            } else {
                Verdict::Inaccuracy
            }
        }
        _ if is_best || drop <= 0 => Verdict::Best,
        _ if drop <= GOOD_DROP => Verdict::Good,
        _ if drop <= INACCURACY_DROP => Verdict::Inaccuracy,
        _ => Verdict::Mistake,
    }
}

/// Reviews every ply of the game.
pub fn review_game(game: &Game, settings: ReviewSettings) -> Vec<PlyReview> {
    let mut review = Review::with_settings(game, settings);
    std::iter::from_fn(|| review.step()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_rules::GameResult;

    fn review_after(fen: &str, moves: &[&str]) -> Vec<PlyReview> {
        let mut game = Game::from_fen(fen).unwrap();
        for m in moves {
            game.play(m.parse().unwrap()).unwrap();
        }
        review_game(&game, ReviewSettings::default())
    }

    #[test]
    fn outcomes_known_from_elsewhere_are_taken_where_the_solver_would_search() {
        // Nothing is forced here within the solver's horizon; a tablebase would know more.
        let mut game = Game::from_fen(".B./BB..B/..RT./.R..R/R.. b - 2").unwrap();
        game.play("a4a3".parse().unwrap()).unwrap();
        let judged = |after: Outcome| {
            let mut review = Review::new(&game);
            review.set_known(vec![
                KnownOutcome {
                    plies: 0,
                    outcome: Outcome::Win { plies: 41 },
                },
                KnownOutcome {
                    plies: 1,
                    outcome: after,
                },
            ]);
            review.step().expect("one ply")
        };
        let kept = judged(Outcome::Loss { plies: 40 });
        assert_eq!(kept.before, Outcome::Win { plies: 41 });
        assert_eq!(kept.after, Outcome::Win { plies: 40 });
        assert_eq!(kept.verdict, Verdict::Best);
        let let_go = judged(Outcome::Win { plies: 30 });
        assert_eq!(let_go.after, Outcome::Loss { plies: 30 });
        assert_eq!(let_go.verdict, Verdict::Blunder);
        // Without them, the solver's own horizon decides nothing here.
        let alone = review_game(&game, ReviewSettings::default());
        assert!(!alone[0].before.is_win() && !alone[0].before.is_loss());
    }

    #[test]
    fn b2c2_from_the_start_is_a_blunder_black_wins_in_seven() {
        let review = review_after(duobao_rules::START_FEN, &["b2c2"]);
        let ply = &review[0];
        assert_eq!(ply.verdict, Verdict::Blunder);
        assert_eq!(ply.after, Outcome::Loss { plies: 7 });
        assert!(!ply.before.is_loss());
        assert_eq!(ply.proof.len(), 7);
        let mut game = Game::new();
        for m in std::iter::once(&"b2c2".parse().unwrap()).chain(&ply.proof) {
            game.play((*m).into()).unwrap();
        }
        assert_eq!(
            game.result().and_then(GameResult::winner),
            Some(Color::Black)
        );
        assert!(ply.to_string().starts_with("1 b2c2 blunder "), "{ply}");
        assert!(ply.to_string().ends_with(" loss 7"), "{ply}");
    }

    #[test]
    fn a2a3_from_the_start_is_no_blunder_and_not_the_best() {
        let review = review_after(duobao_rules::START_FEN, &["a2a3"]);
        assert_ne!(review[0].verdict, Verdict::Blunder, "{}", review[0]);
        assert_ne!(review[0].verdict, Verdict::Best, "{}", review[0]);
        assert_eq!(review[0].best, "c3c2".parse().ok());
        assert!(review[0].proof.is_empty());
    }

    #[test]
    fn on_the_proven_win_every_ply_is_judged_exactly() {
        // c3c2, Black's longest defence b4c3 and Red's next move of the proof line.
        let review = review_after(duobao_rules::START_FEN, &["c3c2", "b4c3", "a2a3"]);
        assert_eq!(
            (review[0].verdict, review[0].before, review[0].after),
            (
                Verdict::Best,
                Outcome::Win { plies: 21 },
                Outcome::Win { plies: 20 }
            )
        );
        assert_eq!(review[0].best, "c3c2".parse().ok());
        assert_eq!(
            (review[1].verdict, review[1].before, review[1].after),
            (
                Verdict::Best,
                Outcome::Loss { plies: 20 },
                Outcome::Loss { plies: 19 }
            )
        );
        assert_eq!(
            (review[2].verdict, review[2].before),
            (Verdict::Best, Outcome::Win { plies: 19 })
        );
        // Red's other first moves: a win in 25 plies and a loss in 20, both beyond the
        // review's horizon, are neither best nor called blunders.
        for first in ["e2e3", "c3b3"] {
            let other = &review_after(duobao_rules::START_FEN, &[first])[0];
            assert!(
                !matches!(other.verdict, Verdict::Best | Verdict::Blunder),
                "{other}"
            );
            assert_eq!(other.before, Outcome::Win { plies: 21 }, "{other}");
        }
    }

    #[test]
    fn missing_a_win_in_one_is_a_blunder_and_taking_it_is_best() {
        // c4d4 closes the b2-c3-d4 diagonal around the treasure.
        let fen = "BB./B.R.B/..T../.R.../RR. r - 0";
        let taken = &review_after(fen, &["c4d4"])[0];
        assert_eq!(taken.verdict, Verdict::Best);
        assert_eq!(
            (taken.before, taken.after),
            (Outcome::Win { plies: 1 }, Outcome::Win { plies: 0 })
        );
        // c1d2 lets the win go without losing (Black can parry); c1d1 walks into Black's own
        // treasure sandwich.
        let missed = &review_after(fen, &["c1d2"])[0];
        assert_eq!(missed.verdict, Verdict::Blunder, "{missed}");
        assert!(
            !missed.after.is_loss() && !missed.after.is_win(),
            "{missed}"
        );
        assert_eq!(missed.before, Outcome::Win { plies: 1 }, "{missed}");
        assert_eq!(missed.proof, ["c4d4".parse().unwrap()]);
        let losing = &review_after(fen, &["c1d1"])[0];
        assert_eq!(losing.verdict, Verdict::Blunder, "{losing}");
        assert_eq!(losing.after, Outcome::Loss { plies: 3 }, "{losing}");
        assert_eq!(losing.proof.len(), 3, "{losing}");
        // Moving the treasure away still wins, only later: even when that is beyond the
        // horizon, the review looks further before calling it a blunder.
        assert_eq!(review_after(fen, &["c3c2"])[0].verdict, Verdict::Good);
        let mut game = Game::from_fen(fen).unwrap();
        game.play("c3d2".parse().unwrap()).unwrap();
        let short = ReviewSettings {
            horizon: 5,
            ..ReviewSettings::default()
        };
        let slower = &review_game(&game, short)[0];
        assert_eq!(slower.after, Outcome::Win { plies: 8 }, "{slower}");
        assert_eq!(slower.verdict, Verdict::Good);
    }

    #[test]
    fn verdicts_follow_the_outcomes_and_the_score_drop() {
        let (win, loss, score) = (
            |plies| Outcome::Win { plies },
            |plies| Outcome::Loss { plies },
            Outcome::Score,
        );
        assert_eq!(judge(win(5), win(4), false, 0), Verdict::Best);
        assert_eq!(judge(win(5), win(6), false, 0), Verdict::Good);
        assert_eq!(judge(win(5), score(900), true, 0), Verdict::Blunder);
        assert_eq!(judge(score(0), loss(4), false, 50), Verdict::Blunder);
        assert_eq!(judge(loss(6), loss(5), false, 0), Verdict::Best);
        assert_eq!(judge(loss(6), loss(3), false, 0), Verdict::Inaccuracy);
        assert_eq!(judge(score(20), score(20), true, 0), Verdict::Best);
        assert_eq!(judge(score(20), score(0), false, 20), Verdict::Good);
        assert_eq!(judge(score(20), score(-60), false, 80), Verdict::Inaccuracy);
        assert_eq!(judge(score(20), score(-300), false, 320), Verdict::Mistake);
    }

    #[test]
    fn verdicts_print_as_the_command_line_writes_them() {
        assert_eq!(Verdict::Inaccuracy.to_string(), "inaccuracy");
    }

    #[test]
    fn stepping_reports_progress_and_matches_the_whole_review() {
        let mut game = Game::new();
        for m in ["a2a3", "b4b3", "pass", "d4d3"] {
            game.play(m.parse().unwrap()).unwrap();
        }
        let settings = ReviewSettings {
            search_depth: 3,
            ..ReviewSettings::default()
        };
        let mut review = Review::with_settings(&game, settings);
        assert_eq!(review.progress(), (0, 4));
        let stepped: Vec<PlyReview> = std::iter::from_fn(|| review.step()).collect();
        assert_eq!(review.progress(), (4, 4));
        assert_eq!(stepped, review_game(&game, settings));
        assert_eq!(stepped[2].ply, Ply::Pass);
        assert_eq!(
            stepped.iter().map(|r| r.number).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
    }

    /// b2c2 loses by force; Black's proof, then a few more plies.
    fn blundered_game() -> Game {
        let mut game = Game::new();
        for m in ["b2c2", "b4b3", "a2a3"] {
            game.play(m.parse().unwrap()).unwrap();
        }
        game
    }

    #[test]
    fn a_cancelled_step_reviews_nothing_and_the_next_starts_the_ply_again() {
        let game = blundered_game();
        let mut review = Review::new(&game);
        let cancel = CancelToken::new();
        cancel.cancel();
        assert_eq!(review.step_until(&cancel), None);
        assert_eq!(review.progress(), (0, 3));
        assert_eq!(
            review.step(),
            review_game(&game, ReviewSettings::default())
                .first()
                .cloned()
        );
        assert_eq!(review.progress(), (1, 3));
    }

    #[test]
    fn a_step_cancelled_from_another_thread_stops_promptly() {
        // A midgame ply with a budget that would take the solver many seconds.
        let mut game = Game::from_fen(".B./BB..B/..RT./.R..R/R.. b - 2").unwrap();
        game.play("d3d4".parse().unwrap()).unwrap();
        let long = ReviewSettings {
            horizon: 40,
            solver_nodes: u64::MAX,
            search_depth: 12,
        };
        let mut review = Review::with_settings(&game, long);
        let cancel = CancelToken::new();
        let canceller = cancel.clone();
        let cancelled_at = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(100));
            canceller.cancel();
            web_time::Instant::now()
        });
        assert_eq!(review.step_until(&cancel), None);
        let stopped_after = cancelled_at.join().unwrap().elapsed();
        assert!(
            stopped_after < std::time::Duration::from_millis(300),
            "{stopped_after:?}"
        );
        assert_eq!(review.progress(), (0, 1));
    }

    #[test]
    #[ignore = "measures; run with --release --ignored --nocapture"]
    fn review_time_of_thirty_plies() {
        use rand::SeedableRng;
        for seed in 0..3 {
            let played = crate::puzzles::self_play(&mut rand::rngs::SmallRng::seed_from_u64(seed));
            let mut game = Game::new();
            for ply in played.plies().iter().take(30) {
                game.play(ply.ply).unwrap();
            }
            let started = web_time::Instant::now();
            let review = review_game(&game, ReviewSettings::default());
            let seconds = started.elapsed().as_secs_f64();
            for ply in &review {
                println!("{ply}  {:?}", ply.proof);
            }
            println!("{} plies reviewed in {seconds:.2} s", review.len());
        }
    }
}
