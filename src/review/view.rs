//! The review screen: the board at the chosen ply, the buttons, swipes and arrow keys that
//! step through the game, what the chosen ply was worth, the evaluation graph, the plies with
//! their marks, and "play from here". The analysis runs through the one engine-task hook, as
//! the computer's search does (off the page's thread), and stops when the screen is left; the
//! tablebase service is asked first about the game's positions beyond the app's own tables.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use dioxus::prelude::*;
use duobao_engine::CancelToken;
use duobao_rules::{Color, Game, PlayedPly, Ply};
use duobao_study::{Finding, Job, PlyReview, Verdict};

use super::model::{
    better_text, blunder_text, forced_text, graph_points, graph_values, graph_x, mark, Cursor,
    GRAPH_HEIGHT, GRAPH_WIDTH,
};
use super::service::known_outcomes;
use crate::board::{Badge, Board, Marks};
use crate::engine;
use crate::engine_task::{use_engine_task, Answers, EngineJob};
use crate::i18n::{text, Key, Lang};
use crate::move_list::{move_rows, ply_notation, MoveCell};
use crate::navigation::{use_navigator, Route};
use crate::platform::after_next_paint;
use crate::prefs::Prefs;
use crate::server_address::ServerAddress;
use crate::session::Mode;
use crate::share::ShareSheet;
use crate::widgets::{Action, PageFrame, PlayFromDialog, Step, StepButtons};

/// A reviewed move's mark on the point it went to; none for a pass or a plain good move.
fn verdict_badge(review: &PlyReview) -> Option<Badge> {
    let Ply::Move(m) = review.ply else {
        return None;
    };
    let mark = mark(review.verdict);
    (!mark.symbol.is_empty()).then_some(Badge {
        point: m.to(),
        class: mark.class,
        symbol: mark.symbol,
    })
}

/// The graph's touch areas, one a ply: a tap shows that ply. A component of its own, drawn once
/// for the game rather than again with every verdict and step.
#[component]
fn GraphHits(total: usize, mut cursor: Signal<Cursor>) -> Element {
    rsx! {
        for index in 0..=total {
            rect {
                key: "{index}",
                class: "graph-hit",
                "data-testid": "graph-{index}",
                x: graph_x(index, total + 1) - GRAPH_WIDTH / (2.0 * total.max(1) as f32),
                y: 0,
                width: GRAPH_WIDTH / total.max(1) as f32,
                height: GRAPH_HEIGHT,
                onclick: move |_| cursor.write().jump(index),
            }
        }
    }
}

/// How far the analysis has come, while it goes on. A component of its own, as are the graph and
/// the list below, so that a verdict coming in redraws these alone.
#[component]
fn ReviewProgress(reviews: Signal<Vec<PlyReview>>, total: usize, lang: Lang) -> Element {
    let done = reviews.read().len();
    rsx! {
        if done < total {
            div {
                class: "review-progress",
                role: "progressbar",
                aria_label: text(lang, Key::ReviewAnalysing),
                aria_valuemin: 0,
                aria_valuemax: total,
                aria_valuenow: done,
                "data-testid": "review-progress",
                span { {text(lang, Key::ReviewAnalysing)} " {done}/{total}" }
                div { class: "bar-track",
                    div { class: "bar-fill", style: "width: {done as f32 * 100.0 / total as f32}%" }
                }
            }
        }
    }
}

/// The graph's mark of the ply shown: a component of its own, so that a step moves it alone and
/// the graph's line stays as drawn.
#[component]
fn GraphCursor(cursor: Signal<Cursor>, total: usize) -> Element {
    let x = graph_x(cursor.read().at(), total + 1);
    rsx! {
        line { class: "graph-cursor", x1: x, y1: 0, x2: x, y2: GRAPH_HEIGHT }
    }
}

/// The evaluation graph of the plies judged so far, the ply shown marked; a tap shows a ply.
#[component]
fn ReviewGraph(
    reviews: Signal<Vec<PlyReview>>,
    total: usize,
    cursor: Signal<Cursor>,
    lang: Lang,
) -> Element {
    #[cfg(test)]
    crate::test_screen::rendered("review graph");
    let values = graph_values(&reviews.read());
    let line = graph_points(&values, total);
    rsx! {
        svg {
            class: "review-graph",
            view_box: "0 0 {GRAPH_WIDTH} {GRAPH_HEIGHT}",
            preserve_aspect_ratio: "none",
            role: "img",
            "aria-label": text(lang, Key::ReviewGraph),
            "data-testid": "review-graph",
            line { class: "graph-axis", x1: 0, y1: GRAPH_HEIGHT / 2.0, x2: GRAPH_WIDTH, y2: GRAPH_HEIGHT / 2.0 }
            if values.len() > 1 {
                polygon {
                    class: "graph-area",
                    points: "0,{GRAPH_HEIGHT} {line} {graph_x(values.len() - 1, total + 1)},{GRAPH_HEIGHT}",
                }
                polyline { class: "graph-line", points: "{line}" }
            }
            GraphCursor { cursor, total }
            GraphHits { total, cursor }
        }
    }
}

/// One ply of the review's list: its notation, its verdict once judged, whether it is the one
/// shown. A component of its own, compared by its props, so that a step or a verdict coming in
/// redraws only the plies it changes. (A memo a ply that follows the ply shown, so that a step
/// would not draw the list at all, cost a step more: each memo is a task of its own to run.)
#[component]
fn ReviewPly(
    cell: MoveCell,
    color: &'static str,
    verdict: Option<Verdict>,
    current: bool,
    mut cursor: Signal<Cursor>,
    lang: Lang,
) -> Element {
    #[cfg(test)]
    crate::test_screen::rendered("review ply");
    let after = cell.after;
    let judged = verdict.map(mark);
    let class = judged.map_or("pending", |mark| mark.class);
    let symbol = judged.map_or("", |mark| mark.symbol);
    let name = judged.map_or(Key::VerdictPending, |mark| mark.name);
    rsx! {
        button {
            class: "ply {color} {class}",
            r#type: "button",
            aria_current: if current { "step" } else { "false" },
            aria_label: "{cell.text} {text(lang, name)}",
            "data-testid": "review-ply-{after}",
            "data-verdict": class,
            onclick: move |_| cursor.write().jump(after),
            "{cell.text}"
            span { class: "mark", "{symbol}" }
        }
    }
}

/// The plies with their verdicts so far, each a [`ReviewPly`].
#[component]
fn ReviewMoves(
    plies: Vec<PlayedPly>,
    reviews: Signal<Vec<PlyReview>>,
    cursor: Signal<Cursor>,
    lang: Lang,
) -> Element {
    #[cfg(test)]
    crate::test_screen::rendered("review moves");
    let verdicts: Vec<Verdict> = reviews.read().iter().map(|review| review.verdict).collect();
    let at = cursor.read().at();
    rsx! {
        section { class: "moves review-moves", aria_label: text(lang, Key::Moves),
            ol {
                for row in move_rows(lang, &plies) {
                    li { key: "{row.number}",
                        span { class: "number", "{row.number}." }
                        for (cell, color) in [(row.red, "red"), (row.black, "black")] {
                            if let Some(cell) = cell {
                                ReviewPly {
                                    verdict: verdicts.get(cell.after - 1).copied(),
                                    current: cell.after == at,
                                    cell,
                                    color,
                                    cursor,
                                    lang,
                                }
                            } else if color == "red" {
                                span { class: "ply red", "…" }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `game` reviewed from the position after `start_at` plies, seen with `bottom` at the bottom.
/// `known`: the verdicts of every ply, analysed before, shown at once; without them the game
/// is analysed, and once every ply is judged `on_analysed` gets them, to keep. `mode`: who
/// played, when known, for the game shared as text. *Analyse from here* opens the analysis board
/// at the ply shown, and Back returns to the review there.
#[component]
pub fn ReviewScreenBody(
    game: Game,
    bottom: Color,
    start_at: usize,
    #[props(default)] known: Vec<PlyReview>,
    #[props(default)] mode: Option<Mode>,
    on_analysed: Option<EventHandler<Vec<PlyReview>>>,
) -> Element {
    #[cfg(test)]
    crate::test_screen::rendered("review screen");
    let navigator = use_navigator();
    let analysed = game.clone();
    let on_analyse = move |at: usize| {
        navigator.update_top(|route| {
            if let Route::Review(review) = route {
                review.at = at;
            }
        });
        navigator.open(Route::Analysis {
            game: analysed.clone(),
            at,
        });
    };
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let total = game.plies().len();
    let mut cursor = use_signal(|| Cursor::new(total, start_at));
    #[cfg(test)]
    crate::test_screen::jumps_to(EventHandler::new(move |at| cursor.write().jump(at)));
    let complete = known.len() == total;
    let reviews = use_signal(|| if complete { known.clone() } else { Vec::new() });
    let mut play_from = use_signal(|| false);
    let mut sharing = use_signal(|| false);

    use_analysis(game.clone(), reviews, cursor, on_analysed);

    let at = cursor().at();
    let (back, forward) = (cursor().can_go_back(), cursor().can_go_forward());
    // The shown ply's verdict, read through a memo: a verdict coming in for another ply leaves
    // this screen's body (the board, the game at the ply shown) as it is.
    let current = use_memo(move || {
        let at = cursor().at();
        at.checked_sub(1)
            .and_then(|index| reviews.read().get(index).cloned())
    })();
    // The game's own positions up to the ply shown, not its plies played again.
    let shown = game.after(at);
    let position = *shown.position();
    let over = shown.is_over();
    let board_marks = Marks {
        badge: current.as_ref().and_then(verdict_badge),
        ..Marks::default()
    };

    rsx! {
        PageFrame {
            title: text(lang, Key::ReviewTitle),
            testid: "review-screen",
            div {
                class: "review-board",
                "data-testid": "review-board",
                "data-at": at,
                // A swipe steps through the game (crate::shortcuts).
                "data-swipe": true,
                div { class: "board-still", inert: true, Board { game: shown, bottom, marks: board_marks } }
            }
            StepButtons {
                testid_prefix: "review",
                can_go_back: back,
                can_go_forward: forward,
                on_step: move |step| {
                    let mut cursor = cursor.write();
                    match step {
                        Step::First => cursor.first(),
                        Step::Back => cursor.back(),
                        Step::Forward => cursor.forward(),
                        Step::Last => cursor.last(),
                    }
                },
            }
            section { class: "review-ply", aria_live: "polite", "data-testid": "review-ply",
                match (at, &current) {
                    (0, _) => rsx! { p { class: "review-where", {text(lang, Key::ReviewStart)} } },
                    (_, Some(review)) => rsx! {
                        p { class: "review-where",
                            span { class: "verdict {mark(review.verdict).class}", "data-testid": "current-verdict",
                                "{review.number}. {ply_notation(lang, review.ply)} {mark(review.verdict).symbol} "
                                {text(lang, mark(review.verdict).name)}
                            }
                        }
                        if let Some(proof) = blunder_text(review, lang) {
                            p { class: "proof", "data-testid": "proof", "{proof}" }
                        }
                        if let Some(forced) = forced_text(review, lang) {
                            p { class: "proof", "data-testid": "forced", "{forced}" }
                        }
                        if let Some(better) = better_text(review, lang) {
                            p { class: "better", "{better}" }
                        }
                    },
                    (_, None) => rsx! {
                        p { class: "review-where",
                            "{at}. {ply_notation(lang, game.plies()[at - 1].ply)} "
                            span { class: "pending", {text(lang, Key::VerdictPending)} }
                        }
                    },
                }
            }
            ReviewProgress { reviews, total, lang }
            ReviewGraph { reviews, total, cursor, lang }
            ReviewMoves { plies: game.plies().to_vec(), reviews, cursor, lang }
            div { class: "review-actions",
                button {
                    class: "primary",
                    r#type: "button",
                    "data-testid": "play-from-here",
                    disabled: over,
                    aria_haspopup: "dialog",
                    onclick: move |_| play_from.set(true),
                    {text(lang, Key::PlayFromHere)}
                }
                Action { label: Key::AnalyseFromHere, testid: "analyse-from-here",
                    onclick: move |_| on_analyse(at),
                }
                Action { label: Key::Share, testid: "share", opens_dialog: true,
                    onclick: move |_| sharing.set(true),
                }
            }
        }
        if sharing() {
            ShareSheet { game: game.clone(), ply: at, mode, on_close: move |_| sharing.set(false) }
        }
        if play_from() {
            PlayFromDialog { position, on_close: move |_| play_from.set(false) }
        }
    }
}

/// A game to review, ply by ply, and where the tablebase service is.
struct ReviewRequest {
    game: Game,
    service: ServerAddress,
}

impl EngineJob for ReviewRequest {
    /// One review a screen: the game shown does not change.
    type Key = ();
    /// Each ply's verdict, in order, then `None` when the review has ended (every ply judged,
    /// or it broke).
    type Answer = Option<PlyReview>;

    fn key(&self) {}

    async fn run(self, cancel: CancelToken, answers: Answers<Option<PlyReview>>) {
        // The screen first, then the work: the tap that opened it is answered at once.
        after_next_paint().await;
        let known = known_outcomes(&self.service, &self.game).await;
        let job = Job::Review {
            game: self.game,
            known,
        };
        engine::work(job, cancel, |found| match found {
            Finding::Ply(ply) => answers.send(Some(ply)),
            // Also when it broke off: the plies judged so far stay shown.
            Finding::Done => answers.send(None),
            _ => {}
        })
        .await;
    }
}

/// How long the analysis waits after the player's last step through the game: stepping, the
/// player has the device's cores (and the page's frames: no verdict comes in meanwhile), and
/// the analysis goes on once they pause.
const HOLD_AFTER_A_STEP: Duration = Duration::from_secs(1);

/// Reviews the game ply by ply in the background, appending each verdict to `reviews`, unless
/// they are known already; stops when the screen goes away, and waits while the player steps
/// (`cursor` moving). Once every ply is judged, `on_analysed` gets them all.
fn use_analysis(
    game: Game,
    mut reviews: Signal<Vec<PlyReview>>,
    cursor: Signal<Cursor>,
    on_analysed: Option<EventHandler<Vec<PlyReview>>>,
) {
    // The ply shown when the effect last ran: its first run, as the screen opens, is no step.
    let shown = use_hook(|| Rc::new(Cell::new(cursor.peek().at())));
    use_effect(move || {
        let at = cursor.read().at();
        if shown.replace(at) != at {
            engine::hold_steps(HOLD_AFTER_A_STEP);
        }
    });
    let total = game.plies().len();
    let service: Signal<ServerAddress> = use_context();
    use_engine_task(
        move || {
            let known = !reviews.peek().is_empty();
            (!known).then(|| ReviewRequest {
                game: game.clone(),
                service: service.peek().clone(),
            })
        },
        move |reviewed| match reviewed {
            Some(ply) => reviews.write().push(ply),
            None => {
                if reviews.peek().len() == total {
                    if let Some(on_analysed) = on_analysed {
                        on_analysed.call(reviews.peek().clone());
                    }
                }
            }
        },
    );
}

#[cfg(test)]
mod tests {
    //! The real review screen in a virtual DOM, its game analysed on the engine's thread or its
    //! verdicts known: what a verdict coming in and a step cost the page.

    use std::cell::RefCell;
    use std::rc::Rc;
    use std::time::{Duration, Instant};

    use dioxus::core::VirtualDom;

    use super::*;
    use crate::navigation::{use_navigation, Reviewed, RouteScreen};
    use crate::server_address::use_server_address;
    use crate::storage::{DeviceStore, MemoryStore};
    use crate::test_screen::{jump_handler, renders, settle};

    /// Two soldiers a side, within the carried tables' sizes: the service is never asked.
    const SMALL_ENDGAME: &str = "B../...../..T../RB.R./... r - 5";

    /// The verdicts handed on once every ply is judged.
    type Analysed = Rc<RefCell<Option<Vec<PlyReview>>>>;

    /// The verdicts known before the review opens (none: it analyses), and the ply it opens at.
    #[derive(Clone, Default)]
    struct Opening {
        known: Vec<PlyReview>,
        at: usize,
    }

    fn harness() -> Element {
        let game: Game = use_context();
        let analysed: Analysed = use_context();
        let opening: Opening = use_context();
        let store = use_context_provider(|| DeviceStore::on(Box::new(MemoryStore::default())));
        use_context_provider(|| Signal::new(Prefs::default()));
        use_server_address(store);
        let reviewed = game.clone();
        let navigator = use_navigation(
            || vec![Route::Review(Reviewed::from_elsewhere(reviewed, 0))],
            || None,
        );
        rsx! {
            for (id, _, on_top) in navigator.drawn() {
                RouteScreen { key: "{id}", id, on_top,
                    ReviewScreenBody {
                        game: game.clone(),
                        bottom: Color::Red,
                        start_at: opening.at,
                        known: opening.known.clone(),
                        on_analysed: {
                            let analysed = analysed.clone();
                            move |reviews| *analysed.borrow_mut() = Some(reviews)
                        },
                    }
                }
            }
        }
    }

    #[test]
    fn a_verdict_coming_in_redraws_neither_the_screen_nor_its_board() {
        let mut game = Game::from_fen(SMALL_ENDGAME).unwrap();
        for _ in 0..3 {
            if game.is_over() {
                break;
            }
            let first = game.position().legal_moves()[0];
            game.play(Ply::Move(first)).unwrap();
        }
        let plies = game.plies().len();
        assert!(plies >= 2, "a few verdicts to come in");
        let analysed = Analysed::default();
        let mut dom = VirtualDom::new(harness)
            .with_root_context(game)
            .with_root_context(analysed.clone())
            .with_root_context(Opening::default());
        dom.rebuild_in_place();
        let (screen, board) = (renders("review screen"), renders("board"));
        assert!(
            screen > 0 && board > 0,
            "the screen and its board are drawn"
        );

        let started = Instant::now();
        while analysed.borrow().is_none() && started.elapsed() < Duration::from_secs(120) {
            settle(&mut dom);
        }
        let verdicts = analysed.borrow().as_ref().map(Vec::len);
        assert_eq!(verdicts, Some(plies), "every ply judged");
        assert_eq!(
            (renders("review screen") - screen, renders("board") - board),
            (0, 0),
            "the verdicts drew their list, graph and progress alone"
        );
    }

    /// A verdict for each of `game`'s plies, as a review kept from before.
    fn kept_verdicts(game: &Game) -> Vec<PlyReview> {
        game.plies()
            .iter()
            .enumerate()
            .map(|(index, played)| PlyReview {
                number: index + 1,
                ply: played.ply,
                mover: played.mover,
                before: duobao_engine::Outcome::Score(0),
                after: duobao_engine::Outcome::Score(0),
                verdict: Verdict::Good,
                best: None,
                proof: Vec::new(),
            })
            .collect()
    }

    #[test]
    fn a_step_redraws_the_board_and_the_plies_it_leaves_and_enters_not_the_graph() {
        let moves = [
            "b2c2", "b4b3", "a2a3", "d4d3", "e2e3", "c5c4", "c2b2", "c4b4",
        ];
        let game = crate::test_games::game_from(duobao_rules::START_FEN, &moves);
        let opening = Opening {
            known: kept_verdicts(&game),
            at: 2,
        };
        let mut dom = VirtualDom::new(harness)
            .with_root_context(game)
            .with_root_context(Analysed::default())
            .with_root_context(opening);
        dom.rebuild_in_place();
        settle(&mut dom);
        let costs = || {
            [
                "review screen",
                "board",
                "review moves",
                "review ply",
                "review graph",
            ]
            .map(renders)
        };
        let jump = |dom: &mut VirtualDom, to: usize| {
            let before = costs();
            let on_jump = jump_handler().expect("the review takes jumps");
            dom.in_runtime(|| on_jump.call(to));
            settle(dom);
            let after = costs();
            [0, 1, 2, 3, 4].map(|index| after[index] - before[index])
        };
        // The screen's body with its board, the list with the two plies it leaves and enters,
        // and not the graph's line.
        assert_eq!(jump(&mut dom, 3), [1, 1, 1, 2, 0]);
        assert_eq!(jump(&mut dom, 8), [1, 1, 1, 2, 0]);
        // To the start: the ply it leaves, none it enters.
        assert_eq!(jump(&mut dom, 0), [1, 1, 1, 1, 0]);
    }
}
