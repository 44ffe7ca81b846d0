//! The command line: clap definitions for every command, and dispatch to
//! the headless commands (one file per game) or the terminal app. No
//! command here decides a rule; each calls the library.

mod any;
mod bridge;
mod deal;
pub mod doom;
mod hall;
pub mod holdem;
mod holdem_gauntlet;
mod holdem_history;
mod holdem_sim;
pub mod honeymoon;
mod output;
mod progress;
mod sim_flags;

use std::fmt::Display;
use std::io::{self, Write};
use std::str::FromStr;

use clap::{CommandFactory, Parser, Subcommand};

use cardgames::game::random_seed;

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input: a malformed argument, file or position (exit status 2).
    #[error("{0}")]
    Input(String),
    /// Something could not run: the terminal, the network (exit status 1).
    #[error("{0}")]
    Failed(String),
    /// Writing the output failed (exit status 1).
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl CliError {
    /// A bad-input error from any displayable cause.
    pub fn input(e: impl Display) -> CliError {
        CliError::Input(e.to_string())
    }
}

/// A flag's value read by the library's own parser, for clap.
pub fn parsed<T: FromStr>(text: &str) -> Result<T, String>
where
    T::Err: Display,
{
    text.parse().map_err(|e: T::Err| e.to_string())
}

/// Terminal card and dice games against strong AI.
#[derive(Debug, Parser)]
#[command(name = "cardgames", version, about, long_about = None)]
pub struct Cli {
    /// Draw suits as letters (S H D C) instead of ♠ ♥ ♦ ♣ (in the menu,
    /// and in a command that draws suits when given before it).
    #[arg(long)]
    pub ascii: bool,

    /// Seed for the games opened from the menu (each game takes the next
    /// number), so a session can be replayed.
    #[arg(long)]
    pub seed: Option<u64>,

    /// What to do; with none, open the game menu.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// `--ascii`, taken by the commands that draw suits or open a screen
/// (the others reject it).
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct Style {
    /// Draw suits as letters (S H D C) instead of ♠ ♥ ♦ ♣.
    #[arg(long)]
    ascii: bool,
}

impl Style {
    /// Whether to draw suits as letters: asked here, or `before` the
    /// command (`cardgames --ascii …`).
    pub fn ascii(self, before: bool) -> bool {
        self.ascii || before
    }
}

/// The commands: one per game of the registry (`cardgames::games`), and
/// the others.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Contract bridge: double-dummy table and par, scores, PBN and LIN.
    Bridge(bridge::BridgeArgs),
    /// Shuffle and deal: bridge hands, or any list of items.
    Deal(deal::DealArgs),
    /// Dice of Doom: play on screen, solve a position, draw a board, AI matches.
    Doom(doom::DoomArgs),
    /// Honeymoon bridge: play on screen, double-dummy solver, endgame database, bot matches.
    Honeymoon(honeymoon::HoneymoonArgs),
    /// Texas Hold'em: play at a table, rank hands, compute equities, bot matches.
    Holdem(HoldemArgs),
    /// Any game on screen, its options as flags (`cardgames play nim --heap 21`).
    Play(any::GameArgs),
    /// A bot match of any game (`cardgames sim nim --bots perfect,one`).
    Sim(any::GameArgs),
    /// Run a game hall: people meet at tables over the network.
    Serve(hall::ServeArgs),
    /// Play in a game hall from this terminal.
    Join(hall::JoinArgs),
    /// Print a shell completion script.
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
}

/// Arguments of `cardgames holdem`: a headless command, or the options of
/// a table on screen.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct HoldemArgs {
    /// What to do (with none, play on screen).
    #[command(subcommand)]
    pub command: Option<holdem::Holdem>,
    /// The game's options on screen (`cardgames play holdem --help` lists
    /// them).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "OPTIONS"
    )]
    pub options: Vec<String>,
}

/// Runs a parsed command line, writing its output to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), CliError> {
    match cli.command {
        Some(Command::Bridge(args)) => bridge::run(args, cli.ascii, out),
        Some(Command::Deal(args)) => deal::run(args, cli.ascii, out),
        Some(Command::Doom(args)) if args.command.is_none() => {
            any::play_game("doom", &args.options, cli.ascii)
        }
        Some(Command::Doom(args)) => doom::run(args, out),
        Some(Command::Honeymoon(args)) if args.command.is_none() => {
            any::play_game("honeymoon", &args.options, cli.ascii)
        }
        Some(Command::Honeymoon(args)) => honeymoon::run(args, cli.ascii, out),
        Some(Command::Holdem(HoldemArgs {
            command: None,
            options,
        })) => any::play_game("holdem", &options, cli.ascii),
        Some(Command::Holdem(HoldemArgs {
            command: Some(c), ..
        })) => holdem::run(c, cli.ascii, out),
        Some(Command::Serve(args)) => hall::serve(args),
        Some(Command::Join(args)) => hall::join(args, cli.ascii),
        Some(Command::Completions { shell }) => {
            // Generated whole first: the generator panics when a write
            // fails, and a reader that stops early is not an error.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "cardgames", &mut script);
            out.write_all(&script).map_err(CliError::from)
        }
        Some(Command::Play(args)) => any::play(args, cli.ascii, out),
        Some(Command::Sim(args)) => any::sim(args, out),
        None => any::menu(cli.seed, cli.ascii),
    }
}

/// The seed to use: the one given, or a fresh one announced on stderr so
/// the run can be replayed with `--seed`.
pub fn seed_or_announce(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let s = random_seed();
        cardgames::stderr_line(format_args!("seed: {s}"));
        s
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_game_is_played_by_play_and_sim() {
        for entry in cardgames::games::registry().entries() {
            for verb in ["play", "sim"] {
                let (setup, _) = any::setup_from(entry, verb, &[], |c| c)
                    .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
                assert_eq!(setup, entry.kind.default_setup(), "{}", entry.id);
            }
        }
    }
}
