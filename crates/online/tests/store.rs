//! The store's conformance suite: every check runs against SQLite (a new file) and against
//! PostgreSQL (a new schema on the server in `DUOBAO_TEST_POSTGRES`, which
//! `scripts/with-postgres.sh` starts; without it the PostgreSQL half is skipped, unless
//! `DUOBAO_REQUIRE_POSTGRES=1`, as the test command sets, makes that a failure).

use std::future::Future;
use std::time::Duration;

use duobao_online::store::{
    Append, Appended, NewGame, NewPlayerRow, Notice, Pairing, Player, RatingUpdate, Registered,
    SeatUpdate, Seek, SeekState,
};
use duobao_online::{open_database, Database, Event, GamePlayer, Seat, Status};
use duobao_players::{Outcome, Rating, Speed};
use duobao_protocol::RatingChanges;

mod common;
use common::postgres_url;

const T0: i64 = 1_800_000_000_000;

/// Runs `check` on a new SQLite store, then on a new PostgreSQL one where there is a server.
async fn on_both<F, Fut>(check: F)
where
    F: Fn(Database, &'static str) -> Fut,
    Fut: Future<Output = ()>,
{
    on_both_nodes(|one, _, name| check(one, name)).await;
}

/// Runs `check` with two nodes' stores of one new database: on SQLite, which one process owns,
/// the same store twice; on PostgreSQL, two stores opened on it, as two nodes have.
async fn on_both_nodes<F, Fut>(check: F)
where
    F: Fn(Database, Database, &'static str) -> Fut,
    Fut: Future<Output = ()>,
{
    let folder = tempfile::tempdir().unwrap();
    let sqlite = format!("sqlite:{}", folder.path().join("online.sqlite").display());
    let store = open_database(&sqlite).await.unwrap();
    check(store.clone(), store, "sqlite").await;
    if let Some(url) = postgres_url().await {
        let one = open_database(&url).await.unwrap();
        let two = open_database(&url).await.unwrap();
        check(one, two, "postgres").await;
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

fn new_player(id: &str, name: &str) -> NewPlayerRow {
    NewPlayerRow {
        id: id.into(),
        name: name.into(),
        name_key: name.to_lowercase(),
        token_hash: format!("{id:x>64}"),
        created_at: T0,
    }
}

#[tokio::test]
async fn players_are_registered_by_a_unique_name_and_found_by_token_and_code() {
    on_both(|store, name| async move {
        let players = store.players();
        let alice = new_player("alice00001", "Alice");
        assert_eq!(
            players.register(alice.clone()).await.unwrap(),
            Registered::Stored
        );
        let same_name = NewPlayerRow {
            name: "ALICE".into(),
            name_key: "alice".into(),
            ..new_player("alice00002", "ALICE")
        };
        assert_eq!(
            players.register(same_name).await.unwrap(),
            Registered::NameTaken,
            "{name}: names are unique ignoring case"
        );
        let found = Player {
            id: "alice00001".into(),
            name: "Alice".into(),
        };
        assert_eq!(
            players.player_by_token(&alice.token_hash).await.unwrap(),
            Some(found.clone())
        );
        assert_eq!(
            players.player_by_token(&"0".repeat(64)).await.unwrap(),
            None
        );
        assert_eq!(
            players.player_by_name("alice").await.unwrap(),
            Some(found.clone())
        );
        let ratings = players.ratings("alice00001").await.unwrap().unwrap();
        assert_eq!(
            ratings.fast,
            Rating::NEW,
            "{name}: the defaults before any game"
        );
        assert_eq!(players.ratings("nobody0001").await.unwrap(), None);

        // A code signs another device in once, before it expires.
        players
            .add_code("code-hash", "alice00001", T0 + 600_000, T0)
            .await
            .unwrap();
        players
            .add_code("old-code", "alice00001", T0 + 10, T0)
            .await
            .unwrap();
        let token = "t".repeat(64);
        assert_eq!(players.sign_in("wrong", &token, T0).await.unwrap(), None);
        assert_eq!(
            players.sign_in("old-code", &token, T0 + 20).await.unwrap(),
            None,
            "{name}: expired"
        );
        assert_eq!(
            players.sign_in("code-hash", &token, T0 + 1).await.unwrap(),
            Some(found.clone())
        );
        assert_eq!(
            players.player_by_token(&token).await.unwrap(),
            Some(found.clone())
        );
        assert_eq!(
            players
                .sign_in("code-hash", &"u".repeat(64), T0 + 2)
                .await
                .unwrap(),
            None,
            "{name}: a code is used once"
        );
        assert_eq!(
            players.player_by_token(&alice.token_hash).await.unwrap(),
            Some(found),
            "{name}: the first device's token stays valid"
        );

        // Deleted: the name, tokens and ratings go; the games stay, their seat anonymous.
        let game = NewGame {
            players: [Some(seated("alice00001", "Alice")), None],
            ..waiting_game("aliceg0001")
        };
        store.create(game).await.unwrap();
        players.delete("alice00001".into()).await.unwrap();
        assert_eq!(
            players.player_by_token(&token).await.unwrap(),
            None,
            "{name}"
        );
        assert_eq!(players.player_by_name("alice").await.unwrap(), None);
        assert_eq!(players.ratings("alice00001").await.unwrap(), None);
        let kept = store.load("aliceg0001").await.unwrap().unwrap();
        assert_eq!(kept.players, [None, None], "{name}");
        assert_eq!(
            players
                .register(new_player("alice00003", "alice"))
                .await
                .unwrap(),
            Registered::Stored,
            "{name}: the name is free again"
        );
    })
    .await;
}

fn seated(id: &str, name: &str) -> GamePlayer {
    GamePlayer {
        id: id.into(),
        name: name.into(),
        rating: 1500.0,
        deviation: 500.0,
    }
}

/// A rated game between `red` and `black` being played.
async fn rated_game(store: &Database, id: &str, red: &str, black: &str) {
    let game = NewGame {
        turn_seconds: 30,
        red_hash: Some("r".repeat(64)),
        black_hash: Some("b".repeat(64)),
        invite_hash: None,
        events: vec![Event::Joined { at: T0 }],
        rated: true,
        players: [Some(seated(red, red)), Some(seated(black, black))],
        ..waiting_game(id)
    };
    store.create(game).await.unwrap();
}

/// Red's first move and the end of rated game `game` (at version 1), red winning, rated from
/// the ratings the store has now.
async fn rated_end(store: &Database, game: &str, red: &str, black: &str, at: i64) -> Append {
    let players = store.players();
    let red_rating = players.ratings(red).await.unwrap().unwrap().fast;
    let black_rating = players.ratings(black).await.unwrap().unwrap().fast;
    let (red_change, black_change) = red_rating.rate_game(black_rating, Outcome::Win, at);
    let end = Event::End {
        result: "red resignation".into(),
        at,
        changes: Some(RatingChanges {
            red: red_change.points(),
            black: black_change.points(),
        }),
    };
    Append {
        ratings: Some(RatingUpdate {
            speed: Speed::Fast,
            red: SeatUpdate {
                player: red.into(),
                change: red_change,
            },
            black: SeatUpdate {
                player: black.into(),
                change: black_change,
            },
        }),
        ..append(
            game,
            1,
            Status::Playing,
            vec![a_move(0, "c3c2", Seat::Red), end],
        )
    }
}

#[tokio::test]
async fn a_rated_end_moves_both_ratings_once_and_a_stale_one_is_refused_whole() {
    on_both(|store, name| async move {
        let players = store.players();
        for (id, player) in [("red0000001", "red0000001"), ("black00001", "black00001")] {
            players.register(new_player(id, player)).await.unwrap();
        }
        rated_game(&store, "rated00001", "red0000001", "black00001").await;
        rated_game(&store, "rated00002", "red0000001", "black00001").await;
        // Both ends computed from the same ratings, as two games ending together would be.
        let first = rated_end(&store, "rated00001", "red0000001", "black00001", T0 + 1).await;
        let stale = rated_end(&store, "rated00002", "red0000001", "black00001", T0 + 2).await;
        assert_eq!(store.append(first.clone()).await.unwrap(), Appended::Stored);
        assert_eq!(
            store.append(first.clone()).await.unwrap(),
            Appended::Conflict,
            "{name}: the same end twice is refused by the game's version"
        );
        assert_eq!(
            store.append(stale).await.unwrap(),
            Appended::RatingsMoved,
            "{name}: ratings read before the other end committed"
        );
        let untouched = store.load("rated00002").await.unwrap().unwrap();
        assert_eq!(
            untouched.version, 1,
            "{name}: nothing of the refused end is stored"
        );
        assert_eq!(untouched.status, Status::Playing);
        let red = players.ratings("red0000001").await.unwrap().unwrap().fast;
        assert_eq!(red.games, 1, "{name}: one game rated once");
        let expected = first.ratings.as_ref().unwrap().red.change.after;
        assert_eq!(red, expected);

        // Computed again from fresh ratings, it is stored.
        let fresh = rated_end(&store, "rated00002", "red0000001", "black00001", T0 + 3).await;
        assert_eq!(store.append(fresh).await.unwrap(), Appended::Stored);
        let red = players.ratings("red0000001").await.unwrap().unwrap();
        assert_eq!((red.fast.games, red.standard.games), (2, 0), "{name}");
        assert_chained(&store, "red0000001", 2).await;
        assert_chained(&store, "black00001", 2).await;
        let results = players.results("black00001").await.unwrap();
        assert_eq!(
            (results.won, results.lost, results.drawn),
            (0, 2, 0),
            "{name}"
        );
        let stored = store.load("rated00002").await.unwrap().unwrap();
        assert!(
            matches!(
                stored.events.last(),
                Some(Event::End {
                    changes: Some(_),
                    ..
                })
            ),
            "{name}: the end event carries the changes"
        );
    })
    .await;
}

/// `player`'s rated games, oldest first, chain: each one's rating before is the last one's
/// before plus its change, and the last one's after is the rating now; `games` of them.
async fn assert_chained(store: &Database, player: &str, games: u32) {
    let players = store.players();
    let mut listed = players.games(player, 100).await.unwrap();
    listed.reverse();
    let now = players.ratings(player).await.unwrap().unwrap().fast;
    let rated: Vec<_> = listed.iter().filter(|game| game.rated).collect();
    assert_eq!(rated.len() as u32, games);
    assert_eq!(now.games, games);
    let mut expected = Rating::NEW.rating;
    for game in rated {
        let before = game.rating_before.unwrap();
        assert!(
            (before - expected).abs() < 1e-9,
            "{before} after {expected}"
        );
        expected = before + game.change.unwrap();
    }
    assert!(
        (now.rating - expected).abs() < 1e-9,
        "{} vs {expected}",
        now.rating
    );
}

#[tokio::test]
async fn two_nodes_ending_games_of_one_player_together_rate_each_once() {
    on_both_nodes(|one, two, name| async move {
        let players = one.players();
        for id in ["shared0001", "oppone0001", "oppone0002"] {
            players.register(new_player(id, id)).await.unwrap();
        }
        rated_game(&one, "racing0001", "shared0001", "oppone0001").await;
        rated_game(&one, "racing0002", "shared0001", "oppone0002").await;
        // Each node reads the ratings, then both write at once: one wins, the other's ratings
        // moved, and it computes again from what won.
        let first = rated_end(&one, "racing0001", "shared0001", "oppone0001", T0 + 1).await;
        let second = rated_end(&two, "racing0002", "shared0001", "oppone0002", T0 + 1).await;
        let (a, b) = tokio::join!(one.append(first), two.append(second));
        let outcomes = [a.unwrap(), b.unwrap()];
        assert!(
            outcomes.contains(&Appended::Stored) && outcomes.contains(&Appended::RatingsMoved),
            "{name}: {outcomes:?}"
        );
        let (lost, node) = if outcomes[0] == Appended::RatingsMoved {
            ("racing0001", &one)
        } else {
            ("racing0002", &two)
        };
        let opponent = if lost == "racing0001" {
            "oppone0001"
        } else {
            "oppone0002"
        };
        let again = rated_end(node, lost, "shared0001", opponent, T0 + 2).await;
        assert_eq!(
            node.append(again).await.unwrap(),
            Appended::Stored,
            "{name}"
        );
        assert_chained(&one, "shared0001", 2).await;
        assert_chained(&two, "oppone0001", 1).await;
        assert_chained(&two, "oppone0002", 1).await;
    })
    .await;
}

#[tokio::test]
async fn the_leaders_are_the_best_settled_ratings_of_a_speed() {
    on_both(|store, name| async move {
        let players = store.players();
        let settled = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
            games: 40,
            last_played: Some(T0),
        };
        // Each pair's ratings as a rated end would leave them (the store writes what it is given).
        let pairs = [
            (
                "lead000001",
                settled(1900.0, 60.0),
                "lead000002",
                settled(1700.0, 70.0),
            ),
            (
                "lead000003",
                settled(2100.0, 90.0),
                "lead000004",
                settled(1800.0, 75.0),
            ),
        ];
        for (index, (red, red_after, black, black_after)) in pairs.into_iter().enumerate() {
            for id in [red, black] {
                players.register(new_player(id, id)).await.unwrap();
            }
            let game = format!("leadgame0{index}");
            rated_game(&store, &game, red, black).await;
            let mut end = rated_end(&store, &game, red, black, T0).await;
            let update = end.ratings.as_mut().unwrap();
            update.red.change.after = red_after;
            update.black.change.after = black_after;
            assert_eq!(store.append(end).await.unwrap(), Appended::Stored, "{name}");
        }
        let leaders = players.leaders(Speed::Fast, 75.0, 10).await.unwrap();
        let names: Vec<&str> = leaders.iter().map(|row| row.name.as_str()).collect();
        assert_eq!(
            names,
            ["lead000001", "lead000004", "lead000002"],
            "{name}: best first, a deviation of 90 left out"
        );
        assert_eq!(leaders[0].rating, settled(1900.0, 60.0));
        assert!(players
            .leaders(Speed::Standard, 75.0, 10)
            .await
            .unwrap()
            .is_empty());
        assert_eq!(
            players.leaders(Speed::Fast, 75.0, 1).await.unwrap().len(),
            1
        );
    })
    .await;
}
