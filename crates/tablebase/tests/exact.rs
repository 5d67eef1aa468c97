//! The tables of every slice with at most 4 soldiers, built in memory, against the exact solver
//! (which applies every draw rule) on random positions of each slice; the lines the tables
//! play, played out by the rules; the files' round trip and damage checks, the packed files'
//! (as the app carries them) too; and each pair built alone from the smaller slices' files, as a
//! machine of a cluster builds it.

use std::sync::OnceLock;

use duobao_engine::{Budget, Outcome, Solver};
use duobao_rules::{Color, Game, GameResult, Point, PointSet, Position, QUIET_LIMIT};
use duobao_tablebase::{file, BuildError, Probe, Slice, Tablebase};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const MAX_SOLDIERS: u32 = 4;

fn tables() -> &'static Tablebase {
    static TABLES: OnceLock<Tablebase> = OnceLock::new();
    TABLES.get_or_init(|| Tablebase::build(MAX_SOLDIERS, |_| {}).expect("the tables build"))
}

/// A random position of `slice`: any points, either colour to move, either lock, and a quiet
/// count that is mostly low but now and then close to the limit, where it matters.
fn random_position(slice: Slice, rng: &mut SmallRng) -> Position {
    let mut points: Vec<Point> = Point::all().collect();
    for i in 0..points.len() {
        let j = rng.random_range(i..points.len());
        points.swap(i, j);
    }
    let take = |from: &[Point]| from.iter().copied().collect::<PointSet>();
    let mover = take(&points[1..1 + slice.mover as usize]);
    let opponent = take(&points[1 + slice.mover as usize..1 + slice.soldiers() as usize]);
    let turn = if rng.random_bool(0.5) {
        Color::Red
    } else {
        Color::Black
    };
    let (red, black) = match turn {
        Color::Red => (mover, opponent),
        Color::Black => (opponent, mover),
    };
    let quiet = if rng.random_bool(0.7) {
        rng.random_range(0..10)
    } else {
        rng.random_range(QUIET_LIMIT - 30..=QUIET_LIMIT)
    };
    Position::new(
        red,
        black,
        Some(points[0]),
        turn,
        rng.random_bool(0.5),
        quiet,
    )
    .unwrap()
}

/// The solver's horizon: a win or loss the tables give within it must be the solver's, and one
/// longer than it, or a draw, must be unknown to the solver within it.
const HORIZON: u32 = 13;

#[test]
fn every_slice_agrees_with_the_exact_solver_on_random_positions() {
    let mut rng = SmallRng::seed_from_u64(20);
    let mut solver = Solver::with_table_megabytes(16);
    let mut seen = std::collections::HashMap::<String, usize>::new();
    for slice in Slice::up_to(MAX_SOLDIERS) {
        // Random positions, then more of those decided within the horizon, whose distances the
        // solver checks exactly (in some slices they are rare).
        let (mut random, mut short) = (0, 0);
        while random < 30 || short < 10 {
            let position = random_position(slice, &mut rng);
            let probe = tables().probe(&position).expect("the slice is held");
            let within =
                matches!(probe, Probe::Win { plies } | Probe::Loss { plies } if plies <= HORIZON);
            if random >= 30 && !within {
                continue;
            }
            random += 1;
            short += usize::from(within);
            let game = Game::from_position(position);
            let solved = solver.solve(&game, HORIZON, &Budget::default()).outcome;
            let agrees = match probe {
                Probe::Win { plies } | Probe::Loss { plies } if plies > HORIZON => {
                    solved == Outcome::Unknown
                }
                Probe::Win { plies } => solved == Outcome::Win { plies },
                Probe::Loss { plies } => solved == Outcome::Loss { plies },
                Probe::Draw if game.is_over() => solved == Outcome::Draw,
                Probe::Draw => solved == Outcome::Unknown,
                // Not exact: no better than the value without the quiet limit, and no loss.
                Probe::WinOrDraw { plies } => {
                    !solved.is_loss() && !matches!(solved, Outcome::Win { plies: p } if p < plies)
                }
                Probe::LossOrDraw { plies } => {
                    !solved.is_win() && !matches!(solved, Outcome::Loss { plies: p } if p < plies)
                }
            };
            assert!(agrees, "{position}: tables {probe}, solver {solved}");
            let kind = probe.to_string();
            *seen
                .entry(kind.split(' ').next().unwrap().to_string())
                .or_default() += 1;
        }
    }
    eprintln!("{seen:?}");
    for kind in ["win", "loss", "draw", "win-or-draw", "loss-or-draw"] {
        assert!(seen.get(kind).copied().unwrap_or(0) >= 3, "{seen:?}");
    }
}

#[test]
fn the_tables_lines_win_by_the_rules_in_the_plies_they_say() {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut played = 0;
    while played < 60 {
        let slice = Slice::up_to(MAX_SOLDIERS)[rng.random_range(0..6)];
        let position = random_position(slice, &mut rng);
        let Some(Probe::Win { plies }) = tables().probe(&position) else {
            continue;
        };
        let mut game = Game::from_position(position);
        for _ in 0..plies {
            let m = tables()
                .best_move(game.position())
                .expect("a decided game has a move");
            game.play(m.into()).unwrap();
        }
        let winner = game.result().and_then(GameResult::winner);
        assert_eq!(winner, Some(position.turn()), "{position} in {plies}");
        played += 1;
    }
}

#[test]
fn a_finished_game_is_lost_in_0_and_more_soldiers_are_outside_the_tables() {
    let treasure_taken = Position::from_fen("B../...../.R.R./...../... b - 0").unwrap();
    assert_eq!(
        tables().probe(&treasure_taken),
        Some(Probe::Loss { plies: 0 })
    );
    let at_the_limit = Position::from_fen("B../...../..T../.R.R./... b - 100").unwrap();
    assert_eq!(tables().probe(&at_the_limit), Some(Probe::Draw));
    assert_eq!(tables().probe(&Position::start()), None);
    assert_eq!(tables().max_soldiers(), MAX_SOLDIERS);
}

#[test]
fn files_round_trip_and_a_damaged_byte_is_an_error_naming_the_file() {
    let dir = std::env::temp_dir().join(format!("duobao-tablebase-test-{}", std::process::id()));
    let written = file::save(tables(), &dir).unwrap();
    assert_eq!(written.len(), Slice::up_to(MAX_SOLDIERS).len());
    let loaded = file::load(&dir).unwrap();
    for table in tables().tables() {
        assert_eq!(loaded.get(table.slice()), Some(table));
    }
    assert_eq!(loaded.max_soldiers(), MAX_SOLDIERS);

    let damaged = dir.join(file::file_name(Slice::new(2, 2).unwrap()));
    let mut bytes = std::fs::read(&damaged).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&damaged, &bytes).unwrap();
    let error = file::load(&dir).unwrap_err();
    assert_eq!(error.path, damaged);
    assert!(error.to_string().contains("2v2.dtb"), "{error}");
    assert!(error.problem.contains("checksum"), "{error}");

    bytes[middle] ^= 0x10;
    std::fs::write(&damaged, &bytes[..bytes.len() - 1]).unwrap();
    let error = file::load(&dir).unwrap_err();
    assert_eq!(error.path, damaged, "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        file::load(&dir).is_err(),
        "an empty directory holds no tables"
    );
}

#[test]
fn every_slice_packs_and_unpacks_to_the_same_table_and_the_same_probes() {
    let mut unpacked = Tablebase::new();
    for table in tables().tables() {
        let slice = table.slice();
        let packed = file::pack(table);
        assert_eq!(packed.len(), file::encode(table).len(), "{slice}");
        let back = file::read_packed(file::packed_file_name(slice), &packed, slice).unwrap();
        assert_eq!(&back, table, "{slice}: values and budgets");
        assert_eq!(file::pack(&back), packed, "{slice}");
        // Why the packed files compress so well (docs/SOLVING.md, "What the app carries"): the
        // budget is the distance itself, packed as 0, in every slice but 2v2.
        let budgets_are_distances = packed[32..].chunks_exact(2).all(|pair| pair[1] == 0);
        assert_eq!(
            budgets_are_distances,
            slice != Slice::new(2, 2).unwrap(),
            "{slice}"
        );
        unpacked.insert(back);
    }
    assert_eq!(unpacked.max_soldiers(), MAX_SOLDIERS);

    let mut rng = SmallRng::seed_from_u64(3);
    for _ in 0..20_000 {
        let slice = Slice::up_to(MAX_SOLDIERS)[rng.random_range(0..6)];
        let position = random_position(slice, &mut rng);
        assert_eq!(
            unpacked.probe(&position),
            tables().probe(&position),
            "{position}"
        );
        assert_eq!(
            unpacked.best_move(&position),
            tables().best_move(&position),
            "{position}"
        );
    }
}

#[test]
fn a_damaged_truncated_or_misplaced_packed_file_is_an_error_naming_it() {
    let slice = Slice::new(2, 2).unwrap();
    let mut bytes = file::pack(tables().get(slice).unwrap());
    let name = file::packed_file_name(slice);
    assert_eq!(name, "2v2.dtp");
    let middle = bytes.len() / 2 + 1;
    bytes[middle] ^= 0x10;
    let error = file::read_packed(&name, &bytes, slice).unwrap_err();
    assert_eq!(
        error.to_string(),
        "2v2.dtp: checksum mismatch: the file is damaged"
    );
    bytes[middle] ^= 0x10;
    let error = file::read_packed(&name, &bytes[..bytes.len() - 1], slice).unwrap_err();
    assert!(error.to_string().starts_with("2v2.dtp: "), "{error}");
    assert!(
        error.problem.contains("bytes for 755820 entries"),
        "{error}"
    );
    let error = file::read_packed(&name, &bytes, Slice::new(1, 3).unwrap()).unwrap_err();
    assert_eq!(error.problem, "not the table of slice 1v3");
    let error =
        file::read_packed(&name, &file::encode(tables().get(slice).unwrap()), slice).unwrap_err();
    assert_eq!(error.problem, "a table file, not a packed table file");
    bytes[..8].copy_from_slice(b"DUOBAOTX");
    let error = file::read_packed(&name, &bytes, slice).unwrap_err();
    assert_eq!(error.problem, "not a packed table file");
}

#[test]
fn a_pair_built_alone_from_the_mapped_files_of_its_prerequisites_is_the_same() {
    let dir = std::env::temp_dir().join(format!("duobao-tablebase-pairs-{}", std::process::id()));
    file::save(tables(), &dir).unwrap();
    for pair in Slice::pairs(MAX_SOLDIERS) {
        let mut smaller = Tablebase::new();
        for needed in pair.prerequisites() {
            let path = dir.join(file::file_name(needed));
            let mapped = file::map(&path, needed).unwrap();
            assert_eq!(Some(&mapped), tables().get(needed));
            smaller.insert(mapped);
        }
        let built = smaller.build_pair(pair, |_| {}).unwrap();
        let mut slices = vec![pair];
        if pair.twin() != pair {
            slices.push(pair.twin());
        }
        let expected: Vec<_> = slices
            .iter()
            .map(|&slice| tables().get(slice).unwrap().clone())
            .collect();
        assert_eq!(built, expected, "{pair}");
        if let Some(&needed) = pair.prerequisites().last() {
            let mut fewer = Tablebase::new();
            for table in smaller.tables().filter(|table| table.slice() != needed) {
                fewer.insert(table.clone());
            }
            assert_eq!(
                fewer.build_pair(pair, |_| {}).unwrap_err(),
                BuildError::Missing(needed)
            );
        }
    }

    // Written whole under another name, then renamed: no temporary file stays.
    let slice = Slice::new(1, 2).unwrap();
    let path = file::write(tables().get(slice).unwrap(), &dir).unwrap();
    assert_eq!(path, dir.join("1v2.dtb"));
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".tmp"))
        .collect();
    assert!(names.is_empty(), "{names:?}");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[40] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let error = file::map(&path, slice).unwrap_err();
    assert!(
        error.to_string().contains("1v2.dtb: checksum mismatch"),
        "{error}"
    );
    bytes[40] ^= 1;
    bytes[8] = 2;
    std::fs::write(&path, &bytes).unwrap();
    let error = file::map(&path, slice).unwrap_err();
    assert!(
        error.to_string().contains("format version 2, expected 1"),
        "{error}"
    );
    let error = file::map(&dir.join("1v9.dtb"), slice).unwrap_err();
    assert!(error.to_string().contains("1v9.dtb"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}
