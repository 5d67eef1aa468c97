//! What the endgame tables say of a game's position, in the solver's words: won or lost by
//! force in so many plies, with the line. The tables know no history, so the line is played
//! through the game's rules: a win that the game's own repetitions would draw is not claimed.

use duobao_rules::{Game, Move, Ply};
use duobao_tablebase::{Probe, Tablebase};

use duobao_engine::Outcome;
use duobao_engine::Solution;

/// The exact outcome of the game's position for the side to move and its line (the winner's
/// shortest win against the longest defence), when the tables hold the position and the line
/// ends the game as they say within the game's draw rules; `None` otherwise (a draw, a value
/// the quiet limit makes inexact, a position not held, a game already over), for the solver
/// to answer as without tables.
pub fn table_solution(tables: &Tablebase, game: &Game) -> Option<Solution> {
    let mover = game.position().turn();
    let (outcome, plies, winner) = match tables.probe(game.position())? {
        Probe::Win { plies } => (Outcome::Win { plies }, plies, mover),
        Probe::Loss { plies } if plies > 0 => (Outcome::Loss { plies }, plies, mover.other()),
        _ => return None,
    };
    let mut replay = game.clone();
    let mut line = Vec::with_capacity(plies as usize);
    while !replay.is_over() {
        let m = tables.best_move(replay.position())?;
        replay.play(Ply::Move(m)).ok()?;
        line.push(m);
    }
    let as_said = line.len() == plies as usize
        && replay.result().and_then(|result| result.winner()) == Some(winner);
    as_said.then_some(Solution {
        outcome,
        line,
        horizon: plies,
        finished: true,
        nodes: 0,
    })
}

/// Carries `line`, played from the game's position, on to the end of the game by the tables'
/// best moves when it stops in a position they call won or lost: a search's line stops where it
/// reads the tables. Each such move brings the end a ply closer, so this ends.
pub(crate) fn finish_line(tables: &Tablebase, game: &Game, line: &mut Vec<Move>) {
    let mut replay = game.clone();
    if line.iter().any(|&m| replay.play(Ply::Move(m)).is_err()) {
        return;
    }
    while !replay.is_over() {
        let decided = matches!(
            tables.probe(replay.position()),
            Some(Probe::Win { .. } | Probe::Loss { .. })
        );
        let Some(m) = tables.best_move(replay.position()).filter(|_| decided) else {
            return;
        };
        if replay.play(Ply::Move(m)).is_err() {
            return;
        }
        line.push(m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tables() -> Tablebase {
        Tablebase::build(3, |_| {}).unwrap()
    }

    #[test]
    fn a_held_win_comes_with_a_line_that_wins_in_as_many_plies() {
        let tables = tables();
        // Two soldiers against one: always won, here in more plies than a solver looks.
        let game = Game::from_fen("..B/...../..T../.R.../R.. r - 0").unwrap();
        let solution = table_solution(&tables, &game).unwrap();
        let Outcome::Win { plies } = solution.outcome else {
            panic!("{:?}", solution.outcome)
        };
        assert_eq!(solution.line.len(), plies as usize);
        assert_eq!(solution.horizon, plies);
        let mut replay = game.clone();
        for &m in &solution.line {
            replay.play(Ply::Move(m)).unwrap();
        }
        assert_eq!(
            replay.result().and_then(|result| result.winner()),
            Some(duobao_rules::Color::Red)
        );
        // The same position with the loser to move is a loss with the same kind of line.
        let lost = Game::from_fen("..B/...../..T../.R.../R.. b - 0").unwrap();
        assert!(table_solution(&tables, &lost).unwrap().outcome.is_loss());
    }

    #[test]
    fn a_line_that_stops_in_a_held_win_is_finished_by_the_tables() {
        let tables = tables();
        let game = Game::from_fen("..B/...../..T../.R.../R.. r - 0").unwrap();
        let first = tables.best_move(game.position()).unwrap();
        let mut line = vec![first];
        finish_line(&tables, &game, &mut line);
        assert_eq!(line, table_solution(&tables, &game).unwrap().line);
        // Not held (14 soldiers): the line stays as it is.
        let mut start_line = vec!["c3c2".parse().unwrap()];
        finish_line(&tables, &Game::new(), &mut start_line);
        assert_eq!(start_line.len(), 1);
    }

    #[test]
    fn positions_beyond_the_tables_or_drawn_are_left_to_the_solver() {
        let tables = tables();
        assert!(
            table_solution(&tables, &Game::new()).is_none(),
            "14 soldiers"
        );
        // One soldier each: almost always drawn.
        let drawn = Game::from_fen("..B/...../..T../...../R.. r - 0").unwrap();
        assert!(table_solution(&tables, &drawn).is_none());
    }
}
