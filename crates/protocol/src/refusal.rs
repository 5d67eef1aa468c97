//! Why something a client sent was refused: the codes of `docs/PROTOCOL.md`, *Errors*, their
//! words for a person, and the HTTP status where a refusal answers a request.

use std::fmt;

use crate::ServerFrame;

/// Why something a client sent was refused: the `error` field of an `error` message or of an
/// HTTP refusal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    BadRequest,
    TooLarge,
    NotJson,
    OtherSite,
    NoGame,
    WrongSecret,
    WrongInvite,
    InviteUsed,
    TooManyRequests,
    TooManyAttempts,
    NotYourTurn,
    WrongPly,
    IllegalMove,
    GameOver,
    NotPlaying,
    Watching,
    CannotAbort,
    CannotClaim,
    NoOffer,
    OfferTooSoon,
    TooManyOffers,
    TooManySockets,
    Replaced,
    Unavailable,
    BadName,
    NameTaken,
    Unauthorized,
    WrongCode,
    RatedNeedsAccount,
    NoPlayer,
}

impl Refusal {
    pub const ALL: [Refusal; 30] = [
        Refusal::BadRequest,
        Refusal::TooLarge,
        Refusal::NotJson,
        Refusal::OtherSite,
        Refusal::NoGame,
        Refusal::WrongSecret,
        Refusal::WrongInvite,
        Refusal::InviteUsed,
        Refusal::TooManyRequests,
        Refusal::TooManyAttempts,
        Refusal::NotYourTurn,
        Refusal::WrongPly,
        Refusal::IllegalMove,
        Refusal::GameOver,
        Refusal::NotPlaying,
        Refusal::Watching,
        Refusal::CannotAbort,
        Refusal::CannotClaim,
        Refusal::NoOffer,
        Refusal::OfferTooSoon,
        Refusal::TooManyOffers,
        Refusal::TooManySockets,
        Refusal::Replaced,
        Refusal::Unavailable,
        Refusal::BadName,
        Refusal::NameTaken,
        Refusal::Unauthorized,
        Refusal::WrongCode,
        Refusal::RatedNeedsAccount,
        Refusal::NoPlayer,
    ];

    /// The refusal of a wire code; `None` for a code this side does not know (a newer
    /// server's).
    pub fn from_code(code: &str) -> Option<Refusal> {
        Refusal::ALL
            .into_iter()
            .find(|refusal| refusal.code() == code)
    }

    /// Its code on the wire.
    pub fn code(self) -> &'static str {
        match self {
            Refusal::BadRequest => "bad_request",
            Refusal::TooLarge => "too_large",
            Refusal::NotJson => "not_json",
            Refusal::OtherSite => "other_site",
            Refusal::NoGame => "no_game",
            Refusal::WrongSecret => "wrong_secret",
            Refusal::WrongInvite => "wrong_invite",
            Refusal::InviteUsed => "invite_used",
            Refusal::TooManyRequests => "too_many_requests",
            Refusal::TooManyAttempts => "too_many_attempts",
            Refusal::NotYourTurn => "not_your_turn",
            Refusal::WrongPly => "wrong_ply",
            Refusal::IllegalMove => "illegal_move",
            Refusal::GameOver => "game_over",
            Refusal::NotPlaying => "not_playing",
            Refusal::Watching => "watching",
            Refusal::CannotAbort => "cannot_abort",
            Refusal::CannotClaim => "cannot_claim",
            Refusal::NoOffer => "no_offer",
            Refusal::OfferTooSoon => "offer_too_soon",
            Refusal::TooManyOffers => "too_many_offers",
            Refusal::TooManySockets => "too_many_sockets",
            Refusal::Replaced => "replaced",
            Refusal::Unavailable => "unavailable",
            Refusal::BadName => "bad_name",
            Refusal::NameTaken => "name_taken",
            Refusal::Unauthorized => "unauthorized",
            Refusal::WrongCode => "wrong_code",
            Refusal::RatedNeedsAccount => "rated_needs_account",
            Refusal::NoPlayer => "no_player",
        }
    }

    /// What a person reads.
    pub fn reason(self) -> &'static str {
        match self {
            Refusal::BadRequest => "the request is not one this server understands",
            Refusal::TooLarge => "the request is longer than this server takes (1 KiB)",
            Refusal::NotJson => "the body must be JSON, sent as Content-Type: application/json",
            Refusal::OtherSite => "another site's page may not use this server's games",
            Refusal::NoGame => "there is no game with that id",
            Refusal::WrongSecret => "that secret does not open a seat of this game",
            Refusal::WrongInvite => "that invitation is not this game's",
            Refusal::InviteUsed => "the invitation was already used: the game has both players",
            Refusal::TooManyRequests => "too many requests from this address: wait a minute",
            Refusal::TooManyAttempts => "too many failed attempts from this address: wait a minute",
            Refusal::NotYourTurn => "it is not your turn",
            Refusal::WrongPly => "that ply is not the one to play now",
            Refusal::IllegalMove => "that move is not legal here",
            Refusal::GameOver => "the game is over",
            Refusal::NotPlaying => "the game has not started",
            Refusal::Watching => "a watcher cannot play",
            Refusal::CannotAbort => "a game can be aborted only before both sides have played",
            Refusal::CannotClaim => {
                "the win can be claimed only after the opponent's last two turns passed while away"
            }
            Refusal::NoOffer => "there is no such offer to answer",
            Refusal::OfferTooSoon => {
                "a draw may be offered again only 20 plies after your last offer"
            }
            Refusal::TooManyOffers => "a rematch of this game may be offered only 3 times",
            Refusal::TooManySockets => {
                "too many sockets open from this address (64, 16 of them watching): close some"
            }
            Refusal::Replaced => "a newer socket of this seat took this one's place",
            Refusal::Unavailable => "the game's database cannot be reached: try again",
            Refusal::BadName => {
                "a name is 2 to 20 letters, digits, _ or -, without markup or a reserved word"
            }
            Refusal::NameTaken => "another player has that name (names ignore case)",
            Refusal::Unauthorized => "that token is no player's: sign in again",
            Refusal::WrongCode => "that sign-in code is wrong, used or older than 10 minutes",
            Refusal::RatedNeedsAccount => {
                "a rated game is played only by two players with names, each their own"
            }
            Refusal::NoPlayer => "there is no player with that name",
        }
    }

    /// The HTTP status of the refusal where it answers a request.
    pub fn status(self) -> u16 {
        match self {
            Refusal::NoGame | Refusal::NoPlayer => 404,
            Refusal::WrongSecret
            | Refusal::WrongInvite
            | Refusal::OtherSite
            | Refusal::WrongCode => 403,
            Refusal::InviteUsed | Refusal::NameTaken => 409,
            Refusal::Unauthorized => 401,
            Refusal::RatedNeedsAccount => 403,
            Refusal::TooLarge => 413,
            Refusal::NotJson => 415,
            Refusal::TooManyRequests | Refusal::TooManyAttempts | Refusal::TooManySockets => 429,
            Refusal::Unavailable => 503,
            _ => 400,
        }
    }

    /// The refusal as a socket frame, and as the body of an HTTP refusal.
    pub fn frame(self) -> ServerFrame {
        ServerFrame::Error {
            error: self.code().into(),
            reason: self.reason().into(),
        }
    }

    /// The text of [`Refusal::frame`].
    pub fn to_json(self) -> String {
        self.frame().to_json()
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.reason())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_one_refusal_and_reads_back() {
        for refusal in Refusal::ALL {
            assert_eq!(Refusal::from_code(refusal.code()), Some(refusal));
            let frame = ServerFrame::read(&refusal.to_json()).unwrap();
            assert_eq!(frame, refusal.frame());
        }
        assert_eq!(Refusal::from_code("no such code"), None);
    }
}
