//! The analysis board: for a game's position, the exact verdict and the engine's best lines,
//! reported as they come while the engine deepens. The app's analysis panel and
//! `duobao analyse` both run [`analyse`], so they show the same thing.
//!
//! Two searches share one thread, a turn each:
//! - the **verdict**: the proven win from the start ([`crate::proven`]) or the endgame tables
//!   when they know the position (at once), else the exact [`Solver`] deepening its horizon, which
//!   reports how far it has looked until it proves a win or a loss (the winner's shortest win
//!   against the longest defence);
//! - the **engine**: the alpha-beta search with [`SearchLimits::multi_pv`] lines, reported after
//!   each completed depth.
//!
//! The engine runs first until its first lines, then the solver until short wins (up to
//! [`QUICK_HORIZON`] plies) are decided, then the two take turns until the limit; the analysis
//! ends when both are done, or when it is cancelled or its future dropped.

use std::fmt;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use duobao_rules::{Color, Game, Move};
use duobao_tablebase::Tablebase;
use web_time::Instant;

use crate::cancel::{CancelToken, StopOnDrop};
use crate::endgames::{finish_line, table_solution};
use crate::outcome::Outcome;
use crate::proven::{proven, proven_solution, Proven};
#[cfg(not(target_arch = "wasm32"))]
use crate::runner::run_off_thread;
#[cfg(target_arch = "wasm32")]
use crate::runner::yield_to_page;
use crate::runner::{run_unsliced, unsliced, Slicing};
use crate::search::{
    nodes_per_second, Search, SearchInfo, SearchLimits, Searcher, MATE, MATE_BOUND,
};
use crate::solve::{solve_slice, Solution, Solver};
use crate::think::ThinkError;

/// The most engine lines an analysis shows.
pub const MAX_ANALYSIS_LINES: usize = 3;

/// The engine has the thread to itself until it has completed this depth: its first lines come
/// within milliseconds, before the solver's first turn.
const FIRST_LINES_DEPTH: u32 = 4;
/// Then the solver has the thread to itself until it has searched this many plies: wins and
/// losses this short are stated within about a second, even on a phone.
const QUICK_HORIZON: u32 = 9;

/// How long the engine or the solver works before the other's turn. Natively the thread is the
/// analysis's own, so the turns only share it: long enough that the engine's interrupted
/// iteration, which starts again from its table, costs little, short enough that the lines and
/// the verdict both move on several times a second.
#[cfg(not(target_arch = "wasm32"))]
const TURN: Duration = Duration::from_millis(50);
/// On the web a turn holds the page's thread, and the analysis must leave no timer gap above
/// 50 ms while it runs (the computer's move may take 40 ms slices; the panel runs for minutes
/// next to a page the player uses). A turn overshoots by up to a poll of the search (1024
/// nodes, a millisecond or two), and the browser needs its share between turns.
#[cfg(target_arch = "wasm32")]
const TURN: Duration = Duration::from_millis(16);

/// When an analysis stops on its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum AnalysisLimit {
    /// Only when cancelled, or when nothing is left to find (every line decided, the verdict
    /// proven or the solver's horizon searched).
    UntilStopped,
    /// The engine stops after this depth (1 to [`SearchLimits::MAX_DEPTH`]); the solver goes on
    /// to its horizon.
    Depth(u32),
    /// The whole analysis, solver included, stops after this long.
    Movetime(Duration),
}

/// What an analysis looks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AnalysisSettings {
    /// Engine lines, 1 to [`MAX_ANALYSIS_LINES`] (others are taken as the nearest).
    pub lines: usize,
    pub limit: AnalysisLimit,
    /// The solver's horizon in plies: a longer forced result is "unknown".
    pub horizon: u32,
    /// The solver's node budget for the whole analysis.
    pub solver_nodes: u64,
}

impl Default for AnalysisSettings {
    /// One line until stopped; the solver to 15 plies, which from a midgame takes about a
    /// million nodes (a second or two of the solver's turns on a phone), within a budget for
    /// the rare position that needs far more.
    fn default() -> Self {
        AnalysisSettings {
            lines: 1,
            limit: AnalysisLimit::UntilStopped,
            horizon: 15,
            solver_nodes: 5_000_000,
        }
    }
}

/// What an engine line is worth for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum LineValue {
    /// A forced win in so many plies, as far as the engine sees.
    Win { plies: u32 },
    /// A forced loss in so many plies.
    Loss { plies: u32 },
    /// The evaluation, in hundredths of a soldier.
    Score(i32),
}

impl LineValue {
    /// The value of a search score.
    fn of_score(score: i32) -> LineValue {
        if score >= MATE_BOUND {
            LineValue::Win {
                plies: (MATE - score) as u32,
            }
        } else if score <= -MATE_BOUND {
            LineValue::Loss {
                plies: (MATE + score) as u32,
            }
        } else {
            LineValue::Score(score)
        }
    }

    /// The same value from Red's side when `turn` is to move: how the panel's bar shows it.
    pub fn for_red(self, turn: Color) -> LineValue {
        match (turn, self) {
            (Color::Red, _) => self,
            (Color::Black, LineValue::Win { plies }) => LineValue::Loss { plies },
            (Color::Black, LineValue::Loss { plies }) => LineValue::Win { plies },
            (Color::Black, LineValue::Score(score)) => LineValue::Score(-score),
        }
    }
}

impl fmt::Display for LineValue {
    /// `win 3`, `loss 4`, `score -35`, as the command line prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineValue::Win { plies } => write!(f, "win {plies}"),
            LineValue::Loss { plies } => write!(f, "loss {plies}"),
            LineValue::Score(score) => write!(f, "score {score}"),
        }
    }
}

/// One engine line: its value for the side to move and its moves, the first one a root move
/// no better line begins with.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EngineLine {
    pub value: LineValue,
    pub moves: Vec<Move>,
}

/// The engine's lines after a completed depth, best first.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EngineLines {
    pub depth: u32,
    pub lines: Vec<EngineLine>,
    /// The engine's nodes so far.
    pub nodes: u64,
    /// The engine's nodes per second of its own turns.
    pub nps: u64,
    /// Since the analysis started.
    pub elapsed: Duration,
}

/// The exact verdict for the side to move.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AnalysisVerdict {
    /// A forced win or loss in so many plies (`Loss { plies: 0 }`: the game is already won by
    /// the other side), a drawn game, or `Unknown`: nothing forced within `horizon`.
    pub outcome: Outcome,
    /// For a win or loss, the winner's shortest win against the longest defence; else empty.
    pub line: Vec<Move>,
    /// The plies searched completely: for `Unknown`, "no forced result within `horizon`
    /// plies"; for a win or loss, its distance.
    pub horizon: u32,
}

/// What an analysis reports, as it finds it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum AnalysisEvent {
    /// The engine's lines after each completed depth (none when the game is over).
    Lines(EngineLines),
    /// The verdict, first as soon as something is known, then whenever it changes: a longer
    /// horizon searched without a result, or a result proven.
    Verdict(AnalysisVerdict),
}

/// Analyses the game's position with `settings`, handing each finding to `report` as it comes,
/// until the limit, or until `cancel` is raised or the future dropped ([`ThinkError::Cancelled`];
/// the reports until then stand). Never blocks the caller's thread: natively it runs on a thread
/// of its own, from which `report` is called (forward the events to a channel); on the web in
/// short turns of the page's thread. The engine and the solver read the `endgames` tables
/// given. [`ThinkError::Failed`] when the analysis broke (it panicked).
pub async fn analyse(
    game: Game,
    settings: AnalysisSettings,
    endgames: Option<Arc<Tablebase>>,
    cancel: CancelToken,
    report: impl FnMut(AnalysisEvent) + Send + 'static,
) -> Result<(), ThinkError> {
    if cancel.is_cancelled() {
        return Err(ThinkError::Cancelled);
    }
    let stop = cancel.child();
    let _stop_when_dropped = StopOnDrop(stop.clone());
    #[cfg(not(target_arch = "wasm32"))]
    run_off_thread(move || {
        let slicing = Slicing {
            slice: Some(TURN),
            cancel: &stop,
            pause: unsliced,
        };
        run_unsliced(run_analysis(&game, settings, endgames, slicing, report));
    })
    .await
    .map_err(ThinkError::Failed)?;
    #[cfg(target_arch = "wasm32")]
    {
        let slicing = Slicing {
            slice: Some(TURN),
            cancel: &stop,
            pause: yield_to_page,
        };
        run_analysis(&game, settings, endgames, slicing, report).await;
    }
    if cancel.is_cancelled() {
        Err(ThinkError::Cancelled)
    } else {
        Ok(())
    }
}

/// The analysis worked out on this thread, to its end: see [`analyse`].
pub(crate) fn run_analysis_blocking(
    game: &Game,
    settings: AnalysisSettings,
    endgames: Option<Arc<Tablebase>>,
    cancel: &CancelToken,
    report: &mut dyn FnMut(AnalysisEvent),
) {
    let slicing = Slicing {
        slice: Some(TURN),
        cancel,
        pause: unsliced,
    };
    run_unsliced(run_analysis(game, settings, endgames, slicing, report));
}

/// The analysis, in turns of the engine and the solver, pausing after each.
async fn run_analysis<P: FnMut() -> F, F: Future<Output = ()>>(
    game: &Game,
    settings: AnalysisSettings,
    endgames: Option<Arc<Tablebase>>,
    mut slicing: Slicing<'_, P>,
    mut report: impl FnMut(AnalysisEvent),
) {
    let started = Instant::now();
    let end = match settings.limit {
        AnalysisLimit::Movetime(time) => Some(started + time),
        AnalysisLimit::UntilStopped | AnalysisLimit::Depth(_) => None,
    };
    let mut verdict = VerdictSearch::new(game, &settings, endgames.as_deref(), end);
    if let Some(known) = &verdict.reported {
        report(AnalysisEvent::Verdict(known.clone()));
    }
    let mut searcher = Searcher::new();
    searcher.set_tablebase(endgames.clone());
    let mut engine = EngineSearch {
        search: searcher.start(game, engine_limits(&settings)),
        proven: proven(game),
        game,
        endgames: endgames.as_deref(),
        started,
        running: Duration::ZERO,
        depth: 0,
        over: false,
    };
    // Setting up (the tables of both searches, the certificate's first read) took a share of
    // the thread already.
    slicing.pause().await;
    let mut solver_last = false;
    loop {
        let solver_turn = match (engine.over, verdict.over) {
            (true, true) => return,
            (false, true) => false,
            (true, false) => true,
            (false, false) if engine.depth < FIRST_LINES_DEPTH => false,
            (false, false) if verdict.horizon() < QUICK_HORIZON.min(settings.horizon) => true,
            (false, false) => !solver_last,
        };
        let turn_end = slicing.deadline();
        if solver_turn {
            verdict.turn(turn_end, slicing.cancel, &mut report);
        } else {
            engine.turn(turn_end, slicing.cancel, &mut report);
        }
        solver_last = solver_turn;
        if slicing.cancel.is_cancelled() {
            return;
        }
        slicing.pause().await;
    }
}

/// The engine's limits for the analysis.
fn engine_limits(settings: &AnalysisSettings) -> SearchLimits {
    let (depth, movetime) = match settings.limit {
        AnalysisLimit::UntilStopped => (None, None),
        AnalysisLimit::Depth(depth) => (Some(depth), None),
        AnalysisLimit::Movetime(time) => (None, Some(time)),
    };
    SearchLimits {
        depth,
        movetime,
        multi_pv: settings.lines.clamp(1, MAX_ANALYSIS_LINES),
        ..SearchLimits::default()
    }
}

/// The engine's side of an analysis.
struct EngineSearch<'a> {
    search: Search<'a>,
    /// On a line of the proven win, its line: the first of the engine's lines, so that the
    /// best line and the verdict agree (the search alone, 21 plies short of the end, would
    /// prefer a move of its own).
    proven: Option<Proven>,
    game: &'a Game,
    /// The tables the search reads, which also finish its lines.
    endgames: Option<&'a Tablebase>,
    started: Instant,
    /// The time of the engine's turns so far, for its speed.
    running: Duration,
    /// The deepest depth reported.
    depth: u32,
    over: bool,
}

impl EngineSearch<'_> {
    /// Searches until `turn_end`, reporting each depth completed.
    fn turn(
        &mut self,
        turn_end: Option<Instant>,
        cancel: &CancelToken,
        report: &mut impl FnMut(AnalysisEvent),
    ) {
        let turn_started = Instant::now();
        let (game, endgames, running, started, proven) = (
            self.game,
            self.endgames,
            self.running,
            self.started,
            self.proven.as_ref(),
        );
        let mut depth = self.depth;
        let mut on_info = |info: &SearchInfo| {
            depth = info.depth;
            let mut lines = engine_lines(info, running + turn_started.elapsed(), started);
            if let Some(tables) = endgames {
                for line in &mut lines.lines {
                    finish_line(tables, game, &mut line.moves);
                }
            }
            if let Some(known) = proven {
                put_first(&mut lines.lines, known);
            }
            report(AnalysisEvent::Lines(lines));
        };
        self.over = self.search.run(turn_end, cancel, &mut on_info).is_some();
        self.depth = depth;
        self.running += turn_started.elapsed();
    }
}

/// Puts the proven line first, its value the proof's, and keeps as many of the engine's other
/// lines as there were lines, each still beginning with a move of its own.
fn put_first(lines: &mut Vec<EngineLine>, known: &Proven) {
    let count = lines.len();
    let Some(&first) = known.line.first() else {
        return;
    };
    let value = match known.outcome {
        Outcome::Win { plies } => LineValue::Win { plies },
        Outcome::Loss { plies } => LineValue::Loss { plies },
        // The certificate proves wins and losses only.
        _ => return,
    };
    lines.retain(|line| line.moves.first() != Some(&first));
    lines.insert(
        0,
        EngineLine {
            value,
            moves: known.line.clone(),
        },
    );
    lines.truncate(count);
}

/// The lines of a completed depth, as an analysis reports them.
fn engine_lines(info: &SearchInfo, running: Duration, started: Instant) -> EngineLines {
    let lines = info
        .lines
        .iter()
        .map(|line| EngineLine {
            value: LineValue::of_score(line.score),
            moves: line.pv.clone(),
        })
        .collect();
    EngineLines {
        depth: info.depth,
        lines,
        nodes: info.nodes,
        nps: nodes_per_second(info.nodes, running),
        elapsed: started.elapsed(),
    }
}

/// The verdict's side of an analysis.
struct VerdictSearch<'a> {
    game: &'a Game,
    solver: Solver,
    horizon: u32,
    nodes_left: u64,
    /// The end of a timed analysis.
    end: Option<Instant>,
    /// The last verdict reported.
    reported: Option<AnalysisVerdict>,
    over: bool,
}

impl<'a> VerdictSearch<'a> {
    /// The verdict's search, over at once when the certificate or the tables know the game.
    fn new(
        game: &'a Game,
        settings: &AnalysisSettings,
        endgames: Option<&Tablebase>,
        end: Option<Instant>,
    ) -> VerdictSearch<'a> {
        let known = proven_solution(game)
            .or_else(|| endgames.and_then(|tables| table_solution(tables, game)));
        VerdictSearch {
            game,
            solver: Solver::new(),
            horizon: settings.horizon,
            nodes_left: settings.solver_nodes,
            end,
            over: known.is_some(),
            reported: known.map(verdict_of),
        }
    }

    /// The horizon searched completely so far.
    fn horizon(&self) -> u32 {
        self.reported.as_ref().map_or(0, |verdict| verdict.horizon)
    }

    /// Solves on until `turn_end` (or the analysis's end), reporting a new verdict.
    fn turn(
        &mut self,
        turn_end: Option<Instant>,
        cancel: &CancelToken,
        report: &mut impl FnMut(AnalysisEvent),
    ) {
        let until = match (turn_end, self.end) {
            (Some(turn), Some(end)) => Some(turn.min(end)),
            (turn, end) => turn.or(end),
        };
        let (solution, over) = solve_slice(
            &mut self.solver,
            self.game,
            self.horizon,
            &mut self.nodes_left,
            until,
            cancel,
        );
        let timed_out = self.end.is_some_and(|end| Instant::now() >= end);
        self.over = over || timed_out;
        // A turn deepens again from the first ply (cheaply, from the table), so a short one can
        // end below the horizon already reported: only a longer one is news.
        let news = solution.outcome != Outcome::Unknown || solution.horizon > self.horizon();
        if news || self.reported.is_none() {
            let verdict = verdict_of(solution);
            report(AnalysisEvent::Verdict(verdict.clone()));
            self.reported = Some(verdict);
        }
    }
}

fn verdict_of(solution: Solution) -> AnalysisVerdict {
    AnalysisVerdict {
        outcome: solution.outcome,
        line: solution.line,
        horizon: solution.horizon,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;

    /// A shipped puzzle, "win in 2 moves": Red wins in 3 plies with c3b4.
    const WIN_IN_3: &str = "BBB/B..R./RTRBR/..R../.RR r L 7";
    /// A midgame position (from the solver's speed test) with nothing forced within 11 plies.
    const MIDGAME: &str = ".B./BB..B/..RT./.R..R/R.. b - 2";

    fn analysed(game: Game, settings: AnalysisSettings) -> Vec<AnalysisEvent> {
        let (sender, receiver) = mpsc::channel();
        let analysis = analyse(game, settings, None, CancelToken::new(), move |event| {
            sender.send(event).unwrap();
        });
        futures_executor::block_on(analysis).unwrap();
        receiver.try_iter().collect()
    }

    fn verdicts(events: &[AnalysisEvent]) -> Vec<&AnalysisVerdict> {
        events
            .iter()
            .filter_map(|event| match event {
                AnalysisEvent::Verdict(verdict) => Some(verdict),
                AnalysisEvent::Lines(_) => None,
            })
            .collect()
    }

    fn all_lines(events: &[AnalysisEvent]) -> Vec<&EngineLines> {
        events
            .iter()
            .filter_map(|event| match event {
                AnalysisEvent::Lines(lines) => Some(lines),
                AnalysisEvent::Verdict(_) => None,
            })
            .collect()
    }

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace()
            .map(|m| m.parse().unwrap())
            .collect()
    }

    #[test]
    fn a_win_in_3_is_the_verdict_with_its_line_and_the_best_line() {
        let game = Game::from_fen(WIN_IN_3).unwrap();
        let settings = AnalysisSettings {
            lines: 2,
            ..AnalysisSettings::default()
        };
        let started = Instant::now();
        let events = analysed(game, settings);
        // Every line decided, the verdict proven: nothing is left, and it ends by itself.
        assert!(started.elapsed() < Duration::from_secs(5));
        let last = verdicts(&events).last().copied().cloned().unwrap();
        assert_eq!(
            last,
            AnalysisVerdict {
                outcome: Outcome::Win { plies: 3 },
                line: moves("c3b4 b3b2 a3a2"),
                horizon: 3,
            }
        );
        let deepest = all_lines(&events).last().copied().unwrap();
        assert_eq!(deepest.lines[0].value, LineValue::Win { plies: 3 });
        assert_eq!(deepest.lines[0].moves.len(), 3);
        assert_eq!(deepest.lines[0].moves[0], "c3b4".parse().unwrap());
        assert_eq!(deepest.lines.len(), 2);
    }

    #[test]
    fn lines_are_at_most_k_best_first_with_distinct_first_moves() {
        let settings = AnalysisSettings {
            lines: MAX_ANALYSIS_LINES,
            limit: AnalysisLimit::Depth(5),
            horizon: 5,
            ..AnalysisSettings::default()
        };
        let events = analysed(Game::new(), settings);
        let reported = all_lines(&events);
        assert_eq!(
            reported.iter().map(|lines| lines.depth).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5]
        );
        let score = |value: LineValue| match value {
            LineValue::Win { plies } => MATE - plies as i32,
            LineValue::Loss { plies } => -MATE + plies as i32,
            LineValue::Score(score) => score,
        };
        for depth in &reported {
            assert_eq!(depth.lines.len(), MAX_ANALYSIS_LINES, "{depth:?}");
            let firsts: Vec<Move> = depth.lines.iter().map(|line| line.moves[0]).collect();
            let mut distinct = firsts.clone();
            distinct.sort_by_key(Move::to_string);
            distinct.dedup();
            assert_eq!(distinct.len(), firsts.len(), "{depth:?}");
            let scores: Vec<i32> = depth.lines.iter().map(|line| score(line.value)).collect();
            assert!(
                scores.windows(2).all(|pair| pair[0] >= pair[1]),
                "{scores:?}"
            );
            // Each line is a real principal variation: legal from the position, and as long as
            // the depth unless the game ends first.
            for line in &depth.lines {
                let mut replay = Game::new();
                for &m in &line.moves {
                    replay.play(m.into()).unwrap();
                }
                assert!(line.moves.len() >= depth.depth as usize || replay.is_over());
            }
        }
        // The proven win from the start is the verdict at once, and line 1 at every depth is
        // its line, so that the two agree.
        let first = verdicts(&events)[0];
        assert_eq!(first.outcome, Outcome::Win { plies: 21 });
        assert_eq!(first.line.len(), 21);
        for depth in reported {
            assert_eq!(depth.lines[0].moves, first.line, "{depth:?}");
            assert_eq!(depth.lines[0].value, LineValue::Win { plies: 21 });
        }
    }

    #[test]
    fn a_game_over_has_a_verdict_and_no_lines() {
        let won = Game::from_fen("BBB/BB.BB/...../RR.RR/RRR b - 0").unwrap();
        let events = analysed(won, AnalysisSettings::default());
        assert_eq!(
            events,
            [AnalysisEvent::Verdict(AnalysisVerdict {
                outcome: Outcome::Loss { plies: 0 },
                line: Vec::new(),
                horizon: 0,
            })]
        );
        let quiet = Game::from_fen("BBB/BB.BB/..T../RR.RR/RRR r - 100").unwrap();
        let events = analysed(quiet, AnalysisSettings::default());
        assert_eq!(verdicts(&events)[0].outcome, Outcome::Draw);
        assert!(all_lines(&events).is_empty());
    }

    #[test]
    fn the_solver_reports_how_far_it_has_looked_until_the_horizon() {
        let game = Game::from_fen(MIDGAME).unwrap();
        let settings = AnalysisSettings {
            limit: AnalysisLimit::Depth(3),
            horizon: 7,
            ..AnalysisSettings::default()
        };
        let events = analysed(game, settings);
        let horizons: Vec<u32> = verdicts(&events).iter().map(|v| v.horizon).collect();
        assert!(
            horizons.windows(2).all(|pair| pair[0] < pair[1]),
            "{horizons:?}"
        );
        let last = verdicts(&events).last().copied().unwrap();
        assert_eq!((last.outcome, last.horizon), (Outcome::Unknown, 7));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn cancelling_or_dropping_stops_an_endless_analysis_promptly() {
        let (sender, receiver) = mpsc::channel();
        let cancel = CancelToken::new();
        let analysis = tokio::spawn(analyse(
            Game::from_fen(MIDGAME).unwrap(),
            AnalysisSettings::default(),
            None,
            cancel.clone(),
            move |event| drop(sender.send(event)),
        ));
        // The first lines come before the solver's first turn.
        let first = receiver.recv_timeout(Duration::from_secs(5)).unwrap();
        assert!(matches!(first, AnalysisEvent::Lines(_)), "{first:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
        let cancelled_at = Instant::now();
        cancel.cancel();
        assert_eq!(analysis.await.unwrap(), Err(ThinkError::Cancelled));
        assert!(cancelled_at.elapsed() < Duration::from_millis(300));

        let (sender, receiver) = mpsc::channel();
        let dropped = tokio::spawn(analyse(
            Game::from_fen(MIDGAME).unwrap(),
            AnalysisSettings::default(),
            None,
            CancelToken::new(),
            move |event| drop(sender.send(event)),
        ));
        tokio::time::sleep(Duration::from_millis(200)).await;
        let dropped_at = Instant::now();
        dropped.abort();
        // The analysis's thread ends, dropping its sender with its report: the channel closes.
        loop {
            match receiver.recv_timeout(Duration::from_secs(5)) {
                Ok(_) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
                Err(mpsc::RecvTimeoutError::Timeout) => panic!("the analysis goes on"),
            }
        }
        assert!(dropped_at.elapsed() < Duration::from_millis(300));
    }

    #[test]
    fn a_timed_analysis_ends_on_time_and_black_to_move_reads_from_reds_side() {
        let mut game = Game::new();
        game.play("a2a3".parse().unwrap()).unwrap();
        let settings = AnalysisSettings {
            limit: AnalysisLimit::Movetime(Duration::from_millis(300)),
            ..AnalysisSettings::default()
        };
        let started = Instant::now();
        let events = analysed(game, settings);
        // Three times the movetime: on time, with room for a machine whose cores are busy; an
        // analysis that ignored its clock would run on until stopped.
        assert!(
            started.elapsed() < Duration::from_millis(900),
            "{:?}",
            started.elapsed()
        );
        assert!(!all_lines(&events).is_empty());
        assert!(!verdicts(&events).is_empty());
        assert_eq!(
            LineValue::Win { plies: 3 }.for_red(Color::Black),
            LineValue::Loss { plies: 3 }
        );
        assert_eq!(
            LineValue::Score(-40).for_red(Color::Black),
            LineValue::Score(40)
        );
        assert_eq!(
            LineValue::Score(-40).for_red(Color::Red),
            LineValue::Score(-40)
        );
        assert_eq!(LineValue::Loss { plies: 2 }.to_string(), "loss 2");
    }
}
