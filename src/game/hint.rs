//! The hint: asking the engine for one in the live game, its answer, the hints used, and what
//! the suggested move does, read off the rules: whether it wins, what it captures, whether it
//! stops the opponent from capturing the treasure next move, whether it threatens the treasure;
//! and on a line of the proven win from the start, that it wins by force in so many moves.
//! Pure: the game screen turns the reasons into one line of text.

use duobao_engine::{allows_treasure_capture, treasure_threat, Level, Outcome};
use duobao_rules::{Game, Move, Point, PointSet, Position, WinReason};
use duobao_study::ForcedLine;

use crate::i18n::{color_key, fill, moves_count, text, Key, Lang};

/// The level whose move a hint suggests. Master, because it plays its best move without the
/// randomness of the lower levels (a hint must not change when asked twice) and sees deepest;
/// its budget (1.5 s at most, searched in slices on the web) is a fair wait for a hint.
pub const HINT_LEVEL: Level = Level::Master;

/// The plies of a forced win the hint shows; the rest is left out (a win can take 65).
const HINT_LINE_PLIES: usize = 6;

/// What the endgame tables say of playing `hinted` in the game, in the review's words: "Red now
/// wins by force in 9 moves: b2b3 …" (the line starting with the hinted move, cut short), from
/// the engine's `forced` line for the position after it; `None` when it is not a win or loss.
pub fn forced_win_text(
    lang: Lang,
    game: &Game,
    hinted: Move,
    forced: &ForcedLine,
) -> Option<String> {
    let mover = game.position().turn();
    // The outcome after the move is the opponent's, one ply nearer the end.
    let (winner, plies) = match forced.outcome {
        Outcome::Loss { plies } => (mover, plies + 1),
        Outcome::Win { plies } => (mover.other(), plies + 1),
        _ => return None,
    };
    // A win in k plies from the winner's own turn takes ⌈k/2⌉ of its moves, from the loser's
    // ⌊k/2⌋.
    let winner_moves = if winner == mover {
        plies.div_ceil(2)
    } else {
        plies / 2
    };
    let line = std::iter::once(hinted).chain(forced.line.iter().copied());
    let mut shown: Vec<String> = line.take(HINT_LINE_PLIES).map(|m| m.to_string()).collect();
    if plies as usize > HINT_LINE_PLIES {
        shown.push("…".to_string());
    }
    let side = text(lang, color_key(winner));
    Some(fill(
        lang,
        Key::NowWinsByForce,
        &[side, &moves_count(lang, winner_moves), &shown.join(" ")],
    ))
}

/// The engine is asked for a hint in this game.
#[derive(Clone, Debug)]
pub struct HintRequest {
    pub generation: u64,
    pub game: Game,
}

/// A hint for the current position: being thought about, or the suggested move.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Hint {
    Thinking,
    Move(Move),
}

/// The engine's answer to a hint: its move, what the endgame tables say of the position after
/// it, and when it is the move of the proven win from the start, in how many plies it wins.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct HintAnswer {
    pub best: Move,
    pub forced: Option<ForcedLine>,
    pub wins_by_force: Option<u32>,
}

/// A game's hints: the one asked for, in the generation of the game it was asked in (any
/// change of the game drops it), the engine's answer to it, and how many were shown.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Hints {
    asked: Option<(u64, Hint)>,
    answer: Option<HintAnswer>,
    used: u32,
}

impl Hints {
    /// A saved game's hints: `used` so far, none asked for.
    pub fn with_used(used: u32) -> Hints {
        Hints {
            asked: None,
            answer: None,
            used,
        }
    }

    /// Hints shown in this game.
    pub fn used(&self) -> u32 {
        self.used
    }

    /// The hint for the game in `generation`.
    pub fn current(&self, generation: u64) -> Option<Hint> {
        self.asked
            .filter(|(asked_in, _)| *asked_in == generation)
            .map(|(_, hint)| hint)
    }

    /// The engine's answer to the hint of `generation`, once shown.
    pub fn answer_shown(&self, generation: u64) -> Option<&HintAnswer> {
        self.current(generation)?;
        self.answer.as_ref()
    }

    /// A hint is asked for in `generation`.
    pub fn ask(&mut self, generation: u64) {
        self.asked = Some((generation, Hint::Thinking));
        self.answer = None;
    }

    /// Shows the engine's suggestion, if it answers the hint being thought about in
    /// `generation` and is legal in `position`; a shown hint counts as used. Whether it is shown.
    pub fn answer(
        &mut self,
        generation: u64,
        answer: Option<HintAnswer>,
        position: &Position,
    ) -> bool {
        if self.current(generation) != Some(Hint::Thinking) {
            return false;
        }
        match answer.filter(|answer| position.is_legal(answer.best)) {
            Some(answer) => {
                self.asked = Some((generation, Hint::Move(answer.best)));
                self.answer = Some(answer);
                self.used += 1;
                true
            }
            None => {
                self.asked = None;
                false
            }
        }
    }
}

/// Why a move is worth playing, when it is tactical.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum HintReason {
    Wins(WinReason),
    /// The proven win's move: the mover wins by force in this many plies, counting it.
    WinsByForce {
        plies: u32,
    },
    /// The enemy soldiers it captures.
    Captures(PointSet),
    /// The opponent could capture the treasure by moving to this point; after the move it no
    /// longer can.
    StopsThreat(Point),
    /// After the move, the mover could capture the treasure on its next turn.
    ThreatensTreasure,
}

/// The reasons for playing `m` in `position`, the most important first; empty for a quiet move.
/// `m` must be legal.
pub fn explain(position: &Position, m: Move) -> Vec<HintReason> {
    let mut after = *position;
    let captured = after.play_unchecked(m);
    if let Some(win) = after.win() {
        return vec![HintReason::Wins(win.reason)];
    }
    let mut reasons = Vec::new();
    if let Some(threat) = treasure_threat(position) {
        if !allows_treasure_capture(position, m) {
            reasons.push(HintReason::StopsThreat(threat.to()));
        }
    }
    if !captured.is_empty() {
        reasons.push(HintReason::Captures(captured));
    }
    if reasons.is_empty() && treasure_threat(&after).is_some() {
        reasons.push(HintReason::ThreatensTreasure);
    }
    reasons
}

/// The reasons for playing `m` in `position`: first, when the engine found it to be the move of
/// the proven win from the start (`wins_by_force`: in so many plies), that it wins by force;
/// then [`explain`]'s.
pub fn hint_reasons(position: &Position, m: Move, wins_by_force: Option<u32>) -> Vec<HintReason> {
    let mut reasons = explain(position, m);
    if let Some(plies) = wins_by_force {
        reasons.insert(0, HintReason::WinsByForce { plies });
    }
    reasons
}

/// Points named as a list: `b4`, `b4 and d3`, `b2, b4 and d3`.
pub fn point_list(lang: Lang, points: PointSet) -> String {
    // By name (file, then row), as a player reads them: b4 before d3.
    let mut names: Vec<String> = points.into_iter().map(|p| p.to_string()).collect();
    // Unstable is enough (no two names are equal), and smaller in the download.
    names.sort_unstable();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!(
            "{} {} {last}",
            rest.join(text(lang, Key::Enumeration)),
            text(lang, Key::And)
        ),
    }
}

fn reason_text(lang: Lang, reason: HintReason) -> String {
    match reason {
        HintReason::Wins(WinReason::Treasure) => text(lang, Key::HintWinsTreasure).into(),
        HintReason::Wins(WinReason::Annihilation) => text(lang, Key::HintWinsAnnihilation).into(),
        HintReason::Wins(WinReason::Blockade) => text(lang, Key::HintWinsBlockade).into(),
        HintReason::Wins(WinReason::Resignation | WinReason::Abandonment) => {
            unreachable!("a hint's win is read off a position, which no player's choice ends")
        }
        // The mover moves first: a win in k plies takes ⌈k/2⌉ of its moves.
        HintReason::WinsByForce { plies } => fill(
            lang,
            Key::HintWinsByForce,
            &[&moves_count(lang, plies.div_ceil(2))],
        ),
        HintReason::Captures(points) => fill(lang, Key::HintCaptures, &[&point_list(lang, points)]),
        HintReason::StopsThreat(point) => fill(lang, Key::HintStopsThreat, &[&point.to_string()]),
        HintReason::ThreatensTreasure => text(lang, Key::HintThreatensTreasure).into(),
    }
}

/// The reasons as one line, or `None` for a quiet move.
pub fn reasons_line(lang: Lang, reasons: &[HintReason]) -> Option<String> {
    let parts: Vec<String> = reasons.iter().map(|&r| reason_text(lang, r)).collect();
    (!parts.is_empty()).then(|| parts.join(text(lang, Key::ListSeparator)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_support::{hint_of, mv, pass_and_play, tap_move, vs_ai};
    use duobao_rules::Color;

    #[test]
    fn a_hint_answers_only_its_own_question() {
        let mut hints = Hints::default();
        let start = Position::start();
        assert!(
            !hints.answer(1, Some(hint_of(mv("b2c2"))), &start),
            "not asked"
        );
        hints.ask(1);
        assert!(
            !hints.answer(2, Some(hint_of(mv("b2c2"))), &start),
            "another game"
        );
        assert!(
            !hints.answer(1, Some(hint_of(mv("c1c3"))), &start),
            "illegal"
        );
        assert_eq!(
            hints.current(1),
            None,
            "an illegal answer drops the question"
        );
        hints.ask(1);
        assert!(hints.answer(1, Some(hint_of(mv("b2c2"))), &start));
        assert_eq!(hints.current(1), Some(Hint::Move(mv("b2c2"))));
        assert_eq!(hints.current(2), None, "a move drops it");
        assert_eq!(hints.used(), 1);
        assert_eq!(Hints::with_used(3).used(), 3);
    }

    #[test]
    fn a_hint_is_shown_once_counted_and_dropped_by_a_move() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        let request = controller.request_hint().unwrap();
        assert_eq!(controller.hint(), Some(Hint::Thinking));
        assert!(controller.request_hint().is_none(), "one request at a time");
        assert!(controller.hint_answer(request.generation, Some(hint_of(mv("b2c2")))));
        assert_eq!(controller.hint(), Some(Hint::Move(mv("b2c2"))));
        assert_eq!(
            controller.hint(),
            Some(Hint::Move(mv("b2c2"))),
            "on the board"
        );
        assert_eq!(controller.hints_used(), 1);
        assert!(!controller.can_hint(), "the hint is on the board already");
        tap_move(&mut controller, "b2c2");
        assert_eq!(controller.hint(), None);
        assert!(controller.can_hint());
        assert_eq!(controller.saved_game(Default::default()).unwrap().hints, 1);
    }

    /// The engine thinks about the hint from the moment it is asked for until it answers or
    /// the game changes, and only then (the hint's search runs while this stands).
    #[test]
    fn the_hint_is_searched_for_while_it_is_awaited() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        assert!(controller.hint_request().is_none(), "not asked for");
        let asked = controller.request_hint().unwrap();
        let searched = controller.hint_request().expect("searched for");
        assert_eq!(searched.generation, asked.generation);
        assert_eq!(searched.game, *controller.game());
        controller.hint_answer(asked.generation, Some(hint_of(mv("b2c2"))));
        assert!(controller.hint_request().is_none(), "answered");
        tap_move(&mut controller, "b2c2");
        controller.request_hint().unwrap();
        tap_move(&mut controller, "b4b3");
        assert!(controller.hint_request().is_none(), "the game changed");
    }

    #[test]
    fn a_stale_or_illegal_hint_is_not_shown_and_not_counted() {
        let mut controller = vs_ai(Color::Red);
        let request = controller.request_hint().unwrap();
        tap_move(&mut controller, "b2c2");
        assert!(!controller.hint_answer(request.generation, Some(hint_of(mv("a2a3")))));
        assert!(!controller.can_hint(), "not while the computer is to move");
        assert!(controller.request_hint().is_none());
        let answer = controller.ai_request().unwrap();
        controller.ai_answer(answer.generation, Ok(mv("b4b3")));
        let request = controller.request_hint().unwrap();
        assert!(!controller.hint_answer(request.generation, Some(hint_of(mv("c1c3")))));
        assert_eq!(controller.hint(), None);
        assert_eq!(controller.hints_used(), 0);
        let request = controller.request_hint().unwrap();
        controller.undo();
        assert!(!controller.hint_answer(request.generation, Some(hint_of(mv("b2c2")))));
        assert_eq!(controller.hints_used(), 0);
    }

    #[test]
    fn no_hint_once_the_game_is_over() {
        let mut controller = pass_and_play("BBB/BB.BB/.RT../...R./... r - 0");
        tap_move(&mut controller, "d2d3");
        assert!(controller.request_hint().is_none());
    }

    #[test]
    fn hints_used_come_back_with_a_saved_game() {
        let mut controller = pass_and_play(duobao_rules::START_FEN);
        let request = controller.request_hint().unwrap();
        controller.hint_answer(request.generation, Some(hint_of(mv("b2c2"))));
        let saved = controller.saved_game(Default::default()).unwrap();
        let mut resumed = vs_ai(Color::Red);
        resumed.resume(saved);
        assert_eq!(resumed.hints_used(), 1);
        resumed.rematch();
        assert_eq!(resumed.hints_used(), 0, "a new game starts with none");
    }

    fn position(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn explained(fen: &str, m: &str) -> Vec<HintReason> {
        let position = position(fen);
        let m: Move = m.parse().unwrap();
        assert!(position.is_legal(m), "{m} in {fen}");
        explain(&position, m)
    }

    fn points(names: &[&str]) -> PointSet {
        names.iter().map(|n| n.parse::<Point>().unwrap()).collect()
    }

    #[test]
    fn a_treasure_capture_wins() {
        let reasons = explained("BBB/BB.BB/.RT../...R./... r - 0", "d2d3");
        assert_eq!(reasons, [HintReason::Wins(WinReason::Treasure)]);
        assert_eq!(
            reasons_line(Lang::En, &reasons).unwrap(),
            "captures the treasure and wins"
        );
        assert_eq!(
            reasons_line(Lang::Zh, &reasons).unwrap(),
            "吃掉宝箱，直接获胜"
        );
    }

    #[test]
    fn captures_are_listed() {
        let reasons = explained("B../...../..T../RB.R./... r - 5", "d2c2");
        assert_eq!(reasons, [HintReason::Captures(points(&["b2"]))]);
        assert_eq!(reasons_line(Lang::En, &reasons).unwrap(), "captures b2");
        assert_eq!(point_list(Lang::En, points(&["b4", "d3"])), "b4 and d3");
        assert_eq!(
            point_list(Lang::En, points(&["b2", "b4", "d3"])),
            "b2, b4 and d3"
        );
        assert_eq!(point_list(Lang::Zh, points(&["b4", "d3"])), "b4 和 d3");
        assert_eq!(
            fill(
                Lang::Zh,
                Key::HintCaptures,
                &[&point_list(Lang::Zh, points(&["b4", "d3"]))]
            ),
            "吃掉 b4 和 d3"
        );
    }

    #[test]
    fn a_move_that_stops_a_treasure_threat_says_where_the_threat_was() {
        // Black threatens d2c2, closing column c around the treasure on c3 with c4.
        let fen = "B.B/..B../..T../R..BR/... r - 0";
        let p = position(fen);
        let threat = treasure_threat(&p).unwrap();
        let safe = p
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| !allows_treasure_capture(&p, m))
            .unwrap();
        assert_eq!(
            explain(&p, safe).first(),
            Some(&HintReason::StopsThreat(threat.to()))
        );
        let careless = p
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| allows_treasure_capture(&p, m))
            .unwrap();
        assert!(!explain(&p, careless).contains(&HintReason::StopsThreat(threat.to())));
        assert_eq!(
            reasons_line(Lang::En, &[HintReason::StopsThreat(threat.to())]).unwrap(),
            format!("stops the treasure threat on {}", threat.to())
        );
    }

    #[test]
    fn a_blockade_and_a_quiet_move() {
        assert_eq!(
            explained("BR./...../RR.../TR.../... r - 0", "b3b4"),
            [HintReason::Wins(WinReason::Blockade)]
        );
        assert_eq!(
            explained(duobao_rules::START_FEN, "a2a3"),
            Vec::<HintReason>::new()
        );
        assert_eq!(reasons_line(Lang::En, &[]), None);
    }

    #[test]
    fn a_move_that_sets_up_a_treasure_capture_threatens_it() {
        // After b1c1, Red can close column c around the treasure with c1c2 next move.
        let reasons = explained("B../..R../..T../...../R.. r - 0", "b1c1");
        assert_eq!(reasons, [HintReason::ThreatensTreasure]);
    }

    #[test]
    fn on_the_proven_win_the_hinted_move_wins_by_force() {
        let start = Position::start();
        let reasons = hint_reasons(&start, mv("c3c2"), Some(21));
        assert_eq!(reasons, [HintReason::WinsByForce { plies: 21 }]);
        assert_eq!(
            reasons_line(Lang::En, &reasons).unwrap(),
            "wins by force in 11 moves"
        );
        assert_eq!(
            reasons_line(Lang::Zh, &reasons).unwrap(),
            "11 步之内强制取胜"
        );
        // A quiet move the engine finds no proven win for has no reason.
        assert!(hint_reasons(&start, mv("a2a3"), None).is_empty());
    }
}
