//! A player's bar: who plays this colour, soldiers captured, whose turn it is and the clock.

use dioxus::prelude::*;
use duobao_rules::Color;

use crate::board::soldier_glyph;
use crate::game::controller::{format_seconds, Controller};
use crate::i18n::{color_key, level_key, text, titled, Key};
use crate::prefs::Prefs;
use crate::rating_words::rating_text;
use crate::session::Mode;

/// What a bar shows of the game, handed to it by the game screen: a tap that picks up a piece
/// changes none of it, and so does not draw the bar again.
#[derive(Clone, Debug, PartialEq)]
pub struct BarState {
    mode: Mode,
    active: bool,
    captured: u32,
    seconds: Option<u32>,
    paused: bool,
    /// The player online, by name, and their rating as written (`1500?`).
    player: Option<(String, String)>,
}

impl BarState {
    pub fn of(state: &Controller, color: Color) -> BarState {
        let game = state.game();
        let active = !game.is_over() && game.position().turn() == color;
        let clock = state.clock();
        BarState {
            mode: state.mode(),
            active,
            captured: game.soldiers_captured_by(color),
            seconds: if active {
                clock.seconds_left()
            } else {
                clock.limit_seconds()
            },
            paused: clock.is_paused(),
            player: state
                .online()
                .and_then(|online| online.player(color))
                .map(|player| {
                    (
                        player.name.clone(),
                        rating_text(player.rating, player.provisional),
                    )
                }),
        }
    }
}

/// `color`'s bar, at the `top` of the board or below it; `rotated` to face the player across
/// the table.
#[component]
pub fn PlayerBar(color: Color, top: bool, rotated: bool, bar: BarState) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let lang = prefs.read().lang;
    let BarState {
        mode,
        active,
        captured,
        seconds,
        paused,
        player,
    } = bar;
    let side = text(lang, color_key(color));
    let (name, is_computer) = match mode {
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
        Mode::Online { me: Some(me) } if me == color => {
            (titled(lang, &[text(lang, Key::You), side]), false)
        }
        Mode::Online { me: Some(_) } => (titled(lang, &[text(lang, Key::Opponent), side]), false),
        Mode::Online { me: None } => (side.to_string(), false),
        Mode::PassAndPlay { .. } => (side.to_string(), false),
    };
    let class = format!(
        "bar {} {}{}{}",
        if top { "top" } else { "bottom" },
        if color == Color::Red { "red" } else { "black" },
        if active { " active" } else { "" },
        if rotated { " rotated" } else { "" },
    );
    let low_time = active && seconds.is_some_and(|s| s <= 10);

    rsx! {
        section {
            class,
            "data-testid": "bar-{color}",
            "data-active": active,
            "data-rotated": rotated,
            span { class: "badge {color}", aria_hidden: "true", {soldier_glyph(color)} }
            div { class: "who",
                span { class: "name",
                    match player {
                        Some((player, rating)) => rsx! {
                            span { class: "player-name", "data-testid": "player-{color}", "{player}" }
                            " "
                            span { class: "player-rating", "data-testid": "rating-{color}", "{rating}" }
                        },
                        None => rsx! { "{name}" },
                    }
                }
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
                span { class: "count", "data-testid": "captured-{color}", "{captured}" }
            }
            if let Some(seconds) = seconds {
                div {
                    class: if low_time { "clock low" } else { "clock" },
                    role: "timer",
                    aria_label: text(lang, Key::ClockLabel),
                    "data-testid": "clock-{color}",
                    "data-running": active && !paused,
                    {format_seconds(seconds)}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::controller::test_support::{pass_and_play, tap_move};
    use duobao_rules::START_FEN;

    fn bars(state: &Controller) -> [BarState; 2] {
        [Color::Red, Color::Black].map(|color| BarState::of(state, color))
    }

    #[test]
    fn a_move_hands_the_turn_and_the_clock_to_the_other_bar() {
        let mut state = pass_and_play(START_FEN);
        assert!(BarState::of(&state, Color::Red).active);
        tap_move(&mut state, "b2c2");
        let [red, black] = bars(&state);
        assert!(!red.active && black.active);
        assert_eq!((red.seconds, black.seconds), (Some(5), Some(5)));
    }
}
