//! The settings page. Every choice is stored in the preferences at once; the level also goes to
//! a running game against the computer, while the turn time waits for the next game (a clock
//! that changed length in the middle of a turn would be unfair to one side).

use dioxus::prelude::*;

use super::look::LookChoices;
use super::service::ServerAddressField;
use crate::engine;
use crate::feedback::{preview_sound, preview_vibration};
use crate::game::GameHandle;
use crate::i18n::{fill, text, Key, Lang};
use crate::platform::is_handheld;
use crate::prefs::{Prefs, TableMode, THREAD_CHOICES, TURN_TIME_CHOICES};
use crate::widgets::{
    ChoiceButton, ChoiceRow, Choices, LanguageChoices, LevelChoices, PageFrame, SettingSwitch,
};

fn turn_time_label(lang: Lang, choice: Option<u32>) -> String {
    match choice {
        Some(seconds) => format!("{seconds}{}", text(lang, Key::Seconds)),
        None => text(lang, Key::TurnTimeOff).to_string(),
    }
}

fn threads_label(lang: Lang, choice: Option<u8>) -> String {
    match choice {
        Some(threads) => threads.to_string(),
        None => text(lang, Key::ThreadsAuto).to_string(),
    }
}

/// Its props are `()`: a chunk's entry takes one argument.
#[allow(non_snake_case)]
pub fn SettingsScreenBody(_: ()) -> Element {
    let mut prefs: Signal<Prefs> = use_context();
    let game: GameHandle = use_context();
    let current = *prefs.read();
    let lang = current.lang;

    rsx! {
        PageFrame {
            title: text(lang, Key::Settings),
            testid: "settings",
            language_toggle: false,
            div { class: "setup",
                LanguageChoices {}
                LevelChoices {
                    current: current.level,
                    onpick: move |level| {
                        prefs.write().level = level;
                        game.set_level(level);
                    },
                }
                p { class: "hint", {text(lang, Key::LevelAppliesNow)} }
                ChoiceRow { label: text(lang, Key::TurnTime),
                    for choice in TURN_TIME_CHOICES {
                        ChoiceButton {
                            key: "{choice:?}",
                            label: turn_time_label(lang, choice),
                            selected: current.turn_seconds == choice,
                            testid: "turn-{choice.unwrap_or(0)}",
                            onclick: move |_| prefs.write().turn_seconds = choice,
                        }
                    }
                }
                p { class: "hint", {text(lang, Key::TurnTimeNextGame)} }
                SettingSwitch {
                    label: Key::SwapRuleSetting,
                    value: current.swap_rule,
                    testid: "swap-rule",
                    onchange: move |on| prefs.write().swap_rule = on,
                }
                p { class: "hint", {text(lang, Key::SwapRuleHint)} }
                SettingSwitch {
                    label: Key::Coordinates,
                    value: current.coordinates,
                    testid: "coordinates",
                    onchange: move |on| prefs.write().coordinates = on,
                }
                SettingSwitch {
                    label: Key::TableModeSetting,
                    value: current.table_mode.is_on(is_handheld()),
                    testid: "flip",
                    onchange: move |on| prefs.write().table_mode = TableMode::chosen(on),
                }
                SettingSwitch {
                    label: Key::HintButtonSetting,
                    value: current.hint_button,
                    testid: "hint-button",
                    onchange: move |on| prefs.write().hint_button = on,
                }
                // Each choice plays or vibrates as it will in a game, so the player hears and
                // feels what they chose.
                Choices {
                    label: Key::Sound,
                    current: current.sound,
                    testid_prefix: "sound",
                    onpick: move |volume| {
                        prefs.write().sound = volume;
                        preview_sound(volume);
                    },
                }
                Choices {
                    label: Key::Vibration,
                    current: current.vibration,
                    testid_prefix: "vibration",
                    onpick: move |strength| {
                        prefs.write().vibration = strength;
                        preview_vibration(strength);
                    },
                }
                ChoiceRow { label: text(lang, Key::EngineThreads),
                    for choice in THREAD_CHOICES {
                        ChoiceButton {
                            key: "{choice:?}",
                            label: threads_label(lang, choice),
                            selected: current.engine_threads == choice,
                            testid: "threads-{choice.unwrap_or(0)}",
                            onclick: move |_| prefs.write().engine_threads = choice,
                        }
                    }
                }
                p { class: "hint", "data-testid": "threads-hint",
                    {fill(lang, Key::EngineThreadsHint, &[&engine::threads(None).to_string()])}
                }
                LookChoices {}
                ServerAddressField {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_times_read_naturally() {
        assert_eq!(turn_time_label(Lang::En, Some(15)), "15s");
        assert_eq!(turn_time_label(Lang::Zh, Some(60)), "60秒");
        assert_eq!(turn_time_label(Lang::En, None), "Off");
    }
}
