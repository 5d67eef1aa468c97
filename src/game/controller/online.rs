//! The controller's side of a game played online: the server's messages applied to the game
//! (its plies, its end, the clock, who is there, the offers), and the player's moves and choices
//! queued for the socket. The server is the authority: a move is shown at once, and taken back
//! should the server have stored another ply in its place (the turn passed first). The turn
//! flow reaches it through the seam ([`OnlineOpponent`]); the game's state online besides its
//! plies is `online_play.rs`'s.

use duobao_rules::{Color, Move, Ply};
use web_time::Instant;

use super::clock::{PauseReason, Tick};
use super::online_play::{Connection, Lost, OnlinePlay, Status};
use super::opponent::Opponent;
use super::{Controller, Notice};
use crate::online_service::{
    ClientFrame, GameView, OnlineEnd, ServerFrame, Status as ServerStatus,
};
use crate::session::events::GameEvent;
use crate::session::{GameSetup, Mode, OnlineSeat, Records, SwapRule};

/// What became of a message from the server.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Heard {
    Applied,
    /// Events were missed (a version skipped): the link says hello again with the last version
    /// applied, and the server sends what is missing.
    Missed,
}

/// The opponent online: the server keeps the clock and rules on draws, resignations and
/// rematches, and this device asks it.
pub(super) struct OnlineOpponent;

impl Opponent for OnlineOpponent {
    fn takes_moves(&self, controller: &Controller) -> bool {
        controller
            .online
            .as_ref()
            .is_some_and(OnlinePlay::is_playing)
    }

    fn moved(&self, controller: &mut Controller, m: Move) {
        controller.send_move(m);
    }

    /// The server's clock runs whatever this device does.
    fn set_paused(&self, _: &mut Controller, _: PauseReason, _: bool) {}

    /// Never `Expired`: the server passes the turn.
    fn tick(&self, controller: &mut Controller, _: u64) -> Tick {
        if controller.follow_online_clock() {
            Tick::Changed
        } else {
            Tick::Quiet
        }
    }

    fn resign(&self, controller: &mut Controller) {
        controller.resign_online();
    }

    fn can_offer_draw(&self, controller: &Controller) -> bool {
        controller.can_offer_draw_online()
    }

    fn offer_draw(&self, controller: &mut Controller) {
        controller.offer_draw_online();
    }

    fn draw_offered_by(&self, controller: &Controller) -> Option<Color> {
        controller.draw_offered_online()
    }

    fn answer_draw(&self, controller: &mut Controller, accept: bool) {
        controller.answer_draw_online(accept);
    }

    fn rematch(&self, controller: &mut Controller) {
        controller.offer_rematch_online();
    }

    fn keeps_the_game(&self, controller: &Controller) -> bool {
        // A game watched is not this device's to keep; one called off has nothing to go on.
        let watched = matches!(controller.mode, Mode::Online { me: None });
        !watched
            && controller
                .online
                .as_ref()
                .is_some_and(|online| online.status() != Status::Aborted && online.lost().is_none())
    }
}

impl Controller {
    /// The game's side online, in a game played (or watched) online.
    pub fn online(&self) -> Option<&OnlinePlay> {
        self.online.as_ref()
    }

    /// The game on the server, as the link connects to it: its server, id and key, and the
    /// last version applied.
    pub fn online_seat(&self) -> Option<&OnlineSeat> {
        self.online.as_ref().map(OnlinePlay::seat)
    }

    /// Plays online from now on, on `seat`'s game, as the saved game or a new one says.
    pub(super) fn go_online(&mut self, seat: OnlineSeat) {
        // The plies kept with the seat are the server's, but the move it did not acknowledge.
        let stored = self.game.plies().len() - usize::from(seat.unacked.is_some());
        let mut online = OnlinePlay::new(seat);
        online.confirmed = stored;
        self.online = Some(online);
        // The server's clock rules: it stands still for nothing on this device.
        self.clock.set_paused(PauseReason::Overlay, false);
        self.clock.set_paused(PauseReason::Hidden, false);
    }

    pub fn set_connection(&mut self, connection: Connection) {
        if let Some(online) = &mut self.online {
            online.connection = connection;
        }
    }

    /// The messages waiting for the socket, taken out.
    pub fn take_outbox(&mut self) -> Vec<ClientFrame> {
        self.online
            .as_mut()
            .map(OnlinePlay::take_outbox)
            .unwrap_or_default()
    }

    /// The player's move just played here, sent to the server and kept until acknowledged.
    fn send_move(&mut self, m: Move) {
        let ply = self.game.plies().len() - 1;
        if let Some(online) = &mut self.online {
            online.seat.unacked = Some((ply, m.to_string()));
            online.send(ClientFrame::Move {
                ply: ply as u32,
                notation: m.to_string(),
            });
        }
    }

    /// The seat this device plays, in a game played online.
    fn online_me(&self) -> Option<Color> {
        match self.mode {
            Mode::Online { me } => me,
            _ => None,
        }
    }

    /// Whether the player may call the game off: the invitation unanswered, or fewer than two
    /// plies played.
    pub fn can_abort(&self) -> bool {
        let Some(online) = &self.online else {
            return false;
        };
        self.online_me().is_some()
            && match online.status {
                Status::Waiting => true,
                Status::Playing => online.confirmed < 2,
                _ => false,
            }
    }

    pub fn abort(&mut self) {
        if self.can_abort() {
            self.send_online(ClientFrame::Abort);
        }
    }

    /// Whether the player may claim the win: the opponent is away, and both of the opponent's
    /// last turns passed by the clock.
    pub fn can_claim(&self) -> bool {
        let (Some(online), Some(me)) = (&self.online, self.online_me()) else {
            return false;
        };
        let opponent = me.other();
        let last_two: Vec<Ply> = self
            .game
            .plies()
            .iter()
            .rev()
            .filter(|played| played.mover == opponent)
            .take(2)
            .map(|played| played.ply)
            .collect();
        online.is_playing() && !online.presence.of(opponent) && last_two == [Ply::Pass, Ply::Pass]
    }

    pub fn claim(&mut self) {
        if self.can_claim() {
            self.send_online(ClientFrame::Claim);
        }
    }

    /// Online, resigning is asked of the server, which ends the game for both.
    fn resign_online(&mut self) {
        if self.online.as_ref().is_some_and(OnlinePlay::is_playing) {
            self.send_online(ClientFrame::Resign);
        }
    }

    /// Whether the player may offer a draw online: playing, and not offering one already.
    fn can_offer_draw_online(&self) -> bool {
        let (Some(online), Some(me)) = (&self.online, self.online_me()) else {
            return false;
        };
        online.is_playing() && online.offers.draw != Some(me) && !self.can_abort()
    }

    fn offer_draw_online(&mut self) {
        if let (true, Some(me)) = (self.can_offer_draw_online(), self.online_me()) {
            if let Some(online) = &mut self.online {
                online.offers.draw = Some(me);
            }
            self.notice = Some(Notice::DrawOffered(me));
            self.send_online(ClientFrame::Draw { yes: true });
        }
    }

    /// The opponent's draw offer this device must answer, if any.
    fn draw_offered_online(&self) -> Option<Color> {
        let (online, me) = (self.online.as_ref()?, self.online_me()?);
        online
            .offers
            .draw
            .filter(|&by| by != me && online.is_playing())
    }

    fn answer_draw_online(&mut self, accept: bool) {
        if self.draw_offered_online().is_some() {
            if let Some(online) = &mut self.online {
                online.offers.draw = None;
            }
            self.send_online(ClientFrame::Draw { yes: accept });
        }
    }

    /// The rematch offered (or accepted, when the opponent offered it first).
    fn offer_rematch_online(&mut self) {
        let Some(me) = self.online_me() else {
            return;
        };
        if let Some(online) = &mut self.online {
            if online.status == Status::Ended && online.offers.rematch != Some(me) {
                online.offers.rematch = Some(me);
                online.send(ClientFrame::Rematch { yes: true });
            }
        }
    }

    /// Who offered a rematch after the end, if anyone.
    pub fn rematch_offered_by(&self) -> Option<Color> {
        self.online
            .as_ref()
            .and_then(|online| online.offers.rematch)
    }

    fn send_online(&mut self, message: ClientFrame) {
        if let Some(online) = &mut self.online {
            online.send(message);
        }
    }

    /// The server's clock, now: the turn's time left as it said, less the time since.
    fn follow_online_clock(&mut self) -> bool {
        let Some(left) = self.online.as_ref().and_then(OnlinePlay::millis_left) else {
            return false;
        };
        let before = self.clock.seconds_left();
        self.clock.set_remaining(left);
        self.clock.seconds_left() != before
    }

    /// Applies a message from the server.
    pub fn hear(&mut self, message: ServerFrame) -> Heard {
        if self.online.is_none() {
            return Heard::Applied;
        }
        if let Some(v) = message.event_version() {
            let known = self.online.as_ref().map_or(0, |online| online.seat.version);
            if !matches!(message, ServerFrame::Full { .. }) {
                if v <= known {
                    return Heard::Applied;
                }
                if v > known + 1 {
                    return Heard::Missed;
                }
            }
        }
        match message {
            ServerFrame::Full { v, game } => self.take_snapshot(v, *game),
            ServerFrame::Joined { ms_left, .. } => {
                self.set_status(Status::Playing);
                self.set_online_clock(ms_left);
                // The event does not name the player who sat down: the whole game, which does.
                self.set_version(0);
                return Heard::Missed;
            }
            ServerFrame::Move {
                v,
                ply,
                notation,
                ms_left,
                ..
            } => {
                let Ok(played) = notation.parse::<Ply>() else {
                    return Heard::Missed;
                };
                if !self.take_server_ply(ply as usize, played) {
                    // Plies missing here whatever the versions say: the whole game, next time.
                    self.set_version(0);
                    return Heard::Missed;
                }
                self.set_online_clock(ms_left);
                self.set_version(v);
            }
            ServerFrame::Offers { v, draw, rematch } => {
                self.take_offers(draw, rematch);
                self.set_version(v);
            }
            ServerFrame::Clock { v, ms_left, .. } => {
                self.set_online_clock(ms_left);
                self.set_version(v);
            }
            ServerFrame::End {
                v, result, changes, ..
            } => {
                if let (Some(changes), Some(online)) = (changes, &mut self.online) {
                    online.take_changes(changes);
                }
                self.take_end(result.parse().ok());
                self.set_version(v);
            }
            ServerFrame::Rematch { v, id } => {
                self.set_version(v);
                self.start_rematch(id);
            }
            ServerFrame::Presence(presence) => {
                if let Some(online) = &mut self.online {
                    online.presence = presence;
                }
            }
            ServerFrame::Ack { ply } => {
                if let Some(online) = &mut self.online {
                    if online
                        .seat
                        .unacked
                        .as_ref()
                        .is_some_and(|(sent, _)| *sent == ply as usize)
                    {
                        online.seat.unacked = None;
                    }
                }
            }
            ServerFrame::Pong { ms_left, .. } => {
                if self.online.as_ref().is_some_and(OnlinePlay::is_playing) {
                    self.set_online_clock(ms_left);
                }
            }
            ServerFrame::Error { error, .. } => self.take_refusal(&error),
        }
        Heard::Applied
    }

    fn set_version(&mut self, v: u64) {
        if let Some(online) = &mut self.online {
            online.seat.version = v;
        }
    }

    fn set_status(&mut self, status: Status) {
        if let Some(online) = &mut self.online {
            online.status = status;
        }
    }

    fn set_online_clock(&mut self, ms_left: Option<u64>) {
        if let Some(online) = &mut self.online {
            online.clock = ms_left.map(|left| (left, Instant::now()));
        }
        if let Some(left) = ms_left {
            self.clock.set_remaining(left);
        }
    }

    /// The whole game as the server has it, after a hello: the plies not yet here are played,
    /// and any played here that the server has not are taken back (but the move sent).
    fn take_snapshot(&mut self, v: u64, game: GameView) {
        for (index, written) in game.moves.iter().enumerate() {
            let Ok(ply) = written.parse::<Ply>() else {
                break;
            };
            if !self.take_server_ply(index, ply) {
                break;
            }
        }
        self.set_status(match game.status {
            ServerStatus::Waiting => Status::Waiting,
            ServerStatus::Playing => Status::Playing,
            ServerStatus::Ended => Status::Ended,
        });
        self.set_online_clock(game.ms_left);
        if let Some(online) = &mut self.online {
            online.presence = game.presence;
            online.seat.version = v;
            online.rematch = game.rematch.clone();
            online.players = [game.red.clone(), game.black.clone()];
        }
        self.take_offers(game.offers.draw, game.offers.rematch);
        if let Some(result) = &game.result {
            self.take_end(result.parse().ok());
        }
    }

    /// Ply `index` as the server stored it. False when plies before it are missing here.
    fn take_server_ply(&mut self, index: usize, ply: Ply) -> bool {
        let Some(online) = &mut self.online else {
            return true;
        };
        if index < online.confirmed {
            return true;
        }
        if index > online.confirmed || index > self.game.plies().len() {
            return false;
        }
        online.confirmed += 1;
        if online
            .seat
            .unacked
            .as_ref()
            .is_some_and(|(sent, _)| *sent <= index)
        {
            // Stored (the same move), or lost to the ply the server stored in its place.
            online.seat.unacked = None;
        }
        if self.game.plies().get(index).map(|played| played.ply) == Some(ply) {
            return true;
        }
        let mut taken_back = false;
        while self.game.plies().len() > index {
            taken_back |= self.game.undo().is_some();
        }
        if taken_back {
            self.after_change();
            self.record(GameEvent::Undone);
        }
        let mover = self.game.position().turn();
        if self.game.play(ply).is_ok() {
            let timed_out = ply == Ply::Pass;
            self.notice = timed_out.then_some(Notice::TimedOut(mover));
            self.after_ply(timed_out);
        }
        true
    }

    fn take_offers(&mut self, draw: Option<Color>, rematch: Option<Color>) {
        let me = self.online_me();
        let Some(online) = &mut self.online else {
            return;
        };
        let before = online.offers.draw;
        online.offers.draw = draw;
        online.offers.rematch = rematch;
        match (before, draw) {
            (None, Some(by)) if Some(by) != me => {
                self.notice = Some(Notice::DrawOffered(by));
                self.record(GameEvent::DrawOffered(by));
            }
            (Some(by), None) if Some(by) == me && online.status == Status::Playing => {
                let decliner = by.other();
                self.notice = Some(Notice::DrawDeclined(decliner));
                self.record(GameEvent::DrawDeclined(decliner));
            }
            _ => {}
        }
    }

    fn take_end(&mut self, end: Option<OnlineEnd>) {
        match end {
            Some(OnlineEnd::Conceded(concession)) if !self.game.is_over() => {
                self.set_status(Status::Ended);
                self.conclude(concession);
            }
            Some(OnlineEnd::Aborted) => {
                let news = self
                    .online
                    .as_ref()
                    .is_some_and(|online| online.status != Status::Aborted);
                self.set_status(Status::Aborted);
                self.after_change();
                if news {
                    self.record(GameEvent::CalledOff);
                }
            }
            // The board's own end, which the last ply showed here too.
            Some(_) | None => self.set_status(Status::Ended),
        }
    }

    fn take_refusal(&mut self, error: &str) {
        let lost = match error {
            "no_game" => Some(Lost::NoGame),
            "wrong_secret" => Some(Lost::WrongSecret),
            _ => None,
        };
        if let (Some(lost), Some(online)) = (lost, &mut self.online) {
            let first = online.lost.is_none();
            online.lost = Some(lost);
            if first {
                self.record(GameEvent::CalledOff);
            }
        }
    }

    /// Both agreed to a rematch: game `id`, the same seats' keys, the colours swapped.
    fn start_rematch(&mut self, id: String) {
        let Some(online) = &self.online else {
            return;
        };
        let seat = OnlineSeat {
            server: online.seat.server.clone(),
            id,
            secret: online.seat.secret.clone(),
            invite: None,
            version: 0,
            unacked: None,
        };
        self.replace_game(GameSetup {
            mode: self.mode.swapped(),
            start: duobao_rules::Position::start(),
            turn_seconds: self.clock.limit_seconds(),
            swap: SwapRule::Off,
        });
        self.go_online(seat);
        self.began(Records::default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::controller::test_support::tap_move;
    use crate::session::events::Follower;
    use crate::session::SavedGame;
    use duobao_rules::Position;

    fn seat() -> OnlineSeat {
        OnlineSeat {
            server: String::new(),
            id: "k3w9x2mq7d".into(),
            secret: Some("s".repeat(32)),
            invite: None,
            version: 1,
            unacked: None,
        }
    }

    /// Red's seat in a game the server says is being played.
    fn playing_red() -> Controller {
        let mut controller = Controller::new(GameSetup {
            mode: Mode::Online {
                me: Some(Color::Red),
            },
            start: Position::start(),
            turn_seconds: Some(60),
            swap: SwapRule::Off,
        });
        controller.go_online(seat());
        controller.set_status(Status::Playing);
        controller
    }

    fn server_move(v: u64, ply: u32, notation: &str, by: Color) -> ServerFrame {
        ServerFrame::Move {
            v,
            ply,
            notation: notation.into(),
            by,
            at: 0,
            turn: Some(by.other()),
            ms_left: Some(60_000),
        }
    }

    #[test]
    fn a_move_is_sent_and_kept_until_the_server_acknowledges_it() {
        let mut controller = playing_red();
        tap_move(&mut controller, "b2c2");
        assert_eq!(
            controller.take_outbox(),
            [ClientFrame::Move {
                ply: 0,
                notation: "b2c2".into()
            }]
        );
        assert_eq!(
            controller.online_seat().unwrap().unacked,
            Some((0, "b2c2".into()))
        );
        assert_eq!(controller.hear(ServerFrame::Ack { ply: 0 }), Heard::Applied);
        assert_eq!(controller.online_seat().unwrap().unacked, None);
        // Its event changes nothing more: the move is there once.
        controller.hear(server_move(2, 0, "b2c2", Color::Red));
        assert_eq!(controller.game().plies().len(), 1);
        assert!(
            !controller.is_human_turn(),
            "Black's turn, on the other phone"
        );
    }

    #[test]
    fn a_turn_the_server_passed_first_takes_the_late_move_back() {
        let mut controller = playing_red();
        tap_move(&mut controller, "b2c2");
        controller.hear(server_move(2, 0, "pass", Color::Red));
        let plies = controller.game().plies();
        assert_eq!(plies.len(), 1);
        assert_eq!(plies[0].ply, Ply::Pass);
        assert_eq!(controller.online_seat().unwrap().unacked, None);
        assert_eq!(controller.notice(), Some(Notice::TimedOut(Color::Red)));
    }

    #[test]
    fn events_missed_are_asked_for_again_and_old_ones_ignored() {
        let mut controller = playing_red();
        assert_eq!(
            controller.hear(server_move(5, 0, "b2c2", Color::Red)),
            Heard::Missed
        );
        assert_eq!(controller.game().plies().len(), 0);
        controller.hear(server_move(2, 0, "b2c2", Color::Red));
        controller.hear(server_move(2, 0, "b2c2", Color::Red));
        assert_eq!(controller.game().plies().len(), 1);
        assert_eq!(controller.online_seat().unwrap().version, 2);
    }

    #[test]
    fn a_game_called_off_or_whose_seat_is_gone_says_so_once_and_is_saved_no_more() {
        for (message, again) in [
            (
                ServerFrame::End {
                    v: 2,
                    at: 0,
                    result: "aborted".into(),
                    changes: None,
                },
                ServerFrame::End {
                    v: 2,
                    at: 0,
                    result: "aborted".into(),
                    changes: None,
                },
            ),
            (
                ServerFrame::Error {
                    error: "no_game".into(),
                    reason: String::new(),
                },
                ServerFrame::Error {
                    error: "no_game".into(),
                    reason: String::new(),
                },
            ),
        ] {
            let mut controller = playing_red();
            tap_move(&mut controller, "b2c2");
            controller.hear(ServerFrame::Ack { ply: 0 });
            assert!(controller.saved_game(Records::default()).is_some());
            let mut follower = Follower::from_now(controller.events());
            controller.hear(message);
            controller.hear(again);
            assert_eq!(follower.news(controller.events()), [GameEvent::CalledOff]);
            assert_eq!(controller.saved_game(Records::default()), None);
        }
    }

    #[test]
    fn a_game_carried_on_counts_its_plies_as_stored_but_the_move_not_acknowledged() {
        let mut played = playing_red();
        tap_move(&mut played, "b2c2");
        played.hear(ServerFrame::Ack { ply: 0 });
        played.hear(server_move(2, 0, "b2c2", Color::Red));
        played.hear(server_move(3, 1, "b4b3", Color::Black));
        tap_move(&mut played, "c3b2");
        let saved: SavedGame = played.saved_game(Records::default()).unwrap();
        let mut resumed = playing_red();
        resumed.resume(saved);
        resumed.set_status(Status::Playing);
        // The server's next event, after the move kept unacknowledged: applied, not missed.
        assert_eq!(
            resumed.hear(server_move(4, 2, "c3b2", Color::Red)),
            Heard::Applied
        );
        assert_eq!(resumed.game().plies().len(), 3);
        assert_eq!(resumed.online_seat().unwrap().unacked, None);
        assert_eq!(
            resumed.hear(server_move(5, 3, "b3a3", Color::Black)),
            Heard::Applied
        );
        assert_eq!(resumed.game().plies().len(), 4);
    }

    #[test]
    fn the_players_are_named_by_the_whole_game_and_a_rated_end_tells_their_changes() {
        use crate::online_service::{
            Offers, Presence, RatingChanges, SeatPlayer, Status as Server,
        };
        let mut controller = playing_red();
        // A seat taken is told without its player: the whole game is asked for, which names them.
        let joined = ServerFrame::Joined {
            v: 2,
            at: 0,
            turn: Some(Color::Red),
            ms_left: Some(60_000),
        };
        assert_eq!(controller.hear(joined), Heard::Missed);
        assert!(matches!(
            controller.online().unwrap().hello(),
            ClientFrame::Hello { v: 0, .. }
        ));
        let player = |name: &str| SeatPlayer {
            name: name.into(),
            rating: 1500.0,
            provisional: true,
            change: None,
        };
        let view = GameView {
            id: "k3w9x2mq7d".into(),
            status: Server::Playing,
            turn_seconds: 60,
            rated: true,
            red: Some(player("小明")),
            black: None,
            moves: Vec::new(),
            turn: Some(Color::Red),
            ms_left: Some(60_000),
            result: None,
            offers: Offers::default(),
            rematch: None,
            rematch_of: None,
            presence: Presence::default(),
            you: Some(Color::Red),
            created_at: 0,
        };
        controller.hear(ServerFrame::Full {
            v: 2,
            game: Box::new(view),
        });
        let online = controller.online().unwrap();
        assert_eq!(
            online.player(Color::Red).map(|p| p.name.as_str()),
            Some("小明")
        );
        assert_eq!(online.player(Color::Black), None);
        controller.hear(ServerFrame::End {
            v: 3,
            at: 0,
            result: "red resignation".into(),
            changes: Some(RatingChanges {
                red: 11.6,
                black: -11.6,
            }),
        });
        let online = controller.online().unwrap();
        assert_eq!(online.player(Color::Red).and_then(|p| p.change), Some(11.6));
        assert_eq!(online.status(), Status::Ended);
    }
}
