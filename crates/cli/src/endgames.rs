//! Master with endgame tables against Master without, from endgame positions the tables call
//! won for the side to move. From each position two games are played, Master with the tables
//! taking the winning side in one and the losing side in the other; each game ends by the rules,
//! draws included. With exact values the tables' side should never score less than the other
//! from the same position, and should win in fewer plies.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Duration;

use duobao_ai::{CancelToken, Level, SearchLimits, Searcher};
use duobao_rules::{Color, Game, Position};
use duobao_tablebase::{Probe, Slice, Tablebase};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Won positions shorter than this are left out: any search finds them.
const SHORTEST_WIN: u32 = 9;
/// A game still going after this many plies is scored as drawn (the quiet limit ends them
/// sooner, unless captures keep coming).
const MOST_PLIES: usize = 400;

pub struct EndgameSettings {
    /// Soldiers in all of the start positions.
    pub soldiers: u32,
    pub positions: usize,
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
}

impl Attacks {
    fn record(&mut self, winner: Option<Color>, attacker: Color, plies: usize) {
        match winner {
            Some(color) if color == attacker => self.wins += 1,
            Some(_) => self.losses += 1,
            None => self.draws += 1,
        }
        self.won.push(winner == Some(attacker));
        self.plies.push(plies);
    }

    /// The points of the attacker in game `i`.
    fn points(&self, i: usize) -> f64 {
        f64::from(u8::from(self.won[i]))
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
    let mut without = Searcher::new();
    let (mut tables_attacking, mut plain_attacking) = (Attacks::default(), Attacks::default());
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
        eprintln!(
            "duobao: {}/{} {start}: win {plies}; with the tables {} plies ({}), without {} ({})",
            i + 1,
            starts.len(),
            tables_attacking.plies[i],
            if tables_attacking.won[i] {
                "won"
            } else {
                "not won"
            },
            plain_attacking.plies[i],
            if plain_attacking.won[i] {
                "won"
            } else {
                "not won"
            },
        );
    }
    report(
        &starts,
        &shortest,
        &tables_attacking,
        &plain_attacking,
        settings,
    )
}

fn report(
    starts: &[Position],
    shortest: &[usize],
    tables_attacking: &Attacks,
    plain_attacking: &Attacks,
    settings: &EndgameSettings,
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "endgames {} positions with {} soldiers, won for the side to move in {} to {} plies; master {} ms a move",
        starts.len(),
        settings.soldiers,
        shortest.iter().min().unwrap_or(&0),
        shortest.iter().max().unwrap_or(&0),
        settings.movetime.as_millis()
    );
    for (name, attacks) in [
        ("master+tables", tables_attacking),
        ("master", plain_attacking),
    ] {
        let _ = writeln!(
            out,
            "{name} attacking: won {} drawn {} lost {}",
            attacks.wins, attacks.draws, attacks.losses
        );
    }
    // Points of the side with the tables over both games of a position, against the other's.
    let worse = (0..starts.len())
        .filter(|&i| tables_attacking.points(i) < plain_attacking.points(i))
        .count();
    let _ = writeln!(
        out,
        "positions where master+tables scored less than master: {worse}"
    );
    let both: Vec<usize> = (0..starts.len())
        .filter(|&i| tables_attacking.won[i] && plain_attacking.won[i])
        .collect();
    let average = |plies: &dyn Fn(usize) -> usize| {
        both.iter().map(|&i| plies(i) as f64).sum::<f64>() / both.len().max(1) as f64
    };
    let _ = writeln!(
        out,
        "average plies to win over the {} positions both won: master+tables {:.1}, master {:.1}, shortest {:.1}",
        both.len(),
        average(&|i| tables_attacking.plies[i]),
        average(&|i| plain_attacking.plies[i]),
        average(&|i| shortest[i]),
    );
    out
}

/// Random positions of the slices with `soldiers` in all that the tables call won, exactly and
/// in at least [`SHORTEST_WIN`] plies, for the side to move, either colour.
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
        if matches!(tables.probe(&position), Some(Probe::Win { plies }) if plies >= SHORTEST_WIN) {
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
