//! The hint's line under the board: the suggested move, and why, read off the rules: whether it
//! wins, what it captures, whether it stops the opponent from capturing the treasure next move,
//! whether it threatens the treasure; on a line of the proven win from the start, that it wins
//! by force in so many moves; and the forced win it keeps when the endgame tables decide it.

use duobao_engine::{allows_treasure_capture, treasure_threat, Outcome};
use duobao_rules::{Game, Move, Point, PointSet, Position, WinReason};
use duobao_study::ForcedLine;

use crate::game::controller::{Controller, Hint};
use crate::i18n::{color_key, fill, moves_count, text, Key, Lang};

/// The plies of a forced win the hint shows; the rest is left out (a win can take 65).
const HINT_LINE_PLIES: usize = 6;

/// What the endgame tables say of playing `hinted` in the game, in the review's words: "Red now
/// wins by force in 9 moves: b2b3 …" (the line starting with the hinted move, cut short), from
/// the engine's `forced` line for the position after it; `None` when it is not a win or loss.
fn forced_win_text(lang: Lang, game: &Game, hinted: Move, forced: &ForcedLine) -> Option<String> {
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

/// Why a move is worth playing, when it is tactical.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum HintReason {
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
fn explain(position: &Position, m: Move) -> Vec<HintReason> {
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
fn hint_reasons(position: &Position, m: Move, wins_by_force: Option<u32>) -> Vec<HintReason> {
    let mut reasons = explain(position, m);
    if let Some(plies) = wins_by_force {
        reasons.insert(0, HintReason::WinsByForce { plies });
    }
    reasons
}

/// Points named as a list: `b4`, `b4 and d3`, `b2, b4 and d3`.
fn point_list(lang: Lang, points: PointSet) -> String {
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
fn reasons_line(lang: Lang, reasons: &[HintReason]) -> Option<String> {
    let parts: Vec<String> = reasons.iter().map(|&r| reason_text(lang, r)).collect();
    (!parts.is_empty()).then(|| parts.join(text(lang, Key::ListSeparator)))
}

/// The hint's line under the board: the move, why when it is tactical, and the forced win it
/// keeps when the endgame tables decide it.
pub fn hint_line(lang: Lang, state: &Controller) -> Option<String> {
    let Some(Hint::Move(m)) = state.hint() else {
        return None;
    };
    let suggestion = fill(lang, Key::HintLabel, &[&m.to_string()]);
    let shown = state.hint_shown();
    let reasons = hint_reasons(
        state.game().position(),
        m,
        shown.and_then(|shown| shown.wins_by_force),
    );
    let why = reasons_line(lang, &reasons).into_iter();
    let exact = shown
        .and_then(|shown| shown.forced.as_ref())
        .and_then(|forced| forced_win_text(lang, state.game(), m, forced))
        .into_iter();
    let parts: Vec<String> = std::iter::once(suggestion)
        .chain(why)
        .chain(exact)
        .collect();
    Some(parts.join(text(lang, Key::ListSeparator)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::controller::test_support::mv;

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
