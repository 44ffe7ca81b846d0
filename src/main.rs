//! The `cardgames` binary: parse the command line, run it, and turn every
//! failure into a one-line message and an exit status (2 for bad input, 1
//! when the terminal or the output failed).

#![forbid(unsafe_code)]

use std::io::{self, Write};
use std::process::ExitCode;

mod cli;
mod doors;
mod tui;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{ArgMatches, Command, CommandFactory, FromArgMatches};
use cli::{Cli, CliError};

fn main() -> ExitCode {
    let mut command = negatives_allowed(Cli::command());
    let parsed = command
        .clone()
        .try_get_matches()
        .and_then(|m| ascii_where_drawn(&mut command, &m).map(|()| m))
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            // A reader that stops early (`| head`) is not an error.
            let _ = write!(io::stdout(), "{e}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            cardgames::stderr_line(format_args!("{} (see --help)", one_line(&e)));
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
            cardgames::stderr_line(format_args!("error: {e}"));
            ExitCode::from(2)
        }
        Err(e) => {
            cardgames::stderr_line(format_args!("error: {e}"));
            ExitCode::from(1)
        }
    }
}

/// `cmd` with every command taking `-1` as a value (so the value's parser
/// says what is wrong with it, instead of clap's "unexpected argument").
fn negatives_allowed(cmd: Command) -> Command {
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    names
        .iter()
        .fold(cmd.allow_negative_numbers(true), |cmd, name| {
            cmd.mut_subcommand(name, negatives_allowed)
        })
}

/// `cardgames --ascii COMMAND`: taken by the menu and by the commands
/// that have an `--ascii` of their own (they draw suits or open a
/// screen); for any other, clap's error.
fn ascii_where_drawn(cmd: &mut Command, matches: &ArgMatches) -> Result<(), clap::Error> {
    if !matches.get_flag("ascii") {
        return Ok(());
    }
    let mut path = Vec::new();
    let mut leaf = &*cmd;
    let mut sub = matches;
    while let Some((name, next)) = sub.subcommand() {
        let Some(found) = leaf.find_subcommand(name) else {
            break;
        };
        path.push(name);
        leaf = found;
        sub = next;
    }
    if path.is_empty() || leaf.get_arguments().any(|a| a.get_id() == "ascii") {
        return Ok(());
    }
    let message = format!("--ascii: `cardgames {}` draws no suits", path.join(" "));
    Err(cmd.error(ErrorKind::ArgumentConflict, message))
}

/// clap's error in one line: the line naming the problem, a number out of
/// range said in words, and the valid values when clap knows them.
fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut line = text
        .lines()
        .next()
        .unwrap_or("error: bad arguments")
        .to_string();
    if e.kind() == ErrorKind::ValueValidation {
        let cause = std::error::Error::source(e).map(ToString::to_string);
        if let (Some(ContextValue::String(arg)), Some(ContextValue::String(value)), Some(cause)) = (
            e.get(ContextKind::InvalidArg),
            e.get(ContextKind::InvalidValue),
            cause,
        ) && let Some(need) = range_in_words(value, &cause)
        {
            line = format!("error: invalid value '{value}' for '{arg}': {need}");
        }
    }
    if e.kind() == ErrorKind::MissingRequiredArgument
        && let Some(ContextValue::Strings(missing)) = e.get(ContextKind::InvalidArg)
    {
        line = format!("error: missing {}", missing.join(", "));
    }
    if let Some(ContextValue::Strings(valid)) = e.get(ContextKind::ValidValue)
        && !valid.is_empty()
    {
        let valid: Vec<&str> = valid.iter().map(String::as_str).collect();
        line = format!("{line}: choose {}", cardgames::form::or_list(&valid));
    }
    line
}

/// What a number given as `value` must be, from the cause clap's number
/// parsers give ("5 is not in 1..=4", or a parse error for a negative
/// number where only 0 and more are allowed); `None` for other causes.
fn range_in_words(value: &str, cause: &str) -> Option<String> {
    let Some((_, range)) = cause.split_once(" is not in ") else {
        let negative = value.starts_with('-') && value[1..].parse::<u128>().is_ok();
        return negative.then(|| "must not be negative".to_string());
    };
    let (lo, hi) = range.split_once("..")?;
    let lo: i128 = lo.parse().ok()?;
    let hi: i128 = match hi.strip_prefix('=') {
        Some(hi) => hi.parse().ok()?,
        None => hi.parse::<i128>().ok()? - 1,
    };
    // A type's largest value as the top: no top but the type's.
    let tops: [i128; 5] = [
        u8::MAX.into(),
        u16::MAX.into(),
        u32::MAX.into(),
        i64::MAX.into(),
        u64::MAX.into(),
    ];
    let unbounded = tops.contains(&hi) || tops.contains(&(hi + 1));
    Some(match (lo, unbounded) {
        (1, true) => "must be positive".to_string(),
        (0, true) => "must not be negative".to_string(),
        (lo, true) => format!("must be {lo} or more"),
        (lo, false) => format!("must be from {lo} to {hi}"),
    })
}

#[cfg(test)]
mod tests {
    use super::range_in_words;

    #[test]
    fn ranges_are_said_in_words() {
        let words = |v, c| range_in_words(v, c).unwrap_or_default();
        assert_eq!(
            words("-1", "-1 is not in 1..4294967295"),
            "must be positive"
        );
        assert_eq!(words("0", "0 is not in 1..4294967295"), "must be positive");
        assert_eq!(words("9", "9 is not in 2..=8"), "must be from 2 to 8");
        assert_eq!(words("-3", "-3 is not in 0..=255"), "must not be negative");
        assert_eq!(
            words("-3", "invalid digit found in string"),
            "must not be negative"
        );
        assert_eq!(range_in_words("x", "invalid digit found in string"), None);
    }
}
