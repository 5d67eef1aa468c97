//! The store's conformance suite: every check runs against SQLite (a new file) and against
//! PostgreSQL (a new schema on the server in `DUOBAO_TEST_POSTGRES`, which
//! `scripts/with-postgres.sh` starts; without it the PostgreSQL half is skipped, unless
//! `DUOBAO_REQUIRE_POSTGRES=1`, as the test command sets, makes that a failure).

use std::future::Future;
use std::time::Duration;

use duobao_online::store::{Append, Appended, NewGame, Notice, Pairing, Seek, SeekState};
use duobao_online::{open_database, Database, Event, Seat, Status};

mod common;
use common::postgres_url;

const T0: i64 = 1_800_000_000_000;

/// Runs `check` on a new SQLite store, then on a new PostgreSQL one where there is a server.
async fn on_both<F, Fut>(check: F)
where
    F: Fn(Database, &'static str) -> Fut,
    Fut: Future<Output = ()>,
{
    let folder = tempfile::tempdir().unwrap();
    let sqlite = format!("sqlite:{}", folder.path().join("online.sqlite").display());
    check(open_database(&sqlite).await.unwrap(), "sqlite").await;
    if let Some(url) = postgres_url().await {
        check(open_database(&url).await.unwrap(), "postgres").await;
    }
}

fn waiting_game(id: &str) -> NewGame {
    NewGame {
        id: id.into(),
        turn_seconds: 60,
        created_at: T0,
        red_hash: Some("r".repeat(64)),
        black_hash: None,
        invite_hash: Some("i".repeat(64)),
        rematch_of: None,
        events: Vec::new(),
        rated: false,
        players: [None, None],
    }
}

fn a_move(ply: u32, notation: &str, by: Seat) -> Event {
    Event::Move {
        ply,
        notation: notation.into(),
        by,
        at: T0 + i64::from(ply),
    }
}

fn append(game: &str, expected_version: u64, status_before: Status, events: Vec<Event>) -> Append {
    Append {
        game: game.into(),
        expected_version,
        status_before,
        events,
        seated: None,
        seated_player: None,
        create: None,
        ratings: None,
        at: T0,
    }
}

fn join(game: &str) -> Append {
    Append {
        seated: Some((Seat::Black, "b".repeat(64))),
        ..append(game, 0, Status::Waiting, vec![Event::Joined { at: T0 }])
    }
}

#[tokio::test]
async fn a_game_is_created_joined_and_played_in_order() {
    on_both(|store, name| async move {
        store.create(waiting_game("game000001")).await.unwrap();
        let stored = store.load("game000001").await.unwrap().unwrap();
        assert_eq!(stored.status, Status::Waiting, "{name}");
        assert_eq!(stored.version, 0);
        assert_eq!(stored.red_hash.as_deref(), Some(&*"r".repeat(64)));
        assert_eq!(stored.black_hash, None);
        assert!(stored.invite_hash.is_some());
        assert!(store.load("nosuchgame").await.unwrap().is_none());

        assert_eq!(
            store.append(join("game000001")).await.unwrap(),
            Appended::Stored
        );
        let stored = store.load("game000001").await.unwrap().unwrap();
        assert_eq!(stored.status, Status::Playing, "{name}");
        assert_eq!(stored.black_hash.as_deref(), Some(&*"b".repeat(64)));
        assert_eq!(stored.invite_hash, None, "{name}: an invitation works once");
        assert_eq!(store.unfinished().await.unwrap(), ["game000001"]);

        let first = append(
            "game000001",
            1,
            Status::Playing,
            vec![a_move(0, "c3c2", Seat::Red)],
        );
        assert_eq!(store.append(first.clone()).await.unwrap(), Appended::Stored);
        assert_eq!(
            store.append(first).await.unwrap(),
            Appended::Conflict,
            "{name}: a stale version is refused"
        );
        let ending = append(
            "game000001",
            2,
            Status::Playing,
            vec![
                a_move(1, "pass", Seat::Black),
                Event::End {
                    result: "red resignation".into(),
                    at: T0,
                    changes: None,
                },
            ],
        );
        assert_eq!(store.append(ending).await.unwrap(), Appended::Stored);
        let stored = store.load("game000001").await.unwrap().unwrap();
        assert_eq!(stored.version, 4);
        assert_eq!(stored.status, Status::Ended);
        assert_eq!(stored.result.as_deref(), Some("red resignation"));
        assert_eq!(stored.moves, ["c3c2", "pass"], "{name}");
        assert_eq!(stored.events.len(), 4);
        assert_eq!(stored.events[1], a_move(0, "c3c2", Seat::Red));
        assert_eq!(
            store.events_after("game000001", 2).await.unwrap(),
            stored.events[2..]
        );
        assert!(store.unfinished().await.unwrap().is_empty());
    })
    .await;
}

#[tokio::test]
async fn two_writers_of_one_version_cannot_both_win() {
    on_both(|store, name| async move {
        store.create(waiting_game("race000001")).await.unwrap();
        store.append(join("race000001")).await.unwrap();
        let mut writers = Vec::new();
        for notation in ["c3c2", "b2b3", "d2d3", "a2a3"] {
            let store = store.clone();
            let write = append(
                "race000001",
                1,
                Status::Playing,
                vec![a_move(0, notation, Seat::Red)],
            );
            writers.push(tokio::spawn(
                async move { store.append(write).await.unwrap() },
            ));
        }
        let mut stored = 0;
        for writer in writers {
            stored += usize::from(writer.await.unwrap() == Appended::Stored);
        }
        assert_eq!(stored, 1, "{name}");
        let game = store.load("race000001").await.unwrap().unwrap();
        assert_eq!(game.moves.len(), 1);
        assert_eq!(game.version, 2);
    })
    .await;
}

#[tokio::test]
async fn a_rematch_is_created_with_the_event_that_names_it() {
    on_both(|store, name| async move {
        store.create(waiting_game("first00001")).await.unwrap();
        store.append(join("first00001")).await.unwrap();
        let end = Event::End {
            result: "aborted".into(),
            at: T0,
            changes: None,
        };
        store
            .append(append("first00001", 1, Status::Playing, vec![end]))
            .await
            .unwrap();
        let rematch = NewGame {
            id: "second0001".into(),
            red_hash: Some("b".repeat(64)),
            black_hash: Some("r".repeat(64)),
            invite_hash: None,
            rematch_of: Some("first00001".into()),
            events: vec![Event::Joined { at: T0 }],
            ..waiting_game("second0001")
        };
        let agreed = Append {
            create: Some(rematch),
            ..append(
                "first00001",
                2,
                Status::Ended,
                vec![Event::Rematch {
                    id: "second0001".into(),
                }],
            )
        };
        assert_eq!(store.append(agreed).await.unwrap(), Appended::Stored);
        let second = store.load("second0001").await.unwrap().unwrap();
        assert_eq!(second.status, Status::Playing, "{name}");
        assert_eq!(second.version, 1);
        assert_eq!(second.rematch_of.as_deref(), Some("first00001"));
        assert_eq!(second.red_hash.as_deref(), Some(&*"b".repeat(64)));
        assert_eq!(
            store.game_ids().await.unwrap(),
            ["first00001", "second0001"]
        );
    })
    .await;
}

#[tokio::test]
async fn invitations_nobody_took_expire_and_games_played_stay() {
    on_both(|store, name| async move {
        store.create(waiting_game("old0000001")).await.unwrap();
        store
            .create(NewGame {
                created_at: T0 + 10_000,
                ..waiting_game("new0000001")
            })
            .await
            .unwrap();
        store.create(waiting_game("played0001")).await.unwrap();
        store.append(join("played0001")).await.unwrap();
        assert_eq!(store.expire_waiting(T0 + 5_000).await.unwrap(), 1, "{name}");
        assert!(store.load("old0000001").await.unwrap().is_none());
        assert!(store.load("new0000001").await.unwrap().is_some());
        assert!(store.load("played0001").await.unwrap().is_some());
    })
    .await;
}

fn seek(id: &str, secret_hash: &str, at: i64) -> Seek {
    Seek {
        id: id.into(),
        secret_hash: secret_hash.into(),
        turn_seconds: 30,
        at,
        player: None,
    }
}

/// Makes game `id` of the partner's turn time, the newcomer at red.
fn pairing(id: &str) -> Pairing {
    let id = id.to_string();
    Box::new(move |_own: &Seek, partner: &Seek| {
        let game = NewGame {
            turn_seconds: partner.turn_seconds,
            red_hash: Some("n".repeat(64)),
            black_hash: Some(partner.secret_hash.clone()),
            invite_hash: None,
            events: vec![Event::Joined { at: T0 }],
            ..waiting_game(&id)
        };
        (game, Seat::Red)
    })
}

#[tokio::test]
async fn seekers_of_one_turn_time_are_paired_first_come_first_served() {
    on_both(|store, name| async move {
        let waited = store
            .seek(
                seek("seek000001", "first", T0),
                T0 - 40_000,
                T0 + 100_000,
                pairing("unused0001"),
            )
            .await
            .unwrap();
        assert_eq!(waited, None, "{name}");
        assert_eq!(
            store
                .seek_state("seek000001", "first", T0 + 1)
                .await
                .unwrap(),
            SeekState::Waiting
        );
        assert_eq!(
            store
                .seek_state("seek000001", "wrong", T0 + 1)
                .await
                .unwrap(),
            SeekState::Gone,
            "{name}: another's secret opens nothing"
        );
        // Another turn time is not a partner.
        let other = Seek {
            turn_seconds: 60,
            ..seek("seek000002", "other", T0 + 2)
        };
        assert_eq!(
            store
                .seek(other, T0 - 40_000, T0 + 100_000, pairing("unused0002"))
                .await
                .unwrap(),
            None
        );
        let mut notices = store.notices();
        let paired = store
            .seek(
                seek("seek000003", "third", T0 + 3),
                T0 - 40_000,
                T0 + 100_000,
                pairing("paired0001"),
            )
            .await
            .unwrap();
        assert_eq!(paired, Some(("paired0001".into(), Seat::Red)), "{name}");
        let expected = SeekState::Paired {
            game: "paired0001".into(),
            seat: Seat::Black,
        };
        assert_eq!(
            store
                .seek_state("seek000001", "first", T0 + 4)
                .await
                .unwrap(),
            expected
        );
        assert_eq!(
            store.cancel_seek("seek000001", "first").await.unwrap(),
            expected,
            "{name}: too late to withdraw"
        );
        let told = wait_for(
            &mut notices,
            |n| matches!(n, Notice::Paired { seek } if seek == "seek000001"),
        )
        .await;
        assert!(told, "{name}: the waiting seeker is told");
        let game = store.load("paired0001").await.unwrap().unwrap();
        assert_eq!(game.black_hash.as_deref(), Some("first"));
        assert_eq!(game.status, Status::Playing);
        assert_eq!(
            store.cancel_seek("seek000002", "other").await.unwrap(),
            SeekState::Gone
        );
        assert_eq!(
            store.seek_state("seek000002", "other", T0).await.unwrap(),
            SeekState::Gone
        );
        // A seeker not seen for long is nobody's partner, and goes.
        store
            .seek(
                seek("seek000004", "fourth", T0),
                T0 - 40_000,
                T0 + 100_000,
                pairing("unused0003"),
            )
            .await
            .unwrap();
        let late = store
            .seek(
                seek("seek000005", "fifth", T0 + 100_000),
                T0 + 60_000,
                T0 + 100_000,
                pairing("unused0004"),
            )
            .await
            .unwrap();
        assert_eq!(late, None, "{name}");
        assert!(store.expire_seeks(T0 + 50_000).await.unwrap() >= 1);
        assert_eq!(
            store.seek_state("seek000004", "fourth", T0).await.unwrap(),
            SeekState::Gone
        );
    })
    .await;
}

#[tokio::test]
async fn seekers_arriving_together_are_always_paired() {
    on_both(|store, name| async move {
        // Twenty pairs at once, each of a turn time of its own: each seek of a pair must find
        // the other, whichever looks first.
        let seeks = (0..20u32).flat_map(|pair| {
            let store = store.clone();
            ["a", "b"].map(move |half| {
                let store = store.clone();
                let id = format!("pair{pair:02}{half}");
                async move {
                    let asked = Seek {
                        turn_seconds: 10 + pair,
                        ..seek(&id, &id, T0)
                    };
                    let paired = store
                        .seek(
                            asked,
                            T0 - 40_000,
                            T0 + 100_000,
                            pairing(&format!("game{pair:02}{half}")),
                        )
                        .await
                        .unwrap();
                    (pair, id, paired)
                }
            })
        });
        let outcomes = futures_util::future::join_all(seeks.map(tokio::spawn)).await;
        let mut found = [0; 20];
        for outcome in outcomes {
            let (pair, id, paired) = outcome.unwrap();
            if paired.is_some() {
                found[pair as usize] += 1;
            } else {
                let state = store.seek_state(&id, &id, T0 + 1).await.unwrap();
                assert!(
                    matches!(state, SeekState::Paired { .. }),
                    "{name}: {id} waits alone: {state:?}"
                );
            }
        }
        assert_eq!(found, [1; 20], "{name}: pairings made by each pair");
    })
    .await;
}

#[tokio::test]
async fn aborted_and_unplayed_games_are_deleted_a_while_after_they_end() {
    on_both(|store, name| async move {
        let ended = |result: &str, at| Event::End {
            result: result.into(),
            at,
            changes: None,
        };
        let after = |game: &str, version, events: Vec<Event>, at| Append {
            at,
            ..append(game, version, Status::Playing, events)
        };
        for game in [
            "aborted001",
            "passes0001",
            "played0001",
            "recent0001",
            "playing001",
        ] {
            store.create(waiting_game(game)).await.unwrap();
            store.append(join(game)).await.unwrap();
        }
        let stored = |append| {
            let store = store.clone();
            async move { assert_eq!(store.append(append).await.unwrap(), Appended::Stored) }
        };
        // Aborted after Red's first move, long ago: deleted.
        let aborted = vec![a_move(0, "c3c2", Seat::Red), ended("aborted", T0)];
        stored(after("aborted001", 1, aborted, T0)).await;
        // Left by both: nothing but passes, then the draw.
        let passes = (0..4)
            .map(|ply| a_move(ply, "pass", [Seat::Red, Seat::Black][ply as usize % 2]))
            .chain([ended("draw repetition", T0 + 4)])
            .collect();
        stored(after("passes0001", 1, passes, T0 + 4)).await;
        // Played, then resigned: kept.
        let played = vec![
            a_move(0, "c3c2", Seat::Red),
            ended("red resignation", T0 + 1),
        ];
        stored(after("played0001", 1, played, T0 + 1)).await;
        // Aborted lately: kept for now.
        let recent = vec![ended("aborted", T0 + 9_000)];
        stored(after("recent0001", 1, recent, T0 + 9_000)).await;
        assert_eq!(
            store.expire_unplayed(T0 + 5_000).await.unwrap(),
            2,
            "{name}"
        );
        for (game, kept) in [
            ("aborted001", false),
            ("passes0001", false),
            ("played0001", true),
            ("recent0001", true),
            ("playing001", true),
        ] {
            let found = store.load(game).await.unwrap().is_some();
            assert_eq!(found, kept, "{name}: {game}");
        }
        assert_eq!(store.events_after("passes0001", 0).await.unwrap(), []);
        // Its move rows went with it: the id is free for a game again.
        store.create(waiting_game("passes0001")).await.unwrap();
        store.append(join("passes0001")).await.unwrap();
        stored(after(
            "passes0001",
            1,
            vec![a_move(0, "c3c2", Seat::Red)],
            T0,
        ))
        .await;
    })
    .await;
}

#[tokio::test]
async fn the_databases_clock_is_read() {
    on_both(|store, name| async move {
        let machine = || {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_millis() as i64
        };
        let before = machine();
        let now = store.now().await.unwrap();
        // The test's database runs on this machine: the same clock, read between.
        assert!(
            before - 5 <= now && now <= machine() + 5,
            "{name}: {before} {now}"
        );
    })
    .await;
}

async fn wait_for(
    notices: &mut tokio::sync::broadcast::Receiver<Notice>,
    wanted: impl Fn(&Notice) -> bool,
) -> bool {
    tokio::time::timeout(Duration::from_secs(5), async {
        while let Ok(notice) = notices.recv().await {
            if wanted(&notice) {
                return true;
            }
        }
        false
    })
    .await
    .unwrap_or(false)
}

#[tokio::test]
async fn every_stored_change_and_presence_is_noticed() {
    on_both(|store, name| async move {
        let mut notices = store.notices();
        store.create(waiting_game("notice0001")).await.unwrap();
        store.append(join("notice0001")).await.unwrap();
        assert!(
            wait_for(&mut notices, |n| matches!(
                n,
                Notice::Game { game, version: 1, .. } if game == "notice0001"
            ))
            .await,
            "{name}"
        );
        // Another node's tasks take a move from its notice, without reading it back.
        let mut notices = store.notices();
        let moved = append(
            "notice0001",
            1,
            Status::Playing,
            vec![Event::Clock { at: T0 + 1 }],
        );
        store.append(moved.clone()).await.unwrap();
        let carried = if store.shared() {
            moved.events
        } else {
            Vec::new()
        };
        assert!(
            wait_for(&mut notices, |n| *n
                == Notice::Game {
                    game: "notice0001".into(),
                    version: 2,
                    events: carried.clone(),
                })
            .await,
            "{name}"
        );
        let presence = Notice::Presence {
            game: "notice0001".into(),
            node: "node1".into(),
            red: true,
            black: false,
            watchers: 2,
        };
        store.publish(presence.clone()).await.unwrap();
        assert!(wait_for(&mut notices, |n| *n == presence).await, "{name}");
    })
    .await;
}

#[tokio::test]
async fn nodes_see_each_other_alive_only_on_a_shared_database() {
    on_both(|store, name| async move {
        assert!(
            !store.heartbeat("one", T0, T0 - 6_000).await.unwrap(),
            "{name}: alone"
        );
        let second = store
            .heartbeat("two", T0 + 1_000, T0 - 5_000)
            .await
            .unwrap();
        assert_eq!(second, store.shared(), "{name}");
        assert!(
            !store
                .heartbeat("two", T0 + 20_000, T0 + 14_000)
                .await
                .unwrap(),
            "{name}: gone"
        );
    })
    .await;
}

#[tokio::test]
async fn an_sqlite_file_keeps_its_games_across_opening_again() {
    let folder = tempfile::tempdir().unwrap();
    let url = format!(
        "sqlite:{}",
        folder.path().join("deep/er/online.sqlite").display()
    );
    {
        let store = open_database(&url).await.unwrap();
        store.create(waiting_game("kept000001")).await.unwrap();
        store.append(join("kept000001")).await.unwrap();
    }
    let store = open_database(&url).await.unwrap();
    let game = store.load("kept000001").await.unwrap().unwrap();
    assert_eq!(game.status, Status::Playing);
    assert_eq!(game.version, 1);
    assert!(open_database("mysql://nowhere").await.is_err());
    let refused = open_database("sqlite:/proc/no/such/place.sqlite").await;
    assert!(refused.is_err());
}
