//! Playing a friend by link, with no server. After each move the player sends a link that
//! carries the whole game so far ([`crate::link::game_query`]); the friend's app replays it
//! move by move (a tampered link is refused like any bad link), lets them play their own side
//! only, and they send theirs back. Both apps keep the game in Your games under its id, the time
//! it started, and meet a link that comes in with the game kept under that id: the friend's
//! answer continues it, the same link opens it, and an older link or a game that went another
//! way asks which to keep. No clock, no hint, no undo: a move played is sent as it is.

use duobao_rules::{Concession, Game};

use crate::history::KeptGame;
use crate::link::LinkedGame;
use crate::navigation::{GameStart, Navigator, Question};
use crate::session::{load_game, Mode, SavedGame, SwapRule};
use crate::storage::DeviceStore;

/// How a link's game stands to the one kept under its id.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Meeting {
    /// The same game, move for move.
    Same,
    /// The kept game with more after it (the friend's move, or their resignation).
    Extends,
    /// Neither: an older link, or a game that went another way.
    Differs,
}

/// How `linked` stands to `kept`.
pub fn meet(kept: &Game, linked: &Game) -> Meeting {
    let (old, new) = (kept.plies(), linked.plies());
    if kept.start_position() != linked.start_position() || !new.starts_with(old) {
        return Meeting::Differs;
    }
    if new.len() > old.len() {
        return Meeting::Extends;
    }
    match (kept.result(), linked.result()) {
        (then, now) if then == now => Meeting::Same,
        (None, Some(_)) => Meeting::Extends,
        _ => Meeting::Differs,
    }
}

/// Where a friend's link leads.
#[derive(Clone, Debug, PartialEq)]
pub enum Arrival {
    /// This game, to play on: the kept one continued, or a new one.
    Play(SavedGame),
    /// The link does not continue the game kept under its id: the player keeps one of the two.
    TwoVersions { kept: SavedGame, linked: SavedGame },
}

/// The game `kept` in Your games as `number`, to play on as `mode`. A game kept finished was
/// counted in the statistics when it ended, and is not counted again.
fn to_play(mode: Mode, game: Game, id: u64, kept_as: Option<u64>, counted: bool) -> SavedGame {
    SavedGame {
        online: None,
        mode,
        turn_seconds: None,
        game,
        hints: 0,
        counted,
        time_left_ms: None,
        started_ms: id,
        kept_as,
        swap: SwapRule::Off,
        draw_offer: None,
    }
}

/// A game played by link kept in Your games, to play on.
pub fn continued(kept: &KeptGame) -> SavedGame {
    to_play(
        kept.mode,
        kept.game.clone(),
        kept.started_ms,
        Some(kept.number),
        kept.game.is_over(),
    )
}

/// A game by link, or a live game online (`KeptGame::play_on_online`), from Your games played
/// on: at once, or after asking while another unfinished game is saved, which playing on would
/// put away in Your games. The same game online saved goes on as saved, its newest state.
pub fn play_on(navigator: Navigator, store: &DeviceStore, kept: &KeptGame) {
    let saved = kept.play_on_online().unwrap_or_else(|| continued(kept));
    match store.read(load_game) {
        Some(current) if same_online_game(&current, &saved) => {
            navigator.open_game(GameStart::Saved)
        }
        Some(current) if !(current.mode.is_by_link() && current.started_ms == saved.started_ms) => {
            navigator.ask(Question::PlayOn(saved))
        }
        _ => navigator.open_game(GameStart::PlayOn(saved)),
    }
}

/// Whether the two are the same game online: the same seat of the same game on the same server.
fn same_online_game(one: &SavedGame, other: &SavedGame) -> bool {
    match (&one.online, &other.online) {
        (Some(one), Some(other)) => {
            (&one.server, &one.id, &one.secret) == (&other.server, &other.id, &other.secret)
        }
        _ => false,
    }
}

/// Where the link `linked` leads, given the games kept in Your games. A game not kept here is
/// new: the player plays the side the friend left to move (or the one that did not resign).
pub fn arrive(linked: LinkedGame, kept: &[KeptGame]) -> Arrival {
    let LinkedGame { id, game } = linked;
    let Some(found) = kept
        .iter()
        .find(|kept| kept.mode.is_by_link() && kept.started_ms == id)
    else {
        let me = match game.concession() {
            Some(Concession::Resigned(side)) => side.other(),
            _ => game.position().turn(),
        };
        return Arrival::Play(to_play(Mode::ByLink { me }, game, id, None, false));
    };
    let meeting = meet(&found.game, &game);
    let linked = SavedGame {
        game,
        ..continued(found)
    };
    match meeting {
        Meeting::Same | Meeting::Extends => Arrival::Play(linked),
        Meeting::Differs => Arrival::TwoVersions {
            kept: continued(found),
            linked,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::game_from;
    use duobao_rules::{Color, START_FEN};

    fn game(plies: &[&str]) -> Game {
        game_from(START_FEN, plies)
    }

    fn kept_as_red(number: u64, id: u64, plies: &[&str]) -> KeptGame {
        KeptGame {
            number,
            started_ms: id,
            kept_ms: id + 1,
            mode: Mode::ByLink { me: Color::Red },
            game: game(plies),
            verdicts: Vec::new(),
            online: None,
        }
    }

    fn link(id: u64, game: Game) -> LinkedGame {
        LinkedGame { id, game }
    }

    #[test]
    fn a_link_extends_is_or_differs_from_the_kept_game() {
        let kept = game(&["b2c2", "b4b3"]);
        assert_eq!(
            meet(&kept, &game(&["b2c2", "b4b3", "c3b2"])),
            Meeting::Extends
        );
        assert_eq!(meet(&kept, &kept.clone()), Meeting::Same);
        assert_eq!(meet(&kept, &game(&["b2c2"])), Meeting::Differs, "older");
        assert_eq!(
            meet(&kept, &game(&["b2c2", "d4d3"])),
            Meeting::Differs,
            "a fork"
        );
        let mut resigned = kept.clone();
        resigned.concede(Concession::Resigned(Color::Red)).unwrap();
        assert_eq!(
            meet(&kept, &resigned),
            Meeting::Extends,
            "the friend resigned"
        );
        assert_eq!(meet(&resigned, &kept), Meeting::Differs);
        let elsewhere = game_from("BBB/BB.BB/.RT../...R./... r - 0", &[]);
        assert_eq!(meet(&elsewhere, &game(&["b2c2"])), Meeting::Differs);
    }

    #[test]
    fn a_new_id_starts_a_game_on_the_side_to_move() {
        let Arrival::Play(saved) = arrive(link(5, game(&["b2c2"])), &[]) else {
            panic!("a new game is played")
        };
        assert_eq!(saved.mode, Mode::ByLink { me: Color::Black });
        assert_eq!((saved.started_ms, saved.kept_as), (5, None));
        assert_eq!(saved.turn_seconds, None, "no clock");
        assert!(!saved.counted);
        let Arrival::Play(invited) = arrive(link(6, Game::new()), &[]) else {
            panic!("an invitation is played")
        };
        assert_eq!(invited.mode, Mode::ByLink { me: Color::Red });
        let mut resigned = game(&["b2c2"]);
        resigned
            .concede(Concession::Resigned(Color::Black))
            .unwrap();
        let Arrival::Play(won) = arrive(link(7, resigned), &[]) else {
            panic!("a resignation is shown")
        };
        assert_eq!(won.mode, Mode::ByLink { me: Color::Red });
    }

    #[test]
    fn the_friends_answer_continues_the_kept_game_and_an_older_link_asks() {
        let archive = [
            kept_as_red(3, 9, &["b2c2"]),
            // Another game with the same start time, not played by link.
            KeptGame {
                mode: Mode::PassAndPlay { bottom: Color::Red },
                ..kept_as_red(2, 8, &[])
            },
        ];
        let answer = game(&["b2c2", "b4b3"]);
        let Arrival::Play(saved) = arrive(link(9, answer.clone()), &archive) else {
            panic!("the answer continues the game")
        };
        assert_eq!(saved.game, answer);
        assert_eq!(saved.mode, Mode::ByLink { me: Color::Red });
        assert_eq!((saved.started_ms, saved.kept_as), (9, Some(3)));
        let Arrival::Play(same) = arrive(link(9, game(&["b2c2"])), &archive) else {
            panic!("the same link opens the game")
        };
        assert_eq!(same, continued(&archive[0]));
        let Arrival::TwoVersions { kept, linked } = arrive(link(9, Game::new()), &archive) else {
            panic!("an older link asks")
        };
        assert_eq!(kept, continued(&archive[0]));
        assert_eq!(linked.game, Game::new());
        assert_eq!(linked.kept_as, Some(3), "either is kept in the same place");
        assert!(matches!(
            arrive(link(8, game(&["b2c2"])), &archive),
            Arrival::Play(SavedGame { kept_as: None, .. })
        ));
    }

    #[test]
    fn a_finished_game_opened_again_is_not_counted_again() {
        let mut over = kept_as_red(1, 4, &["b2c2"]);
        over.game
            .concede(Concession::Resigned(Color::Black))
            .unwrap();
        let Arrival::Play(saved) = arrive(link(4, over.game.clone()), &[over]) else {
            panic!("the finished game opens")
        };
        assert!(saved.counted);
    }
}
