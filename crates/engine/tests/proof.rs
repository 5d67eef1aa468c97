//! The committed proof that Red wins from the start within 21 plies, checked by the rules alone
//! (see `Certificate::check`), and the same proof spoiled in each way a proof can be wrong.

use duobao_engine::{Certificate, CertificateError};
use duobao_rules::{Move, Position};

const PROOF: &[u8] = Certificate::START_WIN;

fn proof() -> Certificate {
    Certificate::from_bytes(PROOF).unwrap()
}

/// The start after `moves`.
fn after(moves: &str) -> (Position, Vec<Move>) {
    let line: Vec<Move> = moves.split(' ').map(|m| m.parse().unwrap()).collect();
    let mut position = Position::start();
    for &m in &line {
        position.play(m).unwrap();
    }
    (position, line)
}

#[test]
fn red_wins_from_the_start_within_21_plies() {
    let certificate = proof();
    assert_eq!(*certificate.start(), Position::start());
    assert_eq!(certificate.plies(), 21);
    assert_eq!(certificate.get(&Position::start()), "c3c2".parse().ok());
    let report = certificate.check().unwrap();
    assert_eq!(report.longest, 21);
}

#[test]
fn the_win_takes_21_plies_and_one_fewer_each_ply_of_the_proof_line() {
    let certificate = proof();
    let distances = certificate.distances();
    assert_eq!(distances.get(&Position::start()), Some(21));
    // Red's shortest win against Black's longest defence (docs/SOLVING.md).
    let line = "c3c2 b4c3 a2a3 e4e3 a3b4 a4a3 d2c3 a3a2 c1d2 c2c1 c3b3 c1c2 b2a3 c2c1 b1b2 c1b1 d2c2 e3d2 b1c1 d2c3 b2b1";
    let mut game = duobao_rules::Game::new();
    for (played, m) in line.split(' ').enumerate() {
        assert!(certificate.follows(&game));
        assert_eq!(
            distances.get(game.position()),
            Some(21 - played as u32),
            "{m}"
        );
        game.play(m.parse().unwrap()).unwrap();
    }
    assert!(game.is_over());
}

#[test]
fn a_missing_black_reply_is_named() {
    let mut certificate = proof();
    let (position, line) = after("c3c2 b4c3");
    certificate.remove(&position).unwrap();
    let error = certificate.check().unwrap_err();
    assert_eq!(error, CertificateError::Missing { position, line });
    let text = error.to_string();
    assert!(
        text.contains(&position.to_fen()) && text.contains("'c3c2 b4c3'"),
        "{text}"
    );
}

#[test]
fn an_illegal_red_move_fails() {
    let mut certificate = proof();
    let (position, line) = after("c3c2 b4c3 a2a3 e4e3");
    certificate.insert(&position, "c1c2".parse().unwrap());
    let error = certificate.check().unwrap_err();
    assert!(
        matches!(&error, CertificateError::Illegal { line: at, .. } if *at == line),
        "{error}"
    );
}

#[test]
fn the_proof_is_no_win_within_20_plies() {
    // The header is text: claim one ply less, the moves unchanged.
    let at = PROOF.windows(9).position(|w| w == b"plies 21\n").unwrap();
    let mut bytes = PROOF.to_vec();
    bytes[at + 7] = b'0';
    let error = Certificate::from_bytes(&bytes)
        .unwrap()
        .check()
        .unwrap_err();
    assert!(
        matches!(&error, CertificateError::TooLong { line, .. } if line.len() == 20),
        "{error}"
    );
}

#[test]
fn a_last_move_that_does_not_win_fails() {
    // The proof line's last Red move, b2b1, replaced by one that leaves the game going.
    let line = "c3c2 b4c3 a2a3 e4e3 a3b4 a4a3 d2c3 a3a2 c1d2 c2c1 c3b3 c1c2 b2a3 c2c1 b1b2 c1b1 \
                d2c2 e3d2 b1c1 d2c3";
    let (position, _) = after(line);
    let mut certificate = proof();
    assert_eq!(certificate.get(&position), "b2b1".parse().ok());
    let other = position
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| {
            let mut next = position;
            next.play(m).unwrap();
            next.win().is_none()
        })
        .unwrap();
    certificate.insert(&position, other);
    let error = certificate.check().unwrap_err();
    assert!(
        matches!(&error, CertificateError::TooLong { line, .. } if line.len() == 21),
        "{error}"
    );
}

#[test]
fn the_same_strategy_90_quiet_plies_into_a_game_runs_into_the_quiet_limit() {
    // The moves are keyed without the quiet count, so they still apply; the rules draw a line
    // at the 100th quiet ply, and a drawn leaf is no win.
    let start = b"start BBB/BB.BB/..T../RR.RR/RRR r - 0\n";
    let at = PROOF.windows(start.len()).position(|w| w == start).unwrap();
    let mut bytes = PROOF[..at].to_vec();
    bytes.extend_from_slice(b"start BBB/BB.BB/..T../RR.RR/RRR r - 90\n");
    bytes.extend_from_slice(&PROOF[at + start.len()..]);
    let error = Certificate::from_bytes(&bytes)
        .unwrap()
        .check()
        .unwrap_err();
    assert!(
        matches!(&error, CertificateError::NotAWin { line, .. } if line.len() == 10),
        "{error}"
    );
    assert!(error.to_string().contains("draw quiet"), "{error}");
}

/// The proof that Black wins within 29 plies after Red's first move d2e3 (and so, the board
/// being symmetric left to right, after b2a3): written by `duobao solve d2e3 --horizon 29
/// --certificate FILE` (docs/SOLVING.md, "The first moves").
const D2E3_BLACK_WIN: &[u8] = include_bytes!("../data/d2e3-black-win-29.proof");

#[test]
fn black_wins_within_29_plies_after_d2e3() {
    let certificate = Certificate::from_bytes(D2E3_BLACK_WIN).unwrap();
    let (position, _) = after("d2e3");
    assert_eq!(*certificate.start(), position);
    assert_eq!(certificate.plies(), 29);
    let report = certificate.check().unwrap();
    assert_eq!(report.longest, 29);
    // Red's longest defence against the stored moves takes all 29 (the solver found nothing
    // within 28).
    assert_eq!(certificate.distances().get(&position), Some(29));
}

/// The strategy form Master carries (`Certificate::START_WIN_STRATEGY`) is the committed proof's
/// strategy: written from it byte for byte, and read back, every position it reaches has the
/// proof's move, and it passes the check as the proof does.
#[test]
fn the_strategy_carried_is_the_proofs() {
    let proof = proof();
    assert!(
        proof.to_strategy_bytes().unwrap() == Certificate::START_WIN_STRATEGY,
        "data/start-win-21.strategy is not the proof's strategy: write it again with \
         `cargo test -p duobao-engine --test proof -- --ignored write_the_strategy_form`"
    );
    let carried = Certificate::from_strategy_bytes(Certificate::START_WIN_STRATEGY).unwrap();
    assert_eq!(carried.start(), proof.start());
    assert_eq!(carried.plies(), proof.plies());
    assert_eq!(carried.check().unwrap(), proof.check().unwrap());
    let distances = carried.distances();
    assert_eq!(distances.get(&Position::start()), Some(21));
    // Every position the strategy reaches has the proof's move: the proof stores no others.
    assert_eq!(carried.len(), proof.len());
    let mut position = Position::start();
    for m in "c3c2 b4c3 a2a3 e4e3 a3b4".split(' ') {
        assert_eq!(carried.get(&position), proof.get(&position), "{position}");
        position.play(m.parse().unwrap()).unwrap();
    }
    assert!(
        Certificate::START_WIN_STRATEGY.len() * 4 < PROOF.len(),
        "the strategy form is a quarter of the file form at most"
    );
}

#[test]
fn a_damaged_strategy_form_is_refused() {
    let bytes = Certificate::START_WIN_STRATEGY;
    let refused = |bytes: &[u8]| {
        matches!(
            Certificate::from_strategy_bytes(bytes),
            Err(CertificateError::Format(_))
        )
    };
    assert!(refused(&bytes[..bytes.len() - 1]), "a move missing");
    assert!(refused(&[bytes, &[0]].concat()), "a move too many");
    let announced = format!("moves {}\n", proof().len());
    let header_end = bytes
        .windows(announced.len())
        .position(|window| window == announced.as_bytes())
        .expect("the header announces the moves");
    let one_more = [
        &bytes[..header_end],
        format!("moves {}\n", proof().len() + 1).as_bytes(),
        &bytes[header_end + announced.len()..],
        &[0],
    ]
    .concat();
    assert!(refused(&one_more), "a move the walk never reaches");
    assert!(refused(PROOF), "the file form is not the strategy form");
    let mut past = bytes.to_vec();
    *past.last_mut().unwrap() = 200;
    assert!(refused(&past), "a move past the legal moves");
}

/// Writes data/start-win-21.strategy from the committed proof: run when the proof changes.
#[test]
#[ignore]
fn write_the_strategy_form() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/start-win-21.strategy");
    std::fs::write(path, proof().to_strategy_bytes().unwrap()).unwrap();
}
