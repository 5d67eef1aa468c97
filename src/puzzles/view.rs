//! The puzzles screen: the puzzle's board, whose move it is and in how many moves it must win,
//! the defender's replies, the solved or failed message with the refutation, Retry and Next,
//! and the player's solved count and streak.

use std::time::Duration;

use dioxus::prelude::*;
use duobao_ai::{Level, Puzzle};
use duobao_rules::Ply;

use super::model::{shipped, Played, PuzzleSession, Status};
use crate::game::board::Board;
use crate::game::controller::Controller;
use crate::i18n::{color_key, fill, moves_count, text, Key};
use crate::persistence::DeviceStore;
use crate::platform::sleep;
use crate::prefs::Prefs;
use crate::session::{GameSetup, Mode, SavedGame};
use crate::widgets::PageFrame;

/// The defender's reply comes after this, so that it reads as a move of its own.
const REPLY_DELAY: Duration = Duration::from_millis(450);

/// The board's game for a puzzle: the player against the defender, no clock.
fn puzzle_setup(puzzle: &Puzzle) -> GameSetup {
    GameSetup {
        mode: Mode::VsAi {
            human: puzzle.position.turn(),
            level: Level::Easy,
        },
        start: puzzle.position,
        turn_seconds: None,
    }
}

/// Shows `session`'s game on the board.
fn show(board: &mut Controller, session: &PuzzleSession) {
    let setup = puzzle_setup(session.puzzle());
    board.resume(SavedGame {
        mode: setup.mode,
        turn_seconds: None,
        game: session.shown_game(),
        hints: 0,
        // A puzzle is no game for the statistics, which count puzzles apart.
        counted: true,
        time_left_ms: None,
    });
}

#[component]
pub fn PuzzlesScreen(on_close: EventHandler) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let store: DeviceStore = use_context();
    let lang = prefs.read().lang;
    let puzzles = use_hook(shipped);
    let mut progress = use_signal(|| store.puzzle_progress());
    let first_unsolved = {
        let progress = progress.peek();
        puzzles
            .iter()
            .position(|puzzle| !progress.solved.contains(&puzzle.position.to_fen()))
            .unwrap_or(0)
    };
    let mut index = use_signal(|| first_unsolved);
    let first = puzzles[first_unsolved].clone();
    let mut session = use_signal(|| PuzzleSession::new(first.clone()));
    let mut board = use_context_provider(|| Signal::new(Controller::new(puzzle_setup(&first))));

    // The player's move on the board is judged here, then answered or taken back.
    let saving = store.clone();
    use_effect(move || {
        let generation = board.read().generation();
        let played = {
            let state = board.peek();
            let game = state.game();
            let known = session.peek().game().plies().len();
            match game.plies().get(known) {
                Some(last) if game.plies().len() == known + 1 => last.ply,
                _ => return,
            }
        };
        let Ply::Move(m) = played else { return };
        let outcome = session.write().play(m);
        match outcome {
            Played::Right { reply } => {
                spawn(async move {
                    sleep(REPLY_DELAY).await;
                    board.write().ai_answer(generation, Ok(reply));
                });
            }
            Played::Solved { first_try } => {
                let fen = session.peek().puzzle().position.to_fen();
                progress.write().record_solved(&fen, first_try);
                saving.save_puzzle_progress(&progress.peek());
            }
            Played::Wrong => {
                progress.write().record_failed();
                saving.save_puzzle_progress(&progress.peek());
                show(&mut board.write(), &session.peek());
            }
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
    drop(current);

    let mut go_to = move |next: usize| {
        let puzzle = shipped_at(next);
        index.set(next);
        board.write().start(puzzle_setup(&puzzle));
        session.set(PuzzleSession::new(puzzle));
    };

    rsx! {
        PageFrame {
            title: text(lang, Key::PuzzlesTitle),
            testid: "puzzles-screen",
            on_back: move |_| on_close.call(()),
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
                div { class: "board-still", inert: (status != Status::Solving).then_some(true), Board {} }
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
                        onclick: move |_| {
                            session.write().retry();
                            show(&mut board.write(), &session.peek());
                        },
                        {text(lang, Key::PuzzleRetry)}
                    }
                }
                button {
                    class: if status == Status::Solved { "primary" },
                    r#type: "button",
                    "data-testid": "puzzle-next",
                    onclick: move |_| go_to((index() + 1) % count),
                    {text(lang, Key::PuzzleNext)}
                }
            }
        }
    }
}

/// The shipped puzzle at `index`.
fn shipped_at(index: usize) -> Puzzle {
    shipped().swap_remove(index)
}
