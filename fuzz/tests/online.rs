//! The online games' doors: the frames a client sends on its socket, each read and then decided
//! against a game in play (any bytes may be refused, none may panic or change a game they do
//! not fit), and the stored events a server reads back at start-up.

use duobao_fuzz::{fuzz, Target, JSON_TOKENS};
use duobao_online::{ClientFrame, Decision, Event, GameState, Seat};

const T0: i64 = 1_800_000_000_000;

/// A game in play after a few plies, with a draw offered.
fn game_in_play() -> GameState {
    let mut game = GameState::new("fuzzgame01".into(), 60, T0, None);
    game.apply(&Event::Joined { at: T0 }).unwrap();
    for (ply, (notation, by)) in [("c3c2", Seat::Red), ("pass", Seat::Black)]
        .into_iter()
        .enumerate()
    {
        let played = Event::Move {
            ply: ply as u32,
            notation: notation.into(),
            by,
            at: T0,
        };
        game.apply(&played).unwrap();
    }
    game.apply(&Event::Offers {
        draw: Some(Seat::Black),
        rematch: None,
    })
    .unwrap();
    game
}

const FRAME_TOKENS: &[&[u8]] = &[
    b"\"t\"",
    b"\"hello\"",
    b"\"move\"",
    b"\"ply\"",
    b"\"secret\"",
    b"\"v\"",
    b"\"yes\"",
    b"\"resign\"",
    b"\"draw\"",
    b"\"rematch\"",
    b"\"abort\"",
    b"\"claim\"",
    b"\"ping\"",
    b"\"pass\"",
    b"\"c3c2\"",
    b"4294967296",
];

#[test]
fn fuzz_socket_frames() {
    let target = Target {
        name: "online socket frames",
        regressions: &[],
        seeds: &[
            br#"{"t":"hello","secret":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","v":3}"#,
            br#"{"t":"move","ply":2,"move":"b2b3"}"#,
            br#"{"t":"draw","yes":true}"#,
            br#"{"t":"rematch","yes":false}"#,
            br#"{"t":"resign"}"#,
            br#"{"t":"claim"}"#,
            br#"{"t":"abort"}"#,
            br#"{"t":"ping"}"#,
        ],
        tokens: &[JSON_TOKENS, FRAME_TOKENS].concat(),
    };
    let game = game_in_play();
    fuzz(&target, |bytes| {
        let Ok(text) = std::str::from_utf8(bytes) else {
            return;
        };
        let Ok(frame) = ClientFrame::read(text) else {
            return;
        };
        for seat in Seat::BOTH {
            for present in [false, true] {
                if let Ok(Decision::Store(events)) =
                    game.decide(seat, &frame, present, "rematch001", T0)
                {
                    // What is decided always fits the game it was decided on.
                    let mut after = game.clone();
                    for event in &events {
                        after.apply(event).unwrap();
                    }
                    assert_eq!(after.version, game.version + events.len() as u64);
                }
            }
        }
    });
}

#[test]
fn fuzz_stored_events() {
    let target = Target {
        name: "online stored events",
        regressions: &[],
        seeds: &[
            br#"{"t":"joined","at":1800000000000}"#,
            br#"{"t":"move","ply":2,"move":"b2b3","by":"red","at":1800000000000}"#,
            br#"{"t":"offers","draw":"black","rematch":null}"#,
            br#"{"t":"end","result":"red resignation","at":1800000000000}"#,
            br#"{"t":"rematch","id":"abcdefghij"}"#,
            br#"{"t":"clock","at":1800000000000}"#,
        ],
        tokens: &[
            JSON_TOKENS,
            FRAME_TOKENS,
            &[b"\"by\"", b"\"red\"", b"\"black\"", b"\"at\""],
        ]
        .concat(),
    };
    let game = game_in_play();
    fuzz(&target, |bytes| {
        let Ok(event) = Event::from_json(&String::from_utf8_lossy(bytes)) else {
            return;
        };
        // A stored event is applied or refused as not fitting; either way the game stays whole.
        let mut after = game.clone();
        if after.apply(&event).is_err() {
            assert_eq!(after.version, game.version);
            assert_eq!(after.moves(), game.moves());
        }
        assert_eq!(Event::from_json(&event.to_json()).unwrap(), event);
    });
}
