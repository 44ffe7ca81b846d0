//! The `cardgames` binary: parse the command line, run it, and turn every
//! failure into a one-line message and an exit status (2 for bad input, 1
//! when the terminal or the output failed).

use std::io::{self, Write};
use std::process::ExitCode;

mod cli;

use clap::Parser;
use clap::error::ErrorKind;
use cli::{Cli, CliError};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            print!("{e}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // clap's message spans several lines (usage, hints): keep the
            // line that names the problem.
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("error: bad arguments");
            eprintln!("{first} (see --help)");
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let result = cli::run(cli, &mut out).and_then(|()| out.flush().map_err(CliError::from));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e @ CliError::Input(_)) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
