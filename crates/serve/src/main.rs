//! `duobao-serve`: serves the web build like the deployed site (see the library's docs). Bad
//! arguments or a missing folder exit with 2, a server that cannot start with 1.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use duobao_online::Online;
use duobao_serve::{shutdown_signal, Config, Limits, Site, LOCAL_CA_PATH, TABLEBASE_PATH};

/// Serve the web build of Duobao Qi Bing · Seven Soldiers as the deployed site is served:
/// precompressed files, caching by content hash, HTTPS for a phone on the network.
#[derive(Parser, Debug)]
#[command(name = "duobao-serve", version)]
struct Args {
    /// The folder to serve (the web build: target/dx/duobao-app/release/web/public)
    #[arg(long, value_name = "DIR")]
    dir: PathBuf,
    /// The port to listen on (0 takes a free one)
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for the network too
    #[arg(long, value_name = "ADDRESS", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Serve HTTPS with a certificate made at start-up and signed by a local certificate
    /// authority kept for this user: a phone on the network that trusts it can play offline and
    /// install the app
    #[arg(long)]
    https: bool,
    /// Where the local certificate authority is kept (made on the first --https start) [default:
    /// duobao-serve in this user's local data folder]
    #[arg(long, value_name = "DIR", requires = "https")]
    cert_dir: Option<PathBuf>,
    /// A folder of endgame tables (`duobao tablebase build --dir DIR`) to answer
    /// GET /api/tablebase?fen=FEN from
    #[arg(long, value_name = "DIR")]
    tables: Option<PathBuf>,
    /// The online games' database: sqlite:PATH, or postgres://… for several server nodes on one
    /// database [default: sqlite: online.sqlite in this user's local data folder's duobao-serve]
    #[arg(long, value_name = "URL", env = "DATABASE_URL")]
    db: Option<String>,
    /// Serve no online games (no database)
    #[arg(long, conflicts_with = "db")]
    no_online: bool,
    /// Behind a reverse proxy or load balancer: the header it names each client's address in
    /// (X-Forwarded-For or X-Real-IP), for the online games' rate limits
    #[arg(long, value_name = "HEADER")]
    client_address_header: Option<axum::http::HeaderName>,
    /// No rate limits on the online games and no cap on one address's connections: only for
    /// load tests from one machine
    #[arg(long)]
    no_rate_limits: bool,
    /// The most connections open at once (two a live game) [default: 1024]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections: Option<u32>,
}

/// Where the online games are kept unless told otherwise.
fn default_database() -> Option<String> {
    dirs::data_local_dir().map(|data| {
        let file = data.join("duobao-serve").join("online.sqlite");
        format!("sqlite:{}", file.display())
    })
}

fn main() -> ExitCode {
    let args = Args::parse();
    if !args.dir.is_dir() {
        eprintln!(
            "duobao-serve: {} is not a folder (--dir)",
            args.dir.display()
        );
        return ExitCode::from(2);
    }
    if !args.dir.join("index.html").is_file() {
        eprintln!(
            "duobao-serve: {} has no index.html: / will answer 404",
            args.dir.display()
        );
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(problem) => return failure(&problem),
    };
    let database = match (args.no_online, args.db.clone().or_else(default_database)) {
        (true, _) => None,
        (false, Some(url)) => Some(url),
        (false, None) => {
            eprintln!("duobao-serve: no local data folder for the online games' database: give --db or --no-online");
            return ExitCode::from(2);
        }
    };
    let online = match &database {
        None => None,
        Some(url) => match runtime.block_on(start_online(url, &args)) {
            Ok(online) => Some(online),
            Err(problem) => return failure(&problem),
        },
    };
    let config = Config {
        dir: args.dir.clone(),
        addr: SocketAddr::new(args.bind, args.port),
        https: args.https,
        cert_dir: args.cert_dir.clone(),
        limits: Limits {
            max_connections: args.max_connections.map(|n| n as usize),
            // Behind a proxy every connection is the proxy's; a load test's bots may all be
            // one address's.
            connections_per_address: if args.client_address_header.is_some() || args.no_rate_limits
            {
                None
            } else {
                Limits::default().connections_per_address
            },
            ..Limits::default()
        },
        tables: args.tables.clone(),
        online,
    };
    let site = match Site::bind(config) {
        Ok(site) => site,
        Err(problem) => return failure(&problem),
    };
    let stop = {
        let _inside = runtime.enter();
        shutdown_signal()
    };
    for notice in site.local_ca().map_or(&[][..], |ca| ca.notices()) {
        eprintln!("duobao-serve: {notice}");
    }
    announce(&site, &args, database.as_deref());
    match runtime.block_on(site.run(stop)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) => failure(&problem),
    }
}

/// Where to open the site; for HTTPS, how a phone comes to trust it (the longer how-to is in
/// README.md), and for plain HTTP on the network, that a phone needs HTTPS.
fn announce(site: &Site, args: &Args, database: Option<&str>) {
    let urls = site.urls();
    let (here, network) = urls
        .split_first()
        .map_or(("", &[][..]), |(h, n)| (h.as_str(), n));
    let phone = match network {
        [] => String::new(),
        _ => format!(", on a phone on this network {}", network.join(" or ")),
    };
    println!(
        "Serving {} at {here}{phone} (Ctrl-C stops it)",
        args.dir.display()
    );
    if let Some(url) = database {
        println!(
            "Online games at /api/online, kept in {}",
            shown_database(url)
        );
    }
    if let Some(tables) = &args.tables {
        println!(
            "Answering {TABLEBASE_PATH}?fen=FEN from the endgame tables in {}",
            tables.display()
        );
    }
    let Some(ca) = site.local_ca() else {
        if !network.is_empty() {
            println!("A phone needs HTTPS for offline play and installing the app: add --https.");
        }
        return;
    };
    if ca.is_new() {
        println!(
            "Made a local certificate authority (CA) for HTTPS, kept in {}",
            ca.path().display()
        );
    }
    // A server bound to one LAN address is opened there from a phone too.
    let bound = site.local_addr().ip();
    let phone_url = network.first().or_else(|| {
        urls.first()
            .filter(|_| !bound.is_loopback() && !bound.is_unspecified())
    });
    match phone_url {
        Some(url) => {
            let url = url.trim_end_matches('/');
            println!("To install the app on a phone, the phone must trust the local CA once:");
            println!("  open {url}{LOCAL_CA_PATH} on the phone (proceed past the warning) and install it");
            println!("  Android: Settings → Security → Encryption & credentials → Install a certificate → CA certificate");
            println!("  iPhone: open it in Safari, install the profile in Settings, then General → About → Certificate Trust Settings → full trust");
            println!("  then open {url}/ again and Add to Home Screen (README.md, \"On a phone at home\")");
        }
        None => println!(
            "Browsers here warn about the certificate until they trust the local CA {}; until then, choose to proceed.",
            ca.path().display()
        ),
    }
}

async fn start_online(url: &str, args: &Args) -> Result<Online, duobao_online::StoreError> {
    let options = duobao_online::Options {
        client_address_header: args.client_address_header.clone(),
        no_rate_limits: args.no_rate_limits,
        ..duobao_online::Options::default()
    };
    Online::start(duobao_online::open_database(url).await?, options).await
}

/// A database's address without its password.
fn shown_database(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => format!("{}://…{}", &url[..scheme], &url[at..]),
        _ => url.to_string(),
    }
}

fn failure(problem: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("duobao-serve: {problem}");
    ExitCode::FAILURE
}
