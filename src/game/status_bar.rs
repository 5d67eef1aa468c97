//! A player's bar: who plays this colour, soldiers captured, whose turn it is and the clock.

use dioxus::prelude::*;
use duobao_rules::Color;

use super::clock::format_seconds;
use super::controller::Controller;
use super::table::use_facing;
use crate::board::soldier_glyph;
use crate::i18n::{color_key, level_key, text, titled, Key};
use crate::prefs::Prefs;
use crate::session::Mode;

#[component]
pub fn PlayerBar(color: Color, top: bool) -> Element {
    let controller: Signal<Controller> = use_context();
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let rotated = use_facing().turns(color);
    let state = controller.read();
    let game = state.game();
    let side = text(lang, color_key(color));
    let (name, is_computer) = match state.mode() {
        Mode::VsAi { human, .. } if human == color => {
            (titled(lang, &[text(lang, Key::You), side]), false)
        }
        Mode::VsAi { level, .. } => (
            titled(
                lang,
                &[text(lang, Key::Computer), text(lang, level_key(level))],
            ),
            true,
        ),
        Mode::ByLink { me } if me == color => (titled(lang, &[text(lang, Key::You), side]), false),
        Mode::ByLink { .. } => (titled(lang, &[text(lang, Key::Friend), side]), false),
        Mode::PassAndPlay { .. } => (side.to_string(), false),
    };
    let active = !game.is_over() && game.position().turn() == color;
    let class = format!(
        "bar {} {}{}{}",
        if top { "top" } else { "bottom" },
        if color == Color::Red { "red" } else { "black" },
        if active { " active" } else { "" },
        if rotated { " rotated" } else { "" },
    );
    let clock = state.clock();
    let seconds = if active {
        clock.seconds_left()
    } else {
        clock.limit_seconds()
    };
    let low_time = active && seconds.is_some_and(|s| s <= 10);

    rsx! {
        section {
            class,
            "data-testid": "bar-{color}",
            "data-active": active,
            "data-rotated": rotated,
            span { class: "badge {color}", aria_hidden: "true", {soldier_glyph(color)} }
            div { class: "who",
                span { class: "name", "{name}" }
                span { class: "status",
                    if active && is_computer {
                        span { class: "thinking", "data-testid": "thinking", {text(lang, Key::Thinking)} }
                    } else if active {
                        span { class: "to-move", "data-testid": "to-move", {text(lang, Key::ToMove)} }
                    }
                }
            }
            div { class: "captured",
                span { class: "label", {text(lang, Key::Captured)} }
                span { class: "count", "data-testid": "captured-{color}", "{game.soldiers_captured_by(color)}" }
            }
            if let Some(seconds) = seconds {
                div {
                    class: if low_time { "clock low" } else { "clock" },
                    role: "timer",
                    aria_label: text(lang, Key::ClockLabel),
                    "data-testid": "clock-{color}",
                    "data-running": active && !clock.is_paused(),
                    {format_seconds(seconds)}
                }
            }
        }
    }
}
