//! The Learn page: the list of lessons with the ones done ticked, and one lesson at a time: its
//! instruction in large type above the real board, which takes one move, then the verdict on the
//! board (a green or red pulse on the point the piece went to) and in words below it.

use dioxus::prelude::*;
use duobao_rules::{Game, Move, Ply, Point};

use super::lessons::{judge, next_lesson, Lesson, Mistake, Verdict, LESSONS};
use crate::board::{Badge, Board, Marks};
use crate::i18n::{fill, text, Key, Lang};
use crate::prefs::Prefs;
use crate::stats::Stats;
use crate::widgets::PageFrame;

fn mistake_text(lang: Lang, mistake: Mistake) -> String {
    let filled = |key, value: String| fill(lang, key, &[&value]);
    match mistake {
        Mistake::WentElsewhere(point) => filled(Key::MistakeWentElsewhere, point.to_string()),
        Mistake::MovedSoldier => text(lang, Key::MistakeMovedSoldier).into(),
        Mistake::NothingCaptured => text(lang, Key::MistakeNothingCaptured).into(),
        Mistake::Blocked(point) => filled(Key::MistakeBlocked, point.to_string()),
        Mistake::TreasureNotCaptured => text(lang, Key::MistakeTreasureNotCaptured).into(),
        Mistake::NotDelivered => text(lang, Key::MistakeNotDelivered).into(),
        Mistake::OpponentCanMove(reply) => filled(Key::MistakeOpponentCanMove, reply.to_string()),
    }
}

fn lesson_number(lang: Lang, index: usize) -> String {
    fill(lang, Key::LessonNumber, &[&(index + 1).to_string()])
}

/// Its props are `()`: a chunk's entry takes one argument.
#[allow(non_snake_case)]
pub fn LearnScreenBody(_: ()) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let stats: Signal<Stats> = use_context();
    let mut open = use_signal(|| None::<usize>);
    let lang = prefs.read().lang;

    if open().is_some() {
        // In a keyed list, so that another lesson mounts afresh with its own board.
        return rsx! {
            for index in open() {
                LessonView {
                    key: "{index}",
                    index,
                    on_back: move |_| open.set(None),
                    on_next: move |next| open.set(next),
                }
            }
        };
    }
    let all_done = next_lesson(|id| stats.read().is_lesson_done(id)).is_none();
    rsx! {
        PageFrame { title: text(lang, Key::Learn), testid: "learn",
            p { class: "learn-intro", {text(lang, Key::LearnIntro)} }
            if all_done {
                p { class: "learn-intro done-all", "data-testid": "lessons-complete", {text(lang, Key::LessonsComplete)} }
            }
            ol { class: "lesson-list",
                for (index, lesson) in LESSONS.iter().enumerate() {
                    {
                        let done = stats.read().is_lesson_done(lesson.id);
                        let title = text(lang, lesson.title);
                        // The button's name is its own text (the number, the title and, for
                        // a lesson done, a word for the tick), so that it contains what is seen.
                        rsx! {
                            li { key: "{lesson.id}",
                                button {
                                    class: if done { "lesson-item done" } else { "lesson-item" },
                                    r#type: "button",
                                    "data-testid": "lesson-{lesson.id}",
                                    "data-done": done,
                                    onclick: move |_| open.set(Some(index)),
                                    span { class: "lesson-number", "{index + 1}" }
                                    span { class: "lesson-title", "{title}" }
                                    if done {
                                        span { class: "lesson-tick", aria_hidden: "true", "✓" }
                                        span { class: "visually-hidden",
                                            "{text(lang, Key::ListSeparator)}{text(lang, Key::LessonDone)}"
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[component]
fn LessonView(
    index: usize,
    on_back: EventHandler,
    on_next: EventHandler<Option<usize>>,
) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let mut stats: Signal<Stats> = use_context();
    let lesson: &'static Lesson = &LESSONS[index];
    let start = lesson.position();
    // The lesson's own game: one move from its position, which the lesson then judges.
    let mut game = use_signal(|| Game::from_position(start));
    let mut try_again = move || game.set(Game::from_position(start));
    let lang = prefs.read().lang;
    let played = game.read().clone();
    let verdict = judge(lesson, &played);
    let moved_to: Option<Point> = played.plies().first().and_then(|first| match first.ply {
        Ply::Move(m) => Some(m.to()),
        Ply::Pass => None,
    });
    let badge = moved_to.zip(verdict).map(|(point, verdict)| Badge {
        point,
        class: if verdict == Verdict::Passed {
            "passed"
        } else {
            "missed"
        },
        symbol: "",
    });
    let marks = Marks {
        badge,
        ..Marks::default()
    };
    // One move from the lesson's position, which the lesson then judges.
    let movable = played.plies().is_empty();
    use_effect(move || {
        let passed = judge(lesson, &game.read()) == Some(Verdict::Passed);
        if passed && !stats.peek().is_lesson_done(lesson.id) {
            stats.write().complete_lesson(lesson.id);
        }
    });
    let later = index + 1;
    let next = (later < LESSONS.len()).then_some(later);

    rsx! {
        PageFrame { title: text(lang, Key::Learn), testid: "lesson", on_back: move |_| on_back.call(()),
            div { class: "lesson", "data-lesson": lesson.id,
                p { class: "lesson-heading",
                    span { class: "lesson-number", "{index + 1}" }
                    "{lesson_number(lang, index)}{text(lang, Key::TitleSeparator)}{text(lang, lesson.title)}"
                }
                p { class: "instruction", "data-testid": "instruction", {text(lang, lesson.instruction)} }
                div { class: "board-wrap lesson-board",
                    Board {
                        game: played,
                        bottom: start.turn(),
                        marks,
                        movable,
                        on_move: move |m: Move| {
                            // Legal: the board offers only legal destinations.
                            let _ = game.write().play(m.into());
                        },
                    }
                }
                match verdict {
                    None => rsx! {},
                    Some(Verdict::Passed) => rsx! {
                        div { class: "lesson-feedback passed", role: "status", "data-testid": "lesson-feedback", "data-verdict": "passed",
                            strong { {text(lang, Key::LessonPassed)} }
                            " {text(lang, lesson.success)}"
                        }
                        div { class: "lesson-actions",
                            button { r#type: "button", "data-testid": "try-again",
                                onclick: move |_| try_again(),
                                {text(lang, Key::TryAgain)}
                            }
                            if next.is_some() {
                                button { class: "primary", r#type: "button", "data-testid": "next-lesson",
                                    onclick: move |_| on_next.call(next),
                                    {text(lang, Key::NextLesson)}
                                }
                            } else {
                                button { class: "primary", r#type: "button", "data-testid": "all-lessons",
                                    onclick: move |_| on_back.call(()),
                                    {text(lang, Key::AllLessons)}
                                }
                            }
                        }
                    },
                    Some(Verdict::Missed(mistake)) => rsx! {
                        div { class: "lesson-feedback missed", role: "status", "data-testid": "lesson-feedback", "data-verdict": "missed",
                            strong { {text(lang, Key::LessonMissed)} }
                            " {mistake_text(lang, mistake)}"
                        }
                        div { class: "lesson-actions",
                            button { class: "primary", r#type: "button", "data-testid": "try-again",
                                onclick: move |_| try_again(),
                                {text(lang, Key::TryAgain)}
                            }
                        }
                    },
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mistake_reads_in_both_languages() {
        let point: Point = "e2".parse().unwrap();
        for lang in [Lang::Zh, Lang::En] {
            let text = mistake_text(lang, Mistake::Blocked(point));
            assert!(text.contains("e2") && !text.contains("{}"), "{text}");
            let reply = mistake_text(lang, Mistake::OpponentCanMove("b5c5".parse().unwrap()));
            assert!(reply.contains("b5c5"), "{reply}");
        }
        assert_eq!(lesson_number(Lang::En, 2), "Lesson 3");
        assert_eq!(lesson_number(Lang::Zh, 0), "第 1 课");
    }
}
