//! The dialogs that end a game by the players' choice: the question before resigning, and the
//! answer to a draw offered.

use dioxus::prelude::*;
use duobao_rules::Color;

use crate::game::controller::Controller;
use crate::i18n::{side_key, text, Key};
use crate::prefs::Prefs;
use crate::session::Mode;
use crate::widgets::Dialog;

/// The question before `side` resigns and what it means, addressed as the result will be: to
/// "you" against the computer, to the side by colour between friends.
pub fn resign_question(mode: Mode, side: Color) -> (Key, Key) {
    match mode {
        Mode::VsAi { .. } | Mode::ByLink { .. } | Mode::Online { .. } => {
            (Key::ResignQuestion, Key::ResignYouLose)
        }
        Mode::PassAndPlay { .. } => (
            side_key(side, Key::RedResignQuestion, Key::BlackResignQuestion),
            side_key(side, Key::ResignRedLoses, Key::ResignBlackLoses),
        ),
    }
}

/// Asks once more before the game is given up; `on_close` follows either answer (and Back,
/// which keeps playing).
#[component]
pub fn ResignDialog(on_close: EventHandler) -> Element {
    let mut controller: Signal<Controller> = use_context();
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let Some(side) = controller.read().resigning_side() else {
        return rsx! {};
    };
    let (question, meaning) = resign_question(controller.read().mode(), side);

    rsx! {
        Dialog { title: text(lang, question), testid: "confirm-resign", on_back: on_close,
            p { class: "reason", {text(lang, meaning)} }
            div { class: "dialog-actions",
                button { class: "primary danger", r#type: "button", "data-testid": "confirm-resign-yes",
                    onclick: move |_| {
                        controller.write().resign();
                        on_close.call(());
                    },
                    {text(lang, Key::Resign)}
                }
                button { r#type: "button", "data-testid": "confirm-resign-no",
                    onclick: move |_| on_close.call(()),
                    {text(lang, Key::Cancel)}
                }
            }
        }
    }
}

/// Asks the side to move whether it takes the draw the other side offered. Back declines.
#[component]
pub fn DrawAnswerDialog(offered_by: Color) -> Element {
    let mut controller: Signal<Controller> = use_context();
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let title = side_key(offered_by, Key::RedDrawOffer, Key::BlackDrawOffer);

    rsx! {
        Dialog { title: text(lang, title), testid: "draw-offer", sheet: true,
            on_back: move |_| controller.write().answer_draw(false),
            p { class: "reason", {text(lang, Key::DrawOfferChoice)} }
            div { class: "dialog-actions",
                button { class: "primary", r#type: "button", "data-testid": "accept-draw",
                    onclick: move |_| controller.write().answer_draw(true),
                    {text(lang, Key::AcceptDraw)}
                }
                button { r#type: "button", "data-testid": "decline-draw",
                    onclick: move |_| controller.write().answer_draw(false),
                    {text(lang, Key::DeclineDraw)}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use duobao_engine::Level;

    #[test]
    fn the_question_speaks_to_whoever_resigns() {
        let asked = |mode, side| {
            let (question, meaning) = resign_question(mode, side);
            (text(Lang::En, question), text(Lang::Zh, meaning))
        };
        let alone = Mode::VsAi {
            human: Color::Black,
            level: Level::Hard,
        };
        assert_eq!(
            asked(alone, Color::Black),
            ("Resign this game?", "认输后本局判你负。")
        );
        let friends = Mode::PassAndPlay { bottom: Color::Red };
        assert_eq!(
            asked(friends, Color::Red),
            ("Resign as Red?", "认输后本局判黑方胜。")
        );
        assert_eq!(
            asked(friends, Color::Black),
            ("Resign as Black?", "认输后本局判红方胜。")
        );
    }
}
