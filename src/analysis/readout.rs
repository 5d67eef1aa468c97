//! What the engine panel shows, free of any UI: the engine's lines and the solver's verdict as
//! they arrive, and their words — the evaluation from Red's side as a number and a bar, the
//! depth and speed, the exact verdict in both languages.

use duobao_engine::Outcome;
use duobao_rules::{Color, Game, GameResult, Move};
use duobao_study::{AnalysisEvent, AnalysisVerdict, EngineLine, EngineLines, LineValue};

use crate::i18n::{color_key, fill, moves_count, text, Key, Lang};
use crate::result_words::reason_key;
use crate::session::Mode;

/// What the exact solver says of the position.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Exact {
    /// Not proven yet, nothing searched.
    Searching,
    /// `winner` wins by force in `plies`, along `line` (the shortest win against the longest
    /// defence).
    Forced {
        winner: Color,
        plies: u32,
        line: Vec<Move>,
    },
    /// Nothing forced within this many plies.
    Unknown { horizon: u32 },
    /// The game is over already.
    Over(GameResult),
}

/// The panel's readout for one position.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Readout {
    /// The side to move, whose point of view the engine's values take.
    pub turn: Color,
    /// Best first; none until the first depth is searched.
    pub lines: Vec<EngineLine>,
    pub depth: u32,
    pub positions_per_second: u64,
    pub exact: Exact,
    /// The engine's threads (workers on the web), each searching a share of the root moves.
    pub threads: usize,
    /// Each share's latest lines.
    shares: Vec<Option<EngineLines>>,
}

impl Readout {
    /// Before anything is known of `game`'s position, searched on `threads` threads.
    pub fn new(game: &Game, threads: usize) -> Readout {
        let threads = threads.max(1);
        Readout {
            turn: game.position().turn(),
            lines: Vec::new(),
            depth: 0,
            positions_per_second: 0,
            exact: game.result().map_or(Exact::Searching, Exact::Over),
            threads,
            shares: vec![None; threads],
        }
    }

    /// What the analysis found next: the verdict, or the lines of the thread searching
    /// `share` of the root moves, merged with the others' ([`EngineLines::merge`]).
    pub fn apply(&mut self, share: usize, event: AnalysisEvent) {
        match event {
            AnalysisEvent::Lines(found) => {
                if let Some(slot) = self.shares.get_mut(share) {
                    *slot = Some(found);
                }
                let merged = EngineLines::merge(self.shares.iter().flatten());
                self.lines = merged.lines;
                self.depth = merged.depth;
                self.positions_per_second = merged.nps;
            }
            // A finished game says how it ended, from the game itself.
            AnalysisEvent::Verdict(_) if matches!(self.exact, Exact::Over(_)) => {}
            AnalysisEvent::Verdict(verdict) => self.exact = self.exact_of(verdict),
        }
    }

    fn exact_of(&self, verdict: AnalysisVerdict) -> Exact {
        let AnalysisVerdict {
            outcome,
            line,
            horizon,
        } = verdict;
        match outcome {
            Outcome::Win { plies } => Exact::Forced {
                winner: self.turn,
                plies,
                line,
            },
            Outcome::Loss { plies } => Exact::Forced {
                winner: self.turn.other(),
                plies,
                line,
            },
            Outcome::Draw | Outcome::Unknown | Outcome::Score(_) => Exact::Unknown { horizon },
        }
    }

    /// The best line's value for Red; a proven result outranks the engine's.
    fn red_value(&self) -> Option<LineValue> {
        match &self.exact {
            Exact::Forced { winner, plies, .. } => Some(match winner {
                Color::Red => LineValue::Win { plies: *plies },
                Color::Black => LineValue::Loss { plies: *plies },
            }),
            _ => self.lines.first().map(|line| line.value.for_red(self.turn)),
        }
    }

    /// Red's share of the bar, in percent: half for an even game, all of it for a win of Red's.
    pub fn red_share(&self) -> f32 {
        match self.red_value() {
            None => 50.0,
            Some(LineValue::Win { .. }) => 100.0,
            Some(LineValue::Loss { .. }) => 0.0,
            // Half a soldier moves the bar by about a tenth; it nears an end as one side's lead
            // grows to a few soldiers, which is decisive on a board of 21 points.
            Some(LineValue::Score(score)) => {
                let soldiers = score as f32 / 100.0;
                50.0 + 50.0 * (soldiers / 2.5).tanh()
            }
        }
    }

    /// The evaluation as a number: `+0.35` (Red ahead), `−1.20`, `#3` (Red wins in 3 plies),
    /// `#−3`; empty before the first result.
    pub fn figure(&self) -> String {
        self.red_value().map_or_else(String::new, figure)
    }

    /// The evaluation in words, for screen readers.
    pub fn words(&self, lang: Lang) -> String {
        self.red_value().map_or_else(
            || text(lang, Key::EngineStarting).into(),
            |value| words(lang, value),
        )
    }

    /// `Depth 12 · 85k positions a second`, and on several threads, how many.
    pub fn progress(&self, lang: Lang) -> String {
        let (depth, speed) = (
            self.depth.to_string(),
            speed(lang, self.positions_per_second),
        );
        if self.threads > 1 {
            let threads = self.threads.to_string();
            fill(lang, Key::EngineDepthThreads, &[&depth, &speed, &threads])
        } else {
            fill(lang, Key::EngineDepth, &[&depth, &speed])
        }
    }

    /// A line's value as the number the evaluation shows.
    pub fn line_figure(&self, line: &EngineLine) -> String {
        figure(line.value.for_red(self.turn))
    }

    /// A line's value in words.
    pub fn line_words(&self, lang: Lang, line: &EngineLine) -> String {
        words(lang, line.value.for_red(self.turn))
    }

    /// The exact verdict in words, and its line.
    pub fn verdict(&self, lang: Lang) -> (String, Option<String>) {
        match &self.exact {
            Exact::Searching => (text(lang, Key::VerdictSearching).into(), None),
            Exact::Forced {
                winner,
                plies,
                line,
            } => {
                let said = fill(
                    lang,
                    Key::VerdictWinsByForce,
                    &[
                        text(lang, color_key(*winner)),
                        &moves_count(lang, winner_moves(*plies)),
                        &plies.to_string(),
                    ],
                );
                let moves: Vec<String> = line.iter().map(Move::to_string).collect();
                let line = fill(lang, Key::VerdictLine, &[&moves.join(" ")]);
                (said, Some(line))
            }
            Exact::Unknown { horizon } => (
                fill(lang, Key::VerdictUnknown, &[&horizon.to_string()]),
                None,
            ),
            Exact::Over(result) => (
                fill(
                    lang,
                    Key::VerdictOver,
                    // Named by colour: nobody plays the analysis board's sides.
                    &[text(
                        lang,
                        reason_key(*result, Mode::PassAndPlay { bottom: Color::Red }),
                    )],
                ),
                None,
            ),
        }
    }
}

/// The winner's own moves in a win of `plies` plies: the first and last are the winner's.
fn winner_moves(plies: u32) -> u32 {
    plies.div_ceil(2)
}

fn figure(value: LineValue) -> String {
    match value {
        LineValue::Win { plies } => format!("#{plies}"),
        LineValue::Loss { plies } => format!("#−{plies}"),
        LineValue::Score(0) => "0.00".into(),
        LineValue::Score(score) => {
            let sign = if score > 0 { "+" } else { "−" };
            let score = score.unsigned_abs();
            format!("{sign}{}.{:02}", score / 100, score % 100)
        }
    }
}

fn words(lang: Lang, value: LineValue) -> String {
    let soldiers = |score: u32| format!("{}.{:02}", score / 100, score % 100);
    let said = match value {
        LineValue::Win { plies } => fill(
            lang,
            Key::EvalRedWins,
            &[&moves_count(lang, winner_moves(plies))],
        ),
        LineValue::Loss { plies } => fill(
            lang,
            Key::EvalBlackWins,
            &[&moves_count(lang, winner_moves(plies))],
        ),
        LineValue::Score(0) => text(lang, Key::EvalEven).into(),
        LineValue::Score(score) if score > 0 => {
            fill(lang, Key::EvalRedBetter, &[&soldiers(score.unsigned_abs())])
        }
        LineValue::Score(score) => fill(
            lang,
            Key::EvalBlackBetter,
            &[&soldiers(score.unsigned_abs())],
        ),
    };
    fill(lang, Key::Evaluation, &[&said])
}

/// Positions a second as a reader counts them: `8.5 万个` in Chinese (with its measure word),
/// `85k` in English.
fn speed(lang: Lang, per_second: u64) -> String {
    let (unit, suffix) = match lang {
        Lang::Zh if per_second >= 10_000 => (10_000, " 万个"),
        Lang::Zh => return format!("{per_second} 个"),
        Lang::En if per_second >= 1_000_000 => (1_000_000, " million"),
        Lang::En if per_second >= 1_000 => (1_000, "k"),
        Lang::En => return per_second.to_string(),
    };
    let tenths = per_second * 10 / unit;
    match tenths % 10 {
        0 => format!("{}{suffix}", tenths / 10),
        rest => format!("{}.{rest}{suffix}", tenths / 10),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn readout(turn: Color, value: LineValue) -> Readout {
        Readout {
            turn,
            lines: vec![EngineLine {
                value,
                moves: vec!["b2c2".parse().unwrap()],
            }],
            depth: 9,
            positions_per_second: 85_300,
            exact: Exact::Unknown { horizon: 8 },
            threads: 1,
            shares: vec![None],
        }
    }

    #[test]
    fn the_shares_lines_merge_best_first_at_the_depth_all_have_reached() {
        let game = Game::new();
        let mut readout = Readout::new(&game, 2);
        let line = |value, m: &str| EngineLine {
            value,
            moves: vec![m.parse().unwrap()],
        };
        let found = |depth, nps, lines| {
            AnalysisEvent::Lines(EngineLines {
                depth,
                lines,
                nodes: 0,
                nps,
                elapsed: std::time::Duration::ZERO,
            })
        };
        readout.apply(
            0,
            found(
                7,
                1_000,
                vec![
                    line(LineValue::Score(30), "b2c2"),
                    line(LineValue::Score(-10), "a2a3"),
                ],
            ),
        );
        assert_eq!(
            (readout.lines.len(), readout.depth),
            (2, 7),
            "one share so far"
        );
        readout.apply(
            1,
            found(
                6,
                2_000,
                vec![
                    line(LineValue::Win { plies: 21 }, "c3c2"),
                    line(LineValue::Score(40), "d2d3"),
                ],
            ),
        );
        let firsts: Vec<String> = readout
            .lines
            .iter()
            .map(|l| l.moves[0].to_string())
            .collect();
        assert_eq!(firsts, ["c3c2", "d2d3"], "the best two of both");
        assert_eq!((readout.depth, readout.positions_per_second), (6, 3_000));
        assert_eq!(
            readout.progress(Lang::En),
            "Depth 6 · 3k positions a second · 2 threads"
        );
        assert_eq!(
            readout.progress(Lang::Zh),
            "深度 6，每秒 3000 个局面，2 个线程"
        );
    }

    #[test]
    fn values_are_shown_from_reds_side() {
        let black_ahead = readout(Color::Red, LineValue::Score(-120));
        assert_eq!(black_ahead.figure(), "−1.20");
        assert!(black_ahead.red_share() < 50.0);
        let red_ahead = readout(Color::Black, LineValue::Score(-35));
        assert_eq!(red_ahead.figure(), "+0.35");
        assert!(red_ahead.red_share() > 50.0);
        assert_eq!(
            red_ahead.words(Lang::En),
            "Evaluation: Red is 0.35 soldiers ahead"
        );
        assert_eq!(readout(Color::Red, LineValue::Score(0)).red_share(), 50.0);
        let lost = readout(Color::Black, LineValue::Win { plies: 3 });
        assert_eq!(lost.figure(), "#−3");
        assert_eq!(lost.red_share(), 0.0);
        assert_eq!(lost.words(Lang::Zh), "形势：黑方 2 步之内强制取胜");
    }

    #[test]
    fn a_proven_result_outranks_the_engines_value() {
        let mut proven = readout(Color::Red, LineValue::Score(20));
        proven.exact = Exact::Forced {
            winner: Color::Red,
            plies: 5,
            line: Vec::new(),
        };
        assert_eq!(proven.figure(), "#5");
        assert_eq!(proven.red_share(), 100.0);
    }

    #[test]
    fn the_verdict_counts_the_winners_moves_and_every_ply() {
        let mut forced = readout(Color::Red, LineValue::Win { plies: 3 });
        forced.exact = Exact::Forced {
            winner: Color::Red,
            plies: 3,
            line: ["b2c2", "b4b3", "c2c3"]
                .map(|m| m.parse().unwrap())
                .to_vec(),
        };
        let (said, line) = forced.verdict(Lang::En);
        assert_eq!(
            said,
            "Red wins by force in 2 moves (3 moves in all, both sides counted)"
        );
        assert_eq!(
            line.as_deref(),
            Some("The winning line against the longest defence: b2c2 b4b3 c2c3")
        );
        let (said, _) = forced.verdict(Lang::Zh);
        assert_eq!(said, "红方可以强制取胜，2 步之内（双方合计 3 步）");
        let unknown = readout(Color::Red, LineValue::Score(0));
        assert_eq!(
            unknown.verdict(Lang::Zh).0,
            "双方合计 8 步之内，谁都无法强制取胜"
        );
    }

    #[test]
    fn speed_and_depth_read_naturally() {
        let shown = readout(Color::Red, LineValue::Score(0));
        assert_eq!(
            shown.progress(Lang::En),
            "Depth 9 · 85.3k positions a second"
        );
        assert_eq!(shown.progress(Lang::Zh), "深度 9，每秒 8.5 万个局面");
        assert_eq!(speed(Lang::En, 2_500_000), "2.5 million");
        assert_eq!(speed(Lang::Zh, 9_000), "9000 个");
        assert_eq!(speed(Lang::En, 120_000), "120k");
    }

    #[test]
    fn the_solvers_verdict_names_the_winner() {
        let mut black_to_move = Readout::new(
            &Game::from_fen("BBB/BB.BB/..T../RR.RR/RRR b - 0").unwrap(),
            1,
        );
        assert_eq!(black_to_move.exact, Exact::Searching);
        let verdict = |outcome, horizon| {
            AnalysisEvent::Verdict(AnalysisVerdict {
                outcome,
                line: Vec::new(),
                horizon,
            })
        };
        black_to_move.apply(0, verdict(Outcome::Unknown, 7));
        assert_eq!(black_to_move.exact, Exact::Unknown { horizon: 7 });
        black_to_move.apply(0, verdict(Outcome::Loss { plies: 4 }, 4));
        assert_eq!(
            black_to_move.exact,
            Exact::Forced {
                winner: Color::Red,
                plies: 4,
                line: Vec::new()
            }
        );
        assert_eq!(black_to_move.figure(), "#4");
    }

    #[test]
    fn a_finished_game_says_how_it_ended() {
        let over = Game::from_fen("BBB/BB.BB/...../RR.RR/RRR b - 0").unwrap();
        let readout = Readout::new(&over, 1);
        assert!(matches!(readout.exact, Exact::Over(_)));
        assert!(readout
            .verdict(Lang::En)
            .0
            .starts_with("The game is over: "));
    }
}
