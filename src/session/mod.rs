//! A game as the home screen starts it, the game screen plays it and the device keeps it: who
//! plays, from which position, with which turn time. Below both the screens and the storage, so
//! that neither has to reach into the other for these.

use duobao_engine::Level;
use duobao_rules::{Color, Game, Position};
use serde::{Deserialize, Serialize};

pub mod events;
mod follow;
mod saving;
mod stored;

pub use events::GameEvent;
#[cfg(test)]
pub use follow::scripted;
pub use follow::{use_game_events, use_game_feed, GameNow};
#[cfg(test)]
pub(crate) use saving::tests::COPIES;
pub use saving::{use_saving, GameSaver};
pub use stored::{load_game, save_game};

/// Who sits at the phone.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// One player against the computer.
    VsAi { human: Color, level: Level },
    /// Two players sharing the phone; `bottom` holds it the right way up.
    PassAndPlay { bottom: Color },
    /// Against a friend on another phone, by link: the player plays `me` here, and each move
    /// goes to the friend as a link that carries the whole game (see [`crate::by_link`]).
    ByLink { me: Color },
    /// Live against another player through the app's server: the player plays `me` here, or
    /// watches when `None` (the game's seat and server are the saved game's [`OnlineSeat`]).
    Online { me: Option<Color> },
}

impl Mode {
    /// The side shown at the bottom of the screen: against the computer, the player's.
    pub fn bottom(self) -> Color {
        match self {
            Mode::VsAi { human, .. } => human,
            Mode::PassAndPlay { bottom } => bottom,
            Mode::ByLink { me } => me,
            Mode::Online { me } => me.unwrap_or(Color::Red),
        }
    }

    /// The player sitting across the table, facing the phone's top edge: in pass-and-play, the
    /// side not at the bottom; nobody against the computer or a friend by link.
    pub fn across_the_table(self) -> Option<Color> {
        match self {
            Mode::PassAndPlay { bottom } => Some(bottom.other()),
            Mode::VsAi { .. } | Mode::ByLink { .. } | Mode::Online { .. } => None,
        }
    }

    /// Whether the computer plays `color`.
    pub fn is_computer(self, color: Color) -> bool {
        matches!(self, Mode::VsAi { human, .. } if human != color)
    }

    /// Whether `color`'s moves are played on this phone: not the computer's, nor those of a
    /// friend who plays by link.
    pub fn plays_here(self, color: Color) -> bool {
        match self {
            Mode::VsAi { human, .. } => human == color,
            Mode::PassAndPlay { .. } => true,
            Mode::ByLink { me } => me == color,
            Mode::Online { me } => me == Some(color),
        }
    }

    /// Whether the game is played live through the server (or watched there).
    pub fn is_online(self) -> bool {
        matches!(self, Mode::Online { .. })
    }

    /// Whether the game is played with a friend by link.
    pub fn is_by_link(self) -> bool {
        matches!(self, Mode::ByLink { .. })
    }

    /// In pass-and-play, the players swap places: the board turns around. Against the computer
    /// or a friend by link the player's side always sits at the bottom.
    pub fn flipped(self) -> Mode {
        match self {
            Mode::PassAndPlay { bottom } => Mode::PassAndPlay {
                bottom: bottom.other(),
            },
            vs_ai => vs_ai,
        }
    }

    /// The same players with the colours swapped: for a rematch, and when Black takes over Red's
    /// side by the swap rule.
    pub fn swapped(self) -> Mode {
        match self {
            Mode::VsAi { human, level } => Mode::VsAi {
                human: human.other(),
                level,
            },
            Mode::ByLink { me } => Mode::ByLink { me: me.other() },
            Mode::Online { me } => Mode::Online {
                me: me.map(Color::other),
            },
            pass_and_play => pass_and_play.flipped(),
        }
    }
}

/// The swap rule of a game (the pie rule, see `docs/RULES.md`): after Red's first move, Black
/// may take over Red's side instead of replying.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SwapRule {
    /// Not played (the original rules).
    #[default]
    Off,
    /// Played, and not taken (yet, or not at all: Black replied).
    On,
    /// Black took over Red's side: the players' colours in [`Mode`] were swapped then.
    Taken,
}

impl SwapRule {
    /// The rule as a setting gives it for a new game.
    pub fn chosen(on: bool) -> SwapRule {
        if on {
            SwapRule::On
        } else {
            SwapRule::Off
        }
    }

    pub fn is_played(self) -> bool {
        self != SwapRule::Off
    }
}

/// A draw offered between friends: on the offerer's turn, answered on the other side's next one.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawOffer {
    /// Offered by `by` when the game had `plies` plies; `by` is still to move.
    Made { by: Color, plies: usize },
    /// `by`'s turn is over: the other side, now to move, is asked.
    ToAnswer { by: Color },
}

/// A game on the server (see `docs/PROTOCOL.md`): where, which, and the key to its seat.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct OnlineSeat {
    /// The server's address as the settings write it (empty: the site the app came from), so
    /// that a game goes on where it was started whatever the setting says later.
    #[serde(default)]
    pub server: String,
    /// The game's id on the server.
    pub id: String,
    /// The seat's secret; `None` for a game watched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
    /// The invitation that seats the friend, kept by the player who made it until the friend
    /// sits down, so that it can be sent again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
    /// The last version of the game's events applied here (0: none yet).
    #[serde(default)]
    pub version: u64,
    /// The move played here and not yet acknowledged by the server, as its ply and notation:
    /// sent again after a reload, never lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unacked: Option<(usize, String)>,
}

/// Everything needed to start a game.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct GameSetup {
    pub mode: Mode,
    pub start: Position,
    /// Seconds per turn; `None` turns the clock off.
    pub turn_seconds: Option<u32>,
    pub swap: SwapRule,
}

/// An unfinished game to continue: the mode, the turn time it was started with, and the game
/// record itself (start position and plies, replayed and checked when it is read back).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub mode: Mode,
    pub turn_seconds: Option<u32>,
    pub game: Game,
    /// Hints shown so far (absent in games saved before hints existed).
    #[serde(default)]
    pub hints: u32,
    /// Whether the game already ended once and went into the statistics (then undone).
    #[serde(default)]
    pub counted: bool,
    /// Milliseconds left on the turn clock of the side to move, so that leaving and coming back
    /// does not refill it (absent with the clock off, and in games saved before: a full turn).
    #[serde(default)]
    pub time_left_ms: Option<u64>,
    /// When the game started, in milliseconds since 1970: which game it is (0 in games saved
    /// before it was kept).
    #[serde(default)]
    pub started_ms: u64,
    /// Its number in "Your games", once kept there (it ended, then was taken back).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept_as: Option<u64>,
    /// The swap rule (off in games saved before it existed).
    #[serde(default)]
    pub swap: SwapRule,
    /// A draw offered and not yet answered, so that a reload keeps the question (absent when
    /// there is none, and in games saved before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<DrawOffer>,
    /// The game on the server, for a game played online (absent otherwise). Boxed: the other
    /// games need not carry its room.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub online: Option<Box<OnlineSeat>>,
}

/// What the app did with a game besides playing it: whether its result went into the
/// statistics, and its number in Your games. The saved game carries them, so that a reload
/// neither counts a game twice nor keeps it twice.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Records {
    /// Its result went into the statistics (or needs not: it was over from its start).
    pub counted: bool,
    /// Its number in Your games, once kept there.
    pub kept_as: Option<u64>,
}

impl SavedGame {
    /// What the app had done with the game when it was saved.
    pub fn records(&self) -> Records {
        Records {
            counted: self.counted,
            kept_as: self.kept_as,
        }
    }

    /// Whether the two are the same game, apart from the time left on the clock.
    pub fn same_but_for_the_clock(&self, other: &SavedGame) -> bool {
        // Taken apart, so that a field added later is compared too (or the build says why not).
        let SavedGame {
            mode,
            turn_seconds,
            game,
            hints,
            counted,
            time_left_ms: _,
            started_ms,
            kept_as,
            swap,
            draw_offer,
            online,
        } = self;
        (
            mode,
            turn_seconds,
            game,
            hints,
            counted,
            started_ms,
            kept_as,
            swap,
            draw_offer,
            online,
        ) == (
            &other.mode,
            &other.turn_seconds,
            &other.game,
            &other.hints,
            &other.counted,
            &other.started_ms,
            &other.kept_as,
            &other.swap,
            &other.draw_offer,
            &other.online,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_saved_before_hints_and_the_kept_clock_loads_with_defaults() {
        let json = r#"{"mode":{"pass_and_play":{"bottom":"red"}},"turn_seconds":15,
            "game":{"start":"BBB/BB.BB/..T../RR.RR/RRR r - 0","plies":["b2c2"],"redo":[]}}"#;
        let saved: SavedGame = serde_json::from_str(json).unwrap();
        assert_eq!(saved.hints, 0);
        assert!(!saved.counted);
        assert_eq!(saved.time_left_ms, None);
        assert_eq!(saved.swap, SwapRule::Off);
        assert_eq!(saved.game.plies().len(), 1);
    }

    #[test]
    fn pass_and_play_seats_both_players_and_the_computer_sits_nowhere() {
        let friends = Mode::PassAndPlay { bottom: Color::Red };
        assert_eq!(friends.across_the_table(), Some(Color::Black));
        assert!(!friends.is_computer(Color::Black));
        let flipped = friends.flipped();
        assert_eq!(flipped.bottom(), Color::Black);
        assert_eq!(flipped.across_the_table(), Some(Color::Red));
        assert_eq!(friends.swapped(), flipped);
        let alone = Mode::VsAi {
            human: Color::Black,
            level: Level::Easy,
        };
        assert_eq!(alone.flipped(), alone, "the player stays at the bottom");
        assert_eq!(alone.bottom(), Color::Black);
        assert_eq!(alone.across_the_table(), None);
        assert!(alone.is_computer(Color::Red) && !alone.is_computer(Color::Black));
        assert_eq!(alone.swapped().bottom(), Color::Red);
        assert!(alone.plays_here(Color::Black) && !alone.plays_here(Color::Red));
        assert!(friends.plays_here(Color::Red) && friends.plays_here(Color::Black));
    }

    #[test]
    fn by_link_the_player_plays_one_side_at_the_bottom_and_nobody_sits_across() {
        let by_link = Mode::ByLink { me: Color::Black };
        assert_eq!(by_link.bottom(), Color::Black);
        assert_eq!(by_link.across_the_table(), None);
        assert_eq!(by_link.flipped(), by_link);
        assert_eq!(by_link.swapped(), Mode::ByLink { me: Color::Red });
        assert!(by_link.plays_here(Color::Black) && !by_link.plays_here(Color::Red));
        assert!(
            !by_link.is_computer(Color::Red),
            "the friend is no computer"
        );
        assert!(by_link.is_by_link() && !Mode::PassAndPlay { bottom: Color::Red }.is_by_link());
        // Kept as every mode is, and games saved before it still read.
        let json = serde_json::to_string(&by_link).unwrap();
        assert_eq!(json, r#"{"by_link":{"me":"black"}}"#);
        assert_eq!(serde_json::from_str::<Mode>(&json).unwrap(), by_link);
    }
}
