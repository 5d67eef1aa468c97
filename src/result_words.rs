//! A game's result in words, from the reader's side: the title (who won) and the reason (why),
//! as the game-over dialog, the announcer, Your games, the shared text, the editor and the
//! analysis board say them.

use duobao_rules::{Color, DrawReason, GameResult, WinReason};

use crate::i18n::Key;
use crate::session::Mode;

/// Who won, addressed to the player: "You win" against the computer, "Red wins" between friends.
pub fn title_key(result: GameResult, mode: Mode) -> Key {
    match (result.winner(), mode) {
        (None, _) => Key::Draw,
        (Some(winner), Mode::VsAi { human, .. }) if winner == human => Key::YouWin,
        (Some(_), Mode::VsAi { .. }) => Key::ComputerWins,
        (Some(winner), Mode::ByLink { me }) if winner == me => Key::YouWin,
        (Some(_), Mode::ByLink { .. }) => Key::FriendWins,
        (Some(winner), Mode::Online { me: Some(me) }) if winner == me => Key::YouWin,
        (Some(_), Mode::Online { me: Some(_) }) => Key::OpponentWins,
        (Some(Color::Red), Mode::Online { me: None }) => Key::RedWins,
        (Some(Color::Black), Mode::Online { me: None }) => Key::BlackWins,
        (Some(Color::Red), Mode::PassAndPlay { .. }) => Key::RedWins,
        (Some(Color::Black), Mode::PassAndPlay { .. }) => Key::BlackWins,
    }
}

/// Why the game ended, from the reader's side: against the computer the player is "you" and the
/// computer is named, whoever won; between friends (on one phone or by link) the sides are named
/// by colour.
pub fn reason_key(result: GameResult, mode: Mode) -> Key {
    let win = match result {
        GameResult::Draw(DrawReason::Repetition) => return Key::ReasonRepetition,
        GameResult::Draw(DrawReason::Quiet) => return Key::ReasonQuiet,
        GameResult::Draw(DrawReason::Agreement) => return Key::ReasonAgreement,
        GameResult::Win(win) => win,
    };
    match (mode, win.reason) {
        (Mode::VsAi { human, .. }, reason) => {
            let human_won = win.winner == human;
            match (reason, human_won) {
                (WinReason::Treasure, true) => Key::ReasonYouTreasure,
                (WinReason::Treasure, false) => Key::ReasonComputerTreasure,
                (WinReason::Annihilation, true) => Key::ReasonYouAnnihilation,
                (WinReason::Annihilation, false) => Key::ReasonComputerAnnihilation,
                // A blockade is told from the side that is stuck.
                (WinReason::Blockade, true) => Key::ReasonComputerBlockade,
                (WinReason::Blockade, false) => Key::ReasonYouBlockade,
                // A resignation is told from the side that resigned.
                // Never against the computer, which cannot leave: told as resigning.
                (WinReason::Resignation | WinReason::Abandonment, true) => {
                    Key::ReasonComputerResigned
                }
                (WinReason::Resignation | WinReason::Abandonment, false) => Key::ReasonYouResigned,
            }
        }
        (Mode::PassAndPlay { .. } | Mode::ByLink { .. } | Mode::Online { .. }, reason) => {
            match (reason, win.winner) {
                (WinReason::Treasure, Color::Red) => Key::ReasonRedTreasure,
                (WinReason::Treasure, Color::Black) => Key::ReasonBlackTreasure,
                (WinReason::Annihilation, Color::Red) => Key::ReasonRedAnnihilation,
                (WinReason::Annihilation, Color::Black) => Key::ReasonBlackAnnihilation,
                (WinReason::Blockade, Color::Red) => Key::ReasonBlackBlockade,
                (WinReason::Blockade, Color::Black) => Key::ReasonRedBlockade,
                (WinReason::Resignation, Color::Red) => Key::ReasonBlackResigned,
                (WinReason::Resignation, Color::Black) => Key::ReasonRedResigned,
                (WinReason::Abandonment, Color::Red) => Key::ReasonBlackAbandoned,
                (WinReason::Abandonment, Color::Black) => Key::ReasonRedAbandoned,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{text, Lang};
    use duobao_engine::Level;
    use duobao_rules::Win;

    fn win(winner: Color, reason: WinReason) -> GameResult {
        GameResult::Win(Win { winner, reason })
    }

    fn vs_ai(human: Color) -> Mode {
        Mode::VsAi {
            human,
            level: Level::Easy,
        }
    }

    const FRIENDS: Mode = Mode::PassAndPlay { bottom: Color::Red };

    /// The title and the reason in English, as the dialog shows them.
    fn told(result: GameResult, mode: Mode) -> (&'static str, &'static str) {
        (
            text(Lang::En, title_key(result, mode)),
            text(Lang::En, reason_key(result, mode)),
        )
    }

    #[test]
    fn the_title_speaks_to_the_player() {
        let red_wins = win(Color::Red, WinReason::Blockade);
        assert_eq!(title_key(red_wins, vs_ai(Color::Red)), Key::YouWin);
        assert_eq!(title_key(red_wins, vs_ai(Color::Black)), Key::ComputerWins);
        assert_eq!(title_key(red_wins, FRIENDS), Key::RedWins);
        let draw = GameResult::Draw(DrawReason::Quiet);
        assert_eq!(title_key(draw, FRIENDS), Key::Draw);
        let by_link = Mode::ByLink { me: Color::Black };
        assert_eq!(
            told(red_wins, by_link),
            ("Your friend wins", "Black has no move left")
        );
        assert_eq!(
            title_key(win(Color::Black, WinReason::Treasure), by_link),
            Key::YouWin
        );
    }

    #[test]
    fn against_the_computer_the_reason_names_you_and_the_computer_whoever_won() {
        use WinReason::*;
        for human in [Color::Red, Color::Black] {
            let mode = vs_ai(human);
            let won = |reason| win(human, reason);
            let lost = |reason| win(human.other(), reason);
            let cases = [
                (won(Treasure), ("You win", "You captured the treasure")),
                (
                    lost(Treasure),
                    ("The computer wins", "The computer captured the treasure"),
                ),
                (
                    won(Annihilation),
                    ("You win", "You captured all the computer's soldiers"),
                ),
                (
                    lost(Annihilation),
                    (
                        "The computer wins",
                        "The computer captured all your soldiers",
                    ),
                ),
                (won(Blockade), ("You win", "The computer has no move left")),
                (
                    lost(Blockade),
                    ("The computer wins", "You have no move left"),
                ),
                (won(Resignation), ("You win", "The computer resigned")),
                (lost(Resignation), ("The computer wins", "You resigned")),
            ];
            for (result, expected) in cases {
                assert_eq!(told(result, mode), expected, "{result:?} as {human:?}");
            }
        }
    }

    #[test]
    fn between_friends_the_reason_names_the_colours() {
        use WinReason::*;
        let cases = [
            (
                win(Color::Red, Treasure),
                ("Red wins", "Red captured the treasure"),
            ),
            (
                win(Color::Black, Treasure),
                ("Black wins", "Black captured the treasure"),
            ),
            (
                win(Color::Red, Annihilation),
                ("Red wins", "Red captured all of Black's soldiers"),
            ),
            (
                win(Color::Black, Annihilation),
                ("Black wins", "Black captured all of Red's soldiers"),
            ),
            (
                win(Color::Red, Blockade),
                ("Red wins", "Black has no move left"),
            ),
            (
                win(Color::Black, Blockade),
                ("Black wins", "Red has no move left"),
            ),
            (win(Color::Red, Resignation), ("Red wins", "Black resigned")),
            (
                win(Color::Black, Resignation),
                ("Black wins", "Red resigned"),
            ),
        ];
        for bottom in [Color::Red, Color::Black] {
            for (result, expected) in cases {
                let mode = Mode::PassAndPlay { bottom };
                assert_eq!(told(result, mode), expected, "{result:?}");
            }
        }
    }

    #[test]
    fn draws_read_the_same_for_everyone() {
        for mode in [vs_ai(Color::Red), vs_ai(Color::Black), FRIENDS] {
            let repetition = GameResult::Draw(DrawReason::Repetition);
            let quiet = GameResult::Draw(DrawReason::Quiet);
            assert_eq!(
                told(repetition, mode),
                ("Draw", "The same position occurred three times")
            );
            assert_eq!(
                told(quiet, mode),
                ("Draw", "100 moves in a row without a capture")
            );
            let agreed = GameResult::Draw(DrawReason::Agreement);
            assert_eq!(told(agreed, mode), ("Draw", "Drawn by agreement"));
        }
    }

    #[test]
    fn the_chinese_reasons_speak_from_the_same_side() {
        let lost = win(Color::Black, WinReason::Blockade);
        let zh = |key| text(Lang::Zh, key);
        assert_eq!(zh(title_key(lost, vs_ai(Color::Red))), "电脑赢了");
        assert_eq!(zh(reason_key(lost, vs_ai(Color::Red))), "你无棋可走");
        assert_eq!(zh(reason_key(lost, vs_ai(Color::Black))), "电脑无棋可走");
        assert_eq!(zh(reason_key(lost, FRIENDS)), "红方无棋可走");
        let taken = win(Color::Black, WinReason::Treasure);
        assert_eq!(zh(reason_key(taken, vs_ai(Color::Red))), "电脑夺得了宝箱");
        let resigned = win(Color::Black, WinReason::Resignation);
        assert_eq!(zh(title_key(resigned, vs_ai(Color::Red))), "电脑赢了");
        assert_eq!(zh(reason_key(resigned, vs_ai(Color::Red))), "你认输了");
        assert_eq!(zh(title_key(resigned, FRIENDS)), "黑方胜");
        assert_eq!(zh(reason_key(resigned, FRIENDS)), "红方认输");
        let agreed = GameResult::Draw(DrawReason::Agreement);
        assert_eq!(zh(title_key(agreed, FRIENDS)), "和棋");
        assert_eq!(zh(reason_key(agreed, FRIENDS)), "双方同意和棋");
    }
}
