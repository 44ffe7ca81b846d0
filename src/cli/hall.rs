//! `cardgames serve`: run a game hall; `cardgames join`: play in one from
//! this terminal.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;

use super::CliError;
use cardgames::hall::{self, Config};

/// Arguments of `cardgames serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Where to listen for players (WebSocket at /ws, and web pages).
    #[arg(long, default_value = "127.0.0.1:7878", value_name = "ADDR")]
    listen: SocketAddr,
    /// Where the hall keeps its store [default: the platform's data
    /// directory, e.g. ~/.local/share/cardgames/hall].
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// Seed of the tables' deals (table n deals from seed + n), for a
    /// hall that replays; random without it.
    #[arg(long)]
    seed: Option<u64>,
    /// Connections allowed from one address.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..))]
    per_address: u32,
}

/// Runs `cardgames serve` until SIGTERM or Ctrl-C.
pub fn serve(args: ServeArgs) -> Result<(), CliError> {
    let data = match args.data {
        Some(d) => d,
        None => directories::ProjectDirs::from("", "", "cardgames")
            .map(|d| d.data_dir().join("hall"))
            .ok_or_else(|| CliError::Input("no home directory: give --data DIR".into()))?,
    };
    let config = Config {
        listen: args.listen,
        data,
        seed: args.seed,
        per_address: args.per_address as usize,
    };
    let runtime = tokio::runtime::Runtime::new()?;
    runtime
        .block_on(hall::serve(config, |addr| {
            eprintln!("cardgames hall: players join with `cardgames join ws://{addr}`");
        }))
        .map_err(|e| CliError::Failed(e.to_string()))
}
