//! What a screen reader hears without asking: the opponent's move (the computer's, a friend's by
//! link, an opponent's online; both sides' by colour in a game watched online) and the end of the
//! game, read out politely (after whatever it is reading) from a region nobody sees. The player's
//! own moves are not repeated back to them.

use dioxus::prelude::*;
use duobao_rules::{Game, Ply};

use crate::i18n::{fill, side_key, text, Key, Lang};
use crate::platform::after_next_paint;
use crate::prefs::Prefs;
use crate::result_words::{reason_key, title_key};
use crate::session::{use_game_events, GameEvent, Mode};

/// What to announce once `game` has grown beyond the `seen` plies already told: the opponent's
/// newest ply, then the result if the game has ended. Nothing after an undo or a new game.
pub fn announcement(lang: Lang, game: &Game, mode: Mode, seen: usize) -> Option<String> {
    if game.plies().len() <= seen {
        return None;
    }
    let newest = game.plies().last()?;
    // The words for the opponent's move, a quiet one and a capture; a pass only comes of a
    // turn clock, which games by link do not have. Watching a game online, both sides are
    // told by their colour.
    let opponent = match mode {
        Mode::VsAi { human, .. } if newest.mover != human => Some((
            Key::ComputerPlayed,
            Key::ComputerPlayedCapturing,
            Some(Key::ComputerPassed),
        )),
        Mode::ByLink { me } if newest.mover != me => {
            Some((Key::FriendPlayed, Key::FriendPlayedCapturing, None))
        }
        Mode::Online { me: Some(me) } if newest.mover != me => Some((
            Key::OpponentPlayed,
            Key::OpponentPlayedCapturing,
            Some(Key::OpponentTimedOut),
        )),
        Mode::Online { me: None } => Some((
            side_key(newest.mover, Key::RedPlayed, Key::BlackPlayed),
            side_key(
                newest.mover,
                Key::RedPlayedCapturing,
                Key::BlackPlayedCapturing,
            ),
            Some(side_key(newest.mover, Key::RedTimedOut, Key::BlackTimedOut)),
        )),
        _ => None,
    };
    let opponent_line = opponent.and_then(|(played, capturing, passed)| match newest.ply {
        Ply::Pass => passed.map(|key| text(lang, key).to_string()),
        Ply::Move(m) if newest.captured.is_empty() => Some(fill(lang, played, &[&m.to_string()])),
        Ply::Move(m) => {
            let captured: Vec<String> =
                newest.captured.into_iter().map(|p| p.to_string()).collect();
            let captured = captured.join(text(lang, Key::Enumeration));
            Some(fill(lang, capturing, &[&m.to_string(), &captured]))
        }
    });
    let lines: Vec<String> = opponent_line
        .into_iter()
        .chain(result_line(lang, game, mode))
        .collect();
    (!lines.is_empty()).then(|| lines.join(text(lang, Key::SentenceBreak)))
}

/// The result, if the game has ended, as the game-over dialog says it: who won, and why.
fn result_line(lang: Lang, game: &Game, mode: Mode) -> Option<String> {
    game.result().map(|result| {
        [title_key(result, mode), reason_key(result, mode)]
            .map(|key| text(lang, key))
            .join(text(lang, Key::SentenceBreak))
    })
}

/// The plies of a game told as it opens: all of them, so that a continued game does not repeat
/// its last move, except by link: there the game opens on the friend's move the link brought,
/// which is told as the computer's would be.
fn told_at_opening(game: &Game, mode: Mode) -> usize {
    let friends_move_last = match (mode, game.plies().last()) {
        (Mode::ByLink { me }, Some(last)) => last.mover != me,
        _ => false,
    };
    game.plies().len() - usize::from(friends_move_last)
}

/// What the live region says after the game's latest `events` (oldest first): the plies they
/// added, as [`announcement`] tells them (nothing, which clears it, after the player's own move
/// or an undo), and a game begun afresh as at its opening; online, an end that came with no ply
/// (a resignation, a draw agreed, the win claimed after a player left), as the result alone;
/// `None` when they added or took back no ply, which leaves it as it is.
fn said_after(lang: Lang, game: &Game, mode: Mode, events: &[GameEvent]) -> Option<String> {
    let mut changed = false;
    let mut began = false;
    let mut ended = false;
    let mut added = 0;
    for event in events {
        match event {
            GameEvent::Started(_) => (changed, began, added) = (true, true, 0),
            GameEvent::Undone => (changed, added) = (true, 0),
            GameEvent::Moved { .. } | GameEvent::Passed { .. } => {
                (changed, added) = (true, added + 1)
            }
            GameEvent::Ended(_) => ended = true,
            _ => {}
        }
    }
    if !changed {
        // Online the end often comes from the other side, or the server, with no ply: it is
        // told. Elsewhere it is the player's own doing, shown by the game-over dialog.
        return (ended && mode.is_online())
            .then(|| result_line(lang, game, mode))
            .flatten();
    }
    let told = if began && added == 0 {
        told_at_opening(game, mode)
    } else {
        game.plies().len().saturating_sub(added)
    };
    Some(announcement(lang, game, mode, told).unwrap_or_default())
}

/// What the live region says, kept at the app's root as the game's events come and shown by
/// the game screen's [`LiveRegion`].
#[derive(Copy, Clone)]
pub struct Announcement(Signal<String>);

/// Tells what the game's events add, from the game's first: a game begun is told as it opens
/// (silent but for the friend's move a link brought, see [`told_at_opening`]). Said after the
/// frame that shows the move, which then has the board alone to draw.
pub fn use_announcer(prefs: Signal<Prefs>) {
    let mut message = use_signal(String::new);
    use_context_provider(|| Announcement(message));
    use_game_events(move |state, events| {
        if let Some(said) = said_after(prefs.peek().lang, state.game(), state.mode(), events) {
            spawn(async move {
                after_next_paint().await;
                message.set(said);
            });
        }
    });
}

/// The game screen's live region, which nobody sees: it says what [`use_announcer`] tells.
#[component]
pub fn LiveRegion() -> Element {
    let Announcement(message) = use_context();
    rsx! {
        div {
            class: "visually-hidden",
            aria_live: "polite",
            aria_atomic: "true",
            "data-testid": "announcer",
            "{message}"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::game_from as game;
    use duobao_engine::Level;
    use duobao_rules::Color;

    const VS_AI_AS_RED: Mode = Mode::VsAi {
        human: Color::Red,
        level: Level::Easy,
    };
    /// Red to move; d2c2 sandwiches b2.
    const CAPTURE: &str = "B../...../..T../RB.R./... r - 5";

    #[test]
    fn the_computers_move_is_told_with_its_captures() {
        let record = game("B../...../..T../RB.R./... b - 5", &["b5b4"]);
        assert_eq!(
            announcement(Lang::En, &record, VS_AI_AS_RED, 0).as_deref(),
            Some("Computer played b5b4")
        );
        let as_black = Mode::VsAi {
            human: Color::Black,
            level: Level::Easy,
        };
        let record = game(CAPTURE, &["d2c2"]);
        assert_eq!(
            announcement(Lang::En, &record, as_black, 0).as_deref(),
            Some("Computer played d2c2, capturing b2")
        );
        assert_eq!(
            announcement(Lang::Zh, &record, as_black, 0).as_deref(),
            Some("电脑走 d2c2，吃掉 b2")
        );
        let skipped = game(CAPTURE, &["d2c2", "pass"]);
        assert_eq!(
            announcement(Lang::Zh, &skipped, VS_AI_AS_RED, 1).as_deref(),
            Some("电脑这一步被跳过")
        );
    }

    #[test]
    fn a_friends_move_by_link_is_told_as_the_computers_is() {
        let by_link = Mode::ByLink { me: Color::Black };
        let record = game(CAPTURE, &["d2c2"]);
        assert_eq!(
            announcement(Lang::En, &record, by_link, 0).as_deref(),
            Some("Your friend played d2c2, capturing b2")
        );
        let as_red = Mode::ByLink { me: Color::Red };
        let quiet = game("B../...../..T../RB.R./... b - 5", &["b5b4"]);
        assert_eq!(
            announcement(Lang::Zh, &quiet, as_red, 0).as_deref(),
            Some("好友走 b5b4")
        );
        // My own move by link is not repeated.
        assert_eq!(announcement(Lang::En, &record, as_red, 0), None);
    }

    #[test]
    fn an_opponents_move_online_is_told_as_a_friends_is() {
        let as_black = Mode::Online {
            me: Some(Color::Black),
        };
        let record = game(CAPTURE, &["d2c2"]);
        assert_eq!(
            announcement(Lang::En, &record, as_black, 0).as_deref(),
            Some("Your opponent played d2c2, capturing b2")
        );
        assert_eq!(
            announcement(Lang::Zh, &record, as_black, 0).as_deref(),
            Some("对手走 d2c2，吃掉 b2")
        );
        let as_red = Mode::Online {
            me: Some(Color::Red),
        };
        let quiet = game("B../...../..T../RB.R./... b - 5", &["b5b4"]);
        assert_eq!(
            announcement(Lang::Zh, &quiet, as_red, 0).as_deref(),
            Some("对手走 b5b4")
        );
        assert_eq!(
            announcement(Lang::En, &record, as_red, 0),
            None,
            "my own move"
        );
        // The server passed the opponent's turn: their time ran out.
        let timed_out = game(CAPTURE, &["d2c2", "pass"]);
        assert_eq!(
            announcement(Lang::En, &timed_out, as_red, 1).as_deref(),
            Some("Your opponent ran out of time: your move")
        );
        assert_eq!(
            announcement(Lang::Zh, &timed_out, as_red, 1).as_deref(),
            Some("对手超时，轮到你走")
        );
    }

    #[test]
    fn watching_online_both_sides_moves_are_told_by_colour() {
        let watching = Mode::Online { me: None };
        let record = game(CAPTURE, &["d2c2"]);
        assert_eq!(
            announcement(Lang::En, &record, watching, 0).as_deref(),
            Some("Red played d2c2, capturing b2")
        );
        assert_eq!(
            announcement(Lang::Zh, &record, watching, 0).as_deref(),
            Some("红方走 d2c2，吃掉 b2")
        );
        let black = game("B../...../..T../RB.R./... b - 5", &["b5b4"]);
        assert_eq!(
            announcement(Lang::Zh, &black, watching, 0).as_deref(),
            Some("黑方走 b5b4")
        );
        let timed_out = game(CAPTURE, &["d2c2", "pass"]);
        assert_eq!(
            announcement(Lang::En, &timed_out, watching, 1).as_deref(),
            Some("Black ran out of time: Red to move")
        );
        let treasure_taken = game("BBB/BB.BB/.RT../...R./... r - 0", &["d2d3"]);
        assert_eq!(
            announcement(Lang::En, &treasure_taken, watching, 0).as_deref(),
            Some("Red played d2d3, capturing c3. Red wins. Red captured the treasure")
        );
    }

    #[test]
    fn an_end_online_with_no_move_is_told_from_the_players_side() {
        let as_red = Mode::Online {
            me: Some(Color::Red),
        };
        let mut left = game(CAPTURE, &["d2c2"]);
        left.concede(duobao_rules::Concession::Abandoned(Color::Black))
            .unwrap();
        let end = [
            GameEvent::Left(Color::Black),
            GameEvent::Ended(left.result().unwrap()),
        ];
        assert_eq!(
            said_after(Lang::En, &left, as_red, &end).as_deref(),
            Some("You win. Black left the game")
        );
        let mut resigned = game(CAPTURE, &["d2c2"]);
        resigned
            .concede(duobao_rules::Concession::Resigned(Color::Red))
            .unwrap();
        let end = [
            GameEvent::Resigned(Color::Red),
            GameEvent::Ended(resigned.result().unwrap()),
        ];
        assert_eq!(
            said_after(Lang::Zh, &resigned, as_red, &end).as_deref(),
            Some("对手赢了。红方认输")
        );
        // Against the computer the player's own resignation is the dialog's to show.
        assert_eq!(said_after(Lang::En, &resigned, VS_AI_AS_RED, &end), None);
    }

    #[test]
    fn the_players_own_moves_and_undos_are_not_repeated() {
        let record = game(CAPTURE, &["d2c2"]);
        assert_eq!(announcement(Lang::En, &record, VS_AI_AS_RED, 0), None);
        let friends = Mode::PassAndPlay { bottom: Color::Red };
        assert_eq!(announcement(Lang::En, &record, friends, 0), None);
        assert_eq!(announcement(Lang::En, &record, VS_AI_AS_RED, 2), None);
    }

    #[test]
    fn the_end_of_the_game_is_told_from_the_players_side() {
        let treasure_taken = game("BBB/BB.BB/.RT../...R./... r - 0", &["d2d3"]);
        assert_eq!(
            announcement(Lang::En, &treasure_taken, VS_AI_AS_RED, 0).as_deref(),
            Some("You win. You captured the treasure")
        );
        let as_black = Mode::VsAi {
            human: Color::Black,
            level: Level::Easy,
        };
        assert_eq!(
            announcement(Lang::En, &treasure_taken, as_black, 0).as_deref(),
            Some(
                "Computer played d2d3, capturing c3. The computer wins. \
                 The computer captured the treasure"
            )
        );
        assert_eq!(
            announcement(Lang::Zh, &treasure_taken, as_black, 0).as_deref(),
            Some("电脑走 d2d3，吃掉 c3。电脑赢了。电脑夺得了宝箱")
        );
        // The lost game of e2e/tests/words.test.mjs.
        let lost = game(".../.B.B./.BT../RR.RR/RRR b - 0", &["d4d3"]);
        assert_eq!(
            announcement(Lang::Zh, &lost, VS_AI_AS_RED, 0).as_deref(),
            Some("电脑走 d4d3，吃掉 c3。电脑赢了。电脑夺得了宝箱")
        );
    }

    #[test]
    fn only_events_that_add_or_take_back_plies_change_what_is_said() {
        let record = game(CAPTURE, &["d2c2"]);
        let as_black = Mode::VsAi {
            human: Color::Black,
            level: Level::Easy,
        };
        let moved = GameEvent::Moved {
            by: Color::Red,
            captured: true,
        };
        assert_eq!(
            said_after(Lang::En, &record, as_black, &[moved]).as_deref(),
            Some("Computer played d2c2, capturing b2")
        );
        assert_eq!(
            said_after(Lang::En, &record, VS_AI_AS_RED, &[moved]).as_deref(),
            Some(""),
            "the player's own move clears it"
        );
        assert_eq!(
            said_after(Lang::En, &record, as_black, &[GameEvent::Undone]).as_deref(),
            Some("")
        );
        for quiet in [GameEvent::HintShown, GameEvent::DrawOffered(Color::Red)] {
            assert_eq!(said_after(Lang::En, &record, as_black, &[quiet]), None);
        }
        let by_link = Mode::ByLink { me: Color::Black };
        let started = GameEvent::Started(crate::session::Records::default());
        assert_eq!(
            said_after(Lang::En, &record, by_link, &[started]).as_deref(),
            Some("Your friend played d2c2, capturing b2"),
            "the friend's move a link brought"
        );
        assert_eq!(
            said_after(Lang::En, &record, as_black, &[started]).as_deref(),
            Some(""),
            "a continued game does not repeat its last move"
        );
    }
}
