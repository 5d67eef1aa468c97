//! duobao-serve's online games under bots, with the server killed: no acknowledged ply is lost,
//! every stored game is legal; on two nodes sharing PostgreSQL, the bots of a killed node go on
//! on the other; an unplayed turn is passed on time. Each test takes under 35 s; they run side
//! by side.

mod server;

use std::time::{Duration, Instant};

use duobao_online_bots::http::Api;
use duobao_online_bots::protocol::{ClientFrame, Seat, ServerFrame, Side};
use duobao_online_bots::socket::Socket;
use duobao_online_bots::{run, Config};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use server::Server;

/// `BOTS_SEED=N` replays a run; otherwise a new seed each time, printed.
fn seed() -> u64 {
    let seed = std::env::var("BOTS_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| rand::rng().random());
    eprintln!("BOTS_SEED={seed}");
    seed
}

/// Games that move fast on a turn long enough that no turn times out, whatever the load.
fn fast_games(servers: Vec<String>, games: usize, seconds: u64, seed: u64) -> Config {
    Config {
        servers,
        games,
        move_every: Duration::from_millis(200),
        measured: Duration::from_secs(seconds),
        ramp: Duration::from_secs(1),
        turn_seconds: 600,
        seed,
        acked_log: None,
        rare_actions: false,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_sqlite_server_loses_no_acknowledged_ply() {
    let seed = seed();
    let mut rng = StdRng::seed_from_u64(seed);
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("online.db").display());
    let log = dir.path().join("serve.log");
    let mut node = Server::start(&server::site(dir.path()), &db, &log).await;
    let bots = tokio::spawn(run(fast_games(vec![node.base()], 40, 24, seed)));
    for _ in 0..4 {
        tokio::time::sleep(Duration::from_millis(rng.random_range(2500..5500))).await;
        node.kill();
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..400))).await;
        node.restart().await;
    }
    let report = bots.await.unwrap().unwrap();
    node.kill();
    assert!(report.summary.reconnects > 0, "the kills went unnoticed");
    server::check(&db, &report).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_on_postgres_carry_on_when_one_is_killed() {
    let Ok(postgres) = std::env::var("DUOBAO_TEST_POSTGRES") else {
        assert!(
            std::env::var("DUOBAO_REQUIRE_POSTGRES").as_deref() != Ok("1"),
            "DUOBAO_REQUIRE_POSTGRES=1 and DUOBAO_TEST_POSTGRES unset"
        );
        eprintln!("skipped: DUOBAO_TEST_POSTGRES unset");
        return;
    };
    let seed = seed();
    let schema = format!("bots_{}_{}", std::process::id(), seed % 1_000_000);
    let (client, connection) = tokio_postgres::connect(&postgres, tokio_postgres::NoTls)
        .await
        .expect("DUOBAO_TEST_POSTGRES answers");
    tokio::spawn(connection);
    client
        .batch_execute(&format!("CREATE SCHEMA {schema}"))
        .await
        .unwrap();
    // Both nodes' tables in this run's own schema.
    let join = if postgres.contains('?') { '&' } else { '?' };
    let db = format!("{postgres}{join}options=-csearch_path%3D{schema}");

    let dir = tempfile::tempdir().unwrap();
    let site = server::site(dir.path());
    let mut a = Server::start(&site, &db, &dir.path().join("a.log")).await;
    let b = Server::start(&site, &db, &dir.path().join("b.log")).await;
    let bots = tokio::spawn(run(fast_games(vec![a.base(), b.base()], 20, 16, seed)));
    tokio::time::sleep(Duration::from_secs(8)).await;
    a.kill();
    let report = bots.await.unwrap().unwrap();
    assert!(report.summary.failovers > 0, "no bot moved to node B");
    server::check(&db, &report).await;
    drop(b);
    client
        .batch_execute(&format!("DROP SCHEMA {schema} CASCADE"))
        .await
        .unwrap();
}

/// The next frame that is not `presence`, within the time left.
async fn next_frame(socket: &mut Socket, until: Instant) -> ServerFrame {
    loop {
        let frame = tokio::time::timeout_at(until.into(), socket.next())
            .await
            .expect("a frame in time")
            .expect("a frame");
        if !matches!(frame, ServerFrame::Presence(_)) {
            return frame;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unplayed_turn_is_passed_after_turn_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite:{}", dir.path().join("online.db").display());
    let log = dir.path().join("serve.log");
    let node = Server::start(&server::site(dir.path()), &db, &log).await;
    let api = Api::new(None);
    let created = api.create(&node.base(), Side::Red, 3).await.unwrap();
    let turn_began = Instant::now();
    let joined = api
        .join(&node.base(), &created.id, &created.invite)
        .await
        .unwrap();
    assert_eq!((created.seat, joined.seat), (Seat::Red, Seat::Black));
    let until = turn_began + Duration::from_millis(4500);
    let mut sockets = Vec::new();
    for secret in [&created.secret, &joined.secret] {
        let mut socket = Socket::open(&node.base(), &created.id, None).await.unwrap();
        let hello = ClientFrame::Hello {
            secret: Some(secret),
            v: 0,
        };
        socket.send(&hello).await.unwrap();
        let full = next_frame(&mut socket, until).await;
        let ServerFrame::Full { v, game } = full else {
            panic!("{full:?} answers hello 0");
        };
        assert!(
            game.moves.is_empty() && game.turn == Some(Seat::Red),
            "{game:?}"
        );
        sockets.push((socket, v));
    }
    for (mut socket, v) in sockets {
        let pass = next_frame(&mut socket, until).await;
        let ServerFrame::Move {
            v: pass_v,
            ply,
            mv,
            by,
            turn,
            ..
        } = pass
        else {
            panic!("{pass:?} where the pass was due");
        };
        assert_eq!((pass_v, ply, mv.as_str()), (v + 1, 0, "pass"));
        assert_eq!((by, turn), (Seat::Red, Some(Seat::Black)));
        assert!(
            turn_began.elapsed() >= Duration::from_secs(3),
            "passed early"
        );
    }
}
