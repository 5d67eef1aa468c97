//! The player's record on this device: results against the computer per level and colour,
//! pass-and-play games, results with friends by link, results online (a game watched is none of
//! the player's) and lessons done (the puzzles solved are the puzzles' own progress,
//! `puzzles/progress.rs`). Plain data, free of any UI; the storage keeps each part under its own
//! key, so damage to one costs only that part.

use std::collections::BTreeSet;

use duobao_engine::Level;
use duobao_rules::{Color, GameResult};
use serde::{Deserialize, Serialize};

use crate::session::Mode;

/// Wins, losses and draws, from the player's side.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Tally {
    /// Counts `result` for the player of `side`.
    fn count(&mut self, side: Color, result: GameResult) {
        let count = match result.winner() {
            None => &mut self.draws,
            Some(winner) if winner == side => &mut self.wins,
            Some(_) => &mut self.losses,
        };
        *count = count.saturating_add(1);
    }

    fn add(&mut self, other: Tally) {
        self.wins = self.wins.saturating_add(other.wins);
        self.losses = self.losses.saturating_add(other.losses);
        self.draws = self.draws.saturating_add(other.draws);
    }
}

#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Stats {
    /// Against the computer: by level, then by the player's colour.
    vs_ai: [[Tally; 2]; Level::ALL.len()],
    /// Pass-and-play games played to the end.
    pub pass_and_play: u32,
    /// Games played to the end with a friend by link, from the player's side.
    pub by_link: Tally,
    /// Games played online to the end, from the player's side (games watched are not counted).
    pub online: Tally,
    /// The ids of the lessons completed.
    lessons: BTreeSet<String>,
}

impl Stats {
    pub fn vs_ai(&self, level: Level, human: Color) -> Tally {
        self.vs_ai[level as usize][human as usize]
    }

    pub fn set_vs_ai(&mut self, level: Level, human: Color, tally: Tally) {
        self.vs_ai[level as usize][human as usize] = tally;
    }

    /// Every game against the computer, all levels and colours together.
    pub fn vs_ai_total(&self) -> Tally {
        let mut total = Tally::default();
        for by_color in &self.vs_ai {
            for tally in by_color {
                total.add(*tally);
            }
        }
        total
    }

    /// Counts a finished game.
    pub fn record_game(&mut self, mode: Mode, result: GameResult) {
        match mode {
            Mode::VsAi { human, level } => {
                self.vs_ai[level as usize][human as usize].count(human, result);
            }
            Mode::PassAndPlay { .. } => {
                self.pass_and_play = self.pass_and_play.saturating_add(1);
            }
            Mode::ByLink { me } => self.by_link.count(me, result),
            Mode::Online { me: Some(me) } => self.online.count(me, result),
            Mode::Online { me: None } => {}
        }
    }

    /// Marks a lesson done; false when it already was.
    pub fn complete_lesson(&mut self, id: &str) -> bool {
        self.lessons.insert(id.to_string())
    }

    pub fn is_lesson_done(&self, id: &str) -> bool {
        self.lessons.contains(id)
    }

    /// The ids of the lessons done, as stored.
    pub fn lessons(&self) -> &BTreeSet<String> {
        &self.lessons
    }

    pub fn set_lessons(&mut self, lessons: BTreeSet<String>) {
        self.lessons = lessons;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_rules::{Concession, DrawReason, Win, WinReason};

    fn win(winner: Color) -> GameResult {
        GameResult::Win(Win {
            winner,
            reason: WinReason::Treasure,
        })
    }

    #[test]
    fn games_against_the_computer_count_by_level_and_colour() {
        let mut stats = Stats::default();
        let hard_red = Mode::VsAi {
            human: Color::Red,
            level: Level::Hard,
        };
        stats.record_game(hard_red, win(Color::Red));
        stats.record_game(hard_red, win(Color::Black));
        stats.record_game(hard_red, GameResult::Draw(DrawReason::Quiet));
        let easy_black = Mode::VsAi {
            human: Color::Black,
            level: Level::Easy,
        };
        stats.record_game(easy_black, win(Color::Black));
        assert_eq!(
            stats.vs_ai(Level::Hard, Color::Red),
            Tally {
                wins: 1,
                losses: 1,
                draws: 1
            }
        );
        assert_eq!(stats.vs_ai(Level::Easy, Color::Black).wins, 1);
        assert_eq!(stats.vs_ai(Level::Easy, Color::Red), Tally::default());
        assert_eq!(
            stats.vs_ai_total(),
            Tally {
                wins: 2,
                losses: 1,
                draws: 1
            }
        );
        assert_eq!(stats.pass_and_play, 0);
    }

    #[test]
    fn a_resignation_is_a_loss_and_an_agreed_draw_a_draw() {
        let mut stats = Stats::default();
        let medium_black = Mode::VsAi {
            human: Color::Black,
            level: Level::Medium,
        };
        stats.record_game(medium_black, Concession::Resigned(Color::Black).result());
        assert_eq!(stats.vs_ai(Level::Medium, Color::Black).losses, 1);
        let friends = Mode::PassAndPlay { bottom: Color::Red };
        stats.record_game(friends, Concession::DrawAgreed.result());
        assert_eq!(stats.pass_and_play, 1);
    }

    #[test]
    fn pass_and_play_and_lessons_count_too() {
        let mut stats = Stats::default();
        stats.record_game(Mode::PassAndPlay { bottom: Color::Red }, win(Color::Black));
        assert!(stats.complete_lesson("capture"));
        assert!(!stats.complete_lesson("capture"), "a lesson counts once");
        assert_eq!(stats.pass_and_play, 1);
        assert!(stats.is_lesson_done("capture"));
        let by_link = Mode::ByLink { me: Color::Black };
        stats.record_game(by_link, win(Color::Black));
        stats.record_game(by_link, Concession::Resigned(Color::Black).result());
        assert_eq!(
            stats.by_link,
            Tally {
                wins: 1,
                losses: 1,
                draws: 0
            }
        );
        assert_eq!(stats.pass_and_play, 1, "counted apart");
        assert_eq!(stats.vs_ai_total(), Tally::default());
    }

    #[test]
    fn online_games_count_apart_from_the_players_side_and_a_game_watched_not_at_all() {
        let mut stats = Stats::default();
        let as_red = Mode::Online {
            me: Some(Color::Red),
        };
        stats.record_game(as_red, win(Color::Red));
        stats.record_game(as_red, Concession::Resigned(Color::Red).result());
        stats.record_game(
            Mode::Online {
                me: Some(Color::Black),
            },
            Concession::Abandoned(Color::Red).result(),
        );
        stats.record_game(as_red, Concession::DrawAgreed.result());
        assert_eq!(
            stats.online,
            Tally {
                wins: 2,
                losses: 1,
                draws: 1
            }
        );
        let before = stats.clone();
        stats.record_game(Mode::Online { me: None }, win(Color::Black));
        assert_eq!(stats, before, "watched");
        assert_eq!(stats.by_link, Tally::default(), "counted apart");
        assert_eq!(stats.vs_ai_total(), Tally::default());
        assert_eq!(stats.pass_and_play, 0);
    }

    #[test]
    fn counts_never_overflow() {
        let mut stats = Stats {
            pass_and_play: u32::MAX,
            ..Stats::default()
        };
        stats.record_game(Mode::PassAndPlay { bottom: Color::Red }, win(Color::Black));
        assert_eq!(stats.pass_and_play, u32::MAX);
        let mut total = Tally {
            wins: u32::MAX,
            losses: 1,
            draws: 0,
        };
        total.add(total);
        assert_eq!(total.wins, u32::MAX);
    }
}
