//! Fuzz targets for the rules' text formats: FEN, move notation and saved games (JSON), each
//! refusing bad input with an error, never a panic, and round-tripping what it accepts.

use duobao_fuzz::{fuzz, Target, JSON_TOKENS};
use duobao_rules::{perft, Game, Move, Ply, Position, QUIET_LIMIT, START_FEN};

const FEN_TOKENS: &[&[u8]] = &[
    b"R",
    b"B",
    b"T",
    b".",
    b"/",
    b" ",
    b"r",
    b"b",
    b"L",
    b"-",
    b"0",
    b"99",
    b"100",
    b"101",
    b"4294967295",
    b"4294967296",
    b"\xff",
    b"\xc3\xa9",
    b"\0",
];

const FEN_SEEDS: &[&[u8]] = &[
    START_FEN.as_bytes(),
    b"B../...../.RT../...R./... r - 0",
    b"BBB/BB.BB/...../RR.RR/RRR b - 0",
    b"BBB/BB.BB/..T../RR.RR/RRR r - 100",
    b"BBB/BB.BB/...../RRTRR/RRR b L 1",
];

/// A position that parsed is one a game can reach, and prints as it parses.
fn check_position(position: &Position) {
    assert!(position.quiet_plies() <= QUIET_LIMIT, "{position}");
    assert!(position.treasure().is_some() || !position.treasure_locked());
    assert!(!position.soldiers(position.turn().other()).is_empty());
    assert_eq!(Position::from_fen(&position.to_fen()), Ok(*position));
    assert_eq!(position.hash(), position.compute_hash());
    let game = Game::from_position(*position);
    assert_eq!(position.win().is_some(), position.legal_moves().is_empty());
    assert!(game.result().is_some() || !position.legal_moves().is_empty());
    perft(position, 2);
}

#[test]
fn fuzz_fen() {
    let target = Target {
        name: "FEN",
        regressions: &[
            b"BBB/BB.BB/..T../RR.RR/RRR r - 4294967295",
            b"BBB/BB.BB/...../RR.RR/RRR b L 0",
            b".../...../..T../RR.RR/RRR r - 0",
        ],
        seeds: FEN_SEEDS,
        tokens: FEN_TOKENS,
    };
    fuzz(&target, |bytes| {
        if let Ok(position) = Position::from_fen(&String::from_utf8_lossy(bytes)) {
            check_position(&position);
        }
    });
}

#[test]
fn fuzz_move_notation() {
    let target = Target {
        name: "move notation",
        regressions: &[],
        seeds: &[b"c1c2", b"pass", b"c3b3", b"a2a3"],
        tokens: &[
            b"a",
            b"b",
            b"c",
            b"d",
            b"e",
            b"1",
            b"3",
            b"5",
            b"6",
            b"0",
            b"pass",
            b"\xff",
            b"\xe4\xb8\x83",
        ],
    };
    fuzz(&target, |bytes| {
        let text = String::from_utf8_lossy(bytes);
        if let Ok(m) = text.parse::<Move>() {
            assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
        if let Ok(ply) = text.parse::<Ply>() {
            assert_eq!(ply.to_string().parse::<Ply>(), Ok(ply));
            let mut game = Game::new();
            let legal = match ply {
                Ply::Move(m) => game.position().is_legal(m),
                Ply::Pass => true,
            };
            assert_eq!(game.play(ply).is_ok(), legal, "{ply}");
        }
    });
}

#[test]
fn fuzz_saved_games() {
    let target = Target {
        name: "saved games (JSON)",
        regressions: &[],
        seeds: &[
            br#"{"start":"BBB/BB.BB/..T../RR.RR/RRR r - 0","plies":["c1c2","b4c4"],"redo":["pass"]}"#,
            br#"{"start":"B../...../.RT../...R./... r - 0","plies":["d2d3"]}"#,
            br#"{"start":"BBB/BB.BB/..T../RR.RR/RRR r - 98","plies":["pass","pass"],"redo":[]}"#,
        ],
        tokens: &[
            JSON_TOKENS,
            FEN_TOKENS,
            &[b"\"start\"", b"\"plies\"", b"\"redo\"", b"\"pass\"", b"\"c1c2\"", b"\"c3c2\""],
        ]
        .concat(),
    };
    fuzz(&target, |bytes| {
        if let Ok(game) = serde_json::from_slice::<Game>(bytes) {
            check_position(game.start_position());
            let saved = serde_json::to_vec(&game).unwrap();
            assert_eq!(serde_json::from_slice::<Game>(&saved).unwrap(), game);
        }
    });
}
