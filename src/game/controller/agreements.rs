//! What the players agree on besides their moves, kept apart from the turn flow as the clock
//! is: a draw offered between friends until it is answered or lapses, the swap rule (its
//! question on Black's first turn, and the swap once taken, an action that undo takes back), and
//! who may resign; pure, told the game and who sits where. Then the controller's side of them:
//! the swap, resigning, a draw offered and answered.

use duobao_rules::{Color, Concession, Game};

use super::{Controller, Notice};
use crate::session::events::GameEvent;
use crate::session::{DrawOffer, Mode, SwapRule};

#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Agreements {
    draw_offer: Option<DrawOffer>,
    swap: SwapRule,
    /// The player to move chose to answer rather than swap: the question is not asked again
    /// this turn.
    swap_declined: bool,
}

impl Agreements {
    /// A game's agreements as it starts: no draw offered, the swap rule as chosen.
    pub fn new(swap: SwapRule) -> Agreements {
        Agreements {
            swap,
            ..Agreements::default()
        }
    }

    pub fn swap_rule(&self) -> SwapRule {
        self.swap
    }

    /// The draw offer to keep with the game.
    pub fn draw_offer(&self) -> Option<DrawOffer> {
        self.draw_offer
    }

    /// Whether Black may take over Red's side now: on its first turn of a game from the start,
    /// with the swap rule played and not taken.
    pub fn swap_open(&self, game: &Game) -> bool {
        self.swap == SwapRule::On && !game.is_over() && duobao_engine::is_first_reply(game)
    }

    /// Whether the player to move chose this turn to answer rather than swap.
    pub fn swap_declined(&self) -> bool {
        self.swap_declined
    }

    /// The player to move keeps Black and answers Red's first move.
    pub fn decline_swap(&mut self) {
        self.swap_declined = true;
    }

    /// Black takes over Red's side (the players' colours swap, the position stays).
    pub fn take_swap(&mut self) {
        self.swap = SwapRule::Taken;
    }

    /// Takes back the swap if it is the newest action of `game` (the swap comes after Red's
    /// first move): whether it was, and the players' colours are to swap back.
    pub fn take_back_swap(&mut self, game: &Game) -> bool {
        let newest = self.swap == SwapRule::Taken && game.plies().len() == 1;
        if newest {
            self.swap = SwapRule::On;
        }
        newest
    }

    /// Who made each action of `game` (its plies, and the swap once taken), oldest first, as the
    /// colour they play now: each ply's mover, except that once Black took over Red's side,
    /// Red's first move was made by the player now playing Black, and the swap (after it) by the
    /// one now playing Red.
    pub fn actions_by(&self, game: &Game) -> Vec<Color> {
        let mut actions: Vec<Color> = game.plies().iter().map(|played| played.mover).collect();
        if self.swap == SwapRule::Taken && !actions.is_empty() {
            actions[0] = Color::Black;
            actions.insert(1, Color::Red);
        }
        actions
    }

    /// Whether the side to move may offer a draw now: between friends, on a turn played here
    /// (`human_turn`), once a turn.
    pub fn can_offer_draw(&self, mode: Mode, human_turn: bool) -> bool {
        matches!(mode, Mode::PassAndPlay { .. }) && human_turn && self.draw_offer.is_none()
    }

    /// `by`, to move in a game of `plies` plies, offers a draw; the other side is asked once this
    /// turn is over.
    pub fn offer_draw(&mut self, by: Color, plies: usize) {
        self.draw_offer = Some(DrawOffer::Made { by, plies });
    }

    /// The side that offered the draw the side to move in `game` must answer now, if any.
    pub fn draw_offered_by(&self, game: &Game) -> Option<Color> {
        match self.draw_offer {
            Some(DrawOffer::ToAnswer { by }) if !game.is_over() => Some(by),
            _ => None,
        }
    }

    /// The side to move answers the draw offered, either way: the side that offered it, if a
    /// draw was offered to be answered now.
    pub fn answer_draw(&mut self, game: &Game) -> Option<Color> {
        let by = self.draw_offered_by(game)?;
        self.draw_offer = None;
        Some(by)
    }

    /// Takes back a draw offer kept with a saved game (between friends: none otherwise), if it
    /// still fits `game`: made by the side to move on this very ply, or to be answered by it; a
    /// kept offer that does not fit lapses. Returns the side whose offer was made this turn, to
    /// be told again.
    pub fn resume_draw_offer(&mut self, offer: Option<DrawOffer>, game: &Game) -> Option<Color> {
        let plies = game.plies().len();
        let turn = game.position().turn();
        self.draw_offer = offer.filter(|offer| {
            !game.is_over()
                && match *offer {
                    DrawOffer::Made { by, plies: offered } => by == turn && offered == plies,
                    DrawOffer::ToAnswer { by } => by == turn.other(),
                }
        });
        match self.draw_offer {
            Some(DrawOffer::Made { by, .. }) => Some(by),
            _ => None,
        }
    }

    /// After any change of the game, which now has `plies` plies: the swap is asked about
    /// again; an offer goes to the other side when the offerer's turn is over, and lapses with
    /// any other change (its answer not given on that turn, an undo, a new game).
    pub fn after_change(&mut self, plies: usize) {
        self.swap_declined = false;
        self.draw_offer = match self.draw_offer {
            Some(DrawOffer::Made { by, plies: offered }) if plies == offered + 1 => {
                Some(DrawOffer::ToAnswer { by })
            }
            _ => None,
        };
    }
}

/// Who would resign now: the player against the computer or a friend by link (on either side's
/// turn), the side to move between friends on one phone; nobody once the game is over.
pub fn resigning_side(mode: Mode, game: &Game) -> Option<Color> {
    if game.is_over() {
        return None;
    }
    match mode {
        Mode::VsAi { human, .. } | Mode::ByLink { me: human } => Some(human),
        Mode::PassAndPlay { .. } => Some(game.position().turn()),
        Mode::Online { me } => me,
    }
}

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
        self.opponent().resign(self);
    }

    /// Whether the side to move may offer a draw now: between friends, once a turn; online,
    /// while playing, once.
    pub fn can_offer_draw(&self) -> bool {
        self.opponent().can_offer_draw(self)
    }

    /// The side to move offers a draw; the other side is asked once this turn is over.
    pub fn offer_draw(&mut self) {
        self.opponent().offer_draw(self);
    }

    /// The side that offered the draw the side to move must answer now, if any.
    pub fn draw_offered_by(&self) -> Option<Color> {
        self.opponent().draw_offered_by(self)
    }

    /// The side to move answers the draw offered: accepted, the game ends drawn; declined, play
    /// goes on and the offerer is told.
    pub fn answer_draw(&mut self, accept: bool) {
        self.opponent().answer_draw(self, accept);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::controller::clock::{PauseReason, Tick};
    use crate::game::controller::computer::AiOutcome;
    use crate::game::controller::test_support::{
        mv, pass_and_play, tap_move, to_count, vs_ai, with_swap_rule,
    };
    use crate::session::{GameSetup, Records};
    use duobao_engine::Level;
    use duobao_rules::{GameResult, Position};

    #[test]
    fn an_offer_made_passes_to_the_other_side_with_the_next_ply_and_then_lapses() {
        let mut agreements = Agreements::new(SwapRule::Off);
        let game = Game::new();
        let friends = Mode::PassAndPlay { bottom: Color::Red };
        assert!(agreements.can_offer_draw(friends, true));
        assert!(
            !agreements.can_offer_draw(friends, false),
            "not on the computer's turn"
        );
        assert!(!agreements.can_offer_draw(Mode::ByLink { me: Color::Red }, true));
        agreements.offer_draw(Color::Red, 0);
        assert!(!agreements.can_offer_draw(friends, true), "once a turn");
        assert_eq!(agreements.draw_offered_by(&game), None);
        agreements.after_change(1);
        assert_eq!(
            agreements.draw_offer(),
            Some(DrawOffer::ToAnswer { by: Color::Red })
        );
        agreements.after_change(2);
        assert_eq!(agreements.draw_offer(), None);
        agreements.offer_draw(Color::Red, 4);
        agreements.after_change(3);
        assert_eq!(agreements.draw_offer(), None, "an undo withdraws it");
    }

    #[test]
    fn who_resigns() {
        let game = Game::new();
        let vs_ai = Mode::VsAi {
            human: Color::Black,
            level: Level::Easy,
        };
        assert_eq!(resigning_side(vs_ai, &game), Some(Color::Black));
        let friends = Mode::PassAndPlay {
            bottom: Color::Black,
        };
        assert_eq!(
            resigning_side(friends, &game),
            Some(Color::Red),
            "the side to move"
        );
        let mut over = Game::new();
        over.concede(duobao_rules::Concession::DrawAgreed).unwrap();
        assert_eq!(resigning_side(vs_ai, &over), None);
    }

    #[test]
    fn against_the_computer_the_player_resigns_even_on_its_turn_and_loses_for_good() {
        let mut controller = vs_ai(Color::Red);
        tap_move(&mut controller, "b2c2");
        let request = controller.ai_request().unwrap();
        assert_eq!(controller.resigning_side(), Some(Color::Red));
        controller.resign();
        let (mode, result) = to_count(&controller).unwrap();
        assert_eq!(mode, controller.mode());
        assert_eq!(result.winner(), Some(Color::Black));
        assert_eq!(controller.resigning_side(), None);
        assert_eq!(
            controller.ai_answer(request.generation, Ok(mv("b4b3"))),
            AiOutcome::Stale
        );
        assert_eq!(
            controller.undo_count(),
            0,
            "a resignation is not taken back"
        );
        assert!(!controller.undo());
        assert!(
            !controller.play_move(mv("b2c2")),
            "no move after a resignation"
        );
        assert!(controller.clock().is_paused_by(PauseReason::GameOver));
        assert_eq!(controller.saved_game(Records::default()), None);
        assert!(!controller.can_offer_draw(), "no draw against the computer");
    }

    #[test]
    fn between_friends_the_side_to_move_resigns() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        tap_move(&mut controller, "b2c2");
        assert_eq!(controller.resigning_side(), Some(Color::Black));
        controller.resign();
        assert_eq!(
            controller.game().result().unwrap().to_string(),
            "red resignation"
        );
    }

    /// Red offers a draw and moves: Black is to answer.
    fn offered_to_black() -> Controller {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        assert!(controller.can_offer_draw());
        controller.offer_draw();
        assert_eq!(controller.notice(), Some(Notice::DrawOffered(Color::Red)));
        assert!(!controller.can_offer_draw(), "once a turn");
        assert_eq!(controller.draw_offered_by(), None, "Red still moves");
        tap_move(&mut controller, "b2c2");
        assert_eq!(controller.draw_offered_by(), Some(Color::Red));
        controller
    }

    #[test]
    fn a_draw_offered_and_accepted_ends_the_game_drawn() {
        let mut controller = offered_to_black();
        controller.answer_draw(true);
        assert_eq!(
            controller.game().result(),
            Some(GameResult::Draw(duobao_rules::DrawReason::Agreement))
        );
        assert_eq!(controller.draw_offered_by(), None);
        assert_eq!(controller.undo_count(), 0);
    }

    #[test]
    fn a_draw_declined_tells_the_offerer_and_play_goes_on() {
        let mut controller = offered_to_black();
        controller.answer_draw(false);
        assert_eq!(controller.game().result(), None);
        assert_eq!(controller.draw_offered_by(), None);
        assert_eq!(
            controller.notice(),
            Some(Notice::DrawDeclined(Color::Black))
        );
        assert!(controller.can_offer_draw(), "Black may offer in turn");
        tap_move(&mut controller, "b4b3");
        assert_eq!(controller.notice(), None);
        assert!(controller.can_offer_draw(), "and Red again later");
    }

    #[test]
    fn a_draw_offer_pending_when_the_game_is_saved_is_kept_by_a_reload() {
        // Offered and to be answered: the reloaded game still asks Black.
        let to_answer = offered_to_black();
        let mut reloaded = pass_and_play(duobao_rules::START_FEN);
        reloaded.resume(to_answer.saved_game(Records::default()).unwrap());
        assert_eq!(reloaded.draw_offered_by(), Some(Color::Red));
        reloaded.answer_draw(true);
        assert!(reloaded.game().is_over());
        // Offered, the offerer still to move: kept, told, and passed on by the move.
        let mut made = pass_and_play(duobao_rules::START_FEN);
        made.offer_draw();
        let mut reloaded = pass_and_play(duobao_rules::START_FEN);
        reloaded.resume(made.saved_game(Records::default()).unwrap());
        assert_eq!(reloaded.notice(), Some(Notice::DrawOffered(Color::Red)));
        assert!(!reloaded.can_offer_draw(), "still once a turn");
        tap_move(&mut reloaded, "b2c2");
        assert_eq!(reloaded.draw_offered_by(), Some(Color::Red));
        // A kept offer that does not fit the game (a move made since, by an older copy) lapses.
        let mut stale = made.saved_game(Records::default()).unwrap();
        stale.game = to_answer.game().clone();
        stale.draw_offer = Some(DrawOffer::Made {
            by: Color::Red,
            plies: 0,
        });
        let mut reloaded = pass_and_play(duobao_rules::START_FEN);
        reloaded.resume(stale);
        assert_eq!(reloaded.draw_offered_by(), None);
        assert!(reloaded.can_offer_draw());
    }

    #[test]
    fn an_offer_not_answered_on_that_turn_lapses() {
        let mut moved_on = offered_to_black();
        tap_move(&mut moved_on, "b4b3");
        assert_eq!(moved_on.draw_offered_by(), None);
        moved_on.answer_draw(true);
        assert_eq!(moved_on.game().result(), None);
        let mut timed_out = offered_to_black();
        assert_eq!(timed_out.tick(5_000), Tick::Expired);
        assert_eq!(timed_out.draw_offered_by(), None);
        let mut undone = offered_to_black();
        undone.undo();
        assert_eq!(undone.draw_offered_by(), None);
        tap_move(&mut undone, "b2c2");
        assert_eq!(undone.draw_offered_by(), None, "an undo withdraws it");
        let mut rematched = pass_and_play(duobao_rules::START_FEN);
        rematched.offer_draw();
        rematched.rematch();
        assert!(rematched.can_offer_draw());
    }

    #[test]
    fn an_offer_follows_the_offerers_turn_even_when_its_time_runs_out() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        controller.offer_draw();
        assert_eq!(controller.tick(5_000), Tick::Expired);
        assert_eq!(controller.draw_offered_by(), Some(Color::Red));
    }

    fn friends() -> Mode {
        Mode::PassAndPlay { bottom: Color::Red }
    }

    #[test]
    fn between_friends_black_may_take_over_red_once_and_undo_takes_the_swap_back() {
        let mut controller = with_swap_rule(friends());
        assert!(!controller.can_swap(), "not before Red's first move");
        tap_move(&mut controller, "c3c2");
        let position = *controller.game().position();
        assert!(controller.swap_offered());
        controller.swap_sides();
        assert_eq!(controller.notice(), Some(Notice::SidesSwapped));
        assert_eq!(
            controller.bottom(),
            Color::Black,
            "the board turns to the opener"
        );
        assert_eq!(*controller.game().position(), position, "nothing moves");
        assert!(!controller.can_swap(), "once");
        assert_eq!(
            controller.saved_game(Records::default()).unwrap().swap,
            SwapRule::Taken
        );
        assert_eq!(controller.undo_count(), 1);
        controller.undo();
        assert_eq!(
            controller.game().plies().len(),
            1,
            "the swap alone is taken back"
        );
        assert_eq!(controller.mode(), friends());
        assert!(controller.swap_offered());
        controller.decline_swap();
        assert!(!controller.swap_offered() && controller.can_swap());
        tap_move(&mut controller, "b4c3");
        assert!(!controller.can_swap(), "a reply gives the swap up");
        controller.undo();
        assert!(controller.swap_offered(), "asked again after an undo");
    }

    #[test]
    fn without_the_rule_or_away_from_the_start_nobody_is_asked() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        tap_move(&mut controller, "c3c2");
        assert!(!controller.can_swap());
        controller.swap_sides();
        assert_eq!(controller.mode(), friends());
        let mut elsewhere = Controller::new(GameSetup {
            mode: friends(),
            start: Position::from_fen("BBB/BB.BB/..T../RR.RR/RRR b - 0").unwrap(),
            turn_seconds: None,
            swap: SwapRule::On,
        });
        tap_move(&mut elsewhere, "b4b3");
        tap_move(&mut elsewhere, "b2c2");
        assert!(
            !elsewhere.can_swap(),
            "only in a game from the starting position"
        );
    }

    #[test]
    fn a_swapped_game_is_saved_counted_and_rematched_as_played() {
        let mut controller = with_swap_rule(friends());
        tap_move(&mut controller, "c3c2");
        controller.swap_sides();
        let saved = controller.saved_game(Records::default()).unwrap();
        let mut resumed = pass_and_play(duobao_rules::START_FEN);
        resumed.resume(saved);
        assert_eq!(resumed.mode().bottom(), Color::Black);
        assert!(!resumed.can_swap());
        resumed.undo();
        assert!(resumed.can_swap(), "the swap is kept as an action");
        resumed.rematch();
        tap_move(&mut resumed, "c3c2");
        assert!(resumed.can_swap(), "a rematch plays the rule too");
        let mut alone = with_swap_rule(Mode::VsAi {
            human: Color::Red,
            level: Level::Easy,
        });
        tap_move(&mut alone, "c3c2");
        alone.ai_swap(alone.generation());
        alone.resign();
        let (mode, result) = to_count(&alone).unwrap();
        assert_eq!(mode.bottom(), Color::Black, "counted for the colour played");
        assert_eq!(result.winner(), Some(Color::Red));
    }
}
