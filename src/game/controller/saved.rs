//! The game as the device keeps it, both ways: a saved game carried on, and the game on screen
//! as it is saved, with what the app has done with it.

use super::hint::Hints;
use super::{Controller, Notice};
use crate::session::{GameSetup, Mode, Records, SavedGame};

impl Controller {
    /// Carries on with a saved game.
    pub fn resume(&mut self, saved: SavedGame) {
        self.replace_game(GameSetup {
            mode: saved.mode,
            start: *saved.game.start_position(),
            turn_seconds: saved.turn_seconds,
            swap: saved.swap,
        });
        let records = saved.records();
        self.game = saved.game;
        self.hints = Hints::with_used(saved.hints);
        self.started_ms = saved.started_ms;
        self.after_change();
        if let Some(time_left_ms) = saved.time_left_ms {
            self.clock.carry_on(time_left_ms);
        }
        if let Some(seat) = saved.online {
            self.go_online(*seat);
        }
        let between_friends = matches!(self.mode, Mode::PassAndPlay { .. });
        let offered = self
            .agreements
            .resume_draw_offer(saved.draw_offer.filter(|_| between_friends), &self.game);
        if let Some(by) = offered {
            self.notice = Some(Notice::DrawOffered(by));
        }
        self.began(records);
    }

    /// What to keep on the device so that the game can be continued, with what the app has
    /// done with it (`records`): nothing once it is over.
    pub fn saved_game(&self, records: Records) -> Option<SavedGame> {
        let kept = !self.game.is_over() && self.opponent().keeps_the_game(self);
        kept.then(|| SavedGame {
            online: self.online_seat().cloned().map(Box::new),
            mode: self.mode,
            turn_seconds: self.clock.limit_seconds(),
            game: self.game.clone(),
            hints: self.hints.used(),
            counted: records.counted,
            time_left_ms: self.clock.remaining_ms(),
            started_ms: self.started_ms,
            kept_as: records.kept_as,
            swap: self.agreements.swap_rule(),
            draw_offer: self.agreements.draw_offer(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::controller::test_support::{mv, pass_and_play, tap_move, vs_ai};
    use crate::game::controller::{AiOutcome, Tick};
    use duobao_rules::Color;

    #[test]
    fn a_saved_game_resumes_with_its_mode_clock_setting_and_moves() {
        let mut controller = vs_ai(Color::Black);
        assert_eq!(
            controller.ai_answer(controller.generation(), Ok(mv("b2c2"))),
            AiOutcome::Played
        );
        tap_move(&mut controller, "b4c4");
        let saved = controller.saved_game(Records::default()).unwrap();
        let mut resumed = pass_and_play(duobao_rules::START_FEN);
        let before = resumed.generation();
        resumed.resume(saved);
        assert_eq!(resumed.mode(), controller.mode());
        assert_eq!(resumed.game(), controller.game());
        assert_eq!(resumed.clock().limit_seconds(), Some(60));
        assert!(
            resumed.generation() > before,
            "answers for the old game are stale"
        );
        assert!(resumed.is_ai_turn());
    }

    #[test]
    fn leaving_and_continuing_keeps_the_time_left_on_the_clock() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        controller.tick(2_300);
        let saved = controller.saved_game(Records::default()).unwrap();
        assert_eq!(saved.time_left_ms, Some(2_700));
        let json = serde_json::to_string(&saved).unwrap();
        let mut resumed = vs_ai(Color::Red);
        resumed.resume(serde_json::from_str(&json).unwrap());
        assert_eq!(resumed.clock().seconds_left(), Some(3));
        assert_eq!(resumed.tick(700), Tick::Changed);
        assert_eq!(resumed.clock().seconds_left(), Some(2));
        // A game saved before the clock was kept starts the turn afresh.
        let mut old = saved;
        old.time_left_ms = None;
        resumed.resume(old);
        assert_eq!(resumed.clock().seconds_left(), Some(5));
    }

    #[test]
    fn flipped_sides_are_kept_with_the_game() {
        let mut friends = pass_and_play(duobao_rules::START_FEN);
        friends.flip_sides();
        assert_eq!(friends.bottom(), Color::Black);
        let mut resumed = vs_ai(Color::Red);
        resumed.resume(friends.saved_game(Records::default()).unwrap());
        assert_eq!(resumed.bottom(), Color::Black);
    }

    #[test]
    fn a_finished_game_is_not_kept() {
        let mut controller = pass_and_play("B../...../.RT../...R./... r - 0");
        assert!(controller.saved_game(Records::default()).is_some());
        tap_move(&mut controller, "d2d3");
        assert!(controller.game().is_over());
        assert_eq!(controller.saved_game(Records::default()), None);
    }
}
