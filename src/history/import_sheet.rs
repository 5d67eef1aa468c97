//! The import sheet of Your games: a game pasted in as text (the command line's and the share
//! sheet's format) opens in its review, or the sheet says why it is not a game.

use dioxus::prelude::*;
use duobao_rules::{read_game_text, Game, GameTextError};

use crate::i18n::{fill, text, Key, Lang};
use crate::prefs::Prefs;
use crate::widgets::Dialog;

/// Sends the text pasted into the import sheet.
const PASTED_SCRIPT: &str =
    r#"dioxus.send(document.querySelector('[data-testid="import-text"]')?.value ?? "");"#;

/// Why pasted text is not a game, in the player's words.
fn import_error(lang: Lang, error: &GameTextError) -> String {
    match error {
        GameTextError::BadPly { number, text } => {
            fill(lang, Key::ImportBadPly, &[&number.to_string(), text])
        }
        GameTextError::BadPosition(_) => text(lang, Key::ImportBadPosition).into(),
        GameTextError::BadHeader(line) => fill(lang, Key::ImportBadHeader, &[line]),
    }
}

/// Hands the game pasted in to `on_open`.
#[component]
pub fn ImportSheet(on_open: EventHandler<Game>, on_close: EventHandler) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let mut import_failed = use_signal(|| None::<String>);
    rsx! {
        Dialog { title: text(lang, Key::ImportGame), testid: "import-sheet", sheet: true,
            on_back: move |_| on_close.call(()),
            p { class: "reason", {text(lang, Key::ImportHelp)} }
            textarea {
                class: "import-text",
                "data-testid": "import-text",
                aria_label: text(lang, Key::ImportGame),
                rows: "6",
            }
            if let Some(error) = import_failed() {
                p { class: "import-error", role: "alert", "data-testid": "import-error", "{error}" }
            }
            div { class: "dialog-actions",
                button { class: "primary", r#type: "button", "data-testid": "import-open",
                    onclick: move |_| {
                        spawn(async move {
                            // Read when asked for, rather than on every keystroke: form
                            // events would cost the download more than this script.
                            let mut pasted = document::eval(PASTED_SCRIPT);
                            let text = pasted.recv::<String>().await.unwrap_or_default();
                            match read_game_text(&text) {
                                Ok(read) => on_open.call(read.game),
                                Err(error) => import_failed.set(Some(import_error(lang, &error))),
                            }
                        });
                    },
                    {text(lang, Key::ImportOpen)}
                }
                button { r#type: "button", "data-testid": "import-cancel",
                    onclick: move |_| on_close.call(()),
                    {text(lang, Key::Cancel)}
                }
            }
        }
    }
}
