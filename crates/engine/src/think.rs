//! The computer's move: [`choose_move`], the level's move for a game worked out on the thread
//! it is given, or why there is none; for Master on several threads or workers,
//! [`choose_in_share`] for each share of the root moves and [`best_of_shares`] among them.

use std::fmt;
use std::sync::Arc;

use duobao_rules::{Game, Move};
use duobao_tablebase::Tablebase;

use crate::cancel::CancelToken;
use crate::level::{Level, LevelPlayer};
use crate::search::{RootShare, MATE};

/// Why [`choose_move`] gave no move, or why the engine's work gave no answer: it was
/// cancelled, or it broke (`Failed`: a panic caught on an analysis's thread, or, in the app, a
/// thread or worker that died).
#[derive(Clone, Debug, Eq, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum ThinkError {
    /// The request was cancelled, before or after the search: its answer is not wanted.
    Cancelled,
    /// The game is over or its side to move has no legal move.
    NoMove,
    /// The search itself broke (its thread panicked or ended without an answer); the text says
    /// how, for the log.
    Failed(String),
}

impl fmt::Display for ThinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ThinkError::Cancelled => f.write_str("the request was cancelled"),
            ThinkError::NoMove => f.write_str("there is no move to play"),
            ThinkError::Failed(why) => write!(f, "the search failed: {why}"),
        }
    }
}

impl std::error::Error for ThinkError {}

/// The move `level` plays in the game's current position, searched here and now, or why there
/// is none: cancelled (also when `cancel` is raised as the search ends, so an outdated answer
/// is never played), or no move (the game is over). `seed` varies the lower levels' choice.
/// Master reads the `endgames` tables given (see [`Level::reads_endgame_tables`]) and plays
/// the proven win's moves at once.
pub fn choose_move(
    game: &Game,
    level: Level,
    seed: u64,
    endgames: Option<Arc<Tablebase>>,
    cancel: &CancelToken,
) -> Result<Move, ThinkError> {
    if cancel.is_cancelled() {
        return Err(ThinkError::Cancelled);
    }
    if game.is_over() {
        return Err(ThinkError::NoMove);
    }
    if let Some(known) = level.proven_move(game) {
        return Ok(known);
    }
    let mut player = LevelPlayer::new(level, seed);
    if level.reads_endgame_tables() {
        player.set_tablebase(endgames);
    }
    let (chosen, _) = player.choose_reporting(game, cancel);
    match chosen {
        _ if cancel.is_cancelled() => Err(ThinkError::Cancelled),
        Some(chosen) => Ok(chosen),
        None => Err(ThinkError::NoMove),
    }
}

/// The best move of one share of the root moves, its score for the side to move and the depth
/// its search completed: one worker's answer among several searching a position side by side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ShareMove {
    pub m: Move,
    pub score: i32,
    pub depth: u32,
}

/// [`choose_move`] for the moves of `share` only, with the score and depth that let
/// [`best_of_shares`] compare the shares' answers. For Master, which plays its best move (the
/// noisy levels choose among every move, which no share sees). A move of the proven win is
/// every share's answer at once, as a win. No move in the share is [`ThinkError::NoMove`].
pub fn choose_in_share(
    game: &Game,
    level: Level,
    share: RootShare,
    endgames: Option<Arc<Tablebase>>,
    cancel: &CancelToken,
) -> Result<ShareMove, ThinkError> {
    if cancel.is_cancelled() {
        return Err(ThinkError::Cancelled);
    }
    if game.is_over() {
        return Err(ThinkError::NoMove);
    }
    if let Some(known) = level.proven_move(game) {
        return Ok(ShareMove {
            m: known,
            score: MATE,
            depth: u32::MAX,
        });
    }
    let mut player = LevelPlayer::new(level, 0);
    if level.reads_endgame_tables() {
        player.set_tablebase(endgames);
    }
    let (best, info) = player.best_in_share(game, share, cancel);
    match best {
        _ if cancel.is_cancelled() => Err(ThinkError::Cancelled),
        Some(best) => Ok(ShareMove {
            m: best.mv,
            score: best.score,
            depth: info.depth,
        }),
        None => Err(ThinkError::NoMove),
    }
}

/// The move to play from the shares' answers: the best score (a deeper search first among
/// equals, then the first share); without any move, the failure if one broke, else why there
/// is none.
pub fn best_of_shares(answers: &[Result<ShareMove, ThinkError>]) -> Result<Move, ThinkError> {
    let best = answers
        .iter()
        .flatten()
        .enumerate()
        .max_by_key(|(index, answer)| (answer.score, answer.depth, std::cmp::Reverse(*index)));
    if let Some((_, best)) = best {
        return Ok(best.m);
    }
    let failed = answers
        .iter()
        .find(|answer| matches!(answer, Err(ThinkError::Failed(_))));
    let cancelled = answers.contains(&Err(ThinkError::Cancelled));
    match failed {
        Some(Err(failure)) => Err(failure.clone()),
        _ if cancelled => Err(ThinkError::Cancelled),
        _ => Err(ThinkError::NoMove),
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::outcome::Outcome;
    use crate::proven::proven;

    /// An early middle game, off the proven win's lines (the benchmark's second position).
    const MIDDLE_GAME: &str = "BBB/BBT.B/R.RB./R...R/RRR r - 4";

    fn choose(game: &Game, level: Level, cancel: &CancelToken) -> Result<Move, ThinkError> {
        choose_move(game, level, 1, None, cancel)
    }

    #[test]
    fn masters_shares_each_answer_a_move_of_their_own_and_the_best_is_played() {
        let game = Game::from_fen(MIDDLE_GAME).unwrap();
        let legal = game.position().legal_moves();
        let cancel = CancelToken::new();
        let answers: Vec<Result<ShareMove, ThinkError>> = (0..2)
            .map(|index| {
                choose_in_share(
                    &game,
                    Level::Master,
                    RootShare::new(index, 2),
                    None,
                    &cancel,
                )
            })
            .collect();
        for (index, answer) in answers.iter().enumerate() {
            let answer = answer.as_ref().expect("each share has moves");
            let at = legal.iter().position(|&m| m == answer.m).unwrap();
            assert_eq!(at % 2, index, "{answer:?} is share {index}'s");
            assert!(answer.depth >= 1);
        }
        let best = best_of_shares(&answers).unwrap();
        let top = answers.iter().flatten().map(|answer| answer.score).max();
        assert_eq!(
            answers
                .iter()
                .flatten()
                .find(|answer| answer.m == best)
                .map(|answer| answer.score),
            top
        );
    }

    #[test]
    fn on_the_proven_win_every_share_answers_its_move_at_once() {
        let game = Game::new();
        let share = |index| {
            choose_in_share(
                &game,
                Level::Master,
                RootShare::new(index, 3),
                None,
                &CancelToken::new(),
            )
        };
        let proven_first = choose(&game, Level::Master, &CancelToken::new()).unwrap();
        assert_eq!(share(2).map(|answer| answer.m), Ok(proven_first));
    }

    #[test]
    fn without_a_move_the_shares_say_why() {
        let answer = |score, depth| {
            Ok(ShareMove {
                m: "c3c2".parse().unwrap(),
                score,
                depth,
            })
        };
        let other = Ok(ShareMove {
            m: "a2a3".parse().unwrap(),
            score: 10,
            depth: 9,
        });
        assert_eq!(
            best_of_shares(&[answer(10, 8), other.clone(), Err(ThinkError::NoMove)]),
            Ok("a2a3".parse().unwrap()),
            "equal scores: the deeper search"
        );
        assert_eq!(
            best_of_shares(&[answer(10, 9), other]),
            Ok("c3c2".parse().unwrap()),
            "equal in all: the first share"
        );
        let failed = ThinkError::Failed("gone".into());
        assert_eq!(
            best_of_shares(&[Err(ThinkError::Cancelled), Err(failed.clone())]),
            Err(failed)
        );
        assert_eq!(
            best_of_shares(&[Err(ThinkError::NoMove), Err(ThinkError::Cancelled)]),
            Err(ThinkError::Cancelled)
        );
        assert_eq!(
            best_of_shares(&[Err(ThinkError::NoMove)]),
            Err(ThinkError::NoMove)
        );
    }

    #[test]
    fn the_move_chosen_is_legal() {
        let game = Game::new();
        let m = choose(&game, Level::Medium, &CancelToken::new()).unwrap();
        assert!(game.position().is_legal(m));
    }

    #[test]
    fn a_search_cancelled_from_another_thread_stops_promptly_with_no_move() {
        // Off the proven win's lines, where Master searches for up to its 1.5 s (on them it
        // answers at once).
        let game = Game::from_fen(MIDDLE_GAME).unwrap();
        let cancel = CancelToken::new();
        let canceller = cancel.clone();
        let cancelled_at = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            canceller.cancel();
            Instant::now()
        });
        assert_eq!(
            choose(&game, Level::Master, &cancel),
            Err(ThinkError::Cancelled)
        );
        let stopped_after = cancelled_at.join().unwrap().elapsed();
        assert!(
            stopped_after < Duration::from_millis(200),
            "{stopped_after:?}"
        );
    }

    #[test]
    fn a_request_cancelled_before_it_starts_or_on_a_finished_game_gives_no_move() {
        let cancel = CancelToken::new();
        cancel.cancel();
        assert_eq!(
            choose(&Game::new(), Level::Easy, &cancel),
            Err(ThinkError::Cancelled)
        );
        let won = Game::from_fen("BBB/BB.BB/...../RR.RR/RRR b - 0").unwrap();
        assert_eq!(
            choose(&won, Level::Easy, &CancelToken::new()),
            Err(ThinkError::NoMove)
        );
    }

    #[test]
    fn master_plays_the_proven_line_at_once_and_searches_otherwise() {
        let started = Instant::now();
        let first = choose(&Game::new(), Level::Master, &CancelToken::new());
        assert_eq!(first, Ok("c3c2".parse().unwrap()));
        assert!(
            started.elapsed() < Level::Master.budget() / 2,
            "{:?}",
            started.elapsed()
        );
        // The lower levels search from the start.
        assert_eq!(Level::Hard.proven_move(&Game::new()), None);
        // Master as Black on the proof's lines plays the longest defence the distances give: of
        // Black's replies to c3c2, one that loses in the most plies.
        let mut black = Game::new();
        black.play("c3c2".parse().unwrap()).unwrap();
        let defence = Level::Master
            .proven_move(&black)
            .expect("c3c2 is on the proof");
        let plies_after = |m: Move| {
            let mut after = black.clone();
            after.play(m.into()).unwrap();
            proven(&after).map(|known| known.outcome)
        };
        assert_eq!(plies_after(defence), Some(Outcome::Win { plies: 19 }));
        for &reply in &black.position().legal_moves() {
            match plies_after(reply) {
                Some(Outcome::Win { plies }) => assert!(plies <= 19, "{reply} {plies}"),
                other => panic!("{reply} leaves the proof: {other:?}"),
            }
        }
        // Off the proof (Red's own first move), Master searches.
        let mut off = Game::new();
        off.play("a2a3".parse().unwrap()).unwrap();
        assert_eq!(Level::Master.proven_move(&off), None);
    }

    #[test]
    fn errors_read_as_sentences() {
        assert_eq!(
            ThinkError::Failed("the search panicked: boom".into()).to_string(),
            "the search failed: the search panicked: boom"
        );
        assert_eq!(ThinkError::NoMove.to_string(), "there is no move to play");
    }
}
