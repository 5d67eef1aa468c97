//! What a game against an opponent on this device and one against an opponent online do
//! differently, behind one seam: the turn flow asks the game's [`Opponent`] and never which kind
//! it is. On this device (the computer, a friend on the same phone or by link) the device keeps
//! the clock and rules on draws, resignations and rematches itself; online the server does, and
//! the device asks it ([`super::online`]).

use duobao_rules::{Color, Concession, Move, Position};

use super::clock::{PauseReason, Tick};
use super::{Controller, Notice};
use crate::session::events::GameEvent;
use crate::session::{GameSetup, SwapRule};

/// What differs between the kinds of opponent, each told the controller it acts on.
pub(super) trait Opponent {
    /// Whether the board may take the player's move now, on a turn played on this device.
    fn takes_moves(&self, controller: &Controller) -> bool;
    /// The player's move `m`, just played on the board.
    fn moved(&self, controller: &mut Controller, m: Move);
    /// A reason for the clock to stand still came (`paused`) or went.
    fn set_paused(&self, controller: &mut Controller, reason: PauseReason, paused: bool);
    /// Real time went by on the turn clock; `Expired` when the turn must pass here.
    fn tick(&self, controller: &mut Controller, elapsed_ms: u64) -> Tick;
    /// The player gives the game up.
    fn resign(&self, controller: &mut Controller);
    /// Whether the player may offer a draw now.
    fn can_offer_draw(&self, controller: &Controller) -> bool;
    fn offer_draw(&self, controller: &mut Controller);
    /// The side whose draw offer the player must answer now, if any.
    fn draw_offered_by(&self, controller: &Controller) -> Option<Color>;
    fn answer_draw(&self, controller: &mut Controller, accept: bool);
    /// The game over, another with the colours swapped: started, or offered.
    fn rematch(&self, controller: &mut Controller);
    /// Whether the unfinished game is this device's to keep, to be continued.
    fn keeps_the_game(&self, controller: &Controller) -> bool;
}

/// The opponent on this device: the computer, a friend on the same phone, or a friend by link,
/// whose moves come here by link. This device keeps the clock and rules on everything.
pub(super) struct LocalOpponent;

impl Opponent for LocalOpponent {
    fn takes_moves(&self, _: &Controller) -> bool {
        true
    }

    fn moved(&self, _: &mut Controller, _: Move) {}

    fn set_paused(&self, controller: &mut Controller, reason: PauseReason, paused: bool) {
        controller.clock.set_paused(reason, paused);
    }

    fn tick(&self, controller: &mut Controller, elapsed_ms: u64) -> Tick {
        controller.clock.tick(elapsed_ms)
    }

    fn resign(&self, controller: &mut Controller) {
        if let Some(side) = controller.resigning_side() {
            controller.conclude(Concession::Resigned(side));
        }
    }

    /// Between friends, once a turn.
    fn can_offer_draw(&self, controller: &Controller) -> bool {
        controller
            .agreements
            .can_offer_draw(controller.mode, controller.is_human_turn())
    }

    /// The other side is asked once this turn is over.
    fn offer_draw(&self, controller: &mut Controller) {
        if self.can_offer_draw(controller) {
            let by = controller.turn();
            let plies = controller.game.plies().len();
            controller.agreements.offer_draw(by, plies);
            controller.notice = Some(Notice::DrawOffered(by));
            controller.record(GameEvent::DrawOffered(by));
        }
    }

    fn draw_offered_by(&self, controller: &Controller) -> Option<Color> {
        controller.agreements.draw_offered_by(&controller.game)
    }

    /// Accepted, the game ends drawn; declined, play goes on and the offerer is told.
    fn answer_draw(&self, controller: &mut Controller, accept: bool) {
        let Some(by) = controller.agreements.answer_draw(&controller.game) else {
            return;
        };
        if accept {
            controller.conclude(Concession::DrawAgreed);
        } else {
            let decliner = by.other();
            controller.notice = Some(Notice::DrawDeclined(decliner));
            controller.record(GameEvent::DrawDeclined(decliner));
        }
    }

    /// From the start, under the same turn time and swap rule.
    fn rematch(&self, controller: &mut Controller) {
        controller.start(GameSetup {
            mode: controller.mode.swapped(),
            start: Position::start(),
            turn_seconds: controller.clock.limit_seconds(),
            swap: SwapRule::chosen(controller.agreements.swap_rule().is_played()),
        });
    }

    fn keeps_the_game(&self, _: &Controller) -> bool {
        true
    }
}
