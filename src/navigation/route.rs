//! Every screen and page the app shows is a [`Route`]; the games it opens (`GameStart`) and the
//! question asked before one replaces the saved game (`Question`). UI-free.

use duobao_rules::{Color, Game, Position};
use duobao_study::PlyReview;

use super::Page;
use crate::link::OnlineLink;
use crate::session::{GameSetup, Mode, SavedGame};

/// A screen or page.
#[derive(Clone, Debug, PartialEq)]
pub enum Route {
    Home,
    /// The game being played (the one game there is, held by the game screen's part).
    Game,
    Page(Page),
    Review(Reviewed),
    /// The analysis board, on `game`'s moves, the board after its first `at` plies.
    Analysis {
        game: Game,
        at: usize,
    },
    /// The position editor, opened on `start`.
    Editor {
        start: Position,
    },
    /// Playing online: inviting a friend, or someone now.
    PlayOnline,
    /// A game online opened by its link: the friend invited sits down, anyone else watches.
    OnlineArrival(OnlineLink),
}

/// A game to review.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    pub game: Game,
    /// The side at the bottom of the board.
    pub bottom: Color,
    /// The review opens at the position after this many plies.
    pub at: usize,
    /// Who played it, when the app knows (a shared or pasted game it does not).
    pub mode: Option<Mode>,
    /// The verdicts already known, kept with the game in Your games.
    pub known: Vec<PlyReview>,
    /// Its number in Your games, where the verdicts found are kept.
    pub kept: Option<u64>,
}

impl Reviewed {
    /// A game from elsewhere (a link, pasted text), Red at the bottom, kept nowhere.
    pub fn from_elsewhere(game: Game, at: usize) -> Reviewed {
        Reviewed {
            game,
            bottom: Color::Red,
            at,
            mode: None,
            known: Vec::new(),
            kept: None,
        }
    }
}

impl Route {
    /// Whether this route stays mounted, hidden, while `above` is open over it.
    pub(super) fn stays_under(&self, above: &Route) -> bool {
        matches!(
            (self, above),
            (Route::Game, Route::Page(_))
                | (Route::Page(Page::Games), Route::Review(_))
                | (Route::Analysis { .. }, Route::Editor { .. })
        )
    }
}

/// A game the app starts or plays on.
#[derive(Clone, Debug, PartialEq)]
pub enum GameStart {
    New(GameSetup),
    PlayOn(SavedGame),
    /// The saved game, continued (the game as it stands if none is saved).
    Saved,
}

/// A question asked before a game replaces the saved one; either answer opens a game.
#[derive(Clone, Debug, PartialEq)]
pub enum Question {
    /// The link's game would replace the saved game.
    Replace(GameStart),
    /// A friend's link that does not continue the game kept under its id: the kept one and the
    /// link's.
    TwoVersions { kept: SavedGame, linked: SavedGame },
    /// A game by link from Your games, played on while another unfinished game is saved.
    PlayOn(SavedGame),
}

impl Question {
    /// The game the first answer opens (keeping the saved one), and the second's.
    pub fn answers(&self) -> (GameStart, GameStart) {
        match self {
            Question::Replace(linked) => (GameStart::Saved, linked.clone()),
            Question::TwoVersions { kept, linked } => (
                GameStart::PlayOn(kept.clone()),
                GameStart::PlayOn(linked.clone()),
            ),
            Question::PlayOn(saved) => (GameStart::Saved, GameStart::PlayOn(saved.clone())),
        }
    }
}
