//! The header of a game shared as text (`duobao_rules::write_game_text`): when, who played, and
//! how it ended, all in the player's language (the command line reads past the header, but for
//! the start position, which stays `FEN`).

use duobao_rules::{Color, Game};

use crate::i18n::{level_key, text, titled, Key, Lang};
use crate::result_words::{reason_key, title_key};
use crate::session::Mode;

/// Who played `color`: "You" and the computer at its level, or the side's name between friends
/// or when nobody knows.
fn player(lang: Lang, mode: Option<Mode>, color: Color) -> String {
    match mode {
        Some(Mode::VsAi { human, .. }) if human == color => text(lang, Key::You).to_string(),
        Some(Mode::VsAi { level, .. }) => titled(
            lang,
            &[text(lang, Key::Computer), text(lang, level_key(level))],
        ),
        _ => text(
            lang,
            if color == Color::Red {
                Key::Red
            } else {
                Key::Black
            },
        )
        .to_string(),
    }
}

/// The headers of `game`'s text: its date, its players, its result (or that it goes on).
pub fn game_headers(
    lang: Lang,
    mode: Option<Mode>,
    game: &Game,
    date: &str,
) -> Vec<(&'static str, String)> {
    let result = match game.result() {
        Some(result) => {
            let mode = mode.unwrap_or(Mode::PassAndPlay { bottom: Color::Red });
            titled(
                lang,
                &[
                    text(lang, title_key(result, mode)),
                    text(lang, reason_key(result, mode)),
                ],
            )
        }
        None => text(lang, Key::Unfinished).to_string(),
    };
    vec![
        (text(lang, Key::Date), date.to_string()),
        (text(lang, Key::Red), player(lang, mode, Color::Red)),
        (text(lang, Key::Black), player(lang, mode, Color::Black)),
        (text(lang, Key::Result), result),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::game_from;
    use duobao_engine::Level;
    use duobao_rules::{read_game_text, write_game_text};

    #[test]
    fn a_shared_text_names_the_players_and_the_result_and_reads_back() {
        let game = game_from("BBB/BB.BB/.RT../...R./... r - 0", &["d2d3"]);
        let mode = Mode::VsAi {
            human: Color::Black,
            level: Level::Hard,
        };
        let headers = game_headers(Lang::En, Some(mode), &game, "2026-12-01 14:24");
        assert_eq!(headers[1].1, "Computer · Hard");
        assert_eq!(headers[2].1, "You");
        assert_eq!(
            headers[3].1,
            "The computer wins · The computer captured the treasure"
        );
        let zh = game_headers(Lang::Zh, None, &Game::new(), "2026-12-01 14:24");
        assert_eq!(zh[0].0, "日期");
        assert_eq!((zh[1].1.as_str(), zh[3].1.as_str()), ("红方", "未下完"));
        let named: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
        let read = read_game_text(&write_game_text(&game, &named)).unwrap();
        assert_eq!(read.game, game);
        assert_eq!(read.headers[2], ("Black".to_string(), "You".to_string()));
    }

    #[test]
    fn a_resigned_game_says_so_in_its_text() {
        let mut game = game_from(duobao_rules::START_FEN, &["b2c2"]);
        game.concede(duobao_rules::Concession::Resigned(Color::Black))
            .unwrap();
        let friends = Some(Mode::PassAndPlay { bottom: Color::Red });
        let zh = game_headers(Lang::Zh, friends, &game, "2026-12-01 14:24");
        assert_eq!(zh[3].1, "红方胜 · 黑方认输");
        let named: Vec<(&str, &str)> = zh.iter().map(|(n, v)| (*n, v.as_str())).collect();
        let text = write_game_text(&game, &named);
        assert_eq!(read_game_text(&text).unwrap().game, game);
    }
}
