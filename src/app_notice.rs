//! Short notices over any screen: a link whose game cannot be opened, and the device refusing
//! to save. Each shows for a few seconds and then gets out of the way.

use dioxus::prelude::*;

use crate::i18n::{text, Key};
use crate::prefs::Prefs;
use crate::url_options::BadLink;

#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum AppNotice {
    LinkBroken,
    LinkGameOver,
    SaveFailed,
}

impl AppNotice {
    pub fn of_bad_link(bad: &BadLink) -> AppNotice {
        match bad {
            BadLink::GameOver => AppNotice::LinkGameOver,
            BadLink::UnknownMode(_) | BadLink::BadPosition(_) => AppNotice::LinkBroken,
        }
    }

    const fn key(self) -> Key {
        match self {
            AppNotice::LinkBroken => Key::LinkBroken,
            AppNotice::LinkGameOver => Key::LinkGameOver,
            AppNotice::SaveFailed => Key::SaveFailed,
        }
    }

    const fn name(self) -> &'static str {
        match self {
            AppNotice::LinkBroken => "link-broken",
            AppNotice::LinkGameOver => "link-game-over",
            AppNotice::SaveFailed => "save-failed",
        }
    }
}

/// The notice, keyed by what it says, so that a new notice shows afresh.
#[component]
pub fn AppNoticeToast(notice: AppNotice) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    rsx! {
        div {
            key: "{notice.name()}",
            class: "toast",
            role: "status",
            lang: lang.tag(),
            "data-testid": "app-notice",
            "data-notice": notice.name(),
            {text(lang, notice.key())}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_position_and_a_broken_link_say_different_things() {
        assert_eq!(
            AppNotice::of_bad_link(&BadLink::GameOver),
            AppNotice::LinkGameOver
        );
        assert_eq!(
            AppNotice::of_bad_link(&BadLink::BadPosition("row 6".into())),
            AppNotice::LinkBroken
        );
        assert_eq!(
            AppNotice::of_bad_link(&BadLink::UnknownMode("chess".into())),
            AppNotice::LinkBroken
        );
    }
}
