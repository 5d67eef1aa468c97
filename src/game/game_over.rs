//! The game-over dialog: who won and why, a rematch with the colours swapped, a new game, the
//! game's review, or a look at the final board and the move list.

use dioxus::prelude::*;
use duobao_rules::{Color, GameResult};

use super::controller::Controller;
use crate::i18n::{fill, reason_key, text, Key};
use crate::prefs::Prefs;
use crate::session::Mode;
use crate::widgets::Dialog;

fn title_key(result: GameResult, mode: Mode) -> Key {
    match (result.winner(), mode) {
        (None, _) => Key::Draw,
        (Some(winner), Mode::VsAi { human, .. }) if winner == human => Key::YouWin,
        (Some(_), Mode::VsAi { .. }) => Key::ComputerWins,
        (Some(Color::Red), Mode::PassAndPlay { .. }) => Key::RedWins,
        (Some(Color::Black), Mode::PassAndPlay { .. }) => Key::BlackWins,
    }
}

#[component]
pub fn GameOverDialog(
    on_new_game: EventHandler,
    on_review: EventHandler,
    on_view_board: EventHandler,
) -> Element {
    let mut controller: Signal<Controller> = use_context();
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let Some(result) = controller.read().game().result() else {
        return rsx! {};
    };
    let mode = controller.read().mode();
    let hints = controller.read().hints_used().to_string();
    let winner = result.winner().map_or("draw", |color| color.name());

    rsx! {
        Dialog { title: text(lang, title_key(result, mode)), testid: "game-over", sheet: true, on_back: on_view_board,
            p { class: "reason", "data-testid": "result-reason", "data-winner": winner, {text(lang, reason_key(result))} }
            p { class: "hints-used", "data-testid": "hints-used", {fill(lang, Key::HintsUsed, &[&hints])} }
            div { class: "dialog-actions",
                button { class: "primary", r#type: "button", "data-testid": "rematch",
                    onclick: move |_| controller.write().rematch(),
                    {text(lang, Key::Rematch)}
                }
                button { r#type: "button", "data-testid": "new-game",
                    onclick: move |_| on_new_game.call(()),
                    {text(lang, Key::NewGame)}
                }
                button { r#type: "button", "data-testid": "review",
                    onclick: move |_| on_review.call(()),
                    {text(lang, Key::Review)}
                }
                button { r#type: "button", "data-testid": "view-board",
                    onclick: move |_| on_view_board.call(()),
                    {text(lang, Key::ViewBoard)}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_ai::Level;
    use duobao_rules::{DrawReason, Win, WinReason};

    #[test]
    fn the_title_speaks_to_the_player() {
        let red_wins = GameResult::Win(Win {
            winner: Color::Red,
            reason: WinReason::Blockade,
        });
        let vs_ai = |human| Mode::VsAi {
            human,
            level: Level::Easy,
        };
        let friends = Mode::PassAndPlay { bottom: Color::Red };
        assert_eq!(title_key(red_wins, vs_ai(Color::Red)), Key::YouWin);
        assert_eq!(title_key(red_wins, vs_ai(Color::Black)), Key::ComputerWins);
        assert_eq!(title_key(red_wins, friends), Key::RedWins);
        let draw = GameResult::Draw(DrawReason::Quiet);
        assert_eq!(title_key(draw, friends), Key::Draw);
    }
}
