//! The puzzles screen: the puzzle's board, whose move it is and in how many moves it must win,
//! the defender's replies, the solved or failed message with the refutation, Retry and Next,
//! and the player's solved count and streak.

use std::time::Duration;

use dioxus::prelude::*;
use duobao_rules::Move;
use web_time::Instant;

use super::judge::use_puzzle_judge;
use super::model::{next_of, of_length, shipped, Length, Played, PuzzleSession, Status};
use super::progress::{load_puzzle_progress, save_puzzle_progress};
use crate::board::Board;
use crate::i18n::{color_key, fill, moves_count, text, Key};
use crate::navigation::{use_navigator, Route};
use crate::platform::sleep;
use crate::prefs::Prefs;
use crate::storage::DeviceStore;
use crate::widgets::{ChoiceButton, ChoiceRow, PageFrame};

/// The defender's reply comes after this, so that it reads as a move of its own.
const REPLY_DELAY: Duration = Duration::from_millis(450);

/// Its props are `()`: a chunk's entry takes one argument.
#[allow(non_snake_case)]
pub fn PuzzlesScreenBody(_: ()) -> Element {
    let navigator = use_navigator();
    let prefs: Signal<Prefs> = use_context();
    let store: DeviceStore = use_context();
    let lang = prefs.read().lang;
    // Parsed once, and read by the taps that pick a puzzle.
    let puzzles = use_signal(shipped);
    let mut progress = use_signal(|| store.read(load_puzzle_progress));
    let first_unsolved = {
        let progress = progress.peek();
        puzzles
            .peek()
            .iter()
            .position(|puzzle| !progress.solved.contains(&puzzle.position.to_fen()))
            .unwrap_or(0)
    };
    let mut index = use_signal(|| first_unsolved);
    let mut length = use_signal(Length::default);
    let mut session = use_signal(|| PuzzleSession::new(puzzles.peek()[first_unsolved].clone()));
    // The defender's reply is on its way: the board shows the game without it until it comes.
    let mut replying = use_signal(|| false);

    // The player's move waits on the board while the engine judges it, then is answered or
    // refuted.
    let mut made_at = use_signal(Instant::now);
    let make = move |m: Move| {
        if session.write().submit(m) {
            made_at.set(Instant::now());
        }
    };
    use_puzzle_judge(session, move |played| match played {
        Played::Right { .. } => {
            replying.set(true);
            let waited = made_at.peek().elapsed();
            spawn(async move {
                sleep(REPLY_DELAY.saturating_sub(waited)).await;
                replying.set(false);
            });
        }
        Played::Solved { first_try } => {
            let fen = session.peek().puzzle().position.to_fen();
            progress.write().record_solved(&fen, first_try);
            store.write(|device| save_puzzle_progress(device, &progress.peek()));
        }
        Played::Wrong => {
            progress.write().record_failed();
            store.write(|device| save_puzzle_progress(device, &progress.peek()));
        }
    });

    let current = session.read();
    let puzzle = current.puzzle();
    let side = text(lang, color_key(puzzle.position.turn()));
    let defender = text(lang, color_key(puzzle.position.turn().other()));
    let count = puzzles.len();
    let number = index() + 1;
    let solved = progress.read().solved.len();
    let streak = progress.read().streak;
    let status = current.status().clone();
    let defender_wins = current.defender_wins();
    let is_solved = progress.read().solved.contains(&puzzle.position.to_fen());
    let win_in = fill(lang, Key::WinIn, &[&moves_count(lang, puzzle.moves)]);
    let mut shown = current.shown_game();
    if replying() {
        shown.undo();
    }
    let movable = current.takes_moves() && !replying();
    let bottom = puzzle.position.turn();
    drop(current);

    let chosen = of_length(&puzzles.read(), length());
    let solved_fens = progress.read().solved.clone();
    let mut go_to = move |next: usize| {
        index.set(next);
        session.set(PuzzleSession::new(puzzles.peek()[next].clone()));
        replying.set(false);
    };

    rsx! {
        PageFrame {
            title: text(lang, Key::PuzzlesTitle),
            testid: "puzzles-screen",
            div { class: "puzzle-head",
                span { "data-testid": "puzzle-number", {fill(lang, Key::PuzzleNumber, &[&number.to_string(), &count.to_string()])} }
                if is_solved {
                    span { class: "puzzle-done", {text(lang, Key::PuzzleDone)} }
                }
                span { class: "puzzle-score", "data-testid": "puzzle-solved-count",
                    {fill(lang, Key::PuzzleSolvedCount, &[&solved.to_string()])}
                    " · "
                    {fill(lang, Key::PuzzleStreak, &[&streak.to_string()])}
                }
            }
            h2 { class: "puzzle-goal", "data-testid": "puzzle-goal", "{win_in}" }
            div {
                class: "puzzle-board",
                "data-testid": "puzzle-board",
                "data-status": match status { Status::Solving => "solving", Status::Solved => "solved", Status::Failed { .. } => "failed" },
                div { class: "board-still", inert: (status != Status::Solving).then_some(true),
                    Board { game: shown, bottom, movable, on_move: make }
                }
            }
            section { class: "puzzle-message", aria_live: "polite", "data-testid": "puzzle-message",
                match &status {
                    Status::Solving => rsx! { p { {fill(lang, Key::PuzzleYourMove, &[side])} } },
                    Status::Solved => rsx! { p { class: "solved", {text(lang, Key::PuzzleSolved)} } },
                    Status::Failed { refutation, .. } => {
                        let line: Vec<String> = refutation.iter().map(|m| m.to_string()).collect();
                        let why = if defender_wins {
                            fill(lang, Key::PuzzleRefutedWin, &[defender, &line.join(" ")])
                        } else {
                            fill(lang, Key::PuzzleRefutedEscape, &[defender, line.first().map_or("", String::as_str)])
                        };
                        rsx! {
                            p { class: "wrong", {text(lang, Key::PuzzleWrong)} }
                            p { class: "proof", "data-testid": "refutation", "{why}" }
                        }
                    }
                }
            }
            div { class: "puzzle-actions",
                if matches!(status, Status::Failed { .. }) {
                    button { class: "primary", r#type: "button", "data-testid": "puzzle-retry",
                        onclick: move |_| session.write().retry(),
                        {text(lang, Key::PuzzleRetry)}
                    }
                }
                if status != Status::Solving {
                    button { r#type: "button", "data-testid": "analyse-puzzle",
                        onclick: move |_| {
                            let game = session.peek().shown_game();
                            let at = game.plies().len();
                            navigator.open(Route::Analysis { game, at });
                        },
                        {text(lang, Key::AnalysePosition)}
                    }
                }
                button {
                    class: if status == Status::Solved { "primary" },
                    r#type: "button",
                    "data-testid": "puzzle-next",
                    onclick: move |_| go_to(next_of(&of_length(&puzzles.peek(), length()), index())),
                    {text(lang, Key::PuzzleNext)}
                }
            }
            section { class: "puzzle-choice", aria_label: text(lang, Key::PuzzleLength),
                p { class: "puzzle-rule", {text(lang, Key::PuzzleStreakRule)} }
                ChoiceRow { label: text(lang, Key::PuzzleLength),
                    for choice in std::iter::once(Length::All).chain((1..=5).map(Length::WinIn)) {
                        ChoiceButton {
                            key: "{choice:?}",
                            label: match choice {
                                Length::All => text(lang, Key::GamesAll).to_string(),
                                Length::WinIn(moves) => moves.to_string(),
                            },
                            selected: length() == choice,
                            testid: match choice {
                                Length::All => "puzzle-length-all".to_string(),
                                Length::WinIn(moves) => format!("puzzle-length-{moves}"),
                            },
                            onclick: move |_| {
                                length.set(choice);
                                let first = {
                                    let all = puzzles.peek();
                                    let chosen = of_length(&all, choice);
                                    let progress = progress.peek();
                                    chosen
                                        .iter()
                                        .copied()
                                        .find(|&i| !progress.solved.contains(&all[i].position.to_fen()))
                                        .or_else(|| chosen.first().copied())
                                };
                                if let Some(first) = first {
                                    go_to(first);
                                }
                            },
                        }
                    }
                }
                ol { class: "puzzle-picks", aria_label: text(lang, Key::PuzzlesTitle),
                    for at in chosen.iter().copied() {
                        {
                            let solved_one = solved_fens.contains(&puzzles.read()[at].position.to_fen());
                            rsx! {
                                li { key: "{at}",
                                    button {
                                        class: if solved_one { "pick solved" } else { "pick" },
                                        r#type: "button",
                                        "data-testid": "puzzle-pick-{at + 1}",
                                        "data-solved": solved_one,
                                        aria_current: if at == index() { "step" } else { "false" },
                                        aria_label: if solved_one {
                                            format!("{}{}{}", fill(lang, Key::PuzzleNumber, &[&(at + 1).to_string(), &count.to_string()]), text(lang, Key::ListSeparator), text(lang, Key::PuzzleDone))
                                        } else {
                                            fill(lang, Key::PuzzleNumber, &[&(at + 1).to_string(), &count.to_string()])
                                        },
                                        onclick: move |_| go_to(at),
                                        "{at + 1}"
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
