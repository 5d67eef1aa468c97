//! The building blocks several screens share, so that no feature imports another's view: the
//! choice rows, the dialog and page frames, the step buttons here; the on/off switch
//! (`switch.rs`), *Play from here* (`play_from.rs`), the side and level asked before a game
//! (`vs_ai_dialog.rs`), the games a new-game button starts (`setup.rs`), the buttons of a row of
//! actions (`actions.rs`), a player's games on the server (`server_games.rs`).

mod actions;
mod play_from;
mod server_games;
pub mod setup;
mod switch;
mod vs_ai_dialog;

use dioxus::prelude::*;
use duobao_engine::Level;

pub use actions::Action;
pub use play_from::PlayFromDialog;
pub use server_games::ServerGames;
pub use switch::SettingSwitch;
pub use vs_ai_dialog::VsAiDialog;

use crate::choice::Choice;
use crate::i18n::{level_key, text, Key, Lang};
use crate::navigation::{use_back_layer, use_navigator, use_screen_back, Page, Route};
use crate::prefs::Prefs;

/// One option of a choice row: a toggle button that shows whether it is the current choice.
#[component]
pub fn ChoiceButton(
    #[props(into)] label: String,
    selected: bool,
    #[props(into)] testid: String,
    onclick: EventHandler<MouseEvent>,
) -> Element {
    rsx! {
        button {
            class: if selected { "choice selected" } else { "choice" },
            r#type: "button",
            aria_pressed: selected,
            "data-testid": testid,
            onclick: move |event| onclick.call(event),
            {label}
        }
    }
}

/// A setting's row: one button per option of `T`, the `current` one shown chosen; a tap hands
/// its option to `onpick`. Test ids are `{testid_prefix}-{code}` (`theme-light`).
#[component]
pub fn Choices<T: Choice>(
    label: Key,
    current: T,
    testid_prefix: &'static str,
    onpick: EventHandler<T>,
) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    rsx! {
        ChoiceRow { label: text(lang, label),
            for &option in T::ALL {
                ChoiceButton {
                    key: "{option.code()}",
                    label: text(lang, option.label()),
                    selected: current == option,
                    testid: "{testid_prefix}-{option.code()}",
                    onclick: move |_| onpick.call(option),
                }
            }
        }
    }
}

/// A labelled row of choices.
#[component]
pub fn ChoiceRow(#[props(into)] label: String, children: Element) -> Element {
    rsx! {
        div { class: "choice-row", role: "group", aria_label: "{label}",
            span { class: "choice-label", "{label}" }
            div { class: "choices", {children} }
        }
    }
}

/// A modal card over a dimmed backdrop; as a `sheet` it rests at the bottom of a phone screen,
/// leaving the board above it in view. It takes the focus when it opens (`data-take-focus`, see
/// `crate::shortcuts`), so that a keyboard continues inside it rather than on the page
/// underneath. While open it is an entry of the navigator's stack: Back (or Escape) calls
/// `on_back`, which closes it.
#[component]
pub fn Dialog(
    #[props(into)] title: String,
    #[props(into)] testid: String,
    #[props(default)] sheet: bool,
    on_back: EventHandler,
    children: Element,
) -> Element {
    use_back_layer(on_back);
    rsx! {
        div { class: if sheet { "backdrop sheet" } else { "backdrop" },
            div {
                class: "dialog",
                role: "dialog",
                aria_modal: "true",
                aria_label: "{title}",
                tabindex: "-1",
                "data-testid": testid,
                "data-take-focus": true,
                onclick: move |event| event.stop_propagation(),
                h2 { "{title}" }
                {children}
            }
        }
    }
}

/// The four levels of the computer.
#[component]
pub fn LevelChoices(current: Level, onpick: EventHandler<Level>) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    rsx! {
        ChoiceRow { label: text(lang, Key::Difficulty),
            for level in Level::ALL {
                ChoiceButton {
                    key: "{level.name()}",
                    label: text(lang, level_key(level)),
                    selected: level == current,
                    testid: "level-{level.name()}",
                    onclick: move |_| onpick.call(level),
                }
            }
        }
    }
}

/// The language as a choice of both, each named in itself, the current one selected: where
/// language is one setting among others (the settings page, the game menu), a row like theirs.
#[component]
pub fn LanguageChoices() -> Element {
    let mut prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    rsx! {
        ChoiceRow { label: text(lang, Key::Language),
            for choice in [Lang::Zh, Lang::En] {
                ChoiceButton {
                    key: "{choice.code()}",
                    label: text(choice, Key::LanguageName),
                    selected: lang == choice,
                    testid: "language-{choice.code()}",
                    onclick: move |_| prefs.write().lang = choice,
                }
            }
        }
    }
}

/// Switches between Chinese and English in one tap, for the corner of a header where a row of
/// both would not fit. Labelled with the language it switches to, the one a player who cannot
/// read the current language looks for; its accessible name says it is the language button, so
/// that a screen reader does not announce it as the current language.
#[component]
pub fn LanguageToggle() -> Element {
    let mut prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    rsx! {
        button {
            class: "language",
            r#type: "button",
            lang: lang.other().tag(),
            aria_label: "{text(lang, Key::Language)}: {text(lang.other(), Key::LanguageName)}",
            "data-testid": "language",
            onclick: move |_| {
                let mut prefs = prefs.write();
                prefs.lang = prefs.lang.other();
            },
            {text(lang.other(), Key::LanguageName)}
        }
    }
}

/// The buttons that open the rules and the settings, on the home screen and in the game menu;
/// `testid_prefix` tells the two places apart (`open-rules`, `menu-rules`).
#[component]
pub fn PageButtons(#[props(into)] testid_prefix: String) -> Element {
    let navigator = use_navigator();
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let pages = [
        (Page::Rules, Key::Rules, "rules"),
        (Page::Settings, Key::Settings, "settings"),
    ];
    rsx! {
        for (page, label, name) in pages {
            button { key: "{name}", r#type: "button", "data-testid": "{testid_prefix}-{name}",
                onclick: move |_| navigator.open(Route::Page(page)),
                {text(lang, label)}
            }
        }
    }
}

/// A route's full page (the rules, the settings): back, the title and, unless the page has its
/// own language row, the language on top; then the page's content. Its back button closes the
/// route, as Back (or Escape) does; or, given `on_back`, both call that instead (a lesson returns
/// to the list).
#[component]
pub fn PageFrame(
    #[props(into)] title: String,
    #[props(into)] testid: String,
    on_back: Option<EventHandler>,
    #[props(default = true)] language_toggle: bool,
    children: Element,
) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let navigator = use_navigator();
    use_screen_back(on_back);
    rsx! {
        main {
            class: "page",
            lang: lang.tag(),
            tabindex: "-1",
            "data-testid": testid,
            "data-take-focus": true,
            header { class: "page-header",
                button { class: "back", r#type: "button", "data-testid": "back",
                    onclick: move |_| match on_back {
                        Some(on_back) => on_back.call(()),
                        None => navigator.close(),
                    },
                    {text(lang, Key::Back)}
                }
                h1 { "{title}" }
                if language_toggle {
                    LanguageToggle {}
                }
            }
            {children}
        }
    }
}

/// A step through a line of positions.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Step {
    First,
    Back,
    Forward,
    Last,
}

/// The «, ‹, ›, » buttons that step through a line of positions (a review, the analysis board),
/// which the arrow keys, Home and End press too (`crate::shortcuts`). Test ids are
/// `{testid_prefix}-first` and so on.
#[component]
pub fn StepButtons(
    testid_prefix: &'static str,
    can_go_back: bool,
    can_go_forward: bool,
    on_step: EventHandler<Step>,
) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    rsx! {
        nav { class: "review-steps", aria_label: text(lang, Key::ReviewPosition),
            for (symbol, label, step, name, keys, enabled) in [
                ("«", Key::ReviewFirst, Step::First, "first", "Home", can_go_back),
                ("‹", Key::ReviewBack, Step::Back, "back", "ArrowLeft", can_go_back),
                ("›", Key::ReviewForward, Step::Forward, "forward", "ArrowRight", can_go_forward),
                ("»", Key::ReviewLast, Step::Last, "last", "End", can_go_forward),
            ] {
                button {
                    key: "{name}",
                    r#type: "button",
                    aria_label: text(lang, label),
                    "data-testid": "{testid_prefix}-{name}",
                    "data-keys": keys,
                    aria_keyshortcuts: keys,
                    disabled: !enabled,
                    onclick: move |_| on_step.call(step),
                    "{symbol}"
                }
            }
        }
    }
}
