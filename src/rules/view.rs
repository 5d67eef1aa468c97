//! The rules page: the quick start card, then the sections.

use dioxus::prelude::*;

use super::content::{Block, Section, QUICK_START, SECTIONS};
use super::diagram::DiagramView;
use crate::i18n::{text, Key, Lang, RulesText};
use crate::navigation::use_navigator;
use crate::prefs::Prefs;
use crate::widgets::PageFrame;

/// Its props are `()`: a chunk's entry takes one argument.
#[allow(non_snake_case)]
pub fn RulesScreenBody(_: ()) -> Element {
    let navigator = use_navigator();
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;

    rsx! {
        PageFrame { title: text(lang, RulesText::Title), testid: "rules",
            section { class: "rules-card quick-start", "data-testid": "quick-start",
                h2 { {text(lang, RulesText::QuickStart)} }
                ol {
                    for key in QUICK_START {
                        li { key: "{key:?}", {text(lang, *key)} }
                    }
                }
            }
            for section in SECTIONS {
                RulesSection { key: "{section.title:?}", section, lang }
            }
            button { class: "primary done", r#type: "button", "data-testid": "rules-done",
                onclick: move |_| navigator.close(),
                {text(lang, Key::Back)}
            }
        }
    }
}

#[component]
fn RulesSection(section: &'static Section, lang: Lang) -> Element {
    rsx! {
        section { class: if section.added { "rules-card added" } else { "rules-card" },
            h2 { {text(lang, section.title)} }
            for (index, block) in section.blocks.iter().enumerate() {
                match block {
                    Block::Text(key) => rsx! { p { key: "{index}", {text(lang, *key)} } },
                    Block::Numbered(keys) => rsx! {
                        ol { key: "{index}",
                            for key in keys.iter() {
                                li { key: "{key:?}", {text(lang, *key)} }
                            }
                        }
                    },
                    Block::Bullets(keys) => rsx! {
                        ul { key: "{index}",
                            for key in keys.iter() {
                                li { key: "{key:?}", {text(lang, *key)} }
                            }
                        }
                    },
                    Block::Picture(diagram) => rsx! { DiagramView { key: "{index}", diagram: *diagram } },
                }
            }
        }
    }
}
