//! `cardgames serve`: run a game hall; `cardgames join`: play in one from
//! this terminal.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;

use super::{CliError, Style};
use crate::doors::ssh::{self, DoorConfig};
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
    /// Open the ssh door here too (e.g. 0.0.0.0:2222): `ssh -p 2222 HOST`
    /// plays in the hall, the ssh key being the account.
    #[arg(long, value_name = "ADDR")]
    ssh: Option<SocketAddr>,
    /// Let people in by ssh without a key, as guests.
    #[arg(long, requires = "ssh")]
    guests: bool,
    /// ssh sessions at once.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..))]
    ssh_sessions: u32,
    /// Minutes after which an idle ssh connection is closed.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..))]
    ssh_idle: u32,
    /// Seconds a connection has to send an HTTP request's line and
    /// headers before it is closed.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=600))]
    request_timeout: u32,
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
        head_within: std::time::Duration::from_secs(u64::from(args.request_timeout)),
    };
    let door = args.ssh.map(|listen| DoorConfig {
        listen,
        guests: args.guests,
        max_sessions: args.ssh_sessions as usize,
        idle: std::time::Duration::from_secs(60 * u64::from(args.ssh_idle)),
    });
    let runtime = tokio::runtime::Runtime::new()?;
    runtime
        .block_on(async move {
            let opened = hall::open(config).await?;
            let web = opened.web();
            hall::log(format_args!(
                "cardgames hall: players join with `cardgames join ws://{web}`, or in a browser at http://{web}/"
            ));
            if let Some(door) = door {
                let at = ssh::open(&opened, door).await?;
                hall::log(format_args!(
                    "cardgames hall: or with `ssh -p {} {}`",
                    at.port(),
                    at.ip()
                ));
            }
            opened.serve().await
        })
        .map_err(|e| CliError::Failed(e.to_string()))
}

/// Arguments of `cardgames join`.
#[derive(Debug, Args)]
pub struct JoinArgs {
    /// The hall's address: host:port (like 127.0.0.1:7878) or ws://….
    url: String,
    /// Your name (needed the first time at a hall; after that your kept
    /// token says who you are).
    #[arg(long)]
    name: Option<String>,
    #[command(flatten)]
    style: Style,
}

/// Runs `cardgames join`: the hall's lobby on screen.
pub fn join(args: JoinArgs, ascii: bool) -> Result<(), CliError> {
    let url = cardgames::wire::client::hall_address(&args.url).map_err(CliError::Input)?;
    if let Some(name) = &args.name
        && cardgames::wire::protocol::normal_name(name).is_none()
    {
        return Err(CliError::Input(format!(
            "--name {name:?}: {}",
            cardgames::wire::protocol::NAME_RULE
        )));
    }
    let style = args.style;
    let start = crate::tui::Start::Hall {
        url,
        name: args.name,
    };
    crate::tui::run(start, None, style.ascii(ascii)).map_err(|e| CliError::Failed(e.to_string()))
}
