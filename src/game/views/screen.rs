//! The game screen: the two player bars around the board, the actions, the move list, and the
//! menu and game-over dialogs. What happens without a tap runs in parts of its own, started
//! here (`tasks/`): the computer's moves, the hint's search, the turn clock, the game in the
//! background, the screen kept awake and the socket of a game online.

use std::cell::Cell;
use std::rc::Rc;

use dioxus::prelude::*;
use duobao_rules::{Color, PlayedPly};

use super::ai_failed::AiFailedDialog;
use super::connection_panel::ConnectionPanel;
use super::dialogs::Dialogs;
use super::face_to_face::{use_facing, FacingLayer};
use super::game_over::GameOverDialog;
use super::hint_line::hint_line;
use super::menu::GameMenu;
use super::resign_and_draw_dialogs::DrawAnswerDialog;
use super::status_bar::{BarState, PlayerBar};
use super::swap_offer::{swapped_notice, SwapDialog};
use crate::board::{Board, Marks};
use crate::feedback::LiveRegion;
use crate::game::controller::{Controller, Hint, Notice};
use crate::game::handle::GameHandle;
use crate::game::tasks::{
    use_ai_player, use_background, use_game_socket, use_hint_search, use_keep_awake, use_turn_clock,
};
use crate::i18n::{side_key, text, Key};
use crate::move_list::MoveList;
use crate::navigation::{use_navigator, use_screen_back, Reviewed, Route};
use crate::platform::after_next_paint;
use crate::prefs::Prefs;
use crate::session::Mode;
use crate::share::ShareSheet;

/// Its props are `()`: a chunk's entry takes one argument.
#[allow(non_snake_case)]
pub fn GameViewBody(_: ()) -> Element {
    #[cfg(test)]
    crate::test_screen::rendered("game view");
    let navigator = use_navigator();
    let game: GameHandle = use_context();
    // A new game, the computer's failure and Back leave the game saved, to be continued from
    // home; the review leaves it too, and Back from the review returns here.
    let on_new_game = use_callback(move |()| {
        game.leave();
        navigator.home();
    });
    let on_review = use_callback(move |at: usize| {
        game.leave();
        navigator.open(Route::Review(Reviewed {
            game: game.game(),
            bottom: game.bottom(),
            at,
            mode: Some(game.mode()),
            known: Vec::new(),
            kept: game.kept_as(),
        }));
    });
    let mut controller: Signal<Controller> = use_context();
    let prefs: Signal<Prefs> = use_context();
    let mut dialogs = use_signal(Dialogs::default);
    // Bumped by a tap beside the board, which puts the piece picked up back down.
    let mut put_downs = use_signal(|| 0_u64);
    // The sheet that sends the game to the friend who plays it by link.
    let mut sending = use_signal(|| false);
    let mut set_menu_open =
        move |open: bool| dialogs.write().set_menu_open(open, &mut controller.write());
    use_screen_back(Some(on_new_game));
    use_ai_player(controller);
    use_hint_search(controller);
    use_turn_clock(controller);
    use_background(controller);
    use_keep_awake(controller);
    use_game_socket(controller);
    let facing = use_facing();
    // The same handler on every drawing, so that the board, its props unchanged, is not drawn
    // again when the screen around it is.
    let on_move = use_callback(move |m| {
        controller.write().play_move(m);
    });
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
    let online = state.mode().is_online();
    // The game's id on the server, on the screen's element, for a link to watch it.
    let online_game = state.online_seat().map(|seat| seat.id.clone());
    let can_send = state.can_send();
    let heading = match state.mode() {
        Mode::VsAi { .. } => Key::VsAi,
        Mode::PassAndPlay { .. } => Key::PassAndPlay,
        Mode::ByLink { .. } => Key::ByLink,
        Mode::Online { .. } => Key::PlayOnline,
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
            "data-online-game": online_game,
            // A tap beside the board puts the piece picked up back down.
            onclick: move |_| put_downs += 1,
            LiveRegion {}
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
                        marks: marks_of(state.hint()),
                        waiting: !game_over && !state.is_human_turn(),
                        movable: state.is_human_turn() && !menu_open,
                        put_down: put_downs(),
                        on_move,
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
                ConnectionPanel {}
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
                    if !by_link && !online {
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
                    if hint_button && !by_link && !online {
                        button {
                            r#type: "button",
                            class: "hint-button",
                            "data-testid": "hint",
                            "aria-busy": hint == Some(Hint::Thinking),
                            disabled: !state.can_hint(),
                            onclick: move |_| {
                                controller.write().request_hint();
                            },
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
                ShareSheet {
                    game: state.game().clone(),
                    ply: plies,
                    mode: state.mode(),
                    by_link: state.started_ms(),
                    on_close: move |_| sending.set(false),
                }
            } else if menu_open {
                GameMenu { on_resume: move |_| set_menu_open(false), on_new_game }
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

/// What the board shows over the position besides the piece the player picks up: the hint.
fn marks_of(hint: Option<Hint>) -> Marks {
    Marks {
        hint: match hint {
            Some(Hint::Move(m)) => Some(m),
            _ => None,
        },
        ..Marks::default()
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
