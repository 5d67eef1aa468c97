//! Playing online before the game: the turn times offered, the game a seat opens, and what the
//! screen says while it waits. Free of any UI.

use duobao_rules::{Color, Game};

use crate::i18n::Key;
use crate::online_service::Failure;
use crate::platform::now_ms;
use crate::server_address::ServerAddress;
use crate::session::{Mode, OnlineSeat, SavedGame, SwapRule};

/// The turn times offered, in seconds (the server takes 3 to 600).
pub const TURN_TIMES: [u32; 4] = [15, 30, 60, 120];

/// The turn time offered first.
pub const DEFAULT_TURN: u32 = 60;

/// A seat (or a place to watch) on game `id` of `server`, as the game screen opens it: a game
/// with no plies yet, which the server's first message fills in.
pub fn seated(
    server: &ServerAddress,
    id: String,
    me: Option<Color>,
    secret: Option<String>,
    invite: Option<String>,
    turn_seconds: u32,
) -> SavedGame {
    SavedGame {
        mode: Mode::Online { me },
        turn_seconds: Some(turn_seconds),
        game: Game::new(),
        hints: 0,
        counted: false,
        time_left_ms: None,
        started_ms: now_ms(),
        kept_as: None,
        swap: SwapRule::Off,
        draw_offer: None,
        online: Some(Box::new(OnlineSeat {
            server: server.written().to_string(),
            id,
            secret,
            invite,
            version: 0,
            unacked: None,
        })),
    }
}

/// What the player is told when the server cannot be asked or refuses.
pub fn failure_key(failure: &Failure) -> Key {
    match failure {
        Failure::Offline => Key::OnlineNeedsNetwork,
        Failure::NoServer => Key::OnlineNoServer,
        Failure::Unreachable | Failure::Nonsense => Key::OnlineUnreachable,
        Failure::Refused { code, .. } => match code.as_str() {
            "no_game" => Key::OnlineNoGame,
            "invite_used" => Key::OnlineSeatTaken,
            "wrong_invite" => Key::OnlineWrongInvite,
            "too_many_requests" | "too_many_attempts" => Key::OnlineTooMany,
            _ => Key::OnlineUnreachable,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_opens_an_empty_game_online_at_the_server_it_came_from() {
        let server = ServerAddress::parse("https://play.example.org").unwrap();
        let saved = seated(
            &server,
            "k3w9x2mq7d".into(),
            Some(Color::Black),
            Some("s".into()),
            None,
            30,
        );
        assert_eq!(
            saved.mode,
            Mode::Online {
                me: Some(Color::Black)
            }
        );
        assert_eq!(saved.turn_seconds, Some(30));
        assert!(saved.game.plies().is_empty());
        let seat = saved.online.unwrap();
        assert_eq!(seat.server, "https://play.example.org");
        assert_eq!((seat.id.as_str(), seat.version), ("k3w9x2mq7d", 0));
    }

    #[test]
    fn every_refusal_is_told_in_words() {
        let refused = |code: &str| Failure::Refused {
            code: code.into(),
            reason: String::new(),
        };
        assert_eq!(failure_key(&refused("invite_used")), Key::OnlineSeatTaken);
        assert_eq!(failure_key(&refused("no_game")), Key::OnlineNoGame);
        assert_eq!(failure_key(&refused("whatever")), Key::OnlineUnreachable);
        assert_eq!(failure_key(&Failure::Offline), Key::OnlineNeedsNetwork);
    }
}
