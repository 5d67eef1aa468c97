//! Master with endgame tables against Master without, from endgame positions the tables call
//! won for the side to move. From each position two games are played, Master with the tables
//! taking the winning side in one and the losing side in the other, and a third between two
//! Masters without tables, the yardstick for the winning side against the same defender; each
//! game ends by the rules, draws included. With exact values the tables' side should never
//! score less than the other from the same position, and should win in fewer plies.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;

use duobao_engine::{CancelToken, Level, SearchLimits, Searcher};
use duobao_rules::{Color, Game, Position};
use duobao_tablebase::{Probe, Slice, Tablebase};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A game still going after this many plies is scored as drawn (the quiet limit ends them
/// sooner, unless captures keep coming).
const MOST_PLIES: usize = 400;

pub struct EndgameSettings {
    /// Soldiers in all of the start positions.
    pub soldiers: u32,
    pub positions: usize,
    /// The shortest win a start position may have (shorter ones any search finds).
    pub min_plies: u32,
    pub movetime: Duration,
    pub seed: u64,
}

/// How one side fared attacking from the start positions.
#[derive(Default)]
struct Attacks {
    wins: usize,
    draws: usize,
    losses: usize,
    /// Plies of each game, by start position.
    plies: Vec<usize>,
    won: Vec<bool>,
    /// The attacker's points in each game: 1 a win, ½ a draw.
    points: Vec<f64>,
}

impl Attacks {
    fn record(&mut self, winner: Option<Color>, attacker: Color, plies: usize) {
        match winner {
            Some(color) if color == attacker => self.wins += 1,
            Some(_) => self.losses += 1,
            None => self.draws += 1,
        }
        self.won.push(winner == Some(attacker));
        self.points.push(match winner {
            Some(color) if color == attacker => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        });
        self.plies.push(plies);
    }
}

/// Plays the match and reports it.
pub fn endgame_match(tables: Tablebase, settings: &EndgameSettings) -> String {
    let tables = Arc::new(tables);
    let starts = won_positions(&tables, settings);
    let limits = SearchLimits {
        movetime: Some(settings.movetime),
        ..Level::Master.limits()
    };
    let mut with_tables = Searcher::new();
    with_tables.set_tablebase(Some(tables.clone()));
    let (mut without, mut other_without) = (Searcher::new(), Searcher::new());
    let mut tables_attacking = Attacks::default();
    let mut plain_attacking = Attacks::default();
    let mut plain_against_plain = Attacks::default();
    let mut shortest = Vec::new();
    for (i, start) in starts.iter().enumerate() {
        let Some(Probe::Win { plies }) = tables.probe(start) else {
            unreachable!("the start positions are won");
        };
        shortest.push(plies as usize);
        let attacker = start.turn();
        let (winner, length) = play(start, &mut with_tables, &mut without, limits);
        tables_attacking.record(winner, attacker, length);
        let (winner, length) = play(start, &mut without, &mut with_tables, limits);
        plain_attacking.record(winner, attacker, length);
        let (winner, length) = play(start, &mut without, &mut other_without, limits);
        plain_against_plain.record(winner, attacker, length);
        let game = |attacks: &Attacks| {
            let result = if attacks.won[i] { "won" } else { "not won" };
            format!("{} plies ({result})", attacks.plies[i])
        };
        eprintln!(
            "duobao: {}/{} {start}: win {plies}; master+tables against master {}, \
             master against master+tables {}, master against master {}",
            i + 1,
            starts.len(),
            game(&tables_attacking),
            game(&plain_attacking),
            game(&plain_against_plain),
        );
    }
    let attacks = [
        ("master+tables attacking master", &tables_attacking),
        ("master attacking master+tables", &plain_attacking),
        ("master attacking master", &plain_against_plain),
    ];
    report(&starts, &shortest, &attacks, settings)
}

/// The report: each pairing's results, the positions where the tables' side did worse, and
/// the average length of the wins.
fn report(
    starts: &[Position],
    shortest: &[usize],
    attacks: &[(&str, &Attacks); 3],
    settings: &EndgameSettings,
) -> String {
    let [(_, tables_attacking), (_, plain_attacking), (_, plain_against_plain)] = *attacks;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "endgames {} positions with {} soldiers, won for the side to move in {} to {} plies; \
         master {} ms a move",
        starts.len(),
        settings.soldiers,
        shortest.iter().min().unwrap_or(&0),
        shortest.iter().max().unwrap_or(&0),
        settings.movetime.as_millis()
    );
    for (name, attacks) in attacks {
        let _ = writeln!(
            out,
            "{name}: won {} drawn {} lost {}",
            attacks.wins, attacks.draws, attacks.losses
        );
    }
    // Over the two games of a position the side with the tables scores its points attacking
    // and what the other misses attacking it: less than the other exactly when it scores less
    // attacking than the other does.
    let worse = (0..starts.len())
        .filter(|&i| tables_attacking.points[i] < plain_attacking.points[i])
        .count();
    let _ = writeln!(
        out,
        "positions where master+tables scored less than master: {worse}"
    );
    let all_won: Vec<usize> = (0..starts.len())
        .filter(|&i| attacks.iter().all(|(_, games)| games.won[i]))
        .collect();
    let average = |plies: &dyn Fn(usize) -> usize| {
        all_won.iter().map(|&i| plies(i) as f64).sum::<f64>() / all_won.len().max(1) as f64
    };
    let _ = writeln!(
        out,
        "average plies to win over the {} positions won in all three: master+tables attacking master {:.1}, master attacking master+tables {:.1}, master attacking master {:.1}; the tables' shortest win against the longest defence {:.1}",
        all_won.len(),
        average(&|i| tables_attacking.plies[i]),
        average(&|i| plain_attacking.plies[i]),
        average(&|i| plain_against_plain.plies[i]),
        average(&|i| shortest[i]),
    );
    out
}

/// Random positions of the slices with `soldiers` in all that the tables call won, exactly and
/// in at least the settings' plies, for the side to move, either colour.
fn won_positions(tables: &Tablebase, settings: &EndgameSettings) -> Vec<Position> {
    let slices: Vec<Slice> = Slice::up_to(settings.soldiers)
        .into_iter()
        .filter(|slice| slice.soldiers() == settings.soldiers)
        .collect();
    let mut rng = SmallRng::seed_from_u64(settings.seed);
    let mut found = Vec::new();
    while found.len() < settings.positions {
        let slice = slices[rng.random_range(0..slices.len())];
        let turn = if rng.random_bool(0.5) {
            Color::Red
        } else {
            Color::Black
        };
        let position = slice.position(rng.random_range(0..slice.size()), turn);
        if matches!(tables.probe(&position), Some(Probe::Win { plies }) if plies >= settings.min_plies)
        {
            found.push(position);
        }
    }
    found
}

/// Plays a game from `start`, `attacker` moving first: the winner, if any, and its plies.
fn play(
    start: &Position,
    attacker: &mut Searcher,
    defender: &mut Searcher,
    limits: SearchLimits,
) -> (Option<Color>, usize) {
    let mut game = Game::from_position(*start);
    let first = start.turn();
    let never = CancelToken::new();
    while !game.is_over() && game.plies().len() < MOST_PLIES {
        let searcher = if game.position().turn() == first {
            &mut *attacker
        } else {
            &mut *defender
        };
        let m = searcher
            .search(&game, limits, &never, |_| {})
            .best
            .expect("a game not over has a move");
        game.play(m.into()).expect("the search plays legal moves");
    }
    let winner = game.result().and_then(|result| result.winner());
    (winner, game.plies().len())
}
