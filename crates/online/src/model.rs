//! A live game as the server knows it: the events that make it (each with its version, stored in
//! the database) and the state they fold into, and what each thing a player asks becomes — the
//! events to store, or a refusal. Pure: no I/O, no clock of its own (every `now` is given).

use std::fmt;

use duobao_protocol::{
    ClientFrame, GameView, Offers, OnlineEnd, Presence, RatingChanges, Refusal, SeatPlayer,
    ServerFrame, Status,
};
use duobao_rules::{Concession, Game, GameResult, Move, Ply};
use serde::{Deserialize, Serialize};

use crate::limits::{DRAW_OFFER_EVERY_PLIES, REMATCH_OFFERS};
use crate::Seat;

/// Milliseconds since the Unix epoch.
pub type Millis = i64;

/// A change of a game's state, as stored (one row per version) and sent to every client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum Event {
    /// The second seat was taken: the game starts, Red's turn with it.
    Joined { at: Millis },
    /// A ply, `pass` for a turn that ran out; the next turn starts `at`.
    Move {
        ply: u32,
        #[serde(rename = "move")]
        notation: String,
        by: Seat,
        at: Millis,
    },
    /// The standing offers.
    Offers {
        draw: Option<Seat>,
        rematch: Option<Seat>,
    },
    /// The turn was started afresh `at` (the server had been down).
    Clock { at: Millis },
    /// The game is over; a rated game's end carries what it changed of each seat's rating,
    /// committed in the same transaction as the ratings themselves.
    End {
        result: String,
        at: Millis,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        changes: Option<RatingChanges>,
    },
    /// The rematch is game `id`.
    Rematch { id: String },
}

impl Event {
    /// The stored form.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("events serialize")
    }

    pub fn from_json(text: &str) -> Result<Event, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// Whether it is a move a player chose (not a pass the clock made).
    pub fn is_chosen_move(&self) -> bool {
        matches!(self, Event::Move { notation, .. }
            if notation.parse::<Ply>().is_ok_and(|ply| ply != Ply::Pass))
    }
}

/// An event that does not fit the state it is applied to: a stored game that is not legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadHistory {
    pub version: u64,
    pub why: String,
}

impl fmt::Display for BadHistory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "event {} does not fit the game: {}",
            self.version, self.why
        )
    }
}

impl std::error::Error for BadHistory {}

/// A seat's player as a game keeps them: who, and their rating at the game's speed when the
/// game started, with its deviation then (which says whether it was provisional).
#[derive(Clone, Debug, PartialEq)]
pub struct GamePlayer {
    pub id: String,
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
}

impl GamePlayer {
    /// As a game's view names them, with what the game changed once it ended rated.
    fn seat_player(&self, change: Option<f64>) -> SeatPlayer {
        SeatPlayer {
            name: self.name.clone(),
            rating: self.rating,
            provisional: self.deviation >= duobao_players::PROVISIONAL_DEVIATION,
            change,
        }
    }
}

/// The state a game's events fold into.
#[derive(Clone, Debug)]
pub struct GameState {
    pub id: String,
    pub turn_seconds: u32,
    pub created_at: Millis,
    pub rematch_of: Option<String>,
    pub status: Status,
    pub version: u64,
    /// The rules' record: the plies played, the position, the board's result.
    pub game: Game,
    /// When the current turn started (while playing).
    pub turn_started: Millis,
    pub result: Option<String>,
    pub draw_offer: Option<Seat>,
    pub rematch_offer: Option<Seat>,
    pub rematch: Option<String>,
    /// The ply each seat last offered a draw at (Red first): it may offer again
    /// [`DRAW_OFFER_EVERY_PLIES`] later.
    pub draw_offered_at: [Option<u32>; 2],
    /// How many rematches each seat has offered (Red first), at most
    /// [`REMATCH_OFFERS`].
    pub rematch_offers: [u32; 2],
    /// Whether the game moves its players' ratings.
    pub rated: bool,
    /// Each seat's player (Red first); `None` for an anonymous seat or one not taken yet.
    pub players: [Option<GamePlayer>; 2],
    /// What a rated game's end changed, from its `end` event.
    pub changes: Option<RatingChanges>,
}

/// What a player's request becomes.
#[derive(Debug, PartialEq)]
pub enum Decision {
    /// Store these events (in this order), then apply them.
    Store(Vec<Event>),
    /// The same ply again: acknowledge it, change nothing.
    AlreadyPlayed,
    /// Nothing to change (an offer repeated).
    Nothing,
}

impl GameState {
    /// A game as created, before any event.
    pub fn new(
        id: String,
        turn_seconds: u32,
        created_at: Millis,
        rematch_of: Option<String>,
    ) -> GameState {
        GameState {
            id,
            turn_seconds,
            created_at,
            rematch_of,
            status: Status::Waiting,
            version: 0,
            game: Game::new(),
            turn_started: created_at,
            result: None,
            draw_offer: None,
            rematch_offer: None,
            rematch: None,
            draw_offered_at: [None; 2],
            rematch_offers: [0; 2],
            rated: false,
            players: [None, None],
            changes: None,
        }
    }

    /// The player of `seat`, if it has one.
    pub fn player(&self, seat: Seat) -> Option<&GamePlayer> {
        self.players[seat as usize].as_ref()
    }

    /// Whether a player has chosen a move (not only passes the clock made).
    pub fn has_a_chosen_move(&self) -> bool {
        self.game
            .plies()
            .iter()
            .any(|played| played.ply != Ply::Pass)
    }

    /// The plies played so far.
    pub fn ply_count(&self) -> u32 {
        self.game.plies().len() as u32
    }

    /// The seat to move, while playing.
    pub fn turn(&self) -> Option<Seat> {
        (self.status == Status::Playing).then(|| self.game.position().turn())
    }

    pub fn turn_millis(&self) -> Millis {
        Millis::from(self.turn_seconds) * 1000
    }

    /// When the current turn runs out (before any allowance for the network).
    pub fn turn_ends(&self) -> Millis {
        self.turn_started + self.turn_millis()
    }

    /// What is left of the current turn at `now`, while playing.
    pub fn millis_left(&self, now: Millis) -> Option<Millis> {
        self.turn()
            .map(|_| (self.turn_ends() - now).clamp(0, self.turn_millis()))
    }

    /// What is left of the current turn at `now`, as the protocol writes it.
    fn ms_left(&self, now: Millis) -> Option<u64> {
        self.millis_left(now)
            .map(|left| u64::try_from(left).unwrap_or(0))
    }

    /// The moves in notation, `pass` for a timed-out turn.
    pub fn moves(&self) -> Vec<String> {
        self.game
            .plies()
            .iter()
            .map(|p| p.ply.to_string())
            .collect()
    }

    /// Applies the next event (its version is `self.version + 1`), checking that it fits.
    pub fn apply(&mut self, event: &Event) -> Result<(), BadHistory> {
        let version = self.version + 1;
        let bad = |why: String| BadHistory { version, why };
        match event {
            Event::Joined { at } => {
                if self.status != Status::Waiting {
                    return Err(bad(format!("joined while {}", self.status)));
                }
                self.status = Status::Playing;
                self.turn_started = *at;
            }
            Event::Move {
                ply,
                notation,
                by,
                at,
            } => {
                if self.status != Status::Playing {
                    return Err(bad(format!("a move while {}", self.status)));
                }
                if *ply != self.ply_count() || Some(*by) != self.turn() {
                    return Err(bad(format!("ply {ply} by {by} out of order")));
                }
                let parsed: Ply = notation
                    .parse()
                    .map_err(|_| bad(format!("{notation:?} is no ply")))?;
                self.game
                    .play(parsed)
                    .map_err(|e| bad(format!("{notation}: {e}")))?;
                self.turn_started = *at;
            }
            Event::Offers { draw, rematch } => {
                // An offer is counted when it is made, not when it is repeated beside another.
                if let Some(seat) = draw.filter(|seat| self.draw_offer != Some(*seat)) {
                    self.draw_offered_at[seat as usize] = Some(self.ply_count());
                }
                if let Some(seat) = rematch.filter(|seat| self.rematch_offer != Some(*seat)) {
                    self.rematch_offers[seat as usize] += 1;
                }
                self.draw_offer = *draw;
                self.rematch_offer = *rematch;
            }
            Event::Clock { at } => {
                if self.status != Status::Playing {
                    return Err(bad(format!("a clock while {}", self.status)));
                }
                self.turn_started = *at;
            }
            Event::End {
                result, changes, ..
            } => {
                if self.status == Status::Ended {
                    return Err(bad("ended twice".into()));
                }
                self.status = Status::Ended;
                self.result = Some(result.clone());
                self.changes = *changes;
                self.draw_offer = None;
            }
            Event::Rematch { id } => {
                if self.status != Status::Ended || self.rematch.is_some() {
                    return Err(bad("a rematch of a game not over".into()));
                }
                self.rematch = Some(id.clone());
                self.rematch_offer = None;
            }
        }
        self.version = version;
        Ok(())
    }

    /// The events after a ply: the draw offer made to the mover is declined by the ply, and the
    /// board may end the game.
    fn after_ply(&self, mover: Seat, ply: Ply, now: Millis) -> Vec<Event> {
        let mut events = vec![Event::Move {
            ply: self.ply_count(),
            notation: ply.to_string(),
            by: mover,
            at: now,
        }];
        if self.draw_offer == Some(mover.other()) {
            events.push(Event::Offers {
                draw: None,
                rematch: self.rematch_offer,
            });
        }
        let mut next = self.game.clone();
        if next.play(ply).is_ok() {
            if let Some(result) = next.result() {
                events.push(Event::End {
                    result: result.to_string(),
                    at: now,
                    changes: None,
                });
            }
        }
        events
    }

    fn playing(&self) -> Result<(), Refusal> {
        match self.status {
            Status::Playing => Ok(()),
            Status::Waiting => Err(Refusal::NotPlaying),
            Status::Ended => Err(Refusal::GameOver),
        }
    }

    /// `seat` plays `notation` as ply `ply`.
    pub fn play(
        &self,
        seat: Seat,
        ply: u32,
        notation: &str,
        now: Millis,
    ) -> Result<Decision, Refusal> {
        if let Some(played) = self.game.plies().get(ply as usize) {
            return if played.mover == seat && played.ply.to_string() == notation {
                Ok(Decision::AlreadyPlayed)
            } else {
                Err(Refusal::WrongPly)
            };
        }
        self.playing()?;
        if ply != self.ply_count() {
            return Err(Refusal::WrongPly);
        }
        if self.turn() != Some(seat) {
            return Err(Refusal::NotYourTurn);
        }
        // A player never passes by choice: a pass is the clock's.
        let chosen: Move = notation.parse().map_err(|_| Refusal::IllegalMove)?;
        if self.game.position().check_move(chosen).is_err() {
            return Err(Refusal::IllegalMove);
        }
        Ok(Decision::Store(self.after_ply(
            seat,
            Ply::Move(chosen),
            now,
        )))
    }

    /// The turn ran out: the clock passes it.
    pub fn time_out(&self, now: Millis) -> Option<Vec<Event>> {
        let mover = self.turn()?;
        Some(self.after_ply(mover, Ply::Pass, now))
    }

    pub fn resign(&self, seat: Seat, now: Millis) -> Result<Decision, Refusal> {
        self.playing()?;
        Ok(Decision::Store(vec![
            self.end(Concession::Resigned(seat).result(), now)
        ]))
    }

    fn end(&self, result: GameResult, now: Millis) -> Event {
        Event::End {
            result: result.to_string(),
            at: now,
            changes: None,
        }
    }

    /// `yes`: offer a draw, or accept the opponent's; otherwise decline or take back.
    pub fn draw(&self, seat: Seat, yes: bool, now: Millis) -> Result<Decision, Refusal> {
        self.playing()?;
        let offers = |draw| Event::Offers {
            draw,
            rematch: self.rematch_offer,
        };
        Ok(match (yes, self.draw_offer) {
            (true, Some(offerer)) if offerer == seat.other() => Decision::Store(vec![
                offers(None),
                self.end(Concession::DrawAgreed.result(), now),
            ]),
            (true, Some(_)) => Decision::Nothing,
            (true, None) => {
                let offered_at = self.draw_offered_at[seat as usize];
                if offered_at.is_some_and(|at| self.ply_count() < at + DRAW_OFFER_EVERY_PLIES) {
                    return Err(Refusal::OfferTooSoon);
                }
                Decision::Store(vec![offers(Some(seat))])
            }
            (false, Some(_)) => Decision::Store(vec![offers(None)]),
            (false, None) => return Err(Refusal::NoOffer),
        })
    }

    /// Either side may abort before both have played; the creator while nobody has joined.
    pub fn abort(&self, now: Millis) -> Result<Decision, Refusal> {
        match self.status {
            Status::Waiting => {}
            Status::Playing if self.ply_count() < 2 => {}
            Status::Playing => return Err(Refusal::CannotAbort),
            Status::Ended => return Err(Refusal::GameOver),
        }
        Ok(Decision::Store(vec![Event::End {
            result: OnlineEnd::Aborted.to_string(),
            at: now,
            changes: None,
        }]))
    }

    /// Whether `seat`'s opponent's last two turns both passed by timeout.
    pub fn opponent_timed_out_twice(&self, seat: Seat) -> bool {
        let theirs = seat.other();
        let mut passes = self
            .game
            .plies()
            .iter()
            .rev()
            .filter(|p| p.mover == theirs)
            .take(2)
            .filter(|p| p.ply == Ply::Pass);
        passes.next().is_some() && passes.next().is_some()
    }

    /// `seat` claims the win: the opponent's last two turns passed and they are away now.
    pub fn claim(
        &self,
        seat: Seat,
        opponent_present: bool,
        now: Millis,
    ) -> Result<Decision, Refusal> {
        self.playing()?;
        if opponent_present || !self.opponent_timed_out_twice(seat) {
            return Err(Refusal::CannotClaim);
        }
        Ok(Decision::Store(vec![Event::End {
            result: OnlineEnd::Conceded(Concession::Abandoned(seat.other())).to_string(),
            at: now,
            changes: None,
        }]))
    }

    /// `yes`: offer a rematch, or accept the opponent's (`new_id` names the new game);
    /// otherwise decline or take back.
    pub fn rematch_answer(&self, seat: Seat, yes: bool, new_id: &str) -> Result<Decision, Refusal> {
        if self.status != Status::Ended || self.rematch.is_some() {
            return Err(Refusal::NoOffer);
        }
        let offers = |rematch| Event::Offers {
            draw: None,
            rematch,
        };
        Ok(match (yes, self.rematch_offer) {
            (true, Some(offerer)) if offerer == seat.other() => {
                Decision::Store(vec![offers(None), Event::Rematch { id: new_id.into() }])
            }
            (true, Some(_)) => Decision::Nothing,
            (true, None) if self.rematch_offers[seat as usize] >= REMATCH_OFFERS => {
                return Err(Refusal::TooManyOffers)
            }
            (true, None) => Decision::Store(vec![offers(Some(seat))]),
            (false, Some(_)) => Decision::Store(vec![offers(None)]),
            (false, None) => return Err(Refusal::NoOffer),
        })
    }

    /// What `seat`'s frame asks becomes (`new_id` names a rematch, should it be agreed).
    pub fn decide(
        &self,
        seat: Seat,
        frame: &ClientFrame,
        opponent_present: bool,
        new_id: &str,
        now: Millis,
    ) -> Result<Decision, Refusal> {
        match frame {
            ClientFrame::Move { ply, notation } => self.play(seat, *ply, notation, now),
            ClientFrame::Resign => self.resign(seat, now),
            ClientFrame::Draw { yes } => self.draw(seat, *yes, now),
            ClientFrame::Abort => self.abort(now),
            ClientFrame::Claim => self.claim(seat, opponent_present, now),
            ClientFrame::Rematch { yes } => self.rematch_answer(seat, *yes, new_id),
            ClientFrame::Hello { .. } | ClientFrame::Ping => Err(Refusal::BadRequest),
        }
    }

    /// An event as sent to clients, `after` being the game it left: with its version and, for
    /// those that start a turn, whose turn it is and what is left of it at `now` (the turn they
    /// start is the game's current one: it began at their `at`).
    pub fn wire(event: &Event, version: u64, after: &GameState, now: Millis) -> ServerFrame {
        let v = version;
        let turn = after.turn();
        let ms_left = after.ms_left(now);
        match event.clone() {
            Event::Joined { at } => ServerFrame::Joined {
                v,
                at,
                turn,
                ms_left,
            },
            Event::Move {
                ply,
                notation,
                by,
                at,
            } => ServerFrame::Move {
                v,
                ply,
                notation,
                by,
                at,
                turn,
                ms_left,
            },
            Event::Offers { draw, rematch } => ServerFrame::Offers { v, draw, rematch },
            Event::Clock { at } => ServerFrame::Clock {
                v,
                at,
                turn,
                ms_left,
            },
            Event::End {
                result,
                at,
                changes,
            } => ServerFrame::End {
                v,
                at,
                result,
                changes,
            },
            Event::Rematch { id } => ServerFrame::Rematch { v, id },
        }
    }

    /// The whole game, as `full` and `GET` show it.
    pub fn view(&self, now: Millis, presence: Presence, you: Option<Seat>) -> GameView {
        GameView {
            id: self.id.clone(),
            status: self.status,
            turn_seconds: self.turn_seconds,
            rated: self.rated,
            red: self.seat_player(Seat::Red),
            black: self.seat_player(Seat::Black),
            moves: self.moves(),
            turn: self.turn(),
            ms_left: self.ms_left(now),
            result: self.result.clone(),
            offers: Offers {
                draw: self.draw_offer,
                rematch: self.rematch_offer,
            },
            rematch: self.rematch.clone(),
            rematch_of: self.rematch_of.clone(),
            presence,
            you,
            created_at: self.created_at,
        }
    }

    fn seat_player(&self, seat: Seat) -> Option<SeatPlayer> {
        let change = self.changes.map(|changes| changes.of(seat));
        self.player(seat).map(|player| player.seat_player(change))
    }

    /// The pong that answers a ping at `now`: whose turn it is and what is left of it.
    pub fn pong(&self, now: Millis) -> ServerFrame {
        ServerFrame::Pong {
            turn: self.turn(),
            ms_left: self.ms_left(now),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: Millis = 1_700_000_000_000;

    fn started() -> GameState {
        let mut game = GameState::new("g".into(), 60, T0, None);
        game.apply(&Event::Joined { at: T0 }).unwrap();
        game
    }

    fn any_move(game: &GameState) -> String {
        game.game.position().legal_moves()[0].to_string()
    }

    fn store(game: &mut GameState, decision: Result<Decision, Refusal>) {
        match decision.unwrap() {
            Decision::Store(events) => {
                for event in events {
                    game.apply(&event).unwrap();
                }
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_move_is_played_once_and_acknowledged_again() {
        let mut game = started();
        assert_eq!(game.turn(), Some(Seat::Red));
        assert_eq!(
            game.play(Seat::Black, 0, "b4b3", T0),
            Err(Refusal::NotYourTurn)
        );
        assert_eq!(game.play(Seat::Red, 1, "c3c2", T0), Err(Refusal::WrongPly));
        assert_eq!(
            game.play(Seat::Red, 0, "a1a5", T0),
            Err(Refusal::IllegalMove)
        );
        assert_eq!(
            game.play(Seat::Red, 0, "pass", T0),
            Err(Refusal::IllegalMove)
        );
        assert_eq!(game.play(Seat::Red, 0, "zz", T0), Err(Refusal::IllegalMove));
        let decision = game.play(Seat::Red, 0, "c3c2", T0 + 5);
        store(&mut game, decision);
        assert_eq!(game.version, 2);
        assert_eq!(game.turn(), Some(Seat::Black));
        assert_eq!(game.turn_started, T0 + 5);
        assert_eq!(
            game.play(Seat::Red, 0, "c3c2", T0),
            Ok(Decision::AlreadyPlayed)
        );
        assert_eq!(game.play(Seat::Red, 0, "b2b3", T0), Err(Refusal::WrongPly));
        assert_eq!(
            game.play(Seat::Black, 0, "c3c2", T0),
            Err(Refusal::WrongPly)
        );
        assert_eq!(game.moves(), ["c3c2"]);
    }

    #[test]
    fn the_clock_passes_and_two_passes_away_can_be_claimed() {
        let mut game = started();
        let pass = game.time_out(T0 + 60_000).unwrap();
        assert!(
            matches!(&pass[0], Event::Move { notation, by: Seat::Red, .. } if notation == "pass")
        );
        for event in &pass {
            game.apply(event).unwrap();
        }
        let decision = game.play(Seat::Black, 1, "b4b3", T0 + 61_000);
        store(&mut game, decision);
        assert!(!game.opponent_timed_out_twice(Seat::Black));
        for event in game.time_out(T0 + 130_000).unwrap() {
            game.apply(&event).unwrap();
        }
        assert!(game.opponent_timed_out_twice(Seat::Black));
        assert_eq!(game.claim(Seat::Black, true, T0), Err(Refusal::CannotClaim));
        assert_eq!(game.claim(Seat::Red, false, T0), Err(Refusal::CannotClaim));
        let decision = game.claim(Seat::Black, false, T0 + 131_000);
        store(&mut game, decision);
        assert_eq!(game.result.as_deref(), Some("black abandonment"));
        assert_eq!(
            game.play(Seat::Black, 3, "b3c3", T0),
            Err(Refusal::GameOver)
        );
    }

    #[test]
    fn offers_resign_abort_and_rematch() {
        let mut game = started();
        let decision = game.abort(T0);
        store(&mut game, decision);
        assert_eq!(game.result.as_deref(), Some("aborted"));

        let mut game = started();
        let decision = game.play(Seat::Red, 0, "c3c2", T0);
        store(&mut game, decision);
        let decision = game.play(Seat::Black, 1, "b4b3", T0);
        store(&mut game, decision);
        assert_eq!(game.abort(T0), Err(Refusal::CannotAbort));
        assert_eq!(game.draw(Seat::Red, false, T0), Err(Refusal::NoOffer));
        let decision = game.draw(Seat::Red, true, T0);
        store(&mut game, decision);
        assert_eq!(game.draw_offer, Some(Seat::Red));
        assert_eq!(game.draw(Seat::Red, true, T0), Ok(Decision::Nothing));
        // The offer stands through the offerer's own move; the reply to it declines it.
        let decision = game.play(Seat::Red, 2, &any_move(&game), T0);
        store(&mut game, decision);
        assert_eq!(game.draw_offer, Some(Seat::Red));
        let decision = game.play(Seat::Black, 3, &any_move(&game), T0);
        store(&mut game, decision);
        assert_eq!(game.draw_offer, None);
        let decision = game.draw(Seat::Black, true, T0);
        store(&mut game, decision);
        let decision = game.draw(Seat::Red, true, T0);
        store(&mut game, decision);
        assert_eq!(game.result.as_deref(), Some("draw agreement"));
        assert_eq!(game.status, Status::Ended);
        assert_eq!(game.resign(Seat::Red, T0), Err(Refusal::GameOver));
        let decision = game.rematch_answer(Seat::Black, true, "r");
        store(&mut game, decision);
        let decision = game.rematch_answer(Seat::Red, true, "r");
        store(&mut game, decision);
        assert_eq!(game.rematch.as_deref(), Some("r"));
        assert_eq!(
            game.rematch_answer(Seat::Red, true, "s"),
            Err(Refusal::NoOffer)
        );

        let mut game = started();
        let decision = game.resign(Seat::Black, T0);
        store(&mut game, decision);
        assert_eq!(game.result.as_deref(), Some("red resignation"));
    }

    /// `seat` toggles its offer (`draw` or a rematch) `times` times: the events stored.
    fn toggle(game: &mut GameState, seat: Seat, draw: bool, times: usize) -> u64 {
        let before = game.version;
        for i in 0..times {
            let yes = i % 2 == 0;
            let decision = if draw {
                game.draw(seat, yes, T0)
            } else {
                game.rematch_answer(seat, yes, "r")
            };
            if let Ok(Decision::Store(events)) = decision {
                for event in events {
                    game.apply(&event).unwrap();
                }
            }
        }
        game.version - before
    }

    #[test]
    fn offers_cannot_be_toggled_without_bound() {
        let mut game = started();
        assert_eq!(toggle(&mut game, Seat::Red, true, 200), 2);
        assert_eq!(game.draw(Seat::Red, true, T0), Err(Refusal::OfferTooSoon));
        // The opponent has offers of its own; a reply to an offer is always taken.
        let decision = game.draw(Seat::Black, true, T0);
        store(&mut game, decision);
        let decision = game.draw(Seat::Red, false, T0);
        store(&mut game, decision);
        assert_eq!(game.draw(Seat::Black, true, T0), Err(Refusal::OfferTooSoon));
        // 20 plies on, Red may offer again.
        for ply in 0..DRAW_OFFER_EVERY_PLIES {
            assert_eq!(
                game.draw(Seat::Red, true, T0),
                Err(Refusal::OfferTooSoon),
                "{ply}"
            );
            let mover = game.turn().unwrap();
            // A move after which the game goes on.
            let legal = game.game.position().legal_moves();
            let going_on = legal.iter().find(|chosen| {
                let mut next = game.game.clone();
                next.play(Ply::Move(**chosen)).is_ok() && next.result().is_none()
            });
            let decision = game.play(mover, ply, &going_on.unwrap().to_string(), T0);
            store(&mut game, decision);
        }
        let decision = game.draw(Seat::Red, true, T0);
        store(&mut game, decision);
        assert_eq!(game.draw_offer, Some(Seat::Red));
        let decision = game.draw(Seat::Black, true, T0);
        store(&mut game, decision);
        assert_eq!(game.status, Status::Ended);

        let stored = toggle(&mut game, Seat::Red, false, 200);
        assert_eq!(stored, 2 * u64::from(REMATCH_OFFERS));
        assert_eq!(
            game.rematch_answer(Seat::Red, true, "r"),
            Err(Refusal::TooManyOffers)
        );
        let decision = game.rematch_answer(Seat::Black, true, "r");
        store(&mut game, decision);
        let decision = game.rematch_answer(Seat::Red, true, "r");
        store(&mut game, decision);
        assert_eq!(
            game.rematch.as_deref(),
            Some("r"),
            "an offer can still be accepted"
        );
    }

    #[test]
    fn events_that_do_not_fit_are_refused() {
        let mut game = GameState::new("g".into(), 60, T0, None);
        let red_move = Event::Move {
            ply: 0,
            notation: "c3c2".into(),
            by: Seat::Red,
            at: T0,
        };
        assert!(game.apply(&red_move).is_err());
        game.apply(&Event::Joined { at: T0 }).unwrap();
        let illegal = Event::Move {
            ply: 0,
            notation: "a1a5".into(),
            by: Seat::Red,
            at: T0,
        };
        assert!(game.apply(&illegal).is_err());
        game.apply(&red_move).unwrap();
        assert!(game.apply(&red_move).is_err());
        assert_eq!(game.version, 2);
        let text = red_move.to_json();
        assert_eq!(Event::from_json(&text).unwrap(), red_move);
        assert!(text.contains(r#""t":"move""#) && text.contains(r#""move":"c3c2""#));
    }
}
