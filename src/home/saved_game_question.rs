//! The question asked before anything replaces the unfinished game that is saved: a link to a
//! game opened while one is saved, a new game started from home, or a game by link or online
//! played on from Your games. The player continues the
//! saved game or goes ahead; nothing is replaced before the answer, and Back answers neither,
//! leaving the saved game as it is. The same question, in other words, when a friend's link
//! does not continue the game by link kept here: which of the two to keep.

use dioxus::prelude::*;

use crate::i18n::{text, Key};
use crate::navigation::{use_navigator, Question};
use crate::prefs::Prefs;
use crate::widgets::{Action, Dialog};

/// What replacing the saved game would be for: the words and test ids of the question.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Replacing {
    /// The app was opened from a link to a game.
    Link,
    /// A new game from home (then the new game's kind).
    NewGame,
    /// A game by link kept in Your games, played on.
    PlayOn,
    /// A live game online kept in Your games, played on.
    PlayOnOnline,
    /// A friend's link that does not continue the game kept under its id (an older link, or a
    /// game that went another way).
    TwoVersions,
}

impl Replacing {
    /// The dialog's title, test id, its text, Continue's label and test id, and the other
    /// answer's.
    fn words(
        self,
    ) -> (
        Key,
        &'static str,
        Key,
        (Key, &'static str),
        (Key, &'static str),
    ) {
        match self {
            Replacing::Link => (
                Key::LinkChoiceTitle,
                "link-choice",
                Key::LinkChoiceText,
                (Key::ContinueYourGame, "link-continue"),
                (Key::OpenLinkedPosition, "link-open"),
            ),
            Replacing::NewGame => (
                Key::LinkChoiceTitle,
                "confirm-new-game",
                Key::NewGameReplacesSaved,
                (Key::ContinueGame, "confirm-continue"),
                (Key::StartNew, "confirm-start-new"),
            ),
            Replacing::PlayOn => (
                Key::LinkChoiceTitle,
                "confirm-play-on",
                Key::PlayOnReplacesSaved,
                (Key::ContinueYourGame, "play-on-continue"),
                (Key::PlayOnByLink, "play-on-link"),
            ),
            Replacing::PlayOnOnline => (
                Key::LinkChoiceTitle,
                "confirm-play-on",
                Key::PlayOnOnlineReplacesSaved,
                (Key::ContinueYourGame, "play-on-continue"),
                (Key::PlayOnOnline, "play-on-link"),
            ),
            Replacing::TwoVersions => (
                Key::TwoVersionsTitle,
                "two-versions",
                Key::TwoVersionsText,
                (Key::KeepThisPhones, "keep-kept"),
                (Key::KeepTheLinks, "keep-linked"),
            ),
        }
    }
}

/// "You have an unfinished game": `on_continue` opens it, `on_replace` goes ahead, `on_back`
/// (Back, Escape) closes the question and changes nothing.
#[component]
pub fn SavedGameQuestion(
    replacing: Replacing,
    on_continue: EventHandler,
    on_replace: EventHandler,
    on_back: EventHandler,
) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let (
        title,
        testid,
        explanation,
        (continue_label, continue_testid),
        (replace_label, replace_testid),
    ) = replacing.words();

    rsx! {
        Dialog { title: text(lang, title), testid, on_back,
            p { class: "reason", {text(lang, explanation)} }
            div { class: "dialog-actions",
                Action { label: continue_label, testid: continue_testid, primary: true,
                    onclick: move |_| on_continue.call(()),
                }
                Action { label: replace_label, testid: replace_testid, onclick: move |_| on_replace.call(()) }
            }
        }
    }
}

/// The question the navigator was asked (`Navigator::ask`: a link's game, two versions of a game
/// by link, a game by link played on from Your games), answered by the game either answer opens.
#[component]
pub fn AskedQuestion() -> Element {
    let navigator = use_navigator();
    let Some(question) = navigator.question() else {
        return rsx! {};
    };
    let replacing = match &question {
        Question::Replace(_) => Replacing::Link,
        Question::TwoVersions { .. } => Replacing::TwoVersions,
        Question::PlayOn(saved) if saved.online.is_some() => Replacing::PlayOnOnline,
        Question::PlayOn(_) => Replacing::PlayOn,
    };
    let (keep, replace) = question.answers();
    rsx! {
        SavedGameQuestion {
            replacing,
            on_continue: move |_| navigator.answer(Some(keep.clone())),
            on_replace: move |_| navigator.answer(Some(replace.clone())),
            on_back: move |_| navigator.answer(None),
        }
    }
}
