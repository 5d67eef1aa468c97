//! A game kept in "Your games": how it ended, what the player saw of it (the opponent, their
//! colour, the result and its reason, the moves, when), a live online game's seat on the server
//! to play it on, the filters of the list, and the review's verdicts once analysed, in a compact
//! text that keeps a thousand games small.

use duobao_rules::{Color, Game, GameResult, Move};
use duobao_study::{PlyReview, Verdict};
use serde::{Deserialize, Serialize};

use crate::session::{Mode, OnlineSeat, SavedGame, SwapRule};

/// How a kept game ended.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Ending {
    Over(GameResult),
    /// A new game or a link replaced it before it ended.
    Unfinished,
}

/// A game in the archive.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KeptGame {
    /// Its place in the archive: games kept later have larger numbers.
    pub number: u64,
    /// When it started and when it was kept, in milliseconds since 1970 (UTC).
    pub started_ms: u64,
    pub kept_ms: u64,
    pub mode: Mode,
    /// The game as it was kept: its result, if it has one, is how it ended.
    pub game: Game,
    /// The review's verdicts, one a ply, once analysed (see [`encode_verdicts`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub verdicts: Vec<String>,
    /// A game played online and not over: its seat on the server, to play it on (absent once it
    /// ended, in every other game, and in games kept before online play).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub online: Option<LiveSeat>,
}

/// A live online game's place on the server as Your games keeps it: the seat (its server, the
/// game's id, the seat's secret, the last version applied, a move not yet acknowledged) and the
/// turn time, which the server tells only a client that starts from nothing.
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
pub struct LiveSeat {
    pub seat: OnlineSeat,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_seconds: Option<u32>,
}

/// How a game went for the player: against the computer, a friend by link or an opponent
/// online, for the player; between friends on one phone, for the side at the bottom of the
/// phone.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Outcome {
    Won,
    Lost,
    Drawn,
    Unfinished,
}

impl KeptGame {
    /// The player's colour: the side at the bottom of the board.
    pub fn colour(&self) -> Color {
        self.mode.bottom()
    }

    pub fn ending(&self) -> Ending {
        self.game.result().map_or(Ending::Unfinished, Ending::Over)
    }

    pub fn outcome(&self) -> Outcome {
        match self.ending() {
            Ending::Unfinished => Outcome::Unfinished,
            Ending::Over(result) => match result.winner() {
                None => Outcome::Drawn,
                Some(winner) if winner == self.colour() => Outcome::Won,
                Some(_) => Outcome::Lost,
            },
        }
    }

    /// The kept verdicts, if they belong to this game's plies.
    pub fn reviews(&self) -> Option<Vec<PlyReview>> {
        decode_verdicts(&self.game, &self.verdicts)
    }

    /// A game played online that goes on: kept with its seat while it was live, and not over.
    pub fn is_live_online(&self) -> bool {
        matches!(self.mode, Mode::Online { me: Some(_) })
            && self.online.is_some()
            && self.ending() == Ending::Unfinished
    }

    /// A live online game kept here, to play on as the game screen opens it
    /// (`GameStart::PlayOn`): the mode, the game as kept, its seat and turn time, its start and
    /// its number here, so that it is kept in its place again; `None` for any other game.
    /// The game screen then says `hello` with the seat's version and resends a move not yet
    /// acknowledged, as after a reload.
    pub fn play_on_online(&self) -> Option<SavedGame> {
        if !self.is_live_online() {
            return None;
        }
        let LiveSeat { seat, turn_seconds } = self.online.clone()?;
        Some(SavedGame {
            mode: self.mode,
            turn_seconds,
            game: self.game.clone(),
            hints: 0,
            counted: false,
            time_left_ms: None,
            started_ms: self.started_ms,
            kept_as: Some(self.number),
            swap: SwapRule::Off,
            draw_offer: None,
            online: Some(Box::new(seat)),
        })
    }
}

/// Which games the list shows, by opponent (a friend: on one phone or by link; an opponent
/// online).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub enum ModeFilter {
    #[default]
    All,
    VsAi,
    PassAndPlay,
    Online,
}

/// Which games the list shows, by outcome.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub enum OutcomeFilter {
    #[default]
    All,
    Only(Outcome),
}

/// Whether `kept` passes both filters.
pub fn shows(kept: &KeptGame, mode: ModeFilter, outcome: OutcomeFilter) -> bool {
    let mode_passes = matches!(
        (mode, kept.mode),
        (ModeFilter::All, _)
            | (ModeFilter::VsAi, Mode::VsAi { .. })
            | (
                ModeFilter::PassAndPlay,
                Mode::PassAndPlay { .. } | Mode::ByLink { .. }
            )
            | (ModeFilter::Online, Mode::Online { .. })
    );
    mode_passes
        && match outcome {
            OutcomeFilter::All => true,
            OutcomeFilter::Only(wanted) => kept.outcome() == wanted,
        }
}

const VERDICTS: [(Verdict, char); 5] = [
    (Verdict::Best, 'B'),
    (Verdict::Good, 'G'),
    (Verdict::Inaccuracy, 'I'),
    (Verdict::Mistake, 'M'),
    (Verdict::Blunder, 'X'),
];

/// A ply's outcome for its mover (the AI's, not the kept game's [`Outcome`]) as `w7`, `l4` or
/// `s-35`.
fn mover_outcome_text(outcome: duobao_engine::Outcome) -> String {
    match outcome {
        duobao_engine::Outcome::Win { plies } => format!("w{plies}"),
        duobao_engine::Outcome::Loss { plies } => format!("l{plies}"),
        duobao_engine::Outcome::Score(score) => format!("s{score}"),
        // A review scores these (a drawn game 0), so they are never kept; were one given, it
        // would read back as level.
        duobao_engine::Outcome::Draw | duobao_engine::Outcome::Unknown => "s0".to_string(),
    }
}

fn parse_mover_outcome(text: &str) -> Option<duobao_engine::Outcome> {
    let (kind, number) = text.split_at_checked(1)?;
    Some(match kind {
        "w" => duobao_engine::Outcome::Win {
            plies: number.parse().ok()?,
        },
        "l" => duobao_engine::Outcome::Loss {
            plies: number.parse().ok()?,
        },
        "s" => duobao_engine::Outcome::Score(number.parse().ok()?),
        _ => return None,
    })
}

/// The verdicts as one short line a ply: `X w21 l8 c3c2 b4b3 c3b2` (the verdict, the mover's
/// outcome before and after, the best move or `-`, the proof). The ply, its number and its
/// mover are the game's, so they are not repeated.
pub fn encode_verdicts(reviews: &[PlyReview]) -> Vec<String> {
    reviews
        .iter()
        .map(|review| {
            let verdict = VERDICTS
                .iter()
                .find(|(verdict, _)| *verdict == review.verdict)
                .map_or('G', |(_, letter)| *letter);
            let mut line = format!(
                "{verdict} {} {} {}",
                mover_outcome_text(review.before),
                mover_outcome_text(review.after),
                review.best.map_or("-".to_string(), |m| m.to_string())
            );
            for m in &review.proof {
                line.push(' ');
                line.push_str(&m.to_string());
            }
            line
        })
        .collect()
}

/// `game`'s verdicts read back; `None` when a line does not read or there are more lines than
/// plies (verdicts that are not this game's).
pub fn decode_verdicts(game: &Game, lines: &[String]) -> Option<Vec<PlyReview>> {
    let plies = game.plies();
    if lines.len() > plies.len() {
        return None;
    }
    lines
        .iter()
        .zip(plies)
        .enumerate()
        .map(|(index, (line, played))| {
            let mut words = line.split_whitespace();
            let letter = words.next()?.chars().next()?;
            let verdict = VERDICTS.iter().find(|(_, l)| *l == letter)?.0;
            let before = parse_mover_outcome(words.next()?)?;
            let after = parse_mover_outcome(words.next()?)?;
            let best = match words.next()? {
                "-" => None,
                m => Some(m.parse::<Move>().ok()?),
            };
            let proof = words
                .map(|m| m.parse::<Move>().ok())
                .collect::<Option<Vec<_>>>()?;
            Some(PlyReview {
                number: index + 1,
                ply: played.ply,
                mover: played.mover,
                before,
                after,
                verdict,
                best,
                proof,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::game_from;
    use duobao_engine::Level;
    use duobao_rules::{Concession, DrawReason};
    use duobao_study::{review_game, ReviewSettings};

    fn kept(mode: Mode, game: Game) -> KeptGame {
        KeptGame {
            number: 1,
            started_ms: 0,
            kept_ms: 0,
            mode,
            game,
            verdicts: Vec::new(),
            online: None,
        }
    }

    fn seat() -> LiveSeat {
        LiveSeat {
            // Read as the device keeps it, so that a field added to the seat needs no change here.
            seat: serde_json::from_str(
                r#"{"server":"https://example.org","id":"g7Kx2","secret":"s3cr3t","version":4,
                    "unacked":[2,"c3c2"]}"#,
            )
            .unwrap(),
            turn_seconds: Some(60),
        }
    }

    /// Red captures the treasure.
    fn red_wins() -> Game {
        game_from("BBB/BB.BB/.RT../...R./... r - 0", &["d2d3"])
    }

    /// The same position a third time.
    fn drawn() -> Game {
        game_from(
            duobao_rules::START_FEN,
            &[
                "b2b3", "b4c4", "b3b2", "c4b4", "b2b3", "b4c4", "b3b2", "c4b4",
            ],
        )
    }

    #[test]
    fn the_outcome_is_the_players_or_the_bottom_sides() {
        let as_black = Mode::VsAi {
            human: Color::Black,
            level: Level::Hard,
        };
        assert_eq!(kept(as_black, red_wins()).outcome(), Outcome::Lost);
        let friends = Mode::PassAndPlay { bottom: Color::Red };
        assert_eq!(kept(friends, red_wins()).outcome(), Outcome::Won);
        let draw = kept(friends, drawn());
        assert_eq!(
            draw.ending(),
            Ending::Over(GameResult::Draw(DrawReason::Repetition))
        );
        assert_eq!(draw.outcome(), Outcome::Drawn);
        assert_eq!(kept(friends, Game::new()).outcome(), Outcome::Unfinished);
        let mut resigned = Game::new();
        resigned
            .concede(Concession::Resigned(Color::Black))
            .unwrap();
        assert_eq!(kept(as_black, resigned.clone()).outcome(), Outcome::Lost);
        assert_eq!(kept(friends, resigned).outcome(), Outcome::Won);
        let mut agreed = Game::new();
        agreed.concede(Concession::DrawAgreed).unwrap();
        assert_eq!(kept(friends, agreed).outcome(), Outcome::Drawn);
    }

    #[test]
    fn a_resigned_game_is_kept_as_resigned_and_older_games_still_read() {
        let mut game = game_from(duobao_rules::START_FEN, &["b2c2"]);
        game.concede(Concession::Resigned(Color::Red)).unwrap();
        let resigned = kept(Mode::PassAndPlay { bottom: Color::Red }, game);
        let json = serde_json::to_string(&resigned).unwrap();
        assert!(json.contains(r#""end":"red-resigns""#), "{json}");
        let read: KeptGame = serde_json::from_str(&json).unwrap();
        assert_eq!(read, resigned);
        // Kept before games could be resigned, or with an end this version does not know.
        let older = json.replace(r#","end":"red-resigns""#, "");
        let read: KeptGame = serde_json::from_str(&older).unwrap();
        assert_eq!(read.outcome(), Outcome::Unfinished);
        let unknown = json.replace("red-resigns", "red-sulks");
        let read: KeptGame = serde_json::from_str(&unknown).unwrap();
        assert_eq!(read.outcome(), Outcome::Unfinished);
    }

    #[test]
    fn filters_pass_by_mode_and_outcome() {
        let lost = kept(
            Mode::VsAi {
                human: Color::Black,
                level: Level::Easy,
            },
            red_wins(),
        );
        assert!(shows(&lost, ModeFilter::All, OutcomeFilter::All));
        assert!(shows(
            &lost,
            ModeFilter::VsAi,
            OutcomeFilter::Only(Outcome::Lost)
        ));
        assert!(!shows(&lost, ModeFilter::PassAndPlay, OutcomeFilter::All));
        let by_link = kept(Mode::ByLink { me: Color::Black }, red_wins());
        assert!(shows(
            &by_link,
            ModeFilter::PassAndPlay,
            OutcomeFilter::Only(Outcome::Lost)
        ));
        assert!(!shows(&by_link, ModeFilter::VsAi, OutcomeFilter::All));
        assert!(!shows(
            &lost,
            ModeFilter::All,
            OutcomeFilter::Only(Outcome::Won)
        ));
    }

    #[test]
    fn online_games_pass_their_own_filter_from_the_players_side() {
        let as_black = Mode::Online {
            me: Some(Color::Black),
        };
        let lost = kept(as_black, red_wins());
        assert_eq!(lost.outcome(), Outcome::Lost);
        assert!(shows(
            &lost,
            ModeFilter::Online,
            OutcomeFilter::Only(Outcome::Lost)
        ));
        assert!(shows(&lost, ModeFilter::All, OutcomeFilter::All));
        assert!(!shows(&lost, ModeFilter::PassAndPlay, OutcomeFilter::All));
        assert!(!shows(&lost, ModeFilter::VsAi, OutcomeFilter::All));
        let by_link = kept(Mode::ByLink { me: Color::Black }, red_wins());
        assert!(!shows(&by_link, ModeFilter::Online, OutcomeFilter::All));
        let mut left = Game::new();
        left.concede(Concession::Abandoned(Color::Red)).unwrap();
        assert_eq!(kept(as_black, left).outcome(), Outcome::Won);
    }

    #[test]
    fn a_live_online_game_is_kept_with_its_seat_and_plays_on_where_it_was() {
        let as_red = Mode::Online {
            me: Some(Color::Red),
        };
        let live = KeptGame {
            number: 12,
            started_ms: 1_700,
            online: Some(seat()),
            ..kept(
                as_red,
                game_from(duobao_rules::START_FEN, &["b2c2", "b4b3"]),
            )
        };
        let json = serde_json::to_string(&live).unwrap();
        assert!(json.contains(r#""online":{"seat":{"#), "{json}");
        let read: KeptGame = serde_json::from_str(&json).unwrap();
        assert_eq!(read, live);
        assert!(live.is_live_online());
        let saved = live.play_on_online().unwrap();
        assert_eq!(saved.mode, as_red);
        assert_eq!(saved.online, Some(Box::new(seat().seat)));
        assert_eq!(saved.turn_seconds, Some(60));
        assert_eq!(saved.game, live.game);
        assert_eq!((saved.started_ms, saved.kept_as), (1_700, Some(12)));
        assert!(!saved.counted);

        // Over, or with no seat, or watched, or not online: nothing to play on.
        let mut over = live.clone();
        over.game
            .concede(Concession::Resigned(Color::Black))
            .unwrap();
        let seatless = KeptGame {
            online: None,
            ..live.clone()
        };
        let watched = KeptGame {
            mode: Mode::Online { me: None },
            ..live.clone()
        };
        let by_link = KeptGame {
            mode: Mode::ByLink { me: Color::Red },
            ..live.clone()
        };
        for other in [over, seatless, watched, by_link] {
            assert!(!other.is_live_online(), "{other:?}");
            assert_eq!(other.play_on_online(), None);
        }

        // Games kept before online play read as before, with no seat.
        let finished = serde_json::to_value(kept(as_red, red_wins())).unwrap();
        assert_eq!(finished.get("online"), None, "no seat written: {finished}");
        let before = r#"{"number":3,"started_ms":1,"kept_ms":2,"mode":{"by_link":{"me":"red"}},
            "game":{"start":"BBB/BB.BB/..T../RR.RR/RRR r - 0","plies":["b2c2"],"redo":[]}}"#;
        let read: KeptGame = serde_json::from_str(before).unwrap();
        assert_eq!((read.number, read.online), (3, None));
    }

    #[test]
    fn verdicts_read_back_as_they_were_analysed() {
        let game = game_from(duobao_rules::START_FEN, &["b2c2", "b4b3", "pass", "b3a3"]);
        // A shallow review: what matters here is that every kind of line reads back.
        let settings = ReviewSettings {
            horizon: 5,
            solver_nodes: 20_000,
            search_depth: 3,
        };
        let reviews = review_game(&game, settings);
        assert_eq!(reviews.len(), game.plies().len());
        let lines = encode_verdicts(&reviews);
        assert!(lines.iter().all(|line| line.len() < 80), "{lines:?}");
        assert_eq!(decode_verdicts(&game, &lines), Some(reviews.clone()));
        // Every kind of outcome, a blunder's proof, no best move.
        let mv = |text: &str| text.parse::<Move>().unwrap();
        let blunder = PlyReview {
            number: 1,
            ply: game.plies()[0].ply,
            mover: Color::Red,
            before: duobao_engine::Outcome::Score(-35),
            after: duobao_engine::Outcome::Loss { plies: 8 },
            verdict: Verdict::Blunder,
            best: None,
            proof: vec![mv("b4b3"), mv("c3b2")],
        };
        let won = PlyReview {
            number: 2,
            ply: game.plies()[1].ply,
            mover: Color::Black,
            before: duobao_engine::Outcome::Win { plies: 7 },
            after: duobao_engine::Outcome::Win { plies: 6 },
            verdict: Verdict::Best,
            best: Some(mv("b4b3")),
            proof: Vec::new(),
        };
        let made = vec![blunder, won];
        assert_eq!(decode_verdicts(&game, &encode_verdicts(&made)), Some(made));
        // Part of a review reads back as that part.
        assert_eq!(
            decode_verdicts(&game, &lines[..2]),
            Some(reviews[..2].to_vec())
        );
    }

    #[test]
    fn verdicts_that_do_not_read_are_none() {
        let game = game_from(duobao_rules::START_FEN, &["b2c2"]);
        for bad in ["", "Q w1 w1 -", "B w1", "B x1 w1 -", "B w1 w1 z9z9"] {
            assert_eq!(decode_verdicts(&game, &[bad.into()]), None, "{bad:?}");
        }
        let two = vec!["B w1 w1 -".to_string(), "B w1 w1 -".to_string()];
        assert_eq!(decode_verdicts(&game, &two), None, "more lines than plies");
    }
}
