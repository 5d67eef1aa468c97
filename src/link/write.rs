//! A game as a link: `?moves=b2c2-d4d3-pass&ply=2`, with `fen=<start>` for a game that did not
//! begin at the start position, `end=black-resigns` or `end=draw-agreed` for a game the players
//! ended, and `ply` left out for the last. Opening one replays it through
//! the rules, move by move, and shows its review at that ply on any device.
//!
//! A move sent to a friend by link ([`crate::by_link`]) is the whole game so far, without `ply`,
//! marked `mode=link` and named by the game's id: `?moves=b2c2-b4b3&mode=link&game=<id>`. A
//! position on the analysis board is the same link marked `mode=analysis`.

use duobao_rules::{Concession, Game, Ply, Position};

/// The link's parameters.
pub const MOVES: &str = "moves";
pub const PLY: &str = "ply";
pub const FEN: &str = "fen";
pub const END: &str = "end";
pub const MODE: &str = "mode";
/// The game's id in a link sent by link: when it started, in milliseconds since 1970.
pub const GAME: &str = "game";
/// `mode=link`: a move sent to a friend.
pub const BY_LINK: &str = "link";
/// `mode=analysis`: the moves open on the analysis board rather than in a review.
pub const ANALYSIS: &str = "analysis";
/// Between the plies of `moves`.
const SEPARATOR: char = '-';

/// The first ply of a link that is not a legal one: its number (1 for the first) and its text.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct BadPly {
    pub number: usize,
    pub text: String,
}

/// The query of a link to `game` shown after `ply` plies (without the `?`).
pub fn game_query(game: &Game, ply: usize) -> String {
    let mut query = form_urlencoded::Serializer::new(String::new());
    let start = game.start_position();
    if *start != Position::start() {
        query.append_pair(FEN, &start.to_fen());
    }
    let plies: Vec<String> = game
        .plies()
        .iter()
        .map(|played| played.ply.to_string())
        .collect();
    query.append_pair(MOVES, &plies.join(&SEPARATOR.to_string()));
    if let Some(concession) = game.concession() {
        query.append_pair(END, &concession.to_string());
    }
    if ply < game.plies().len() {
        query.append_pair(PLY, &ply.to_string());
    }
    query.finish()
}

/// The query of the link that sends `game` (all of it) to the friend playing it by link, as the
/// game `id`.
pub fn by_link_query(game: &Game, id: u64) -> String {
    let mut query = game_query(game, game.plies().len());
    form_urlencoded::Serializer::for_suffix(&mut query, 0)
        .append_pair(MODE, BY_LINK)
        .append_pair(GAME, &id.to_string());
    query
}

/// The query of a link that opens `game` on the analysis board after `ply` plies.
pub fn analysis_query(game: &Game, ply: usize) -> String {
    let mut query = game_query(game, ply);
    form_urlencoded::Serializer::for_suffix(&mut query, 0).append_pair(MODE, ANALYSIS);
    query
}

/// The game a link's `moves` make from `start`, each ply replayed through the rules, ended as
/// its `end` says (an `end` that does not read, or after the game was over, is left out); the
/// first ply that does not read or is not legal, else.
pub fn replay(start: Position, moves: &str, end: Option<&str>) -> Result<Game, BadPly> {
    let mut game = Game::from_position(start);
    for (index, text) in moves
        .split(SEPARATOR)
        .filter(|text| !text.is_empty())
        .enumerate()
    {
        let played = text.parse::<Ply>().ok().and_then(|ply| game.play(ply).ok());
        if played.is_none() {
            return Err(BadPly {
                number: index + 1,
                text: text.to_string(),
            });
        }
    }
    if let Some(concession) = end.and_then(|end| end.parse::<Concession>().ok()) {
        // Refused only for a game already over, which keeps its own result.
        let _ = game.concede(concession);
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The link's game and ply read back from its query, as the page's address gives it.
    fn read_back(query: &str) -> (Game, usize) {
        let mut start = Position::start();
        let (mut moves, mut ply, mut end) = (String::new(), None, None);
        for (name, value) in form_urlencoded::parse(query.as_bytes()) {
            match &*name {
                FEN => start = Position::from_fen(&value).unwrap(),
                MOVES => moves = value.into_owned(),
                PLY => ply = value.parse().ok(),
                END => end = Some(value.into_owned()),
                _ => {}
            }
        }
        let game = replay(start, &moves, end.as_deref()).unwrap();
        let at = ply.unwrap_or(game.plies().len());
        (game, at)
    }

    /// A game of `length` plies from `start`, each chosen by `picks` among the legal ones, with a
    /// pass now and then.
    fn random_game(start: Position, picks: &[usize], concession: Option<Concession>) -> Game {
        let mut game = Game::from_position(start);
        for &pick in picks {
            if game.is_over() {
                break;
            }
            let moves = game.position().legal_moves();
            let ply = if pick % 7 == 0 || moves.is_empty() {
                Ply::Pass
            } else {
                Ply::Move(moves[pick % moves.len()])
            };
            if game.play(ply).is_err() {
                break;
            }
        }
        if let Some(concession) = concession {
            let _ = game.concede(concession);
        }
        game
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn any_game_makes_a_link_that_reads_back_as_itself(
            picks in proptest::collection::vec(0usize..1000, 0..60),
            from_elsewhere in any::<bool>(),
            shown in 0usize..70,
            ended in 0usize..4,
        ) {
            let start = if from_elsewhere {
                Position::from_fen("B.B/..BBB/BRR.R/RBT../RRR r - 12").unwrap()
            } else {
                Position::start()
            };
            let concession = [
                Concession::Resigned(duobao_rules::Color::Red),
                Concession::Resigned(duobao_rules::Color::Black),
                Concession::DrawAgreed,
            ]
            .get(ended)
            .copied();
            let game = random_game(start, &picks, concession);
            let ply = shown.min(game.plies().len());
            let query = game_query(&game, ply);
            prop_assert_eq!(query.contains("fen="), from_elsewhere);
            prop_assert_eq!(read_back(&query), (game, ply));
        }
    }

    #[test]
    fn a_link_reads_as_people_write_it() {
        let mut game = replay(Position::start(), "b2c2-b4b3-pass", None).unwrap();
        assert_eq!(game.plies().len(), 3);
        assert_eq!(game_query(&game, 3), "moves=b2c2-b4b3-pass");
        assert_eq!(game_query(&game, 1), "moves=b2c2-b4b3-pass&ply=1");
        assert_eq!(replay(Position::start(), "", None).unwrap(), Game::new());
        game.concede(Concession::DrawAgreed).unwrap();
        assert_eq!(game_query(&game, 3), "moves=b2c2-b4b3-pass&end=draw-agreed");
        let resigned = replay(Position::start(), "b2c2", Some("black-resigns")).unwrap();
        assert_eq!(resigned.result().unwrap().to_string(), "red resignation");
        let unknown = replay(Position::start(), "b2c2", Some("everyone-wins")).unwrap();
        assert_eq!(
            unknown.result(),
            None,
            "an end that does not read is left out"
        );
    }

    #[test]
    fn a_move_sent_by_link_carries_the_whole_game_its_mark_and_its_id() {
        let game = replay(Position::start(), "b2c2-b4b3", None).unwrap();
        let query = by_link_query(&game, 1_733_000_000_123);
        assert_eq!(query, "moves=b2c2-b4b3&mode=link&game=1733000000123");
        assert_eq!(read_back(&query), (game, 2));
        // An invitation, before Red's first move, and a resignation.
        assert_eq!(by_link_query(&Game::new(), 7), "moves=&mode=link&game=7");
        let resigned = replay(Position::start(), "b2c2", Some("black-resigns")).unwrap();
        assert_eq!(
            by_link_query(&resigned, 7),
            "moves=b2c2&end=black-resigns&mode=link&game=7"
        );
    }

    #[test]
    fn the_first_bad_ply_is_named() {
        assert_eq!(
            replay(Position::start(), "b2c2-b4b3-c3c5-pass", None),
            Err(BadPly {
                number: 3,
                text: "c3c5".into()
            })
        );
        assert_eq!(
            replay(Position::start(), "b2c2-zz", None),
            Err(BadPly {
                number: 2,
                text: "zz".into()
            })
        );
        // Legal notation, but Black's soldier on Red's turn.
        assert_eq!(
            replay(Position::start(), "b4b3", None).unwrap_err().number,
            1
        );
    }
}
