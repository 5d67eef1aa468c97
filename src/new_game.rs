//! The new-game screen: against the computer or a friend, which side, the computer's level,
//! the turn time.

use dioxus::prelude::*;
use duobao_rules::{Color, Position};

use crate::game::controller::{GameSetup, Mode};
use crate::i18n::{color_key, text, Key};
use crate::prefs::{Prefs, TURN_TIME_CHOICES};
use crate::widgets::{ChoiceButton, ChoiceRow, LanguageToggle, LevelChoices, OnOffChoices};

#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Opponent {
    Computer,
    Friend,
}

#[component]
pub fn NewGameScreen(on_start: EventHandler<GameSetup>) -> Element {
    let mut prefs: Signal<Prefs> = use_context();
    let mut opponent = use_signal(|| Opponent::Computer);
    let mut side = use_signal(|| Color::Red);
    let current = *prefs.read();
    let lang = current.lang;
    let start = move |_| {
        let prefs = *prefs.peek();
        let mode = match opponent() {
            Opponent::Computer => Mode::VsAi {
                human: side(),
                level: prefs.level,
            },
            Opponent::Friend => Mode::PassAndPlay { bottom: Color::Red },
        };
        on_start.call(GameSetup {
            mode,
            start: Position::start(),
            turn_seconds: prefs.turn_seconds,
        });
    };

    rsx! {
        main { class: "new-game", lang: lang.tag(),
            header {
                h1 { {text(lang, Key::AppTitle)} }
                LanguageToggle {}
            }
            div { class: "setup",
                ChoiceRow { label: text(lang, Key::Mode),
                    for (choice, key, testid) in [(Opponent::Computer, Key::VsAi, "mode-ai"), (Opponent::Friend, Key::PassAndPlay, "mode-pnp")] {
                        ChoiceButton {
                            key: "{testid}",
                            label: text(lang, key),
                            selected: opponent() == choice,
                            testid,
                            onclick: move |_| opponent.set(choice),
                        }
                    }
                }
                if opponent() == Opponent::Computer {
                    ChoiceRow { label: text(lang, Key::YourSide),
                        for color in Color::BOTH {
                            ChoiceButton {
                                key: "{color}",
                                label: text(lang, color_key(color)),
                                selected: side() == color,
                                testid: "side-{color}",
                                onclick: move |_| side.set(color),
                            }
                        }
                    }
                    p { class: "hint", {text(lang, Key::RedMovesFirst)} }
                    LevelChoices { current: current.level, onpick: move |level| prefs.write().level = level }
                } else {
                    OnOffChoices {
                        label: Key::FlipTop,
                        value: current.flip_top,
                        testid: "flip",
                        onpick: move |on| prefs.write().flip_top = on,
                    }
                }
                ChoiceRow { label: text(lang, Key::TurnTime),
                    for choice in TURN_TIME_CHOICES {
                        ChoiceButton {
                            key: "{choice:?}",
                            label: match choice {
                                Some(seconds) => format!("{seconds}{}", text(lang, Key::Seconds)),
                                None => text(lang, Key::TurnTimeOff).to_string(),
                            },
                            selected: current.turn_seconds == choice,
                            testid: "turn-{choice.unwrap_or(0)}",
                            onclick: move |_| prefs.write().turn_seconds = choice,
                        }
                    }
                }
            }
            button { class: "primary start", r#type: "button", "data-testid": "start", onclick: start,
                {text(lang, Key::Start)}
            }
        }
    }
}
