//! The players' HTTP requests (`docs/PROTOCOL.md`, *Players*): registering a name, a profile,
//! a player's games, the leaderboard, a code that signs another device in, deleting an account.
//! A token goes only in the `Authorization` header.

pub use duobao_players::Speed;
use duobao_protocol::{
    Account, LeaderboardEntry, NewPlayer, PlayerGame, Profile, SignIn, SignInCode,
};

use super::http::{json_text, request, Failure, WAIT};
use crate::server_address::ServerAddress;

/// A name is read as a path segment: anything but letters, digits, `_` and `-` is escaped.
fn name_segment(name: &str) -> String {
    let mut segment = String::new();
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-' {
            segment.push(byte as char);
        } else {
            segment.push_str(&format!("%{byte:02X}"));
        }
    }
    segment
}

/// `POST /api/players`: the name registered, this device's account.
pub async fn register(server: &ServerAddress, name: &str) -> Result<Account, Failure> {
    let body = NewPlayer { name: name.into() };
    request(
        server,
        "POST",
        "/players",
        Some(json_text(&body)),
        None,
        WAIT,
    )
    .await?
    .expect(201)
}

/// `POST /api/players/sign-in`: this device signed in with a code another one showed.
pub async fn sign_in(server: &ServerAddress, code: &str) -> Result<Account, Failure> {
    let body = SignIn {
        code: code.trim().into(),
    };
    request(
        server,
        "POST",
        "/players/sign-in",
        Some(json_text(&body)),
        None,
        WAIT,
    )
    .await?
    .expect(200)
}

/// `POST /api/players/me/codes`: a code that signs another device in, once, for 10 minutes.
pub async fn new_code(server: &ServerAddress, token: &str) -> Result<SignInCode, Failure> {
    request(
        server,
        "POST",
        "/players/me/codes",
        Some("{}".into()),
        Some(token),
        WAIT,
    )
    .await?
    .expect(201)
}

/// `DELETE /api/players/me`: the account, its name and its tokens gone.
pub async fn delete_account(server: &ServerAddress, token: &str) -> Result<(), Failure> {
    let answer = request(
        server,
        "DELETE",
        "/players/me",
        Some("{}".into()),
        Some(token),
        WAIT,
    )
    .await?;
    match answer.status {
        204 => Ok(()),
        _ => answer.expect::<()>(204),
    }
}

/// `GET /api/players/{name}`.
pub async fn profile(server: &ServerAddress, name: &str) -> Result<Profile, Failure> {
    let path = format!("/players/{}", name_segment(name));
    request(server, "GET", &path, None, None, WAIT)
        .await?
        .expect(200)
}

/// `GET /api/players/{name}/games`: at most 100, newest first.
pub async fn player_games(server: &ServerAddress, name: &str) -> Result<Vec<PlayerGame>, Failure> {
    let path = format!("/players/{}/games", name_segment(name));
    request(server, "GET", &path, None, None, WAIT)
        .await?
        .expect(200)
}

/// `GET /api/leaderboard?speed=…`: the top 100.
pub async fn leaderboard(
    server: &ServerAddress,
    speed: Speed,
) -> Result<Vec<LeaderboardEntry>, Failure> {
    let path = format!("/leaderboard?speed={}", speed.as_str());
    request(server, "GET", &path, None, None, WAIT)
        .await?
        .expect(200)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_in_a_path_is_escaped_but_for_letters_digits_and_dashes() {
        assert_eq!(name_segment("Ada_1-x"), "Ada_1-x");
        assert_eq!(name_segment("小明"), "%E5%B0%8F%E6%98%8E");
        assert_eq!(name_segment("../a?b"), "%2E%2E%2Fa%3Fb");
    }
}
