//! Short notices over any screen: a link whose game cannot be opened, and the device refusing
//! to save. Each shows for a few seconds and then gets out of the way.

use dioxus::prelude::*;

use crate::i18n::{fill, text, Key, Lang};
use crate::link::{BadLink, BadPly};
use crate::prefs::Prefs;

#[derive(Clone, Debug, Eq, PartialEq)]
pub enum AppNotice {
    LinkBroken,
    LinkGameOver,
    /// A shared game's ply that is not legal, named.
    LinkBadPly(BadPly),
    SaveFailed,
}

impl AppNotice {
    pub fn of_bad_link(bad: &BadLink) -> AppNotice {
        match bad {
            BadLink::GameOver => AppNotice::LinkGameOver,
            BadLink::UnknownMode(_) | BadLink::BadPosition(_) => AppNotice::LinkBroken,
            BadLink::BadPly(bad) => AppNotice::LinkBadPly(bad.clone()),
        }
    }

    fn words(&self, lang: Lang) -> String {
        match self {
            AppNotice::LinkBroken => text(lang, Key::LinkBroken).into(),
            AppNotice::LinkGameOver => text(lang, Key::LinkGameOver).into(),
            AppNotice::LinkBadPly(bad) => {
                fill(lang, Key::LinkBadPly, &[&bad.number.to_string(), &bad.text])
            }
            AppNotice::SaveFailed => text(lang, Key::SaveFailed).into(),
        }
    }

    const fn name(&self) -> &'static str {
        match self {
            AppNotice::LinkBroken => "link-broken",
            AppNotice::LinkGameOver => "link-game-over",
            AppNotice::LinkBadPly(_) => "link-bad-ply",
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
            {notice.words(lang)}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_ply_is_named_in_both_languages() {
        let notice = AppNotice::of_bad_link(&BadLink::BadPly(BadPly {
            number: 3,
            text: "c3c5".into(),
        }));
        for lang in [Lang::Zh, Lang::En] {
            let words = notice.words(lang);
            assert!(words.contains("3") && words.contains("c3c5"), "{words}");
        }
    }

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
