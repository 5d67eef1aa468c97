//! The game screen: the two player bars around the board, the actions, the move list, and the
//! menu and game-over dialogs. It also runs the three things that happen without a tap: the
//! computer's moves, the turn clock, and pausing while the app is in the background.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use crate::log::warning;
use dioxus::prelude::*;
use duobao_ai::{think, CancelToken, ThinkError};
use duobao_rules::{Color, PlayedPly};
use web_time::Instant;

use super::ai_failed::AiFailedDialog;
use super::clock::{PauseReason, Tick};
use super::computer_turn::{AiOutcome, SwapTurn};
use super::concession::DrawAnswerDialog;
use super::controller::{Controller, Notice};
use super::dialogs::Dialogs;
use super::feedback::{use_keep_awake, use_move_haptics};
use super::game_over::GameOverDialog;
use super::hint::{hint_reasons, reasons_line, Hint, HINT_LEVEL};
use super::menu::GameMenu;
use super::saving::GameSaver;
use super::sound::use_move_sounds;
use super::status_bar::{BarState, PlayerBar};
use super::swap_offer::{swapped_notice, SwapDialog};
use super::table::{use_facing, FacingLayer};
use crate::board::Board;
use crate::endgames;
use crate::i18n::{fill, side_key, text, Key, Lang};
use crate::move_list::MoveList;
use crate::navigation::{use_back_layer, Page};
use crate::platform::{after_next_paint, now_ms, sleep, VISIBILITY_SCRIPT};
use crate::prefs::Prefs;
use crate::session::Mode;
use crate::share::ShareDialog;
use crate::shell::use_app_leaving;

/// The computer never answers faster than this, so its reply reads as a move of its own rather
/// than as part of the player's.
const MIN_AI_DELAY: Duration = Duration::from_millis(450);
/// How often the clock looks at the time; the display changes once a second.
const CLOCK_POLL: Duration = Duration::from_millis(100);

#[component]
pub fn GameView(
    on_new_game: EventHandler,
    on_open: EventHandler<Page>,
    on_review: EventHandler<usize>,
) -> Element {
    let mut controller: Signal<Controller> = use_context();
    let prefs: Signal<Prefs> = use_context();
    let mut dialogs = use_signal(Dialogs::default);
    // The sheet that sends the game to the friend who plays it by link.
    let mut sending = use_signal(|| false);
    let mut set_menu_open =
        move |open: bool| dialogs.write().set_menu_open(open, &mut controller.write());
    // Back leaves the game as "new game" does: saved, to be continued from home.
    use_back_layer(on_new_game);
    use_ai_player(controller);
    let mut ask_hint = use_hint(controller);
    use_turn_clock(controller);
    use_background(controller);
    use_move_sounds(prefs);
    use_move_haptics(prefs);
    use_keep_awake(controller);
    let facing = use_facing();
    let surroundings = use_surroundings(controller);

    let Prefs {
        lang, hint_button, ..
    } = *prefs.read();
    let state = controller.read();
    let bottom = state.bottom();
    let notice = state.notice().map(|notice| {
        (
            notice_key(notice, state.mode()),
            facing.turns_notice(notice),
        )
    });
    let game_over = state.game().is_over();
    let result_turned = state
        .game()
        .result()
        .is_some_and(|result| facing.turns_result(result));
    let pass_and_play = matches!(state.mode(), Mode::PassAndPlay { .. });
    let by_link = state.mode().is_by_link();
    let can_send = state.can_send();
    let heading = match state.mode() {
        Mode::VsAi { .. } => Key::VsAi,
        Mode::PassAndPlay { .. } => Key::PassAndPlay,
        Mode::ByLink { .. } => Key::ByLink,
    };
    let plies = state.game().plies().len();
    let menu_open = dialogs.read().is_menu_open();
    // The result follows the final move a frame later, as the bars do, so that the move's frame
    // draws the board alone and the dialog comes over the move already shown.
    let result_shown = game_over && surroundings.over;
    let result_open = result_shown && dialogs.read().is_result_open(&state);
    let ai_stuck = state.is_ai_stuck();
    let draw_offered_by = state.draw_offered_by();
    let swap_offered = state.swap_offered();
    let hint = state.hint();
    let hint_line = hint_line(lang, &state);

    rsx! {
        main {
            class: "game",
            lang: lang.tag(),
            onclick: move |_| controller.write().deselect(),
            super::announcer::Announcer {}
            // The screen's heading, for screen readers: which kind of game this is.
            h1 { class: "visually-hidden", {text(lang, heading)} }
            div { class: "play-area",
                PlayerBar {
                    color: bottom.other(),
                    top: true,
                    rotated: facing.turns(bottom.other()),
                    bar: surroundings.bar(bottom.other()),
                }
                div { class: "board-wrap",
                    Board {
                        game: state.game().clone(),
                        bottom,
                        turned: facing.across(),
                        marks: state.marks(),
                        waiting: !game_over && !state.is_human_turn(),
                        on_tap: move |point| {
                            controller.write().tap(point);
                        },
                    }
                    if let Some((key, turned)) = notice {
                        // Keyed by ply, so each notice is a new element and shows afresh.
                        div {
                            key: "{plies}",
                            class: if turned { "notice turned" } else { "notice" },
                            role: "status",
                            "data-testid": "notice",
                            "data-rotated": turned,
                            {text(lang, key)}
                        }
                    }
                }
                PlayerBar {
                    color: bottom,
                    top: false,
                    rotated: facing.turns(bottom),
                    bar: surroundings.bar(bottom),
                }
            }
            div { class: "side",
                if let Some(line) = hint_line {
                    p { class: "hint-line", role: "status", "data-testid": "hint-line", "{line}" }
                }
                if by_link && !game_over {
                    p { class: "hint-line", role: "status", "data-testid": "by-link-line",
                        {text(lang, if can_send { Key::SendMoveLine } else { Key::YourMoveByLink })}
                    }
                }
                nav { class: "actions",
                    // Once the game is over, the result offers it.
                    if can_send && !game_over {
                        button {
                            class: "primary",
                            r#type: "button",
                            "data-testid": "send-move",
                            aria_haspopup: "dialog",
                            onclick: move |_| sending.set(true),
                            {text(lang, Key::SendMove)}
                        }
                    }
                    if !by_link {
                        button {
                            r#type: "button",
                            "data-testid": "undo",
                            disabled: state.undo_count() == 0,
                            onclick: move |_| {
                                controller.write().undo();
                            },
                            {text(lang, Key::Undo)}
                        }
                    }
                    if hint_button && !by_link {
                        button {
                            r#type: "button",
                            class: "hint-button",
                            "data-testid": "hint",
                            "aria-busy": hint == Some(Hint::Thinking),
                            disabled: !state.can_hint(),
                            onclick: move |_| ask_hint(),
                            if hint == Some(Hint::Thinking) {
                                {text(lang, Key::Thinking)}
                            } else {
                                {text(lang, Key::Hint)}
                            }
                        }
                    }
                    if pass_and_play {
                        button {
                            r#type: "button",
                            "data-testid": "flip-sides",
                            onclick: move |_| controller.write().flip_sides(),
                            {text(lang, Key::FlipSides)}
                        }
                    }
                    if result_shown && !result_open {
                        button {
                            r#type: "button",
                            "data-testid": "show-result",
                            onclick: move |_| dialogs.write().reopen_result(),
                            {text(lang, Key::Result)}
                        }
                    }
                    button {
                        r#type: "button",
                        "data-testid": "menu-button",
                        aria_haspopup: "dialog",
                        onclick: move |_| set_menu_open(true),
                        {text(lang, Key::Menu)}
                    }
                }
                MoveList { plies: surroundings.plies, on_review }
            }
            if sending() {
                ShareDialog {
                    game: state.game().clone(),
                    ply: plies,
                    mode: state.mode(),
                    by_link: state.started_ms(),
                    on_close: move |_| sending.set(false),
                }
            } else if menu_open {
                GameMenu { on_resume: move |_| set_menu_open(false), on_new_game, on_open }
            } else if result_open {
                FacingLayer { turned: result_turned,
                    GameOverDialog {
                        on_send: move |_| sending.set(true),
                        on_new_game,
                        on_review: move |_| on_review.call(plies),
                        on_view_board: move |_| dialogs.write().set_result_aside(&controller.peek()),
                    }
                }
            } else if ai_stuck {
                AiFailedDialog { on_new_game }
            } else if let Some(offered_by) = draw_offered_by {
                // Asked of the side to move, so it faces them.
                FacingLayer { turned: facing.turns(offered_by.other()),
                    DrawAnswerDialog { offered_by }
                }
            } else if swap_offered {
                FacingLayer { turned: facing.turns(Color::Black), SwapDialog {} }
            }
        }
    }
}

/// What the notice over the board says.
fn notice_key(notice: Notice, mode: Mode) -> Key {
    match notice {
        Notice::SidesSwapped => swapped_notice(mode),
        Notice::TimedOut(color) => side_key(color, Key::RedTimedOut, Key::BlackTimedOut),
        Notice::DrawOffered(color) => side_key(color, Key::RedOffersDraw, Key::BlackOffersDraw),
        Notice::DrawDeclined(color) => {
            side_key(color, Key::RedDeclinedDraw, Key::BlackDeclinedDraw)
        }
    }
}

/// Asks the computer for a move whenever it is its turn (again after a failure, as the
/// controller says), and cancels the thinking that a change of game made pointless. The
/// controller drops any answer that comes back stale.
fn use_ai_player(mut controller: Signal<Controller>) {
    let mut thinking: Signal<Option<((u64, u32), CancelToken)>> = use_signal(|| None);
    use_effect(move || {
        let request = controller.read().ai_request();
        let wanted = request
            .as_ref()
            .map(|request| (request.generation, request.attempt));
        if thinking.peek().as_ref().map(|(asked, _)| *asked) == wanted {
            return;
        }
        if let Some((_, cancel)) = thinking.write().take() {
            cancel.cancel();
        }
        let (Some(request), Some(asked)) = (request, wanted) else {
            return;
        };
        let cancel = CancelToken::new();
        thinking.set(Some((asked, cancel.clone())));
        spawn(async move {
            let started = Instant::now();
            let swap_turn = request.swap_turn(now_ms());
            let answer = match swap_turn {
                Some(SwapTurn::TakeOver) => None,
                Some(SwapTurn::Open(first)) => Some(Ok(first)),
                None => Some(think(request.game, request.level, endgames::loaded(), cancel).await),
            };
            if let Some(rest) = MIN_AI_DELAY.checked_sub(started.elapsed()) {
                sleep(rest).await;
            }
            let outcome = match answer {
                Some(answer) => controller.write().ai_answer(request.generation, answer),
                None => controller.write().ai_swap(request.generation),
            };
            match outcome {
                AiOutcome::AskingAgain(error) => {
                    warning!("the computer could not move ({error}); asking it again");
                }
                AiOutcome::Stuck(error) => {
                    warning!("the computer could not move again ({error}); the player decides");
                }
                AiOutcome::Played | AiOutcome::Stale => {}
            }
        });
    });
    use_drop(move || {
        if let Some((_, cancel)) = thinking.peek().as_ref() {
            cancel.cancel();
        }
    });
}

/// The hint's line under the board: the move, why when it is tactical, and the forced win it
/// keeps when the endgame tables decide it.
fn hint_line(lang: Lang, state: &Controller) -> Option<String> {
    let Some(Hint::Move(m)) = state.hint() else {
        return None;
    };
    let suggestion = fill(lang, Key::HintLabel, &[&m.to_string()]);
    let reasons = hint_reasons(state.game(), m);
    let why = reasons_line(lang, &reasons).into_iter();
    let exact = endgames::forced_win_text(lang, state.game(), m).into_iter();
    let parts: Vec<String> = std::iter::once(suggestion)
        .chain(why)
        .chain(exact)
        .collect();
    Some(parts.join(text(lang, Key::ListSeparator)))
}

/// Asks the engine for a hint, as the computer's own moves are asked for: off the page's thread,
/// at [`HINT_LEVEL`]. Any change of the game (a move, an undo, a new game, leaving) cancels the
/// search, and the controller drops an answer that comes back stale.
fn use_hint(mut controller: Signal<Controller>) -> impl FnMut() {
    let mut pending: Signal<Option<(u64, CancelToken)>> = use_signal(|| None);
    let generation = use_memo(move || controller.read().generation());
    use_effect(move || {
        let now = generation();
        let stale = matches!(pending.peek().as_ref(), Some((asked, _)) if *asked != now);
        if stale {
            if let Some((_, cancel)) = pending.write().take() {
                cancel.cancel();
            }
        }
    });
    use_drop(move || {
        if let Some((_, cancel)) = pending.peek().as_ref() {
            cancel.cancel();
        }
    });
    move || {
        let Some(request) = controller.write().request_hint() else {
            return;
        };
        let cancel = CancelToken::new();
        pending.set(Some((request.generation, cancel.clone())));
        spawn(async move {
            let answer = think(request.game, HINT_LEVEL, endgames::loaded(), cancel).await;
            if let Err(ThinkError::Failed(why)) = &answer {
                warning!("no hint: the search failed ({why})");
            }
            controller
                .write()
                .hint_answer(request.generation, answer.ok());
        });
    }
}

/// What the game screen shows of the game besides the board and its buttons: the players' bars,
/// the move list and the result.
#[derive(Clone, PartialEq)]
struct Surroundings {
    red: BarState,
    black: BarState,
    plies: Vec<PlayedPly>,
    /// The game is over: its result may show.
    over: bool,
}

impl Surroundings {
    fn of(state: &Controller) -> Surroundings {
        Surroundings {
            red: BarState::of(state, Color::Red),
            black: BarState::of(state, Color::Black),
            plies: state.game().plies().to_vec(),
            over: state.game().is_over(),
        }
    }

    fn bar(&self, color: Color) -> BarState {
        match color {
            Color::Red => self.red.clone(),
            Color::Black => self.black.clone(),
        }
    }
}

/// The bars, the move list and the result follow the game a frame behind the board: the frame that answers
/// a move then has the board alone to draw, and comes sooner (on a slow phone, by a frame); the
/// rest is drawn in the next.
fn use_surroundings(controller: Signal<Controller>) -> Surroundings {
    let mut shown = use_signal(|| Surroundings::of(&controller.peek()));
    let catching_up = use_hook(|| Rc::new(Cell::new(false)));
    use_effect(move || {
        let behind = *shown.peek() != Surroundings::of(&controller.read());
        if behind && !catching_up.replace(true) {
            let catching_up = catching_up.clone();
            spawn(async move {
                after_next_paint().await;
                catching_up.set(false);
                shown.set(Surroundings::of(&controller.peek()));
            });
        }
    });
    shown()
}

/// Runs the turn clock on real time. Time is handed to the controller only when the display
/// changes or the turn expires, so a running clock costs one render a second.
fn use_turn_clock(mut controller: Signal<Controller>) {
    use_future(move || async move {
        let mut last = Instant::now();
        let mut unspent_ms = 0;
        let mut turn = controller.peek().generation();
        loop {
            sleep(CLOCK_POLL).await;
            let now = Instant::now();
            let elapsed = now.duration_since(last).as_millis() as u64;
            last = now;
            let (mut preview, generation) = {
                let state = controller.peek();
                (state.clock().clone(), state.generation())
            };
            if generation != turn || preview.is_paused() || !preview.is_on() {
                // Time spent on another turn, or while paused, is not this turn's.
                turn = generation;
                unspent_ms = 0;
                continue;
            }
            unspent_ms += elapsed;
            if preview.tick(unspent_ms) != Tick::Quiet {
                controller.write().tick(unspent_ms);
                unspent_ms = 0;
            }
        }
    });
}

/// Stops the clock while the page or app is in the background, and saves the game as it goes
/// there: the last moment it surely can (a phone may end a hidden app without a word).
fn use_background(mut controller: Signal<Controller>) {
    let saver: GameSaver = use_context();
    let on_leave = saver.clone();
    use_app_leaving(move || on_leave.write_now());
    use_future(move || {
        let saver = saver.clone();
        async move {
            let mut visibility = document::eval(VISIBILITY_SCRIPT);
            while let Ok(hidden) = visibility.recv::<bool>().await {
                controller.write().set_paused(PauseReason::Hidden, hidden);
                if hidden {
                    saver.write_now();
                }
            }
        }
    });
}
