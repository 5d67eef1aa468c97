//! `duobao-bots`: plays games on duobao-serve through the online protocol and prints what it
//! measured. See `--help`, and scripts/bench-online.sh for the benchmark made of it.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use duobao_online_bots::{raise_open_files, run, Config};

/// Bots playing live games on duobao-serve, two a game, each with its own socket.
#[derive(Parser)]
#[command(name = "duobao-bots")]
struct Args {
    /// A server's base address (http://127.0.0.1:PORT); repeated for several nodes: game i's
    /// creator plays on server i % n, its joiner on the next, and each moves to the next on
    /// repeated failure to reach its own.
    #[arg(long = "server", required = true)]
    servers: Vec<String>,
    /// Games played at once.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// The mean time of a bot's move, in milliseconds (each takes a random 0.5 to 1.5 of it).
    #[arg(long, default_value_t = 3000)]
    move_every: u64,
    /// How long the figures are measured, after the ramp-up.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Over how long the games are started, one after another.
    #[arg(long, default_value_t = 10)]
    ramp_seconds: u64,
    /// The games' turn time.
    #[arg(long, default_value_t = 60)]
    turn_seconds: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Writes every acknowledged ply to this file, one JSON object a line.
    #[arg(long)]
    acked_log: Option<PathBuf>,
    /// Now and then resign, offer or answer a draw, and ask for a rematch.
    #[arg(long)]
    rare_actions: bool,
    /// Abusive clients beside the games, each from an address of its own, doing one of the
    /// abuses in turn (draw offers toggled, many sockets on one seat, many watchers, unknown
    /// games looked up, seeks and games made and left, abort-rematch chains); what became of
    /// their tries is counted apart from the honest players' errors.
    #[arg(long, default_value_t = 0)]
    abusers: usize,
    /// Every game rated: each bot registers a name first and plays as it.
    #[arg(long)]
    rated: bool,
    /// The chance, at each of its turns, that a bot resigns (0 to 1): games end sooner than
    /// random play ends them.
    #[arg(long, default_value_t = 0.0, value_parser = chance)]
    resign_chance: f64,
    /// The first this many games' players find their games by seeking (*Play someone now*),
    /// each alone, rather than by invitation.
    #[arg(long, default_value_t = 0)]
    seeking: usize,
    /// Prints the summary as JSON.
    #[arg(long)]
    json: bool,
}

/// A probability, 0 to 1.
fn chance(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(format!("{text} is no chance from 0 to 1")),
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    // Two sockets a game, and some to spare for HTTP and the log.
    let wanted = 2 * args.games as u64 + 256;
    if let Some(limit) = raise_open_files(wanted) {
        if limit < wanted {
            eprintln!("duobao-bots: the open-file limit is {limit}, below the {wanted} wanted");
        }
    }
    let config = Config {
        servers: args
            .servers
            .iter()
            .map(|s| s.trim_end_matches('/').to_string())
            .collect(),
        games: args.games,
        move_every: Duration::from_millis(args.move_every),
        measured: Duration::from_secs(args.seconds),
        ramp: Duration::from_secs(args.ramp_seconds),
        turn_seconds: args.turn_seconds,
        seed: args.seed,
        acked_log: args.acked_log,
        rare_actions: args.rare_actions,
        abusers: args.abusers,
        rated: args.rated,
        resign_chance: args.resign_chance,
        seeking_tables: args.seeking,
    };
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    match runtime.block_on(run(config)) {
        Ok(report) if args.json => {
            println!(
                "{}",
                serde_json::to_string_pretty(&report.summary).expect("JSON")
            );
            ExitCode::SUCCESS
        }
        Ok(report) => {
            println!("{}", report.summary);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("duobao-bots: {e}");
            ExitCode::FAILURE
        }
    }
}
