//! The position editor's state, free of any UI: the pieces set out, the side to move, the piece
//! the palette puts down, and the rules' judgement of the set-up.

use duobao_rules::{Color, Game, Piece, Point, Position, SetupError};

use crate::board::Placement;
use crate::i18n::{color_key, fill, text, Key, Lang};
use crate::result_words::reason_key;
use crate::session::Mode;

/// What a tap on the board does.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub enum Tool {
    #[default]
    RedSoldier,
    BlackSoldier,
    Treasure,
    /// Empties the point.
    Remove,
}

impl Tool {
    pub const ALL: [Tool; 4] = [
        Tool::RedSoldier,
        Tool::BlackSoldier,
        Tool::Treasure,
        Tool::Remove,
    ];

    /// The piece it puts down.
    pub fn piece(self) -> Option<Piece> {
        match self {
            Tool::RedSoldier => Some(Piece::RedSoldier),
            Tool::BlackSoldier => Some(Piece::BlackSoldier),
            Tool::Treasure => Some(Piece::Treasure),
            Tool::Remove => None,
        }
    }
}

/// Why a set-up cannot be played.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Refusal {
    /// A game needs the treasure: without it the game is already won.
    NoTreasure,
    /// The rules' own reason ([`Position::new`]).
    Rules(SetupError),
}

#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Setup {
    pub placement: Placement,
    pub turn: Color,
    pub tool: Tool,
}

impl Setup {
    /// `position` to edit, Red's soldier in hand.
    pub fn of(position: &Position) -> Setup {
        Setup {
            placement: Placement::of(position),
            turn: position.turn(),
            tool: Tool::default(),
        }
    }

    /// A tap on `point`: the tool's piece put down there, or taken away if it stood there.
    pub fn tap(&mut self, point: Point) {
        match self.tool.piece() {
            Some(piece) if self.placement.piece_at(point) != Some(piece) => {
                self.placement.put(point, piece)
            }
            _ => self.placement.remove(point),
        }
    }

    /// An empty board (the side to move stays).
    pub fn clear(&mut self) {
        self.placement = Placement::default();
    }

    /// The start position.
    pub fn start(&mut self) {
        *self = Setup {
            tool: self.tool,
            ..Setup::of(&Position::start())
        };
    }

    /// The rules' judgement: the position, or why there is none. The rules check it as a game
    /// would have reached it, quiet plies counted from here.
    pub fn judge(&self) -> Result<Position, Refusal> {
        let Placement {
            red,
            black,
            treasure,
            locked,
        } = self.placement;
        let position =
            Position::new(red, black, treasure, self.turn, locked, 0).map_err(Refusal::Rules)?;
        if treasure.is_none() {
            return Err(Refusal::NoTreasure);
        }
        Ok(position)
    }

    /// A set-up that the rules accept but where the game is over already (the side to move has
    /// no soldier or no move): how it ended.
    pub fn finished(&self) -> Option<duobao_rules::GameResult> {
        let position = self.judge().ok()?;
        Game::from_position(position).result()
    }
}

/// What the editor says of the set-up: ready to play, over already, or why it is refused.
pub fn judgement_text(lang: Lang, setup: &Setup) -> String {
    match setup.judge() {
        Ok(position) => match Game::from_position(position).result() {
            // Named by colour, as between friends: nobody plays this position yet.
            Some(result) => fill(
                lang,
                Key::VerdictOver,
                &[text(
                    lang,
                    reason_key(result, Mode::PassAndPlay { bottom: Color::Red }),
                )],
            ),
            None => fill(lang, Key::SetupReady, &[text(lang, color_key(setup.turn))]),
        },
        Err(refusal) => refusal_text(lang, refusal),
    }
}

fn refusal_text(lang: Lang, refusal: Refusal) -> String {
    let key = match refusal {
        Refusal::NoTreasure => Key::RefusedNoTreasure,
        Refusal::Rules(SetupError::TooManySoldiers(Color::Red)) => Key::RefusedTooManyRed,
        Refusal::Rules(SetupError::TooManySoldiers(Color::Black)) => Key::RefusedTooManyBlack,
        Refusal::Rules(SetupError::LockWithoutTreasure) => Key::RefusedLockWithoutTreasure,
        Refusal::Rules(SetupError::MoverWithoutSoldiers(Color::Red)) => Key::RefusedRedJustMoved,
        Refusal::Rules(SetupError::MoverWithoutSoldiers(Color::Black)) => {
            Key::RefusedBlackJustMoved
        }
        Refusal::Rules(SetupError::SharedPoint(point)) => {
            return fill(lang, Key::RefusedSharedPoint, &[&point.to_string()])
        }
        Refusal::Rules(SetupError::QuietPliesBeyondLimit(_)) => Key::RefusedQuietPlies,
    };
    text(lang, key).to_string()
}

#[cfg(test)]
mod tests {
    use duobao_rules::{GameResult, WinReason};

    use super::*;

    fn point(name: &str) -> Point {
        name.parse().unwrap()
    }

    fn start() -> Setup {
        Setup::of(&Position::start())
    }

    #[test]
    fn the_start_is_accepted_as_it_is() {
        assert_eq!(start().judge(), Ok(Position::start()));
        assert_eq!(start().finished(), None);
    }

    #[test]
    fn a_tap_puts_the_tools_piece_down_or_takes_it_away() {
        let mut setup = start();
        setup.tool = Tool::BlackSoldier;
        setup.tap(point("a3"));
        assert_eq!(
            setup.placement.piece_at(point("a3")),
            Some(Piece::BlackSoldier)
        );
        setup.tap(point("a3"));
        assert_eq!(setup.placement.piece_at(point("a3")), None, "tapped again");
        setup.tap(point("b2"));
        assert_eq!(
            setup.placement.piece_at(point("b2")),
            Some(Piece::BlackSoldier)
        );
        setup.tool = Tool::Remove;
        setup.tap(point("b2"));
        assert_eq!(setup.placement.piece_at(point("b2")), None);
    }

    #[test]
    fn an_eighth_soldier_is_refused_with_the_rules_reason() {
        let mut setup = start();
        setup.tap(point("a3"));
        assert_eq!(
            setup.judge(),
            Err(Refusal::Rules(SetupError::TooManySoldiers(Color::Red)))
        );
    }

    #[test]
    fn no_treasure_and_a_lock_without_it_are_refused() {
        let mut setup = start();
        setup.tool = Tool::Remove;
        setup.tap(point("c3"));
        assert_eq!(setup.judge(), Err(Refusal::NoTreasure));
        setup.placement.locked = true;
        assert_eq!(
            setup.judge(),
            Err(Refusal::Rules(SetupError::LockWithoutTreasure))
        );
    }

    #[test]
    fn the_side_that_just_moved_needs_soldiers() {
        let mut setup = start();
        setup.clear();
        setup.tool = Tool::Treasure;
        setup.tap(point("c3"));
        setup.tool = Tool::RedSoldier;
        setup.tap(point("b1"));
        setup.turn = Color::Red;
        assert_eq!(
            setup.judge(),
            Err(Refusal::Rules(SetupError::MoverWithoutSoldiers(
                Color::Black
            )))
        );
    }

    #[test]
    fn a_side_to_move_without_soldiers_has_lost_already() {
        let mut setup = start();
        setup.clear();
        setup.tool = Tool::Treasure;
        setup.tap(point("c3"));
        setup.tool = Tool::RedSoldier;
        setup.tap(point("b1"));
        setup.turn = Color::Black;
        assert!(setup.judge().is_ok());
        assert_eq!(
            setup.finished(),
            Some(GameResult::Win(duobao_rules::Win {
                winner: Color::Red,
                reason: WinReason::Annihilation
            }))
        );
    }

    #[test]
    fn the_judgement_is_said_in_both_languages() {
        let mut setup = start();
        assert_eq!(
            judgement_text(Lang::En, &setup),
            "A legal position: Red to move."
        );
        assert_eq!(judgement_text(Lang::Zh, &setup), "局面合法，轮到红方走棋。");
        setup.tap(point("a3"));
        assert_eq!(
            judgement_text(Lang::En, &setup),
            "Red has more than 7 soldiers."
        );
        assert_eq!(judgement_text(Lang::Zh, &setup), "红方的兵超过 7 个。");
        let mut over = start();
        over.clear();
        over.tool = Tool::Treasure;
        over.tap(point("c3"));
        over.tool = Tool::RedSoldier;
        over.tap(point("b1"));
        over.turn = Color::Black;
        assert!(judgement_text(Lang::En, &over).starts_with("The game is over: "));
    }

    #[test]
    fn start_and_clear_keep_the_tool() {
        let mut setup = start();
        setup.tool = Tool::Treasure;
        setup.clear();
        assert_eq!(setup.placement, Placement::default());
        setup.start();
        assert_eq!(setup.judge(), Ok(Position::start()));
        assert_eq!(setup.tool, Tool::Treasure);
    }
}
