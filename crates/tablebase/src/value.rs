//! What the tables store for a placement, and what a probe answers for a position.
//!
//! Each placement has two bytes. The first is its value in the game without the quiet limit:
//! 0 for a draw, `d + 1` for a game decided in `d` plies (a win when `d` is odd, since the
//! winner makes the last move; a loss when it is even). The second is its quiet budget: the
//! fewest plies that must be left before the quiet limit (100 less the quiet count) for the
//! value to hold under the real rules, or [`BEYOND_LIMIT`] when even a fresh count is not enough.

use std::fmt;

use duobao_rules::QUIET_LIMIT;

/// The longest distance a byte holds.
pub(crate) const MAX_DISTANCE: u32 = u8::MAX as u32 - 1;
/// The quiet budget of a value that the quiet limit may spoil from any count.
pub(crate) const BEYOND_LIMIT: u8 = QUIET_LIMIT as u8 + 1;

/// True when a game decided in `plies` is won by the side to move: the winner makes the last
/// move, so wins take an odd number of plies and losses an even one.
pub(crate) const fn is_win(plies: u32) -> bool {
    plies % 2 == 1
}

/// A placement's value without the quiet limit, for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Value {
    Draw,
    /// Won or lost in `plies`: the shortest win, the longest defence.
    Decided {
        plies: u32,
    },
}

impl Value {
    pub fn from_byte(byte: u8) -> Value {
        match byte {
            0 => Value::Draw,
            _ => Value::Decided {
                plies: u32::from(byte) - 1,
            },
        }
    }

    /// The byte of a game decided in `plies` (at most [`MAX_DISTANCE`]).
    pub fn decided_byte(plies: u32) -> u8 {
        debug_assert!(plies <= MAX_DISTANCE);
        plies as u8 + 1
    }

    /// What a position with this value and quiet budget is under the rules, `quiet_plies`
    /// into its quiet count.
    pub fn judge(self, budget: u8, quiet_plies: u32) -> Probe {
        let Value::Decided { plies } = self else {
            return Probe::Draw;
        };
        let exact = u32::from(budget) + quiet_plies <= QUIET_LIMIT;
        match (is_win(plies), exact) {
            (true, true) => Probe::Win { plies },
            (false, true) => Probe::Loss { plies },
            (true, false) => Probe::WinOrDraw { plies },
            (false, false) => Probe::LossOrDraw { plies },
        }
    }
}

/// A probe's answer for the side to move, exact under every rule of the game, the quiet limit
/// included, for the position alone (a game whose history holds it twice already draws it;
/// see the crate docs).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Probe {
    /// The side to move wins by force; `plies` is the shortest win (to the end of the game).
    Win {
        plies: u32,
    },
    /// The opponent wins by force; `plies` is the longest defence, 0 when the game is over.
    Loss {
        plies: u32,
    },
    Draw,
    /// A win in `plies` without the quiet limit, which may come too late for it: under the rules
    /// a win of at least `plies`, or a draw.
    WinOrDraw {
        plies: u32,
    },
    /// A loss in `plies` without the quiet limit: under the rules a loss in at least `plies`, or
    /// a draw.
    LossOrDraw {
        plies: u32,
    },
}

impl Probe {
    pub fn is_exact(self) -> bool {
        matches!(self, Probe::Win { .. } | Probe::Loss { .. } | Probe::Draw)
    }

    /// The value's kind, as a tablebase service names it: `win`, `loss`, `draw`, `win-or-draw`,
    /// `loss-or-draw`.
    pub fn category(self) -> &'static str {
        match self {
            Probe::Win { .. } => "win",
            Probe::Loss { .. } => "loss",
            Probe::Draw => "draw",
            Probe::WinOrDraw { .. } => "win-or-draw",
            Probe::LossOrDraw { .. } => "loss-or-draw",
        }
    }

    /// The distance to the end of the game, in plies; `None` for a draw.
    pub fn plies(self) -> Option<u32> {
        match self {
            Probe::Win { plies }
            | Probe::Loss { plies }
            | Probe::WinOrDraw { plies }
            | Probe::LossOrDraw { plies } => Some(plies),
            Probe::Draw => None,
        }
    }

    /// How good the position after a move is for the player who made it, given its value for
    /// the side then to move (`self`): smaller is better. Leaving the opponent lost comes first,
    /// the quickest loss first; then lost-or-drawn; then drawn; then won-or-drawn and won for
    /// the opponent, the longest defence first.
    pub fn rank_for_mover(self) -> (u8, i64) {
        match self {
            Probe::Loss { plies } => (0, i64::from(plies)),
            Probe::LossOrDraw { plies } => (1, i64::from(plies)),
            Probe::Draw => (2, 0),
            Probe::WinOrDraw { plies } => (3, -i64::from(plies)),
            Probe::Win { plies } => (4, -i64::from(plies)),
        }
    }
}

impl fmt::Display for Probe {
    /// `win 5`, `loss 0`, `draw`, `win-or-draw 121`, `loss-or-draw 120`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Probe::Win { plies } => write!(f, "win {plies}"),
            Probe::Loss { plies } => write!(f, "loss {plies}"),
            Probe::Draw => f.write_str("draw"),
            Probe::WinOrDraw { plies } => write!(f, "win-or-draw {plies}"),
            Probe::LossOrDraw { plies } => write!(f, "loss-or-draw {plies}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip_and_the_budget_decides_exactness() {
        assert_eq!(Value::from_byte(0), Value::Draw);
        for plies in [0, 1, 2, 77, MAX_DISTANCE] {
            let value = Value::from_byte(Value::decided_byte(plies));
            assert_eq!(value, Value::Decided { plies });
        }
        let win = Value::Decided { plies: 7 };
        assert_eq!(win.judge(5, 95), Probe::Win { plies: 7 });
        assert_eq!(win.judge(5, 96), Probe::WinOrDraw { plies: 7 });
        assert_eq!(win.judge(BEYOND_LIMIT, 0), Probe::WinOrDraw { plies: 7 });
        let lost = Value::Decided { plies: 0 };
        assert_eq!(lost.judge(0, 100), Probe::Loss { plies: 0 });
        assert_eq!(Value::Draw.judge(BEYOND_LIMIT, 100), Probe::Draw);
    }

    #[test]
    fn moves_rank_from_the_quickest_win_to_the_quickest_loss() {
        // Values of the positions after each move, for the opponent, in the order a player
        // prefers them.
        let preferred = [
            Probe::Loss { plies: 0 },
            Probe::Loss { plies: 6 },
            Probe::LossOrDraw { plies: 4 },
            Probe::Draw,
            Probe::WinOrDraw { plies: 9 },
            Probe::Win { plies: 11 },
            Probe::Win { plies: 1 },
        ];
        let mut shuffled = preferred;
        shuffled.reverse();
        shuffled.sort_by_key(|probe| probe.rank_for_mover());
        assert_eq!(shuffled, preferred);
    }
}
