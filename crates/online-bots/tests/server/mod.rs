//! duobao-serve as a process the tests start, kill and start again, and the checks of its
//! database against what the bots were told, and of its players' ratings.
//!
//! The binary is the one in this test's target folder and profile when it is newer than every
//! source of the workspace — `cargo test --workspace` has just built it for duobao-serve's own
//! tests — and is built there otherwise, by the cargo running the tests: cargo builds another
//! package's binaries for a test only through artifact dependencies, which are unstable, and
//! sets `CARGO_BIN_EXE_*` only for the package's own. Building it always would not do: with
//! `-p duobao-serve` its dependencies' features differ from the whole workspace's, and cargo
//! would build them all again. `DUOBAO_SERVE_BIN=PATH` uses that binary instead.

use std::collections::HashMap;
use std::fs::{self, OpenOptions};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime};

use duobao_online_bots::http::{Api, CallError};
use duobao_online_bots::protocol::{PlayerGame, RatingChanges, Seat};
use duobao_online_bots::{replay, Report};

fn binary() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| {
        if let Some(path) = std::env::var_os("DUOBAO_SERVE_BIN") {
            return PathBuf::from(path);
        }
        // This test is <target>/<profile folder>/deps/<name>.
        let exe = std::env::current_exe().expect("the test's path");
        let profile_dir = exe.ancestors().nth(2).expect("a profile folder");
        let target = profile_dir.parent().expect("a target folder");
        let built = profile_dir.join("duobao-serve");
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        if modified(&built) > newest(&workspace) {
            return built;
        }
        let profile = match profile_dir.file_name().and_then(|name| name.to_str()) {
            Some("debug") | None => "dev",
            Some(name) => name,
        };
        let status = Command::new(env!("CARGO"))
            .args([
                "build",
                "--quiet",
                "-p",
                "duobao-serve",
                "--bin",
                "duobao-serve",
            ])
            .args(["--profile", profile])
            .env("CARGO_TARGET_DIR", target)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .expect("cargo runs");
        assert!(status.success(), "cargo build -p duobao-serve failed");
        built
    })
}

fn modified(path: &Path) -> Option<SystemTime> {
    fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// The last change to the workspace's sources: its manifests, lock and crates, build output
/// and hidden folders left out.
fn newest(workspace: &Path) -> Option<SystemTime> {
    let mut newest = ["Cargo.toml", "Cargo.lock"]
        .iter()
        .filter_map(|file| modified(&workspace.join(file)))
        .max();
    let mut folders = vec![workspace.join("crates")];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).into_iter().flatten().flatten() {
            let name = entry.file_name();
            if name == "target" || name.to_string_lossy().starts_with('.') {
                continue;
            }
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else {
                newest = newest.max(modified(&path));
            }
        }
    }
    newest
}

/// A port free now on 127.0.0.1 (nothing else here takes ports meanwhile, but a test could
/// lose this race to another program: it would fail at once, saying the port is taken).
pub fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

/// A folder with an index.html, all duobao-serve needs to serve a site.
pub fn site(dir: &Path) -> PathBuf {
    let site = dir.join("site");
    fs::create_dir_all(&site).expect("the site folder");
    fs::write(
        site.join("index.html"),
        "<!doctype html><title>bots</title>\n",
    )
    .expect("a page");
    site
}

/// A duobao-serve on 127.0.0.1, its output appended to a log file.
pub struct Server {
    child: Option<Child>,
    port: u16,
    site: PathBuf,
    db: String,
    log: PathBuf,
}

impl Server {
    pub async fn start(site: &Path, db: &str, log: &Path) -> Server {
        let mut server = Server {
            child: None,
            port: free_port(),
            site: site.to_path_buf(),
            db: db.to_string(),
            log: log.to_path_buf(),
        };
        server.restart().await;
        server
    }

    /// A server in `dir`, on a database of its own there; and the database's URL.
    pub async fn on_sqlite(dir: &Path) -> (Server, String) {
        let db = format!("sqlite:{}", dir.join("online.db").display());
        let server = Server::start(&site(dir), &db, &dir.join("serve.log")).await;
        (server, db)
    }

    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Starts it again, on the same port and database, and waits until it answers.
    pub async fn restart(&mut self) {
        assert!(self.child.is_none(), "the server runs already");
        let log = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .expect("the log");
        let child = Command::new(binary())
            .arg("--dir")
            .arg(&self.site)
            .args(["--bind", "127.0.0.1", "--port", &self.port.to_string()])
            .args(["--db", &self.db])
            // Two sockets a game: more than the default cap of 1024 for the load's guard.
            .args(["--max-connections", "4096"])
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("the log"))
            .stderr(log)
            .spawn()
            .expect("duobao-serve starts");
        self.child = Some(child);
        self.wait_ready().await;
    }

    /// Until its online games answer: an unknown game is `no_game`.
    async fn wait_ready(&mut self) {
        let api = Api::new(None);
        let until = Instant::now() + Duration::from_secs(30);
        loop {
            match api.look(&self.base(), "none").await {
                Err(CallError::Refused { refusal, .. }) if refusal.error == "no_game" => return,
                other => {
                    let exited = self
                        .child
                        .as_mut()
                        .and_then(|c| c.try_wait().ok().flatten());
                    assert!(
                        exited.is_none() && Instant::now() < until,
                        "duobao-serve did not come up ({other:?}, exit {exited:?}):\n{}",
                        self.log_text()
                    );
                }
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// SIGKILL: nothing of the server's own shutdown runs.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    pub fn log_text(&self) -> String {
        fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The kinds of error a bot may meet when its server is killed under it; any other is a
/// disagreement between the server and the protocol page, or a bug of either.
const OUTAGE_ERRORS: &[&str] = &[
    "socket_closed",
    "connect_failed",
    "http_unreachable",
    "hello_unanswered",
    "unavailable",
];

/// Every acknowledged ply is stored with the same move; every stored game replays through the
/// rules, ends when the replay ends, with the same result, or by a resignation; the bots met
/// only outages.
pub async fn check(db_url: &str, report: &Report) {
    let summary = &report.summary;
    eprintln!("{summary}");
    let surprises: Vec<_> = summary
        .errors
        .keys()
        .filter(|kind| !OUTAGE_ERRORS.contains(&kind.as_str()))
        .collect();
    assert!(surprises.is_empty(), "errors beyond outages: {surprises:?}");
    assert!(
        report.acked.len() >= 200,
        "few plies acknowledged: {}",
        report.acked.len()
    );

    let db = duobao_online::open_database(db_url)
        .await
        .expect("the database");
    let mut stored = HashMap::new();
    for id in db.game_ids().await.expect("the games' ids") {
        let game = db.load(&id).await.expect("a game").expect("a listed game");
        let replayed = replay(&game.moves).unwrap_or_else(|e| panic!("game {id}: {e}"));
        let ended = game.status == duobao_online::Status::Ended;
        // A resignation ends a game the board has not ended.
        let resigned =
            (game.result.as_deref()).is_some_and(|result| result.ends_with(" resignation"));
        assert_eq!(
            ended,
            replayed.is_over() || resigned,
            "game {id} ({:?}) {:?}",
            game.status,
            game.moves
        );
        if let Some(result) = replayed.result() {
            assert_eq!(game.result, Some(result.to_string()), "game {id}'s result");
        }
        stored.insert(id, game.moves);
    }
    for acked in &report.acked {
        let moves = stored.get(&acked.game);
        assert_eq!(
            moves.and_then(|moves| moves.get(acked.ply)),
            Some(&acked.mv),
            "ply {} of game {} was acknowledged and is not stored",
            acked.ply,
            acked.game
        );
    }
}

/// A new player's rating (PROTOCOL.md, *Players*).
const NEW_RATING: f64 = 1500.0;
/// How far two ratings may differ and be the same: they travel as JSON numbers.
const SAME_RATING: f64 = 1e-6;
/// The most games `GET /api/players/{name}/games` lists.
const LISTED_GAMES: usize = 100;
/// The shortest turn of a standard game; shorter ones are fast (PROTOCOL.md, *Players*).
const STANDARD_FROM_SECONDS: u32 = 60;

/// Whether `game` is a rated game that ended and so moved its players' ratings: not aborted,
/// and not ended before either player chose a move (PROTOCOL.md, *Rated games*), which
/// [`rated_nobody`] tells apart.
fn moved_ratings(game: &PlayerGame) -> bool {
    ended_rated(game) && game.rating_before.is_some()
}

fn ended_rated(game: &PlayerGame) -> bool {
    game.rated
        && game
            .result
            .as_deref()
            .is_some_and(|result| result != "aborted")
}

/// A rated game that ended without rating its players is one in which no move was chosen:
/// its view shows only the clock's passes.
async fn rated_nobody(api: &Api, base: &str, game: &PlayerGame) {
    assert_eq!(
        game.change, None,
        "game {} has a change and no rating before",
        game.id
    );
    let view = api.look(base, &game.id).await.expect("the game's view");
    assert!(
        view.moves.iter().all(|played| played == "pass"),
        "rated game {} rated nobody after a move was chosen: {:?}",
        game.id,
        view.moves
    );
}

fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= SAME_RATING
}

/// Each rated game's rating update was applied exactly once, as the server at `base` shows
/// it. For each player the bots registered and each speed, the rated games of its list, in
/// the order they ended, chain: the first starts at 1500, each at the one before's
/// `rating_before + change`, and the profile's rating is the last one's (an update applied
/// twice, or lost, breaks the chain or the profile); the profile counts as many rated games.
/// Each such game is in both its players' lists, and its changes are the same there, in its
/// view, and in the `end` the bots saw; a rated game that ended without changes is one in
/// which no move was chosen. At least `least_games` rated games ended.
pub async fn check_ratings(base: &str, report: &Report, least_games: usize) {
    let api = Api::new(None);
    assert!(!report.players.is_empty(), "no player registered");
    let mut lists: HashMap<&str, Vec<PlayerGame>> = HashMap::new();
    for name in &report.players {
        let profile = api.profile(base, name).await.expect("a profile");
        let games = api
            .player_games(base, name)
            .await
            .expect("a player's games");
        assert!(
            games.len() < LISTED_GAMES,
            "{name}'s list may have left games out"
        );
        for game in games.iter().filter(|g| ended_rated(g) && !moved_ratings(g)) {
            rated_nobody(&api, base, game).await;
        }
        let speeds = [
            ("fast", &profile.ratings.fast, false),
            ("standard", &profile.ratings.standard, true),
        ];
        for (speed, shown, standard) in speeds {
            let mut rated: Vec<&PlayerGame> = games
                .iter()
                .filter(|g| {
                    moved_ratings(g) && (g.turn_seconds >= STANDARD_FROM_SECONDS) == standard
                })
                .collect();
            rated.sort_by_key(|game| (game.ended_at, game.created_at));
            let mut rating = NEW_RATING;
            for game in &rated {
                let (Some(before), Some(change)) = (game.rating_before, game.change) else {
                    panic!(
                        "{name}'s rated game {} ended without its rating change",
                        game.id
                    );
                };
                assert!(
                    same(before, rating),
                    "{name}'s {speed} game {} starts at {before}, not at {rating} where the one \
                     before left",
                    game.id
                );
                rating = before + change;
            }
            assert!(
                same(shown.rating, rating),
                "{name}'s {speed} rating is {}, its games make it {rating}",
                shown.rating
            );
            assert_eq!(
                shown.games as usize,
                rated.len(),
                "{name}'s rated {speed} games"
            );
        }
        lists.insert(name, games);
    }
    let mut checked = 0;
    for (name, games) in &lists {
        // Each game once, from its red player's list.
        for game in games
            .iter()
            .filter(|g| moved_ratings(g) && g.seat == Seat::Red)
        {
            let opponent = game.opponent.as_deref().expect("a rated game's opponent");
            let theirs = lists
                .get(opponent)
                .and_then(|list| list.iter().find(|g| g.id == game.id))
                .unwrap_or_else(|| panic!("game {} is not in {opponent}'s list", game.id));
            assert_eq!(theirs.seat, Seat::Black, "game {}", game.id);
            assert_eq!(theirs.opponent.as_deref(), Some(*name), "game {}", game.id);
            assert_eq!(theirs.result, game.result, "game {}", game.id);
            let listed = RatingChanges {
                red: game.change.expect("a change"),
                black: theirs.change.expect("a change"),
            };
            let view = api.look(base, &game.id).await.expect("the game's view");
            let viewed = [&view.red, &view.black].map(|p| p.as_ref().and_then(|p| p.change));
            assert_eq!(
                viewed,
                [Some(listed.red), Some(listed.black)],
                "game {}'s view",
                game.id
            );
            if let Some(seen) = report.rating_changes.get(&game.id) {
                assert!(
                    same(seen.red, listed.red) && same(seen.black, listed.black),
                    "game {}: the end said {seen:?}, the lists {listed:?}",
                    game.id
                );
            }
            checked += 1;
        }
    }
    for id in report.rating_changes.keys() {
        let listed = lists
            .values()
            .flatten()
            .any(|g| &g.id == id && moved_ratings(g));
        assert!(listed, "rated game {id} ended and is in no player's list");
    }
    assert!(
        checked >= least_games,
        "{checked} rated games ended, fewer than {least_games}"
    );
}
