//! The analysis board: for a game's position, the exact verdict and the engine's best lines,
//! reported as they come. Two independent jobs, each a plain blocking function run to its end
//! on a thread of its own (natively `analyse` runs both; on the web each has a worker,
//! [`Job::Lines`](crate::Job::Lines) and [`Job::Verdict`](crate::Job::Verdict)), so the app's
//! analysis panel and `duobao analyse` show the same thing:
//! - the **lines** ([`analyse_lines`]): the alpha-beta search with [`SearchLimits::multi_pv`]
//!   lines, reported after each completed depth;
//! - the **verdict** ([`analyse_verdict`]): the proven win from the start ([`duobao_engine::proven`]) or
//!   the endgame tables when they know the position (at once), else the exact [`Solver`]
//!   deepening its horizon, which reports how far it has looked until it proves a win or a
//!   loss (the winner's shortest win against the longest defence).

use std::fmt;
use std::sync::Arc;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use duobao_rules::{Color, Game, Move};
use duobao_tablebase::Tablebase;
use web_time::Instant;

use crate::endgames::{finish_line, table_solution};
#[cfg(not(target_arch = "wasm32"))]
use crate::runner::run_off_thread;
use duobao_engine::CancelToken;
use duobao_engine::Outcome;
#[cfg(not(target_arch = "wasm32"))]
use duobao_engine::StopOnDrop;
#[cfg(not(target_arch = "wasm32"))]
use duobao_engine::ThinkError;
use duobao_engine::{proven, Proven};
use duobao_engine::{Budget, Solution, Solver};
use duobao_engine::{RootShare, SearchInfo, SearchLimits, Searcher, MATE, MATE_BOUND};

/// The most engine lines an analysis shows.
pub const MAX_ANALYSIS_LINES: usize = 3;

/// When an analysis stops on its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum AnalysisLimit {
    /// Only when cancelled, or when nothing is left to find (every line decided, the verdict
    /// proven or the solver's horizon searched).
    UntilStopped,
    /// The lines stop after this depth (1 to [`SearchLimits::MAX_DEPTH`]); the verdict goes on
    /// to its horizon.
    Depth(u32),
    /// The lines and the verdict both stop after this long.
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
    /// The solver's node budget for the verdict.
    pub solver_nodes: u64,
    /// The root moves the engine's lines start with: all, or this share of them, when several
    /// threads or workers each search a share ([`RootShare`]).
    #[serde(default)]
    pub root_share: RootShare,
}

impl Default for AnalysisSettings {
    /// One line until stopped; the solver to 15 plies, which from a midgame takes about a
    /// million nodes (a second or two on a phone), within a budget for the rare position that
    /// needs far more.
    fn default() -> Self {
        AnalysisSettings {
            lines: 1,
            limit: AnalysisLimit::UntilStopped,
            horizon: 15,
            solver_nodes: 5_000_000,
            root_share: RootShare::default(),
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

    /// How good the value is for the side to move, to order lines by: a win (the sooner the
    /// better), then the evaluation, then a loss (the later the better).
    fn rank(self) -> (u8, i64) {
        match self {
            LineValue::Win { plies } => (2, -i64::from(plies)),
            LineValue::Score(score) => (1, i64::from(score)),
            LineValue::Loss { plies } => (0, i64::from(plies)),
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
    /// The engine's nodes per second.
    pub nps: u64,
    /// Since the engine started.
    pub elapsed: Duration,
}

impl EngineLines {
    /// The lines of one search split between threads or workers, each searching a share of the
    /// root moves ([`RootShare`]), as one search's: the best lines of all, as many as the share
    /// that reported the most; the depth every share has reached; their nodes and speeds added;
    /// the longest time. With no share reported yet, no lines at depth 0.
    pub fn merge<'a>(shares: impl IntoIterator<Item = &'a EngineLines>) -> EngineLines {
        let shares: Vec<&EngineLines> = shares.into_iter().collect();
        let wanted = shares.iter().map(|share| share.lines.len()).max();
        let mut lines: Vec<EngineLine> = shares
            .iter()
            .flat_map(|share| share.lines.iter().cloned())
            .collect();
        // Unstable is enough (lines of equal value may come in either order), and smaller in the
        // app's download.
        lines.sort_unstable_by_key(|line| std::cmp::Reverse(line.value.rank()));
        lines.truncate(wanted.unwrap_or(0));
        EngineLines {
            depth: shares.iter().map(|share| share.depth).min().unwrap_or(0),
            lines,
            nodes: shares.iter().map(|share| share.nodes).sum(),
            nps: shares.iter().map(|share| share.nps).sum(),
            elapsed: shares
                .iter()
                .map(|share| share.elapsed)
                .max()
                .unwrap_or_default(),
        }
    }
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

/// Analyses the game's position with `settings`, handing each finding to `report` as it comes:
/// the lines and the verdict side by side, each on a thread of its own, until both are done,
/// or until `cancel` is raised or the future dropped ([`ThinkError::Cancelled`]; the reports
/// until then stand). Never blocks the caller's thread; `report` is called from the analysis's
/// threads, one finding at a time (forward the events to a channel). The engine and the solver
/// read the `endgames` tables given. [`ThinkError::Failed`] when the analysis broke (it
/// panicked).
#[cfg(not(target_arch = "wasm32"))]
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
    run_off_thread(move || analyse_side_by_side(&game, settings, endgames, &stop, report))
        .await
        .map_err(ThinkError::Failed)?;
    if cancel.is_cancelled() {
        Err(ThinkError::Cancelled)
    } else {
        Ok(())
    }
}

/// The verdict on a thread of its own beside the lines on this one, both to their ends.
#[cfg(not(target_arch = "wasm32"))]
fn analyse_side_by_side(
    game: &Game,
    settings: AnalysisSettings,
    endgames: Option<Arc<Tablebase>>,
    cancel: &CancelToken,
    report: impl FnMut(AnalysisEvent) + Send,
) {
    let report = Mutex::new(report);
    let report = |event| {
        // A report that panicked on the other thread fails the whole analysis when the threads
        // are joined; until then the findings go on.
        (report.lock().unwrap_or_else(PoisonError::into_inner))(event);
    };
    std::thread::scope(|scope| {
        scope.spawn(|| {
            analyse_verdict(
                game,
                settings,
                endgames.as_deref(),
                cancel,
                &mut |verdict| {
                    report(AnalysisEvent::Verdict(verdict));
                },
            );
        });
        analyse_lines(game, settings, endgames.clone(), cancel, &mut |lines| {
            report(AnalysisEvent::Lines(lines));
        });
    });
}

/// The engine's lines of the game's position, worked out on this thread: `report` is handed
/// the lines after each completed depth (none when the game is over), until the settings'
/// limit, until every line is decided, or until `cancel` is raised. The search reads the
/// `endgames` tables given, which also finish its lines; on a line of the proven win, that
/// line comes first.
pub fn analyse_lines(
    game: &Game,
    settings: AnalysisSettings,
    endgames: Option<Arc<Tablebase>>,
    cancel: &CancelToken,
    report: &mut dyn FnMut(EngineLines),
) {
    // The search alone, 21 plies short of the end, would prefer a move of its own: the proven
    // line goes first so that the best line and the verdict agree (in the share of the root
    // moves that holds its first move).
    let in_share = |m: Move| {
        let legal = game.position().legal_moves();
        let at = legal.iter().position(|&legal| legal == m);
        at.is_some_and(|at| settings.root_share.takes(at))
    };
    let proven = proven(game).filter(|known| known.line.first().is_some_and(|&m| in_share(m)));
    let mut searcher = Searcher::new();
    searcher.set_tablebase(endgames.clone());
    searcher.search(game, engine_limits(&settings), cancel, |info| {
        let mut lines = engine_lines(info);
        if let Some(tables) = endgames.as_deref() {
            for line in &mut lines.lines {
                finish_line(tables, game, &mut line.moves);
            }
        }
        if let Some(known) = &proven {
            put_first(&mut lines.lines, known);
        }
        report(lines);
    });
}

/// The exact verdict on the game's position for the side to move, worked out on this thread:
/// `report` is handed it as soon as something is known and then whenever it changes — each
/// longer horizon searched without a result, or a result proven — until the settings' horizon,
/// node budget or time limit, or until `cancel` is raised. The certificate of the start's win
/// and the `endgames` tables given answer at once when they know the position.
pub fn analyse_verdict(
    game: &Game,
    settings: AnalysisSettings,
    endgames: Option<&Tablebase>,
    cancel: &CancelToken,
    report: &mut dyn FnMut(AnalysisVerdict),
) {
    let known = proven(game)
        .map(Solution::from)
        .or_else(|| endgames.and_then(|tables| table_solution(tables, game)));
    if let Some(known) = known {
        report(verdict_of(known));
        return;
    }
    let budget = Budget {
        nodes: Some(settings.solver_nodes),
        deadline: match settings.limit {
            AnalysisLimit::Movetime(time) => Some(Instant::now() + time),
            AnalysisLimit::UntilStopped | AnalysisLimit::Depth(_) => None,
        },
        cancel: Some(cancel.clone()),
    };
    let mut reported_horizon = None;
    let solution = Solver::new().solve_reporting(game, settings.horizon, &budget, &mut |horizon| {
        report(AnalysisVerdict {
            outcome: Outcome::Unknown,
            line: Vec::new(),
            horizon,
        });
        reported_horizon = Some(horizon);
    });
    // The end is news unless it is the last horizon reported, still without a result.
    if solution.outcome != Outcome::Unknown || reported_horizon != Some(solution.horizon) {
        report(verdict_of(solution));
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
        root_share: settings.root_share,
        ..SearchLimits::default()
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
fn engine_lines(info: &SearchInfo) -> EngineLines {
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
        nps: info.nps(),
        elapsed: info.elapsed,
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
    /// A horizon the solver cannot reach within a test.
    const MAX_HORIZON_OF_TEST: u32 = 60;

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
        // The lines come while the verdict is being searched beside them.
        let first_lines = receiver
            .iter()
            .find(|event| matches!(event, AnalysisEvent::Lines(_)));
        assert!(first_lines.is_some());
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
        // Both threads end, dropping the report and its sender: the channel closes.
        loop {
            match receiver.recv_timeout(Duration::from_secs(5)) {
                Ok(_) => continue,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
                Err(mpsc::RecvTimeoutError::Timeout) => panic!("the analysis goes on"),
            }
        }
        assert!(dropped_at.elapsed() < Duration::from_millis(300));
    }

    /// Raises `cancel` after `after`, and says when.
    fn cancel_later(cancel: &CancelToken, after: Duration) -> std::thread::JoinHandle<Instant> {
        let cancel = cancel.clone();
        std::thread::spawn(move || {
            std::thread::sleep(after);
            cancel.cancel();
            Instant::now()
        })
    }

    #[test]
    fn each_half_stops_promptly_when_cancelled_from_another_thread() {
        let game = Game::from_fen(MIDGAME).unwrap();
        // Without limits both would run for far longer than the test.
        let endless = AnalysisSettings {
            horizon: MAX_HORIZON_OF_TEST,
            solver_nodes: u64::MAX,
            ..AnalysisSettings::default()
        };
        let cancel = CancelToken::new();
        let cancelled = cancel_later(&cancel, Duration::from_millis(300));
        let mut depths = Vec::new();
        analyse_lines(&game, endless, None, &cancel, &mut |lines| {
            depths.push(lines.depth)
        });
        let stopped_after = cancelled.join().unwrap().elapsed();
        assert!(
            stopped_after < Duration::from_millis(200),
            "{stopped_after:?}"
        );
        assert!(!depths.is_empty());

        let cancel = CancelToken::new();
        let cancelled = cancel_later(&cancel, Duration::from_millis(300));
        let mut horizons = Vec::new();
        analyse_verdict(&game, endless, None, &cancel, &mut |verdict| {
            horizons.push(verdict.horizon)
        });
        let stopped_after = cancelled.join().unwrap().elapsed();
        assert!(
            stopped_after < Duration::from_millis(200),
            "{stopped_after:?}"
        );
        assert!(horizons.len() > 1 && *horizons.last().unwrap() < MAX_HORIZON_OF_TEST);
    }

    /// The last verdict and the last lines of each half, as `duobao analyse` prints them.
    fn halves_as_text(fen: &str, settings: AnalysisSettings) -> Vec<String> {
        let game = Game::from_fen(fen).unwrap();
        let cancel = CancelToken::new();
        let mut verdict = None;
        analyse_verdict(&game, settings, None, &cancel, &mut |v| verdict = Some(v));
        let mut lines = None;
        analyse_lines(&game, settings, None, &cancel, &mut |l| lines = Some(l));
        let with_moves =
            |head: String, moves: &[Move]| moves.iter().fold(head, |text, m| format!("{text} {m}"));
        let verdict = verdict.unwrap();
        let lines = lines.unwrap().lines.into_iter();
        std::iter::once(with_moves(
            format!("verdict {}", verdict.outcome),
            &verdict.line,
        ))
        .chain(lines.map(|line| with_moves(line.value.to_string(), &line.moves)))
        .collect()
    }

    #[test]
    fn the_halves_find_the_verdicts_and_lines_the_analysis_in_turns_found() {
        // `duobao analyse --depth 8 --lines 3` before the engine and the solver stopped taking
        // turns on one thread.
        let settings = AnalysisSettings {
            lines: 3,
            limit: AnalysisLimit::Depth(8),
            ..AnalysisSettings::default()
        };
        let expected: [(&str, [&str; 4]); 3] = [
            (
                ".BB/BB.RB/RB.BR/.TRR./RR. r L 16",
                [
                    "verdict win 7 c1d1 b2c1 c2c3 b3b2 c1c2 b2c1 b1b2",
                    "win 7 c1d1 b2c1 c2c3 b3b2 c1c2 b2a2 c2c1",
                    "win 9 c2c3 b4b5 c1c2 b2a2 c3b4 b3c3 a2b2 c5c4",
                    "score 144 a3a2 b2a3 c1d1 b3b2 d2c3 d3d2 d1c1 a3b3",
                ],
            ),
            (
                "BBB/BB.R./R.B.B/.T.RR/RRR r - 8",
                [
                    "verdict win 11 c1c2 b2a2 d4e4 c3b2 b1c1 a2b2 d2d3 b2b1 e2e3 b1b2 a3a2",
                    "score 300 c1c2 b2a2 d4e4 c3b2 d1c1 a2b2 c2c3 b2a2",
                    "score 272 d4e4 b4b3 e4d4 b5b4 c1c2 b2a2 b1b2 b3c3",
                    "score 244 d2c2 b4c4 d4e4 b2b3 e4d4 b3b4 b1b2 c4c3",
                ],
            ),
            (
                MIDGAME,
                [
                    "verdict unknown",
                    "score -28 d3d4 e2e3 d4c4 b2a3 e4d4 b1c1 b4b5 c3b4",
                    "score -54 a4a3 d3d2 a3a2 d2c2 e4e3 c3d4 c2c3 d4e4",
                    "score -56 b4a3 d3d2 a3a2 e2e3 d2d3 b1c1 d3d4 b2a3",
                ],
            ),
        ];
        for (fen, found) in expected {
            assert_eq!(halves_as_text(fen, settings), found, "{fen}");
        }
    }

    #[test]
    fn a_known_verdict_comes_at_once_and_alone() {
        // The start is the certificate's: no solver runs, however far its horizon.
        let settings = AnalysisSettings {
            horizon: MAX_HORIZON_OF_TEST,
            solver_nodes: u64::MAX,
            ..AnalysisSettings::default()
        };
        let mut found = Vec::new();
        let started = Instant::now();
        analyse_verdict(
            &Game::new(),
            settings,
            None,
            &CancelToken::new(),
            &mut |v| found.push(v),
        );
        assert!(started.elapsed() < Duration::from_millis(100));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].outcome, Outcome::Win { plies: 21 });
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

    #[test]
    fn shares_of_the_root_moves_together_search_them_all_and_find_the_best_line() {
        let game = Game::from_fen(MIDGAME).unwrap();
        let depth_6 = |root_share| AnalysisSettings {
            lines: 3,
            limit: AnalysisLimit::Depth(6),
            root_share,
            ..AnalysisSettings::default()
        };
        let deepest = |settings: AnalysisSettings| {
            let mut last = None;
            analyse_lines(&game, settings, None, &CancelToken::new(), &mut |lines| {
                last = Some(lines)
            });
            last.expect("lines at each depth")
        };
        let whole = deepest(depth_6(RootShare::default()));
        let halves = [
            deepest(depth_6(RootShare::new(0, 2))),
            deepest(depth_6(RootShare::new(1, 2))),
        ];
        let firsts = |lines: &EngineLines| -> Vec<Move> {
            lines.lines.iter().map(|line| line.moves[0]).collect()
        };
        let (even, odd) = (firsts(&halves[0]), firsts(&halves[1]));
        assert!(
            even.iter().all(|m| !odd.contains(m)),
            "no root move in both shares"
        );
        let legal = game.position().legal_moves();
        let at = |m: &Move| legal.iter().position(|legal| legal == m).unwrap();
        assert!(even.iter().all(|m| at(m) % 2 == 0) && odd.iter().all(|m| at(m) % 2 == 1));
        // The best of the halves' best lines is the whole search's best.
        assert_eq!(
            EngineLines::merge(&halves).lines[0].value,
            whole.lines[0].value
        );
        assert!(halves.iter().all(|half| half.depth == 6));
    }

    #[test]
    fn the_shares_lines_merge_best_first_at_the_depth_all_have_reached() {
        let line = |value, m: &str| EngineLine {
            value,
            moves: vec![m.parse().unwrap()],
        };
        let share = |depth, nps, lines| EngineLines {
            depth,
            lines,
            nodes: nps / 2,
            nps,
            elapsed: Duration::from_millis(u64::from(depth) * 100),
        };
        let first = share(
            7,
            1_000,
            vec![
                line(LineValue::Score(30), "b2c2"),
                line(LineValue::Score(-10), "a2a3"),
            ],
        );
        let second = share(
            6,
            2_000,
            vec![
                line(LineValue::Loss { plies: 4 }, "b2b3"),
                line(LineValue::Win { plies: 21 }, "c3c2"),
                line(LineValue::Score(40), "d2d3"),
            ],
        );
        assert_eq!(EngineLines::merge([&first]), first, "one share is itself");
        let merged = EngineLines::merge([&first, &second]);
        let firsts: Vec<String> = merged
            .lines
            .iter()
            .map(|line| line.moves[0].to_string())
            .collect();
        assert_eq!(
            firsts,
            ["c3c2", "d2d3", "b2c2"],
            "the best three of both, a win first and the loss left out"
        );
        assert_eq!(
            (merged.depth, merged.nodes, merged.nps, merged.elapsed),
            (6, 1_500, 3_000, Duration::from_millis(700))
        );
        let none = EngineLines::merge([]);
        assert!(none.lines.is_empty() && none.depth == 0 && none.nps == 0);
    }
}
