//! The statistics page: results against the computer by level and colour, then the other
//! counts (pass-and-play, by link, online, puzzles, lessons).

use dioxus::prelude::*;
use duobao_engine::Level;
use duobao_rules::Color;

use super::{Stats, Tally};
use crate::i18n::{level_key, text, Key, Lang};
use crate::prefs::Prefs;
use crate::widgets::PageFrame;

/// `won / lost / drawn` as figures: `2 / 1 / 0`.
fn tally_cell(tally: Tally) -> String {
    format!("{} / {} / {}", tally.wins, tally.losses, tally.draws)
}

/// The counts below the games against the computer, each its test id's name, its label and its
/// figures: pass-and-play games, games by link, games online (won / lost / drawn each), the
/// puzzles solved and the lessons done of all the lessons.
fn other_counts(
    stats: &Stats,
    puzzles_solved: usize,
    (lessons_done, lessons_total): (usize, usize),
) -> [(&'static str, Key, String); 5] {
    [
        (
            "pass-and-play",
            Key::StatsPassAndPlay,
            stats.pass_and_play.to_string(),
        ),
        ("by-link", Key::StatsByLink, tally_cell(stats.by_link)),
        ("online", Key::StatsOnline, tally_cell(stats.online)),
        ("puzzles", Key::StatsPuzzles, puzzles_solved.to_string()),
        (
            "lessons",
            Key::StatsLessons,
            format!("{lessons_done} / {lessons_total}"),
        ),
    ]
}

/// The statistics, with the counts kept elsewhere: the puzzles solved (the puzzles' own
/// progress) and the lessons done of all the lessons.
#[component]
pub fn StatisticsScreenBody(puzzles_solved: usize, lessons: (usize, usize)) -> Element {
    let prefs: Signal<Prefs> = use_context();
    let stats: Signal<Stats> = use_context();
    let lang = prefs.read().lang;
    let stats = stats.read();
    let total = stats.vs_ai_total();
    let counts = other_counts(&stats, puzzles_solved, lessons);

    rsx! {
        PageFrame { title: text(lang, Key::Statistics), testid: "statistics",
            section { class: "rules-card stats-card",
                h2 { {text(lang, Key::StatsVsAi)} }
                table { class: "stats-table",
                    caption { class: "legend", {text(lang, Key::StatsLegend)} }
                    thead {
                        tr {
                            th { scope: "col", {text(lang, Key::Difficulty)} }
                            th { scope: "col", {text(lang, Key::StatsAsRed)} }
                            th { scope: "col", {text(lang, Key::StatsAsBlack)} }
                        }
                    }
                    tbody {
                        for level in Level::ALL {
                            LevelRow { key: "{level}", level, lang, red: stats.vs_ai(level, Color::Red), black: stats.vs_ai(level, Color::Black) }
                        }
                    }
                    tfoot {
                        tr {
                            th { scope: "row", {text(lang, Key::StatsTotal)} }
                            td { colspan: "2", "data-testid": "stats-total", {tally_cell(total)} }
                        }
                    }
                }
            }
            section { class: "rules-card stats-card",
                h2 { {text(lang, Key::StatsOther)} }
                dl { class: "stats-counts",
                    for (name, label, value) in counts {
                        div { key: "{name}",
                            dt { {text(lang, label)} }
                            dd { "data-testid": "stats-{name}", "{value}" }
                        }
                    }
                }
            }
        }
    }
}

#[component]
fn LevelRow(level: Level, lang: Lang, red: Tally, black: Tally) -> Element {
    rsx! {
        tr {
            th { scope: "row", {text(lang, level_key(level))} }
            td { "data-testid": "stats-{level}-red", {tally_cell(red)} }
            td { "data-testid": "stats-{level}-black", {tally_cell(black)} }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_won_lost_drawn() {
        let tally = Tally {
            wins: 2,
            losses: 1,
            draws: 0,
        };
        assert_eq!(tally_cell(tally), "2 / 1 / 0");
    }

    #[test]
    fn online_games_have_a_row_of_their_own() {
        let mut stats = Stats::default();
        stats.record_game(
            crate::session::Mode::Online {
                me: Some(Color::Black),
            },
            duobao_rules::Concession::Resigned(Color::Red).result(),
        );
        stats.by_link.draws = 3;
        let counts = other_counts(&stats, 4, (2, 9));
        let row = |name: &str| {
            counts
                .iter()
                .find(|(row, ..)| *row == name)
                .map(|(_, label, value)| (*label, value.as_str()))
        };
        assert_eq!(row("online"), Some((Key::StatsOnline, "1 / 0 / 0")));
        assert_eq!(row("by-link"), Some((Key::StatsByLink, "0 / 0 / 3")));
        assert_eq!(row("lessons"), Some((Key::StatsLessons, "2 / 9")));
        assert_eq!(text(Lang::Zh, Key::StatsOnline), "在线对弈（胜 / 负 / 和）");
        assert_eq!(
            text(Lang::En, Key::StatsOnline),
            "Online (won / lost / drawn)"
        );
        // After the games by link, before the puzzles.
        let names: Vec<&str> = counts.iter().map(|(name, ..)| *name).collect();
        assert_eq!(
            names,
            ["pass-and-play", "by-link", "online", "puzzles", "lessons"]
        );
    }
}
