//! The game screen: the two player bars around the board, the actions, the move list, and the
//! menu and game-over dialogs. It also runs the three things that happen without a tap: the
//! computer's moves, the turn clock, and pausing while the app is in the background.

use std::time::Duration;

use dioxus::logger::tracing::warn;
use dioxus::prelude::*;
use duobao_ai::{think, CancelToken};
use web_time::Instant;

use super::ai_failed::AiFailedDialog;
use super::board::Board;
use super::clock::{PauseReason, Tick};
use super::controller::{AiOutcome, Controller, Notice};
use super::dialogs::Dialogs;
use super::feedback::{use_keep_awake, use_move_haptics};
use super::game_over::GameOverDialog;
use super::menu::GameMenu;
use super::move_list::MoveList;
use super::sound::use_move_sounds;
use super::status_bar::PlayerBar;
use crate::i18n::{text, timed_out_key, Key};
use crate::navigation::Page;
use crate::platform::{sleep, VISIBILITY_SCRIPT};
use crate::prefs::Prefs;

/// The computer never answers faster than this, so its reply reads as a move of its own rather
/// than as part of the player's.
const MIN_AI_DELAY: Duration = Duration::from_millis(450);
/// How often the clock looks at the time; the display changes once a second.
const CLOCK_POLL: Duration = Duration::from_millis(100);

#[component]
pub fn GameView(on_new_game: EventHandler, on_open: EventHandler<Page>) -> Element {
    let mut controller: Signal<Controller> = use_context();
    let prefs: Signal<Prefs> = use_context();
    let mut dialogs = use_signal(Dialogs::default);
    let mut set_menu_open =
        move |open: bool| dialogs.write().set_menu_open(open, &mut controller.write());
    use_ai_player(controller);
    use_turn_clock(controller);
    use_visibility_pause(controller);
    use_move_sounds(controller, prefs);
    use_move_haptics(controller, prefs);
    use_keep_awake(controller);

    let lang = prefs.read().lang;
    let state = controller.read();
    let bottom = state.bottom();
    let notice = state
        .notice()
        .map(|Notice::TimedOut(color)| timed_out_key(color));
    let game_over = state.game().is_over();
    let plies = state.game().plies().len();
    let menu_open = dialogs.read().is_menu_open();
    let result_open = dialogs.read().is_result_open(&state);
    let ai_stuck = state.is_ai_stuck();

    rsx! {
        main {
            class: "game",
            lang: lang.tag(),
            onclick: move |_| controller.write().deselect(),
            div { class: "play-area",
                PlayerBar { color: bottom.other(), top: true }
                div { class: "board-wrap",
                    Board {}
                    if let Some(key) = notice {
                        // Keyed by ply, so each notice is a new element and shows afresh.
                        div {
                            key: "{plies}",
                            class: "notice",
                            role: "status",
                            "data-testid": "notice",
                            {text(lang, key)}
                        }
                    }
                }
                PlayerBar { color: bottom, top: false }
            }
            div { class: "side",
                nav { class: "actions",
                    button {
                        r#type: "button",
                        "data-testid": "undo",
                        disabled: state.undo_count() == 0,
                        onclick: move |_| {
                            controller.write().undo();
                        },
                        {text(lang, Key::Undo)}
                    }
                    if game_over && !result_open {
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
                MoveList {}
            }
            if menu_open {
                GameMenu { on_resume: move |_| set_menu_open(false), on_new_game, on_open }
            } else if result_open {
                GameOverDialog {
                    on_new_game,
                    on_view_board: move |_| dialogs.write().set_result_aside(&controller.peek()),
                }
            } else if ai_stuck {
                AiFailedDialog { on_new_game }
            }
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
            let answer = think(request.game, request.level, cancel).await;
            if let Some(rest) = MIN_AI_DELAY.checked_sub(started.elapsed()) {
                sleep(rest).await;
            }
            match controller.write().ai_answer(request.generation, answer) {
                AiOutcome::AskingAgain(error) => {
                    warn!("the computer could not move ({error}); asking it again");
                }
                AiOutcome::Stuck(error) => {
                    warn!("the computer could not move again ({error}); the player decides");
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

/// Stops the clock while the page or app is in the background.
fn use_visibility_pause(mut controller: Signal<Controller>) {
    use_future(move || async move {
        let mut visibility = document::eval(VISIBILITY_SCRIPT);
        while let Ok(hidden) = visibility.recv::<bool>().await {
            controller.write().set_paused(PauseReason::Hidden, hidden);
        }
    });
}
