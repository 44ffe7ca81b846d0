//! `cardgames holdem`: headless Hold'em commands.

use std::io::Write;

use clap::Subcommand;

use super::{CliError, holdem_sim};

/// The `holdem` subcommands.
#[derive(Debug, Subcommand)]
pub enum Holdem {
    /// A headless match between bots: bb/100 per seat with a 95% interval.
    Sim(holdem_sim::SimArgs),
}

/// Runs a `holdem` subcommand.
pub fn run(command: Holdem, _ascii: bool, out: &mut dyn Write) -> Result<(), CliError> {
    match command {
        Holdem::Sim(args) => holdem_sim::run(args, out),
    }
}
