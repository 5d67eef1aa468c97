//! `duobao-serve`: serves the web build like the deployed site (see the library's docs). Bad
//! arguments or a missing folder exit with 2, a server that cannot start with 1.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use duobao_serve::{shutdown_signal, Config, Site};

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
    /// Serve HTTPS with a certificate made at start-up: a phone on the network needs it for the
    /// service worker (offline play, installing the app)
    #[arg(long)]
    https: bool,
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
    let config = Config {
        dir: args.dir.clone(),
        addr: SocketAddr::new(args.bind, args.port),
        https: args.https,
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(problem) => return failure(&problem),
    };
    let site = match Site::bind(config) {
        Ok(site) => site,
        Err(problem) => return failure(&problem),
    };
    let stop = {
        let _inside = runtime.enter();
        shutdown_signal()
    };
    announce(&site, &args);
    match runtime.block_on(site.run(stop)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) => failure(&problem),
    }
}

/// One line with where to open the site, and what to expect of HTTPS or of plain HTTP on a phone.
fn announce(site: &Site, args: &Args) {
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
    if args.https {
        println!("The browser warns once about this server's self-made certificate (a new one each start): choose to proceed.");
    } else if !network.is_empty() {
        println!("A phone needs HTTPS for offline play and installing the app: add --https.");
    }
}

fn failure(problem: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("duobao-serve: {problem}");
    ExitCode::FAILURE
}
