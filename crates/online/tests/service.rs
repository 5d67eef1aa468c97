//! The online games as a client meets them, over real HTTP and WebSockets on 127.0.0.1 with an
//! SQLite database: a game from invitation to rematch, reconnecting by version, pairing, claiming
//! a win, the clock's allowance, and every kind of bad input refused with a clear error while the
//! server stays up, and a database that goes away; and two nodes on one PostgreSQL database, one
//! with its clock set wrong, one losing the connection it hears the other's notices on.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use duobao_online::store::{
    Append, Appended, NewGame, Notice, Pairing, Pending, PlayerStore, Seek, SeekState, Store,
};
use duobao_online::{
    open_database, ClientIp, Database, Event, Online, Options, Seat, StoreError, StoredGame,
    APP_SHELL_ORIGINS,
};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

mod common;
use common::{postgres_url, rand_suffix};

struct Server {
    addr: SocketAddr,
    _folder: tempfile::TempDir,
}

async fn server() -> Server {
    let folder = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", folder.path().join("online.sqlite").display());
    Server {
        addr: serve(open_database(&url).await.unwrap(), Options::default()).await,
        _folder: folder,
    }
}

/// Serves the online games on `database` on 127.0.0.1: the address.
async fn serve(database: Database, options: Options) -> SocketAddr {
    let online = Online::start(database, options).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = duobao_online::router(online).into_make_service_with_connect_info::<ClientIp>();
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

/// An answer over HTTP: its status, its headers (names as sent) and its body as JSON.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Value,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

/// A plain HTTP/1.1 request (the server is ours, the requests tiny) with `headers`, and the
/// JSON content type unless they give another.
async fn exchange(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Answer {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    if !headers
        .iter()
        .any(|(name, _)| name.eq_ignore_ascii_case("content-type"))
    {
        head.push_str("Content-Type: application/json\r\n");
    }
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8(answer).unwrap();
    let status = answer[9..12].parse().unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let headers = head
        .split("\r\n")
        .skip(1)
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_owned(), value.trim().to_owned()))
        .collect();
    // A chunked body (axum's default for some answers) has its length first.
    let body = body.find(['{', '[']).map_or("null", |start| {
        let close = if body[start..].starts_with('[') {
            ']'
        } else {
            '}'
        };
        &body[start..=body.rfind(close).unwrap_or(start)]
    });
    Answer {
        status,
        headers,
        body: serde_json::from_str(body).unwrap_or(Value::Null),
    }
}

/// A request without an `Origin` (not a browser's): status and body.
async fn request(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, Value) {
    let answer = exchange(addr, method, path, &[], body).await;
    (answer.status, answer.body)
}

async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    request(addr, "POST", path, &body.to_string()).await
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn connect(addr: SocketAddr, id: &str) -> Socket {
    let url = format!("ws://{addr}/api/online/games/{id}/socket");
    tokio_tungstenite::connect_async(url).await.unwrap().0
}

async fn send(socket: &mut Socket, frame: Value) {
    socket.send(Message::text(frame.to_string())).await.unwrap();
}

/// The next JSON message of type `t` (others skipped), within 6 s.
async fn next_of(socket: &mut Socket, t: &str) -> Value {
    next_of_any(socket, &[t]).await
}

/// The next JSON message of one of these types (others skipped), within 6 s.
async fn next_of_any(socket: &mut Socket, types: &[&str]) -> Value {
    let wanted = async {
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(&text).unwrap();
                if types.iter().any(|t| value["t"] == *t) {
                    return value;
                }
            }
        }
        panic!("the socket closed before a {types:?}");
    };
    tokio::time::timeout(Duration::from_secs(6), wanted)
        .await
        .unwrap_or_else(|_| panic!("no {types:?} within 6 s"))
}

/// Reads and drops what comes for `time`, answering the server's pings at once as a client's
/// socket does.
async fn drain(socket: &mut Socket, time: Duration) {
    let reading = async { while let Some(Ok(_)) = socket.next().await {} };
    let _ = tokio::time::timeout(time, reading).await;
}

/// The `move` event of ply `ply` (earlier ones skipped), within 6 s of the last.
async fn next_ply(socket: &mut Socket, ply: u64) -> Value {
    loop {
        let moved = next_of(socket, "move").await;
        if moved["ply"].as_u64() == Some(ply) {
            return moved;
        }
    }
}

/// Whether the server closes the socket (after anything it says first) within 3 s.
async fn closes(socket: &mut Socket) -> bool {
    let closed = async {
        loop {
            match socket.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => {}
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(3), closed)
        .await
        .unwrap_or(false)
}

struct Game {
    id: String,
    red: String,
    black: String,
}

async fn new_game(addr: SocketAddr, turn_seconds: u32) -> Game {
    let (status, created) = post(
        addr,
        "/api/online/games",
        json!({"side": "red", "turn_seconds": turn_seconds}),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let (status, joined) = post(
        addr,
        &format!("/api/online/games/{id}/join"),
        json!({"invite": created["invite"]}),
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seat"], "black");
    Game {
        id,
        red: created["secret"].as_str().unwrap().into(),
        black: joined["secret"].as_str().unwrap().into(),
    }
}

async fn seated(addr: SocketAddr, id: &str, secret: &str, v: u64) -> (Socket, Value) {
    let mut socket = connect(addr, id).await;
    send(&mut socket, json!({"t": "hello", "secret": secret, "v": v})).await;
    let first = if v == 0 {
        next_of(&mut socket, "full").await
    } else {
        Value::Null
    };
    (socket, first)
}

async fn view(addr: SocketAddr, id: &str) -> Value {
    let (status, game) = request(addr, "GET", &format!("/api/online/games/{id}"), "").await;
    assert_eq!(status, 200);
    game
}

/// Any legal move in game `id` as it stands, by the rules.
async fn a_legal_move(addr: SocketAddr, id: &str) -> String {
    let mut rules = duobao_rules::Game::new();
    for played in view(addr, id).await["moves"].as_array().unwrap() {
        rules
            .play(played.as_str().unwrap().parse().unwrap())
            .unwrap();
    }
    rules.position().legal_moves()[0].to_string()
}

#[tokio::test]
async fn a_game_from_invitation_to_rematch() {
    let server = server().await;
    let addr = server.addr;
    let game = new_game(addr, 60).await;
    let (mut red, full) = seated(addr, &game.id, &game.red, 0).await;
    assert_eq!(full["game"]["status"], "playing");
    assert_eq!(full["game"]["you"], "red");
    assert_eq!(full["game"]["turn"], "red");
    let (mut black, _) = seated(addr, &game.id, &game.black, 0).await;
    let mut watcher = connect(addr, &game.id).await;
    send(&mut watcher, json!({"t": "hello", "v": 0})).await;
    assert_eq!(
        next_of(&mut watcher, "full").await["game"]["you"],
        Value::Null
    );

    let first = view(addr, &game.id).await["moves"].clone();
    assert_eq!(first, json!([]));
    send(&mut red, json!({"t": "move", "ply": 0, "move": "c3c2"})).await;
    assert_eq!(next_of(&mut red, "ack").await["ply"], 0);
    let moved = next_of(&mut black, "move").await;
    assert_eq!(
        (moved["move"].as_str(), moved["by"].as_str()),
        (Some("c3c2"), Some("red"))
    );
    assert_eq!(moved["v"], 2);
    assert_eq!(moved["turn"], "black");
    assert!(moved["ms_left"].as_i64().unwrap() > 58_000);
    assert_eq!(next_of(&mut watcher, "move").await["v"], 2);

    // Sent again (its ack lost, say): acknowledged again, played once.
    send(&mut red, json!({"t": "move", "ply": 0, "move": "c3c2"})).await;
    assert_eq!(next_of(&mut red, "ack").await["ply"], 0);
    assert_eq!(view(addr, &game.id).await["moves"], json!(["c3c2"]));

    // Black reconnects having seen version 1: it gets what it missed, not the whole game.
    drop(black);
    let (mut black, _) = seated(addr, &game.id, &game.black, 1).await;
    let missed = next_of(&mut black, "move").await;
    assert_eq!(
        (missed["v"].as_u64(), missed["move"].as_str()),
        (Some(2), Some("c3c2"))
    );

    send(&mut watcher, json!({"t": "resign"})).await;
    assert_eq!(next_of(&mut watcher, "error").await["error"], "watching");
    send(&mut black, json!({"t": "draw", "yes": true})).await;
    assert_eq!(next_of(&mut red, "offers").await["draw"], "black");
    assert_eq!(next_of(&mut black, "offers").await["draw"], "black");
    send(&mut red, json!({"t": "draw", "yes": false})).await;
    assert_eq!(next_of(&mut black, "offers").await["draw"], Value::Null);
    send(&mut black, json!({"t": "resign"})).await;
    let end = next_of(&mut red, "end").await;
    assert_eq!(end["result"], "red resignation");
    send(&mut red, json!({"t": "move", "ply": 1, "move": "b4b3"})).await;
    assert_eq!(next_of(&mut red, "error").await["error"], "game_over");

    send(&mut black, json!({"t": "rematch", "yes": true})).await;
    assert_eq!(next_of(&mut red, "offers").await["rematch"], "black");
    send(&mut red, json!({"t": "rematch", "yes": true})).await;
    let rematch = next_of(&mut black, "rematch").await;
    let second = rematch["id"].as_str().unwrap().to_string();
    // The same secrets, the colours swapped, the clock already running.
    let (_, full) = seated(addr, &second, &game.black, 0).await;
    assert_eq!(full["game"]["you"], "red");
    assert_eq!(full["game"]["status"], "playing");
    assert_eq!(full["game"]["rematch_of"], json!(game.id));
    let (_, full) = seated(addr, &second, &game.red, 0).await;
    assert_eq!(full["game"]["you"], "black");
}

#[tokio::test]
async fn bad_requests_are_refused_with_reasons() {
    let server = server().await;
    let addr = server.addr;
    for (body, status, error) in [
        ("{", 400, "bad_request"),
        (r#"{"side":"green","turn_seconds":60}"#, 400, "bad_request"),
        (r#"{"side":"red","turn_seconds":2}"#, 400, "bad_request"),
        (r#"{"side":"red","turn_seconds":601}"#, 400, "bad_request"),
        (r#"{"side":"red"}"#, 400, "bad_request"),
    ] {
        let (got, answer) = request(addr, "POST", "/api/online/games", body).await;
        assert_eq!(
            (got, answer["error"].as_str()),
            (status, Some(error)),
            "{body}"
        );
    }
    let (status, answer) = request(addr, "POST", "/api/online/games", &"x".repeat(5000)).await;
    assert_eq!((status, answer["error"].as_str()), (413, Some("too_large")));
    let (status, answer) = request(addr, "GET", "/api/online/games/nosuchgame", "").await;
    assert_eq!((status, answer["error"].as_str()), (404, Some("no_game")));
    let (status, _) = request(addr, "GET", "/api/online/games/..%2F..%2Fetc", "").await;
    assert_eq!(status, 404);

    let (_, created) = post(
        addr,
        "/api/online/games",
        json!({"side": "black", "turn_seconds": 60}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let join = format!("/api/online/games/{id}/join");
    let (status, answer) = post(addr, &join, json!({"invite": "A".repeat(32)})).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (403, Some("wrong_invite"))
    );
    let (status, answer) = post(addr, &join, json!({"invite": created["invite"]})).await;
    assert_eq!((status, answer["seat"].as_str()), (200, Some("red")));
    let (status, answer) = post(addr, &join, json!({"invite": created["invite"]})).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (409, Some("invite_used"))
    );
    assert_eq!(view(addr, id).await["status"], "playing");

    // A join that brings its own secret may be sent again (its answer lost): answered again.
    let (_, created) = post(
        addr,
        "/api/online/games",
        json!({"side": "red", "turn_seconds": 60}),
    )
    .await;
    let join = format!("/api/online/games/{}/join", created["id"].as_str().unwrap());
    let mine = json!({"invite": created["invite"], "secret": "E".repeat(32)});
    let (status, answer) = post(
        addr,
        &join,
        json!({"invite": created["invite"], "secret": "short"}),
    )
    .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (400, Some("bad_request"))
    );
    for _ in 0..2 {
        let (status, answer) = post(addr, &join, mine.clone()).await;
        assert_eq!(
            (status, answer["seat"].as_str()),
            (200, Some("black")),
            "{answer}"
        );
        assert_eq!(answer["secret"], json!("E".repeat(32)));
    }
    let theirs = json!({"invite": created["invite"], "secret": "F".repeat(32)});
    let (status, answer) = post(addr, &join, theirs).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (409, Some("invite_used"))
    );
}

#[tokio::test]
async fn bad_frames_change_nothing_and_the_server_stays_up() {
    let server = server().await;
    let addr = server.addr;
    let game = new_game(addr, 60).await;
    let (mut red, _) = seated(addr, &game.id, &game.red, 0).await;
    let (mut black, _) = seated(addr, &game.id, &game.black, 0).await;
    for (frame, error) in [
        (
            json!({"t": "move", "ply": 0, "move": "a1a5"}),
            "illegal_move",
        ),
        (
            json!({"t": "move", "ply": 0, "move": "pass"}),
            "illegal_move",
        ),
        (
            json!({"t": "move", "ply": 0, "move": "不是棋步"}),
            "illegal_move",
        ),
        (json!({"t": "move", "ply": 3, "move": "c3c2"}), "wrong_ply"),
        (json!({"t": "claim"}), "cannot_claim"),
        (json!({"t": "draw", "yes": false}), "no_offer"),
        (json!({"t": "rematch", "yes": true}), "no_offer"),
        (json!({"t": "move", "ply": 0}), "bad_request"),
        (json!({"t": "hello", "v": 0}), "bad_request"),
        (json!({"t": "fly"}), "bad_request"),
        (json!([1, 2, 3]), "bad_request"),
    ] {
        send(&mut red, frame.clone()).await;
        assert_eq!(next_of(&mut red, "error").await["error"], error, "{frame}");
    }
    send(&mut black, json!({"t": "move", "ply": 0, "move": "b4b3"})).await;
    assert_eq!(next_of(&mut black, "error").await["error"], "not_your_turn");
    red.send(Message::text("not json at all")).await.unwrap();
    assert_eq!(next_of(&mut red, "error").await["error"], "bad_request");
    let after = view(addr, &game.id).await;
    assert_eq!(
        (after["moves"].clone(), after["status"].clone()),
        (json!([]), json!("playing"))
    );

    // Too long, binary, or too many: the socket is closed; the game and server go on.
    red.send(Message::text("x".repeat(2000))).await.unwrap();
    assert!(closes(&mut red).await);
    black.send(Message::binary(vec![1, 2, 3])).await.unwrap();
    assert!(closes(&mut black).await);
    let (mut flood, _) = seated(addr, &game.id, &game.red, 0).await;
    for _ in 0..100 {
        if flood.send(Message::text(r#"{"t":"ping"}"#)).await.is_err() {
            break;
        }
    }
    assert!(closes(&mut flood).await);
    let (mut red, _) = seated(addr, &game.id, &game.red, 0).await;
    send(&mut red, json!({"t": "move", "ply": 0, "move": "c3c2"})).await;
    assert_eq!(next_of(&mut red, "ack").await["ply"], 0);

    // A first frame that is no hello, or a wrong secret: told, and closed.
    let mut stranger = connect(addr, &game.id).await;
    send(
        &mut stranger,
        json!({"t": "move", "ply": 1, "move": "b4b3"}),
    )
    .await;
    assert_eq!(
        next_of(&mut stranger, "error").await["error"],
        "bad_request"
    );
    assert!(closes(&mut stranger).await);
    let mut thief = connect(addr, &game.id).await;
    send(
        &mut thief,
        json!({"t": "hello", "secret": "B".repeat(32), "v": 0}),
    )
    .await;
    assert_eq!(next_of(&mut thief, "error").await["error"], "wrong_secret");
    assert!(closes(&mut thief).await);
    assert_eq!(view(addr, &game.id).await["moves"], json!(["c3c2"]));
}

#[tokio::test]
async fn guessing_secrets_is_slowed_and_other_sites_are_shut_out() {
    let server = server().await;
    let addr = server.addr;
    let game = new_game(addr, 60).await;
    let mut refusals = Vec::new();
    for _ in 0..12 {
        let url = format!("ws://{addr}/api/online/games/{}/socket", game.id);
        match tokio_tungstenite::connect_async(url).await {
            Ok((mut guess, _)) => {
                send(
                    &mut guess,
                    json!({"t": "hello", "secret": "C".repeat(32), "v": 0}),
                )
                .await;
                refusals.push(next_of(&mut guess, "error").await["error"].clone());
            }
            // Refused before the socket opens.
            Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => {
                assert_eq!(answer.status(), 429);
                refusals.push(json!("too_many_attempts"));
            }
            Err(other) => panic!("{other}"),
        }
    }
    assert_eq!(refusals[0], "wrong_secret");
    assert!(
        refusals.contains(&json!("too_many_attempts")),
        "{refusals:?}"
    );

    let mut request = format!("ws://{addr}/api/online/games/{}/socket", game.id)
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("origin", "https://elsewhere.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_err());
}

/// A socket of game `id` opened by a page at `origin`.
async fn connect_from(
    addr: SocketAddr,
    id: &str,
    origin: &str,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let mut request = format!("ws://{addr}/api/online/games/{id}/socket")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("origin", origin.parse().unwrap());
    Ok(tokio_tungstenite::connect_async(request).await?.0)
}

const EVIL: &str = "https://evil.example";

/// What a browser asks before a page at `origin` sends `method` with a JSON body to `path`;
/// `private` as Chromium asks before a public page reaches the home network.
async fn preflight(addr: SocketAddr, path: &str, origin: &str, method: &str) -> Answer {
    let headers = [
        ("Origin", origin),
        ("Access-Control-Request-Method", method),
        ("Access-Control-Request-Headers", "content-type"),
        ("Access-Control-Request-Private-Network", "true"),
    ];
    exchange(addr, "OPTIONS", path, &headers, "").await
}

#[tokio::test]
async fn the_app_shells_pages_play_through_cors_and_other_sites_do_not() {
    let server = server().await;
    let addr = server.addr;
    for origin in APP_SHELL_ORIGINS {
        for (path, method) in [
            ("/api/online/games", "POST"),
            ("/api/online/games/nosuchgame/join", "POST"),
            ("/api/online/seeks", "POST"),
            ("/api/online/seeks/nosuchseek", "DELETE"),
            ("/api/players", "POST"),
            ("/api/players/me", "DELETE"),
            ("/api/players/sign-in", "POST"),
        ] {
            let answer = preflight(addr, path, origin, method).await;
            let said = |name| answer.header(name).map(str::to_ascii_lowercase);
            assert!((200..300).contains(&answer.status), "{path} {origin}");
            assert_eq!(
                answer.header("access-control-allow-origin"),
                Some(origin),
                "{path}"
            );
            let methods = said("access-control-allow-methods").unwrap_or_default();
            for method in ["get", "post", "delete"] {
                assert!(methods.contains(method), "{methods}");
            }
            // A signed-in player's token travels in `Authorization`, which needs leave too.
            let headers = said("access-control-allow-headers").unwrap_or_default();
            assert!(
                headers.contains("content-type") && headers.contains("authorization"),
                "{headers}"
            );
            assert_eq!(said("access-control-max-age").as_deref(), Some("7200"));
            assert_eq!(
                said("access-control-allow-private-network").as_deref(),
                Some("true")
            );
            assert!(said("vary").unwrap_or_default().contains("origin"));
        }

        // Every answer to the shell's page says it may read it: a game made, its view, a
        // refusal.
        let from_shell = [("Origin", origin)];
        let body = json!({"side": "red", "turn_seconds": 60}).to_string();
        let created = exchange(addr, "POST", "/api/online/games", &from_shell, &body).await;
        assert_eq!(created.status, 201, "{}", created.body);
        assert_eq!(created.header("access-control-allow-origin"), Some(origin));
        let id = created.body["id"].as_str().unwrap();
        let seen = exchange(
            addr,
            "GET",
            &format!("/api/online/games/{id}"),
            &from_shell,
            "",
        )
        .await;
        assert_eq!(seen.status, 200);
        assert_eq!(seen.header("access-control-allow-origin"), Some(origin));
        let body = json!({"invite": "A".repeat(32)}).to_string();
        let path = format!("/api/online/games/{id}/join");
        let refused = exchange(addr, "POST", &path, &from_shell, &body).await;
        assert_eq!(refused.status, 403);
        assert_eq!(refused.body["error"], "wrong_invite");
        assert_eq!(refused.header("access-control-allow-origin"), Some(origin));

        // And its socket is let in.
        let mut socket = connect_from(addr, id, origin)
            .await
            .unwrap_or_else(|error| panic!("{origin}: {error}"));
        let secret = created.body["secret"].as_str().unwrap();
        send(&mut socket, json!({"t": "hello", "secret": secret, "v": 0})).await;
        assert_eq!(next_of(&mut socket, "full").await["game"]["you"], "red");
    }

    // Another site's page: no preflight lets its browser send, no answer may be read by it,
    // its socket is refused before it opens.
    for (path, method) in [
        ("/api/online/games", "POST"),
        ("/api/online/seeks/nosuchseek", "DELETE"),
    ] {
        let answer = preflight(addr, path, EVIL, method).await;
        assert_eq!(answer.header("access-control-allow-origin"), None, "{path}");
        assert_eq!(answer.header("access-control-allow-private-network"), None);
    }
    let body = json!({"side": "red", "turn_seconds": 60}).to_string();
    let created = exchange(
        addr,
        "POST",
        "/api/online/games",
        &[("Origin", EVIL)],
        &body,
    )
    .await;
    assert_eq!(created.header("access-control-allow-origin"), None);
    // Nor for the server's own pages, which need none.
    let own = format!("http://{addr}");
    let created = exchange(
        addr,
        "POST",
        "/api/online/games",
        &[("Origin", &own)],
        &body,
    )
    .await;
    assert_eq!(created.status, 201);
    assert_eq!(created.header("access-control-allow-origin"), None);
    let id = created.body["id"].as_str().unwrap();
    match connect_from(addr, id, EVIL).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => {
            assert_eq!(answer.status(), 403)
        }
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("a socket from {EVIL} was let in"),
    }
    // A look-alike of a shell's origin is another site.
    let fake = "https://dioxus.index.html.evil.example";
    assert!(connect_from(addr, id, fake).await.is_err());
    assert!(connect_from(addr, id, &own).await.is_ok());
}

#[tokio::test]
async fn two_seekers_of_one_turn_time_are_paired() {
    let server = server().await;
    let addr = server.addr;
    let first = tokio::spawn(post(addr, "/api/online/seeks", json!({"turn_seconds": 30})));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, second) = post(addr, "/api/online/seeks", json!({"turn_seconds": 30})).await;
    assert_eq!(status, 201, "{second}");
    let (status, first) = first.await.unwrap();
    assert_eq!(status, 201, "{first}");
    assert_eq!(first["id"], second["id"]);
    assert_ne!(first["seat"], second["seat"]);
    let id = first["id"].as_str().unwrap();
    let (_, full) = seated(addr, id, first["secret"].as_str().unwrap(), 0).await;
    assert_eq!(full["game"]["status"], "playing");
    assert_eq!(full["game"]["turn_seconds"], 30);
    assert_eq!(full["game"]["you"], first["seat"]);

    let (status, _) = request(
        addr,
        "DELETE",
        "/api/online/seeks/nosuchseek",
        &json!({"secret": "D".repeat(32)}).to_string(),
    )
    .await;
    assert_eq!(status, 204);
}

/// A request as the player whose token is `token` (`Authorization: Bearer`).
async fn as_player(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: &str,
    body: Value,
) -> (u16, Value) {
    let bearer = format!("Bearer {token}");
    let answer = exchange(
        addr,
        method,
        path,
        &[("Authorization", &bearer)],
        &body.to_string(),
    )
    .await;
    (answer.status, answer.body)
}

/// Registers `name`: the device's token.
async fn register(addr: SocketAddr, name: &str) -> String {
    let (status, account) = post(addr, "/api/players", json!({ "name": name })).await;
    assert_eq!(status, 201, "{account}");
    assert_eq!(account["name"], name);
    account["token"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn players_register_play_a_rated_game_and_see_their_ratings_move() {
    let server = server().await;
    let addr = server.addr;
    let (status, refused) = post(addr, "/api/players", json!({"name": "a"})).await;
    assert_eq!((status, &refused["error"]), (400, &json!("bad_name")));
    assert_eq!(refused["reason"], "too_short");
    let alice = register(addr, "Alice").await;
    let bob = register(addr, "小明").await;
    let (status, refused) = post(addr, "/api/players", json!({"name": "ALICE"})).await;
    assert_eq!((status, &refused["error"]), (409, &json!("name_taken")));

    let rated = json!({"side": "red", "turn_seconds": 30, "rated": true});
    let (status, refused) = post(addr, "/api/online/games", rated.clone()).await;
    assert_eq!(
        (status, &refused["error"]),
        (403, &json!("rated_needs_account"))
    );
    let wrong = "W".repeat(32);
    let (status, refused) =
        as_player(addr, "POST", "/api/online/games", &wrong, rated.clone()).await;
    assert_eq!((status, &refused["error"]), (401, &json!("unauthorized")));
    let (status, created) = as_player(addr, "POST", "/api/online/games", &alice, rated).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let join = format!("/api/online/games/{id}/join");
    let invite = json!({"invite": created["invite"]});
    let (status, refused) = post(addr, &join, invite.clone()).await;
    assert_eq!(
        (status, &refused["error"]),
        (403, &json!("rated_needs_account"))
    );
    let (status, refused) = as_player(addr, "POST", &join, &alice, invite.clone()).await;
    assert_eq!(
        (status, &refused["error"]),
        (403, &json!("rated_needs_account")),
        "nobody plays themselves rated"
    );
    let (status, joined) = as_player(addr, "POST", &join, &bob, invite).await;
    assert_eq!(status, 200, "{joined}");
    // Resigned before any move was chosen: rated, but it moves no rating (as an aborted game).
    let mut unplayed = rated_game((addr, addr), &alice, &bob).await;
    send(&mut unplayed, json!({"t": "resign"})).await;
    let end = next_of(&mut unplayed, "end").await;
    assert_eq!(end["changes"], Value::Null, "{end}");
    let game = view(addr, id).await;
    assert_eq!(game["rated"], true);
    assert_eq!(game["red"]["name"], "Alice");
    assert_eq!(game["red"]["rating"], 1500.0);
    assert_eq!(game["red"]["provisional"], true);
    assert_eq!(game["black"]["name"], "小明");

    let (mut red, _) = seated(addr, id, created["secret"].as_str().unwrap(), 0).await;
    play_then_resign(&mut red).await;
    let end = next_of(&mut red, "end").await;
    let (lost, won) = (
        end["changes"]["red"].as_f64().unwrap(),
        end["changes"]["black"].as_f64().unwrap(),
    );
    assert!(lost < 0.0 && won > 0.0, "{end}");
    let game = view(addr, id).await;
    assert_eq!(game["red"]["change"].as_f64(), Some(lost));
    // The rematch is rated too, colours swapped, each at their rating now.
    let (mut black, _) = seated(addr, id, joined["secret"].as_str().unwrap(), 0).await;
    send(&mut black, json!({"t": "rematch", "yes": true})).await;
    assert_eq!(next_of(&mut red, "offers").await["rematch"], "black");
    send(&mut red, json!({"t": "rematch", "yes": true})).await;
    let rematch = next_of(&mut black, "rematch").await;
    let again = view(addr, rematch["id"].as_str().unwrap()).await;
    assert_eq!(again["rated"], true);
    assert_eq!(again["red"]["name"], "小明");
    assert_eq!(again["red"]["rating"].as_f64(), Some(1500.0 + won));
    assert_eq!(again["black"]["name"], "Alice");

    let (status, profile) = request(addr, "GET", "/api/players/%E5%B0%8F%E6%98%8E", "").await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(profile["ratings"]["fast"]["games"], 1);
    assert_eq!(
        profile["ratings"]["fast"]["rating"].as_f64(),
        Some(1500.0 + won)
    );
    assert_eq!(profile["ratings"]["standard"]["games"], 0);
    assert_eq!(profile["results"], json!({"won": 1, "lost": 0, "drawn": 0}));
    let (status, games) = request(addr, "GET", "/api/players/alice/games", "").await;
    assert_eq!(status, 200);
    let listed = games.as_array().unwrap();
    assert_eq!(
        listed.len(),
        3,
        "the game, the unplayed one and the rematch: {games}"
    );
    assert_eq!(listed[0]["id"], again["id"], "the newest first");
    let first = listed.iter().find(|game| game["id"] == id).unwrap();
    assert_eq!(first["seat"], "red");
    assert_eq!(first["opponent"], "小明");
    assert_eq!(first["rating_before"], 1500.0);
    assert_eq!(first["change"].as_f64(), Some(lost));
    let (status, me) = as_player(addr, "GET", "/api/players/me", &bob, Value::Null).await;
    assert_eq!((status, &me["name"]), (200, &json!("小明")));
    let (status, refused) = request(addr, "GET", "/api/players/nobody", "").await;
    assert_eq!((status, &refused["error"]), (404, &json!("no_player")));
    let (status, leaders) = request(addr, "GET", "/api/leaderboard?speed=fast", "").await;
    assert_eq!(
        (status, leaders),
        (200, json!([])),
        "a first game leaves RD far above 75"
    );
    let (status, _) = request(addr, "GET", "/api/leaderboard?speed=blitz", "").await;
    assert_eq!(status, 400);

    // Another device signs in with a one-time code.
    let (status, code) = as_player(addr, "POST", "/api/players/me/codes", &bob, json!({})).await;
    assert_eq!(status, 201, "{code}");
    let (status, refused) = post(addr, "/api/players/sign-in", json!({"code": "ABCDEFGHJK"})).await;
    assert_eq!((status, &refused["error"]), (403, &json!("wrong_code")));
    let (status, account) = post(addr, "/api/players/sign-in", json!({"code": code["code"]})).await;
    assert_eq!((status, &account["name"]), (200, &json!("小明")));
    let other_device = account["token"].as_str().unwrap();
    assert_ne!(other_device, bob);
    let (status, _) = as_player(addr, "GET", "/api/players/me", other_device, Value::Null).await;
    assert_eq!(status, 200);
    let (status, _) = post(addr, "/api/players/sign-in", json!({"code": code["code"]})).await;
    assert_eq!(status, 403, "a code signs in once");

    // Deleted: the name and token go, the game stays with its seat anonymous.
    let (status, _) = as_player(addr, "DELETE", "/api/players/me", &alice, json!({})).await;
    assert_eq!(status, 204);
    let (status, _) = as_player(addr, "GET", "/api/players/me", &alice, Value::Null).await;
    assert_eq!(status, 401);
    let (status, _) = request(addr, "GET", "/api/players/Alice", "").await;
    assert_eq!(status, 404);
    let (status, games) = request(addr, "GET", "/api/players/%E5%B0%8F%E6%98%8E/games", "").await;
    assert_eq!(status, 200);
    assert_eq!(games[0]["opponent"], Value::Null);
}

/// A rated game of `red` (its creator, on node `nodes.0`) and `black` (joining on `nodes.1`),
/// both seated: the red seat's socket, on `nodes.1`.
async fn rated_game(nodes: (SocketAddr, SocketAddr), red: &str, black: &str) -> Socket {
    let rated = json!({"side": "red", "turn_seconds": 15, "rated": true});
    let (status, created) = as_player(nodes.0, "POST", "/api/online/games", red, rated).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let join = format!("/api/online/games/{id}/join");
    let invite = json!({"invite": created["invite"]});
    let (status, joined) = as_player(nodes.1, "POST", &join, black, invite).await;
    assert_eq!(status, 200, "{joined}");
    seated(nodes.1, id, created["secret"].as_str().unwrap(), 0)
        .await
        .0
}

/// Red plays its first move, then resigns: a game in which a move was chosen is rated.
async fn play_then_resign(red: &mut Socket) {
    send(red, json!({"t": "move", "ply": 0, "move": "c3c2"})).await;
    next_of(red, "ack").await;
    send(red, json!({"t": "resign"})).await;
}

/// Six rated games of one player, on `first` and `second` (the same server, or two nodes), all
/// resigned by her at once: each end is computed from her rating as its task reads it, and those
/// that lose the race compute again from the one that won. Her rating moves once a game.
async fn games_of_one_player_ending_together(first: SocketAddr, second: SocketAddr) {
    let suffix = rand_suffix();
    let suffix = &suffix[suffix.len() - 6..];
    let names = ["Alice", "Bob", "Carol"].map(|name| format!("{name}{suffix}"));
    let [alice, bob, carol] = names
        .clone()
        .map(|name| async move { register(first, &name).await });
    let (alice, bob, carol) = (alice.await, bob.await, carol.await);
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(rated_game((first, second), &alice, &bob).await);
        games.push(rated_game((second, first), &alice, &carol).await);
    }
    for socket in &mut games {
        send(socket, json!({"t": "move", "ply": 0, "move": "c3c2"})).await;
        next_of(socket, "ack").await;
    }
    for socket in &mut games {
        send(socket, json!({"t": "resign"})).await;
    }
    for socket in &mut games {
        let end = next_of(socket, "end").await;
        assert!(end["changes"]["red"].as_f64().unwrap() < 0.0, "{end}");
    }
    let path = format!("/api/players/{}/games", names[0]);
    let (status, listed) = request(second, "GET", &path, "").await;
    assert_eq!(status, 200);
    let listed = listed.as_array().unwrap();
    assert_eq!(listed.len(), 6);
    // Alice lost each: her rating only fell, so the chain's order is the ratings' before, highest
    // first, whatever order the clock stamped the ends in.
    let mut befores: Vec<f64> = listed
        .iter()
        .map(|g| g["rating_before"].as_f64().unwrap())
        .collect();
    befores.sort_by(|a, b| b.total_cmp(a));
    let mut rating = 1500.0;
    for before in befores {
        assert!(
            (before - rating).abs() < 1e-9,
            "{before} where {rating} was: {listed:?}"
        );
        let game = listed
            .iter()
            .find(|g| g["rating_before"].as_f64() == Some(before))
            .unwrap();
        rating = before + game["change"].as_f64().unwrap();
    }
    let (_, profile) = request(first, "GET", &format!("/api/players/{}", names[0]), "").await;
    assert_eq!(profile["ratings"]["fast"]["games"], 6);
    assert!((profile["ratings"]["fast"]["rating"].as_f64().unwrap() - rating).abs() < 1e-9);
    assert_eq!(profile["results"]["lost"], 6);
}

#[tokio::test]
async fn games_of_one_player_ending_together_each_move_the_rating_once() {
    let server = server().await;
    games_of_one_player_ending_together(server.addr, server.addr).await;
}

#[tokio::test]
async fn two_nodes_ending_games_of_one_player_together_move_the_rating_once() {
    let Some((first, second)) = two_nodes(Options::default(), "").await else {
        return;
    };
    games_of_one_player_ending_together(first, second).await;
}

#[tokio::test]
async fn one_address_registers_a_few_players_an_hour() {
    let server = server().await;
    let addr = server.addr;
    for n in 0..5 {
        register(addr, &format!("Player{n}")).await;
    }
    let (status, refused) = post(addr, "/api/players", json!({"name": "Player5"})).await;
    assert_eq!(
        (status, &refused["error"]),
        (429, &json!("too_many_requests"))
    );
    // A name refused for itself costs no registration: it says why at once.
    let (status, refused) = post(addr, "/api/players", json!({"name": "<b>"})).await;
    assert_eq!((status, &refused["reason"]), (400, &json!("markup")));
}

#[tokio::test]
async fn signed_in_seekers_pair_rated_among_themselves_and_anonymous_ones_apart() {
    let server = server().await;
    let addr = server.addr;
    let alice = register(addr, "Alice").await;
    let bob = register(addr, "Bob").await;
    let seek = json!({"turn_seconds": 30});
    let waiting = {
        let seek = seek.clone();
        tokio::spawn(
            async move { as_player(addr, "POST", "/api/online/seeks", &alice, seek).await },
        )
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Two anonymous seekers find each other, never the signed-in one waiting.
    let first = tokio::spawn(post(addr, "/api/online/seeks", seek.clone()));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, second) = post(addr, "/api/online/seeks", seek.clone()).await;
    assert_eq!(status, 201, "{second}");
    let (status, first) = first.await.unwrap();
    assert_eq!(status, 201, "{first}");
    assert_eq!(first["id"], second["id"]);
    let casual = view(addr, first["id"].as_str().unwrap()).await;
    assert_eq!(
        (&casual["rated"], &casual["red"]),
        (&json!(false), &Value::Null)
    );
    // A signed-in one finds the signed-in one: a rated game between their names.
    let (status, paired) = as_player(addr, "POST", "/api/online/seeks", &bob, seek).await;
    assert_eq!(status, 201, "{paired}");
    let (status, waited) = waiting.await.unwrap();
    assert_eq!(status, 201, "{waited}");
    assert_eq!(waited["id"], paired["id"]);
    let rated = view(addr, paired["id"].as_str().unwrap()).await;
    assert_eq!(rated["rated"], true);
    let names = [&rated["red"]["name"], &rated["black"]["name"]];
    assert!(
        names.contains(&&json!("Alice")) && names.contains(&&json!("Bob")),
        "{rated}"
    );
}

#[tokio::test]
async fn the_clock_passes_and_an_absent_opponent_loses_by_claim() {
    let server = server().await;
    let addr = server.addr;
    let game = new_game(addr, 3).await;
    let (mut red, _) = seated(addr, &game.id, &game.red, 0).await;
    send(&mut red, json!({"t": "move", "ply": 0, "move": "c3c2"})).await;
    next_of(&mut red, "ack").await;
    let started = tokio::time::Instant::now();
    let passed = loop {
        let moved = next_of(&mut red, "move").await;
        if moved["move"] == "pass" {
            break moved;
        }
    };
    assert_eq!(
        (passed["by"].as_str(), passed["ply"].as_u64()),
        (Some("black"), Some(1))
    );
    assert!(
        started.elapsed() >= Duration::from_millis(2900),
        "{:?}",
        started.elapsed()
    );
    send(&mut red, json!({"t": "claim"})).await;
    assert_eq!(next_of(&mut red, "error").await["error"], "cannot_claim");
    let full = view(addr, &game.id).await;
    let mine = full["moves"].as_array().unwrap().len();
    assert_eq!(mine, 2);
    let position_move = a_legal_move(addr, &game.id).await;
    send(
        &mut red,
        json!({"t": "move", "ply": 2, "move": position_move}),
    )
    .await;
    next_of(&mut red, "ack").await;
    loop {
        let moved = next_of(&mut red, "move").await;
        if moved["move"] == "pass" {
            break;
        }
    }
    send(&mut red, json!({"t": "claim"})).await;
    assert_eq!(next_of(&mut red, "end").await["result"], "red abandonment");
}

/// The game's version, as a socket saying hello with version 0 is told.
async fn version(addr: SocketAddr, id: &str) -> u64 {
    let mut watcher = connect(addr, id).await;
    send(&mut watcher, json!({"t": "hello", "v": 0})).await;
    next_of(&mut watcher, "full").await["v"].as_u64().unwrap()
}

#[tokio::test]
async fn other_sites_pages_and_bodies_other_than_json_are_refused() {
    let server = server().await;
    let addr = server.addr;
    let game = json!({"side": "red", "turn_seconds": 60}).to_string();
    let own = format!("http://{addr}");
    // What any site's page may send without asking: text or a form, from its origin or none.
    for (origin, kind) in [
        (EVIL, "text/plain"),
        (EVIL, "text/plain;charset=UTF-8"),
        (EVIL, "application/x-www-form-urlencoded"),
        (own.as_str(), "multipart/form-data; boundary=x"),
    ] {
        let headers = [("Origin", origin), ("Content-Type", kind)];
        let answer = exchange(addr, "POST", "/api/online/games", &headers, &game).await;
        assert_eq!(answer.status, 415, "{origin} {kind}");
        assert_eq!(answer.body["error"], "not_json");
    }
    let seek = json!({"secret": "D".repeat(32)}).to_string();
    let text = [("Content-Type", "text/plain")];
    let answer = exchange(addr, "DELETE", "/api/online/seeks/nosuchseek", &text, &seek).await;
    assert_eq!(answer.status, 415);
    // The players' routes are behind the same gate: no name registered, no account deleted.
    let name = json!({"name": "Mallory"}).to_string();
    for (path, method, headers) in [
        (
            "/api/players",
            "POST",
            [("Origin", own.as_str()), ("Content-Type", "text/plain")],
        ),
        (
            "/api/players/me",
            "DELETE",
            [("Origin", own.as_str()), ("Content-Type", "text/plain")],
        ),
        (
            "/api/players",
            "POST",
            [("Origin", EVIL), ("Content-Type", "application/json")],
        ),
    ] {
        let answer = exchange(addr, method, path, &headers, &name).await;
        let refused = if headers[1].1 == "text/plain" {
            415
        } else {
            403
        };
        assert_eq!(answer.status, refused, "{method} {path} {headers:?}");
    }
    assert_eq!(
        request(addr, "GET", "/api/players/Mallory", "").await.0,
        404
    );

    // JSON from another site's page (sent by a script, not a browser, which would ask first).
    let evil = [("Origin", EVIL)];
    let answer = exchange(addr, "POST", "/api/online/games", &evil, &game).await;
    assert_eq!(
        (answer.status, answer.body["error"].as_str()),
        (403, Some("other_site"))
    );
    let (_, created) = post(
        addr,
        "/api/online/games",
        json!({"side": "red", "turn_seconds": 60}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let join = json!({"invite": created["invite"]}).to_string();
    let path = format!("/api/online/games/{id}/join");
    let answer = exchange(addr, "POST", &path, &evil, &join).await;
    assert_eq!(answer.status, 403);
    let answer = exchange(
        addr,
        "POST",
        "/api/online/seeks",
        &evil,
        "{\"turn_seconds\":60}",
    )
    .await;
    assert_eq!(answer.status, 403);
    match connect_from(addr, id, EVIL).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => {
            assert_eq!(answer.status(), 403)
        }
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("a socket from {EVIL} was let in"),
    }
    // The server's own pages and clients without an origin play on.
    let answer = exchange(addr, "POST", &path, &[("Origin", &own)], &join).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(view(addr, id).await["status"], "playing");
}

/// `secret`'s seat sends `yes` and `no` in turn, `times` frames in all, on sockets that each
/// send fewer than their rate allows: the refusals it was told.
async fn toggle(addr: SocketAddr, id: &str, secret: &str, offer: &str, times: usize) -> Vec<Value> {
    let mut refusals = Vec::new();
    let mut sent = 0;
    while sent < times {
        let (mut socket, _) = seated(addr, id, secret, 0).await;
        for _ in 0..30.min(times - sent) {
            send(&mut socket, json!({"t": offer, "yes": sent % 2 == 0})).await;
            sent += 1;
        }
        // The pong comes once every frame before it was taken.
        send(&mut socket, json!({"t": "ping"})).await;
        loop {
            let message = next_of_any(&mut socket, &["error", "pong"]).await;
            if message["t"] == "pong" {
                break;
            }
            refusals.push(message["error"].clone());
        }
    }
    refusals
}

#[tokio::test]
async fn offers_toggled_200_times_store_a_handful_of_events() {
    let server = server().await;
    let addr = server.addr;
    let game = new_game(addr, 60).await;
    let before = version(addr, &game.id).await;
    let refusals = toggle(addr, &game.id, &game.red, "draw", 200).await;
    let stored = version(addr, &game.id).await - before;
    assert!(stored <= 2, "{stored} events stored");
    assert!(refusals.contains(&json!("offer_too_soon")), "{refusals:?}");
    assert!(!refusals.contains(&json!("too_many_frames")));

    let (mut black, _) = seated(addr, &game.id, &game.black, 0).await;
    send(&mut black, json!({"t": "resign"})).await;
    next_of(&mut black, "end").await;
    let before = version(addr, &game.id).await;
    let refusals = toggle(addr, &game.id, &game.red, "rematch", 200).await;
    let stored = version(addr, &game.id).await - before;
    assert!(stored <= 6, "{stored} events stored");
    assert!(
        refusals
            .iter()
            .any(|r| r == "too_many_offers" || r == "too_many_requests"),
        "{refusals:?}"
    );
}

/// Whether `socket` is still open: it answers a ping (before it is told anything else that
/// closes it).
async fn answers(socket: &mut Socket) -> bool {
    if socket
        .send(Message::text(json!({"t": "ping"}).to_string()))
        .await
        .is_err()
    {
        return false;
    }
    let answered = async {
        while let Some(Ok(message)) = socket.next().await {
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(&text).unwrap();
                if value["t"] == "pong" {
                    return true;
                }
            }
        }
        false
    };
    tokio::time::timeout(Duration::from_secs(6), answered)
        .await
        .unwrap_or(false)
}

#[tokio::test]
async fn fifty_sockets_on_one_seat_leave_a_few_open() {
    let server = server().await;
    let addr = server.addr;
    let game = new_game(addr, 60).await;
    let mut sockets = Vec::new();
    for _ in 0..50 {
        sockets.push(seated(addr, &game.id, &game.red, 0).await.0);
    }
    let mut open = Vec::new();
    for socket in &mut sockets {
        open.push(answers(socket).await);
    }
    let count = open.iter().filter(|o| **o).count();
    assert!((1..=4).contains(&count), "{count} open");
    assert!(open[49], "the newest socket is the one kept");
    // The oldest was told why.
    let mut first = seated(addr, &game.id, &game.black, 0).await.0;
    let mut newer = Vec::new();
    for _ in 0..4 {
        newer.push(seated(addr, &game.id, &game.black, 0).await.0);
    }
    assert_eq!(next_of(&mut first, "error").await["error"], "replaced");
    assert!(closes(&mut first).await);
}

#[tokio::test]
async fn rematch_chains_count_against_the_create_limit() {
    let server = server().await;
    let addr = server.addr;
    let mut game = new_game(addr, 60).await;
    let mut made = 1;
    let mut refused = None;
    while made < 61 {
        let (mut red, _) = seated(addr, &game.id, &game.red, 0).await;
        let (mut black, _) = seated(addr, &game.id, &game.black, 0).await;
        send(&mut red, json!({"t": "abort"})).await;
        assert_eq!(next_of(&mut red, "end").await["result"], "aborted");
        send(&mut red, json!({"t": "rematch", "yes": true})).await;
        let offered = next_of_any(&mut red, &["offers", "error"]).await;
        if offered["t"] == "error" {
            refused = Some(offered["error"].clone());
            break;
        }
        send(&mut black, json!({"t": "rematch", "yes": true})).await;
        let accepted = next_of_any(&mut black, &["rematch", "error"]).await;
        if accepted["t"] == "error" {
            refused = Some(accepted["error"].clone());
            break;
        }
        made += 1;
        // The same secrets, the colours swapped.
        game = Game {
            id: accepted["id"].as_str().unwrap().into(),
            red: game.black,
            black: game.red,
        };
    }
    assert_eq!(
        refused,
        Some(json!("too_many_requests")),
        "{made} games made"
    );
    assert!(made <= 12, "{made} games made");
}

/// A socket of game `id` opened from the loopback address `source`.
async fn connect_via(
    source: &str,
    addr: SocketAddr,
    id: &str,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(source.parse().unwrap(), 0))
        .unwrap();
    let stream = socket.connect(addr).await.unwrap();
    let url = format!("ws://{addr}/api/online/games/{id}/socket");
    let (socket, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream)).await?;
    Ok(socket)
}

/// A watcher's socket from `source`: whether it was let in (its `full`) or refused.
async fn watch_from(source: &str, addr: SocketAddr, id: &str) -> Result<Socket, String> {
    let mut socket = connect_via(source, addr, id)
        .await
        .map_err(|error| error.to_string())?;
    send(&mut socket, json!({"t": "hello", "v": 0})).await;
    let first = next_of_any(&mut socket, &["full", "error"]).await;
    match first["error"].as_str() {
        Some(error) => Err(error.to_string()),
        None => Ok(socket),
    }
}

#[tokio::test]
async fn one_address_cannot_hold_every_socket() {
    let server = server().await;
    let addr = server.addr;
    let game = new_game(addr, 60).await;
    let mut watchers = Vec::new();
    for _ in 0..16 {
        watchers.push(watch_from("127.0.0.1", addr, &game.id).await.unwrap());
    }
    let refused = watch_from("127.0.0.1", addr, &game.id).await.err();
    assert_eq!(refused.as_deref(), Some("too_many_sockets"));
    let elsewhere = watch_from("127.0.0.2", addr, &game.id).await;
    assert!(elsewhere.is_ok(), "each address has its own");
    // A watcher gone gives its place back.
    watchers.pop();
    let mut back = false;
    for _ in 0..30 {
        if let Ok(socket) = watch_from("127.0.0.1", addr, &game.id).await {
            watchers.push(socket);
            back = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(back);

    // 16 watching and 48 seated (4 on each seat of 6 games): every socket an address may have.
    let mut seated_sockets = Vec::new();
    for _ in 0..6 {
        let game = new_game(addr, 60).await;
        for secret in [&game.red, &game.black] {
            for _ in 0..4 {
                seated_sockets.push(seated(addr, &game.id, secret, 0).await.0);
            }
        }
    }
    match connect_via("127.0.0.1", addr, &game.id).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => {
            assert_eq!(answer.status(), 429)
        }
        Err(other) => panic!("{other}"),
        Ok(_) => panic!("a 65th socket from one address was let in"),
    }
    assert!(connect_via("127.0.0.2", addr, &game.id).await.is_ok());
}

#[tokio::test]
async fn unknown_games_are_looked_up_a_few_times_a_minute() {
    let server = server().await;
    let addr = server.addr;
    let game = new_game(addr, 60).await;
    let began = std::time::Instant::now();
    let mut statuses = Vec::new();
    for n in 0..20 {
        let id = format!("unknown{n:03}");
        let (status, _) = request(addr, "GET", &format!("/api/online/games/{id}"), "").await;
        statuses.push(status);
    }
    // A burst of 10, then one every 6 s: a slow machine may have earned one or two meanwhile.
    let earned = (began.elapsed().as_secs() / 6) as usize;
    let found_missing = statuses.iter().filter(|s| **s == 404).count();
    assert!(statuses[..10].iter().all(|s| *s == 404), "{statuses:?}");
    assert!(found_missing <= 10 + earned, "{statuses:?}");
    assert!(
        statuses.iter().all(|s| [404, 429].contains(s)),
        "{statuses:?}"
    );
    // Another address looks on.
    let watcher = watch_from("127.0.0.2", addr, &game.id).await;
    assert!(watcher.is_ok());
}

#[tokio::test]
async fn sockets_opened_by_the_hundred_are_slowed() {
    let server = server().await;
    let addr = server.addr;
    let game = new_game(addr, 60).await;
    let began = std::time::Instant::now();
    let mut refused = None;
    for opened in 0..200 {
        match connect_via("127.0.0.1", addr, &game.id).await {
            // Opened and closed at once: each is heard by everyone on the game.
            Ok(socket) => drop(socket),
            Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => {
                refused = Some((opened, answer.status()));
                break;
            }
            Err(other) => panic!("{other}"),
        }
    }
    let (opened, status) = refused.expect("200 sockets opened in a row");
    assert_eq!(status, 429);
    // A burst of 100, then two a second.
    let earned = 2 * began.elapsed().as_secs() as usize + 2;
    assert!((100..=100 + earned).contains(&opened), "{opened} opened");
    assert!(watch_from("127.0.0.2", addr, &game.id).await.is_ok());
}

#[tokio::test]
async fn a_client_lying_in_its_pong_gets_no_longer_allowance() {
    let server = server().await;
    let addr = server.addr;
    let game = new_game(addr, 3).await;
    let (mut red, _) = seated(addr, &game.id, &game.red, 0).await;
    let (mut black, _) = seated(addr, &game.id, &game.black, 0).await;
    // Black answers the server's pings at once, then sends a pong of its own as if its socket's
    // first ping had taken all this time: 8 bytes of zeros, which the server once read as the
    // time the ping left.
    drain(&mut black, Duration::from_millis(1200)).await;
    black.send(Message::Pong(vec![0; 8].into())).await.unwrap();
    send(&mut red, json!({"t": "move", "ply": 0, "move": "c3c2"})).await;
    next_of(&mut red, "ack").await;
    let moved = next_ply(&mut black, 0).await;
    let ms_left = moved["ms_left"].as_u64().unwrap();
    // Past the end of the turn by more than the allowance of a quick network (250 ms and the
    // round trips measured on loopback), less than the most a slow one may have (1 s).
    tokio::time::sleep(Duration::from_millis(ms_left + 650)).await;
    let late = a_legal_move(addr, &game.id).await;
    send(&mut black, json!({"t": "move", "ply": 1, "move": late})).await;
    let answer = next_of_any(&mut black, &["ack", "error"]).await;
    assert_eq!(answer["error"], "wrong_ply", "{answer}");
    assert_eq!(view(addr, &game.id).await["moves"][1], "pass");
}

/// Two nodes on one new PostgreSQL schema (`None` without a server): their addresses, the
/// second started with `second`'s options and at database address `url` + `second_url`.
async fn two_nodes(second: Options, second_url: &str) -> Option<(SocketAddr, SocketAddr)> {
    let url = postgres_url().await?;
    let first = serve(open_database(&url).await.unwrap(), Options::default()).await;
    let database = open_database(&format!("{url}{second_url}")).await.unwrap();
    Some((first, serve(database, second).await))
}

/// When a turn is passed, from the acknowledgement of the move before it: the turn (3 s) and the
/// allowance (250 ms and loopback's round trips), give or take a slow machine.
fn assert_passed_in_time(since_ack: Duration) {
    assert!(
        (2_700..4_600).contains(&since_ack.as_millis()),
        "passed {since_ack:?} after the move before"
    );
}

#[tokio::test]
async fn a_node_whose_clock_is_off_judges_turns_by_the_databases() {
    let skewed = Options {
        clock_skew_millis: 2_500,
        ..Options::default()
    };
    let Some((on_time, ahead)) = two_nodes(skewed, "").await else {
        return;
    };
    let game = new_game(on_time, 3).await;
    let (mut red, _) = seated(ahead, &game.id, &game.red, 0).await;
    let (mut black, _) = seated(on_time, &game.id, &game.black, 0).await;

    // Red's move is stamped by the node whose clock is ahead; Black's turn still ends 3 s on.
    send(&mut red, json!({"t": "move", "ply": 0, "move": "c3c2"})).await;
    next_of(&mut red, "ack").await;
    let acked = tokio::time::Instant::now();
    assert_eq!(next_ply(&mut black, 1).await["move"], "pass");
    assert_passed_in_time(acked.elapsed());

    // On the node whose clock is ahead, a move well inside the turn is taken …
    next_ply(&mut red, 1).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let inside = a_legal_move(on_time, &game.id).await;
    send(&mut red, json!({"t": "move", "ply": 2, "move": inside})).await;
    let answer = next_of_any(&mut red, &["ack", "error"]).await;
    assert_eq!(answer["t"], "ack", "{answer}");

    // … and a turn is passed there when it runs out, not 2.5 s before.
    next_ply(&mut black, 2).await;
    let reply = a_legal_move(on_time, &game.id).await;
    send(&mut black, json!({"t": "move", "ply": 3, "move": reply})).await;
    next_of(&mut black, "ack").await;
    let acked = tokio::time::Instant::now();
    assert_eq!(next_ply(&mut red, 4).await["move"], "pass");
    assert_passed_in_time(acked.elapsed());
}

#[tokio::test]
async fn a_node_whose_listening_connection_drops_catches_up_when_it_is_back() {
    let name = format!("dropped_{}", rand_suffix());
    let Some((other, dropped)) =
        two_nodes(Options::default(), &format!("&application_name={name}")).await
    else {
        return;
    };
    let game = new_game(other, 60).await;
    let (mut red, _) = seated(dropped, &game.id, &game.red, 0).await;
    let (mut black, _) = seated(other, &game.id, &game.black, 0).await;
    send(&mut red, json!({"t": "move", "ply": 0, "move": "c3c2"})).await;
    next_of(&mut red, "ack").await;
    next_ply(&mut black, 0).await;

    // The connection Red's node LISTENs on is cut; Black moves on the other node meanwhile.
    let (client, connection) = tokio_postgres::connect(
        &std::env::var("DUOBAO_TEST_POSTGRES").unwrap(),
        tokio_postgres::NoTls,
    )
    .await
    .unwrap();
    tokio::spawn(connection);
    let cut = client
        .query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE application_name = $1 AND query LIKE 'LISTEN%'",
            &[&name],
        )
        .await
        .unwrap();
    assert_eq!(cut.len(), 1, "the listening connection of {name}");
    let reply = a_legal_move(other, &game.id).await;
    send(&mut black, json!({"t": "move", "ply": 1, "move": reply})).await;
    next_of(&mut black, "ack").await;
    let acked = tokio::time::Instant::now();
    // Its node listens again after a second and reads what it missed: Red hears the move then,
    // not at the turn's end a minute on.
    assert_eq!(next_ply(&mut red, 1).await["move"], reply);
    assert!(
        acked.elapsed() < Duration::from_secs(4),
        "{:?}",
        acked.elapsed()
    );
}

/// A database that goes away on demand: while `away`, every append fails; appends are counted.
struct Flaky {
    inner: Database,
    away: AtomicBool,
    appends: AtomicUsize,
}

impl Store for Flaky {
    fn create(&self, game: NewGame) -> Pending<'_, ()> {
        self.inner.create(game)
    }
    fn append(&self, append: Append) -> Pending<'_, Appended> {
        self.appends.fetch_add(1, Ordering::SeqCst);
        if self.away.load(Ordering::SeqCst) {
            return Box::pin(async { Err(StoreError("away".into())) });
        }
        self.inner.append(append)
    }
    fn load<'a>(&'a self, id: &'a str) -> Pending<'a, Option<StoredGame>> {
        self.inner.load(id)
    }
    fn events_after<'a>(&'a self, id: &'a str, version: u64) -> Pending<'a, Vec<Event>> {
        self.inner.events_after(id, version)
    }
    fn game_ids(&self) -> Pending<'_, Vec<String>> {
        self.inner.game_ids()
    }
    fn unfinished(&self) -> Pending<'_, Vec<String>> {
        self.inner.unfinished()
    }
    fn expire_waiting(&self, before: i64) -> Pending<'_, u64> {
        self.inner.expire_waiting(before)
    }
    fn expire_unplayed(&self, before: i64) -> Pending<'_, u64> {
        self.inner.expire_unplayed(before)
    }
    fn seek(
        &self,
        seek: Seek,
        alive_since: i64,
        now: i64,
        pair: Pairing,
    ) -> Pending<'_, Option<(String, Seat)>> {
        self.inner.seek(seek, alive_since, now, pair)
    }
    fn waiting_seek<'a>(&'a self, id: &'a str, hash: &'a str) -> Pending<'a, Option<Seek>> {
        self.inner.waiting_seek(id, hash)
    }
    fn seek_state<'a>(&'a self, id: &'a str, hash: &'a str, now: i64) -> Pending<'a, SeekState> {
        self.inner.seek_state(id, hash, now)
    }
    fn cancel_seek<'a>(&'a self, id: &'a str, hash: &'a str) -> Pending<'a, SeekState> {
        self.inner.cancel_seek(id, hash)
    }
    fn expire_seeks(&self, before: i64) -> Pending<'_, u64> {
        self.inner.expire_seeks(before)
    }
    fn now(&self) -> Pending<'_, i64> {
        self.inner.now()
    }
    fn heartbeat<'a>(&'a self, node: &'a str, now: i64, since: i64) -> Pending<'a, bool> {
        self.inner.heartbeat(node, now, since)
    }
    fn publish(&self, notice: Notice) -> Pending<'_, ()> {
        self.inner.publish(notice)
    }
    fn notices(&self) -> tokio::sync::broadcast::Receiver<Notice> {
        self.inner.notices()
    }
    fn shared(&self) -> bool {
        self.inner.shared()
    }
    fn players(&self) -> &dyn PlayerStore {
        self.inner.players()
    }
}

#[tokio::test]
async fn a_clock_the_database_keeps_failing_backs_off() {
    let folder = tempfile::tempdir().unwrap();
    let url = format!("sqlite:{}", folder.path().join("online.sqlite").display());
    let flaky = Arc::new(Flaky {
        inner: open_database(&url).await.unwrap(),
        away: AtomicBool::new(false),
        appends: AtomicUsize::new(0),
    });
    let addr = serve(Arc::clone(&flaky) as Database, Options::default()).await;
    let game = new_game(addr, 3).await;
    let (mut red, _) = seated(addr, &game.id, &game.red, 0).await;
    let (mut black, _) = seated(addr, &game.id, &game.black, 0).await;
    send(&mut red, json!({"t": "move", "ply": 0, "move": "c3c2"})).await;
    next_of(&mut red, "ack").await;
    flaky.appends.store(0, Ordering::SeqCst);
    flaky.away.store(true, Ordering::SeqCst);
    // The turn runs out 3 s on; for 6 s after that the clock cannot pass it. Trying every
    // 500 ms would be 12 tries; waiting 250 ms, then twice as long each time, is 5.
    drain(&mut black, Duration::from_millis(9_300)).await;
    let tries = flaky.appends.load(Ordering::SeqCst);
    assert!((3..=6).contains(&tries), "{tries} tries in 6 s");
    // Once the database is back, the clock passes the turn at its next try.
    flaky.away.store(false, Ordering::SeqCst);
    assert_eq!(next_ply(&mut black, 1).await["move"], "pass");
}
