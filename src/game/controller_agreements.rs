//! The controller's side of what the players agree on besides their moves: the swap, resigning,
//! a draw offered and answered. What they agreed is `agreements.rs`'s `Agreements`.

use duobao_rules::{Color, Concession};

use super::agreements::resigning_side;
use super::controller::{Controller, Notice};
use crate::session::events::GameEvent;

/// The controller's side of what the players agree on: the swap, resigning, a draw.
impl Controller {
    /// Whether the player to move may swap now, instead of replying.
    pub fn can_swap(&self) -> bool {
        self.agreements.swap_open(&self.game) && self.is_human_turn()
    }

    /// Whether the player to move is asked now whether to swap.
    pub fn swap_offered(&self) -> bool {
        self.can_swap() && !self.agreements.swap_declined()
    }

    /// The player to move keeps Black and answers Red's first move.
    pub fn decline_swap(&mut self) {
        self.agreements.decline_swap();
    }

    /// The player to move, Black on its first turn, takes over Red's side.
    pub fn swap_sides(&mut self) {
        if self.can_swap() {
            self.take_over_red();
        }
    }

    /// Who would resign now (see [`resigning_side`]).
    pub fn resigning_side(&self) -> Option<Color> {
        resigning_side(self.mode, &self.game)
    }

    /// The [`Controller::resigning_side`] gives the game up: the game is over, for good.
    pub fn resign(&mut self) {
        if self.online.is_some() {
            self.resign_online();
        } else if let Some(side) = self.resigning_side() {
            self.conclude(Concession::Resigned(side));
        }
    }

    /// Whether the side to move may offer a draw now: between friends, once a turn.
    pub fn can_offer_draw(&self) -> bool {
        if self.online.is_some() {
            return self.can_offer_draw_online();
        }
        self.agreements
            .can_offer_draw(self.mode, self.is_human_turn())
    }

    /// The side to move offers a draw; the other side is asked once this turn is over.
    pub fn offer_draw(&mut self) {
        if self.online.is_some() {
            self.offer_draw_online();
        } else if self.can_offer_draw() {
            let by = self.turn();
            self.agreements.offer_draw(by, self.game.plies().len());
            self.notice = Some(Notice::DrawOffered(by));
            self.record(GameEvent::DrawOffered(by));
        }
    }

    /// The side that offered the draw the side to move must answer now, if any.
    pub fn draw_offered_by(&self) -> Option<Color> {
        if self.online.is_some() {
            return self.draw_offered_online();
        }
        self.agreements.draw_offered_by(&self.game)
    }

    /// The side to move answers the draw offered: accepted, the game ends drawn; declined, play
    /// goes on and the offerer is told.
    pub fn answer_draw(&mut self, accept: bool) {
        if self.online.is_some() {
            return self.answer_draw_online(accept);
        }
        let Some(by) = self.agreements.answer_draw(&self.game) else {
            return;
        };
        if accept {
            self.conclude(Concession::DrawAgreed);
        } else {
            let decliner = by.other();
            self.notice = Some(Notice::DrawDeclined(decliner));
            self.record(GameEvent::DrawDeclined(decliner));
        }
    }

    pub(super) fn conclude(&mut self, concession: Concession) {
        if self.game.concede(concession).is_ok() {
            self.notice = None;
            self.after_change();
            self.record(match concession {
                Concession::Resigned(side) => GameEvent::Resigned(side),
                Concession::DrawAgreed => GameEvent::DrawAgreed,
                Concession::Abandoned(side) => GameEvent::Left(side),
            });
            self.record_the_end();
        }
    }

    /// The position stays and Black is still to move: only who plays which side changes.
    pub(super) fn take_over_red(&mut self) {
        self.mode = self.mode.swapped();
        self.agreements.take_swap();
        self.after_change();
        self.notice = Some(Notice::SidesSwapped);
        self.record(GameEvent::Swapped);
    }
}
