//! The screens the app routes to, each drawn by its feature's body. In the web build they come
//! in three chunks, fetched when one of their screens is first opened and kept by the service
//! worker for offline play (`screen_chunk.rs`): grouped by what players open together, so that
//! the code a group's screens share is downloaded once. What two or three groups share (the
//! board, the share sheets, the games on the server) is in shared chunks, fetched with the
//! first group that needs them.

use dioxus::prelude::*;

use crate::analysis::{AnalysisScreenBody, AnalysisScreenBodyProps};
use crate::editor::{EditorScreenBody, EditorScreenBodyProps};
use crate::game::GameViewBody;
use crate::history::{GamesScreenBody, GamesScreenBodyProps};
use crate::learn::LearnScreenBody;
use crate::lobby::{OnlineArrivalBody, OnlineArrivalBodyProps, PlayOnlineBody};
use crate::players::{LeaderboardBody, ProfileBody};
use crate::puzzles::PuzzlesScreenBody;
use crate::review::{ReviewScreenBody, ReviewScreenBodyProps};
use crate::rules::RulesScreenBody;
use crate::screen_chunk::split_screens;
use crate::settings::SettingsScreenBody;
use crate::stats::{StatisticsScreenBody, StatisticsScreenBodyProps};

split_screens! {
    /// Playing: the game screen and the ways into a game online.
    pub enum Playing in playing_screens {
        GameView(()) => GameViewBody,
        PlayOnlineScreen(()) => PlayOnlineBody,
        OnlineArrivalScreen(OnlineArrivalBodyProps) => OnlineArrivalBody,
    }
}

split_screens! {
    /// Studying: the review, the analysis board, the editor, the puzzles and the lessons, which
    /// share the board, the engine's readouts and the move list.
    pub enum Studying in studying_screens {
        ReviewScreen(ReviewScreenBodyProps) => ReviewScreenBody,
        AnalysisScreen(AnalysisScreenBodyProps) => AnalysisScreenBody,
        EditorScreen(EditorScreenBodyProps) => EditorScreenBody,
        PuzzlesScreen(()) => PuzzlesScreenBody,
        LearnScreen(()) => LearnScreenBody,
    }
}

split_screens! {
    /// The pages: the rules, the settings, the statistics, Your games, and the players online
    /// (Profile, the leaderboard), which share with Your games the games on the server: in
    /// a chunk of their own, that code and its JSON readers went into shared chunks, 60 KB
    /// gzipped more in all.
    pub enum Pages in page_screens {
        RulesScreen(()) => RulesScreenBody,
        SettingsScreen(()) => SettingsScreenBody,
        StatisticsScreen(StatisticsScreenBodyProps) => StatisticsScreenBody,
        GamesScreen(GamesScreenBodyProps) => GamesScreenBody,
        ProfileScreen(()) => ProfileBody,
        LeaderboardScreen(()) => LeaderboardBody,
    }
}
