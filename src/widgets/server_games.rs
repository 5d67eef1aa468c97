//! A player's games on the server, newest first, as Profile and Your games list them: when,
//! against whom, the result, the colour, rated or casual and the rating's change; a tap opens
//! the game's review, its moves asked of the server (`GET /api/online/games/{id}`).

use dioxus::prelude::*;
use duobao_rules::{Game, Ply};

use crate::i18n::{color_key, fill, text, Key, PlayersText};
use crate::local_time::{local_time, use_local_offset};
use crate::navigation::{use_navigator, Reviewed, Route};
use crate::online_service::{look, OnlineEnd, PlayerGame};
use crate::prefs::Prefs;
use crate::rating_words::change_text;
use crate::server_address::ServerAddress;
use crate::session::Mode;

/// A game's moves as the server has them, up to the first this device cannot play.
fn game_of(moves: &[String]) -> Game {
    let mut game = Game::new();
    for written in moves {
        let Ok(ply) = written.parse::<Ply>() else {
            break;
        };
        if game.play(ply).is_err() {
            break;
        }
    }
    game
}

/// How a game ended for the player: won, lost or drawn, with its class name; `None` while it
/// is played or when it was called off.
fn outcome(game: &PlayerGame) -> Option<(Key, &'static str)> {
    let end: OnlineEnd = game.result.as_deref()?.parse().ok()?;
    let result = match end {
        OnlineEnd::Board(result) => result,
        OnlineEnd::Conceded(concession) => concession.result(),
        OnlineEnd::Aborted => return None,
    };
    Some(match result.winner() {
        None => (Key::Drawn, "drawn"),
        Some(winner) if winner == game.seat => (Key::Won, "won"),
        Some(_) => (Key::Lost, "lost"),
    })
}

#[component]
pub fn ServerGames(games: Vec<PlayerGame>) -> Element {
    let navigator = use_navigator();
    let prefs: Signal<Prefs> = use_context();
    let server: Signal<ServerAddress> = use_context();
    let lang = prefs.read().lang;
    let offset = use_local_offset()();
    let mut failed = use_signal(|| false);
    let review = move |game: PlayerGame| {
        spawn(async move {
            match look(&server.peek(), &game.id).await {
                Ok(view) => {
                    let played = game_of(&view.moves);
                    failed.set(false);
                    navigator.open(Route::Review(Reviewed {
                        at: played.plies().len(),
                        game: played,
                        bottom: game.seat,
                        mode: Some(Mode::Online {
                            me: Some(game.seat),
                        }),
                        known: Vec::new(),
                        kept: None,
                    }));
                }
                Err(_) => failed.set(true),
            }
        });
    };
    rsx! {
        if games.is_empty() {
            p { class: "games-empty", {text(lang, PlayersText::NoGamesOnline)} }
        }
        if failed() {
            p { class: "notice-line", role: "alert", {text(lang, Key::OnlineUnreachable)} }
        }
        ol { class: "game-list", "data-testid": "server-games",
            for game in games {
                {
                    let result = outcome(&game);
                    let opponent = game.opponent.clone().unwrap_or_else(|| text(lang, PlayersText::Anonymous).to_string());
                    let when = local_time(game.created_at.max(0) as u64, offset);
                    let change = game.change.map(change_text).unwrap_or_default();
                    let kind = if game.rated { PlayersText::Rated } else { PlayersText::Casual };
                    let seat = text(lang, color_key(game.seat));
                    let class = format!("game-entry {}", result.map_or("", |(_, name)| name));
                    rsx! {
                        li { key: "{game.id}", class: "game-item",
                            button {
                                class,
                                r#type: "button",
                                "data-testid": "server-game",
                                onclick: move |_| review(game.clone()),
                                span { class: "entry-when", "{when}" }
                                span { class: "entry-opponent", {fill(lang, PlayersText::Versus, &[&opponent])} }
                                if let Some((key, _)) = result {
                                    strong { class: "entry-result", {text(lang, key)} }
                                }
                                span { class: "entry-meta", "{seat}{text(lang, Key::TitleSeparator)}{text(lang, kind)} {change}" }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duobao_rules::Color;

    #[test]
    fn a_games_moves_from_the_server_make_its_review_up_to_the_first_unreadable_one() {
        let moves = ["b2c2", "pass", "nonsense", "d4d3"].map(String::from);
        assert_eq!(game_of(&moves).plies().len(), 2);
        assert_eq!(game_of(&[]).plies().len(), 0);
    }

    #[test]
    fn a_game_is_won_lost_or_drawn_from_the_players_seat() {
        let game = |seat, result: Option<&str>| PlayerGame {
            id: "g".into(),
            turn_seconds: 60,
            rated: true,
            seat,
            opponent: None,
            result: result.map(String::from),
            created_at: 0,
            ended_at: None,
            rating_before: None,
            change: None,
        };
        let of = |g: &PlayerGame| outcome(g).map(|(_, name)| name);
        assert_eq!(of(&game(Color::Black, Some("black treasure"))), Some("won"));
        assert_eq!(of(&game(Color::Red, Some("black treasure"))), Some("lost"));
        assert_eq!(of(&game(Color::Red, Some("red resignation"))), Some("won"));
        assert_eq!(of(&game(Color::Red, Some("draw agreement"))), Some("drawn"));
        assert_eq!(of(&game(Color::Red, Some("aborted"))), None);
        assert_eq!(of(&game(Color::Red, None)), None);
    }
}
