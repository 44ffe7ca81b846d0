//! `cardgames play GAME` and `cardgames sim GAME`: any game of the
//! registry on screen or in a bot match, its setup's options as flags
//! made from the game's own form (the same names, choices and defaults
//! as the screen's setup form and the hall's `create`), so a game's
//! options are declared once, in its engine.

use std::io::Write;

use clap::{Arg, ArgAction, ArgMatches, Args, Command};
use serde_json::Value;

use super::{CliError, seed_or_announce};
use crate::tui::{self, NewGame, Start};
use cardgames::game::Level;
use cardgames::games::{Entry, registry};

/// Arguments of `cardgames play` and `cardgames sim`: a game and its
/// flags, read against the game's form once the game is known.
#[derive(Debug, Args)]
#[command(disable_help_flag = true)]
pub struct GameArgs {
    /// The game's id (`cardgames play|sim GAME --help` lists its options).
    #[arg(allow_hyphen_values = true)]
    game: String,
    /// The game's options as `--OPTION CHOICE`, and the command's own
    /// (play: `--level`, `--seed`, `--ascii`; sim: `--bots A,B`, `--plays
    /// N`, `--seed`, `--json`).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "OPTIONS"
    )]
    options: Vec<String>,
}

/// A form choice as a flag's value: its words in lower case joined by
/// `-` (`cash, top up every hand` is `cash-top-up-every-hand`, `5×5` is
/// `5x5`).
fn slug(choice: &str) -> String {
    let mut out = String::new();
    for c in choice.to_lowercase().replace('×', "x").chars() {
        if c.is_alphanumeric() || c == '/' || c == '.' {
            out.push(c);
        } else if c != '\'' && !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// A field's key as a flag (`max_dice` is `--max-dice`).
fn flag(key: &str) -> String {
    key.replace('_', "-")
}

/// The index of the choice `given` names: its whole value or the start of
/// exactly one (`--mode tournament`).
fn choice_of(given: &str, choices: &[String], flag: &str) -> Result<usize, CliError> {
    let given = slug(given);
    let values: Vec<String> = choices.iter().map(|c| slug(c)).collect();
    if let Some(i) = values.iter().position(|v| *v == given) {
        return Ok(i);
    }
    let starts: Vec<usize> = (0..values.len())
        .filter(|&i| !given.is_empty() && values[i].starts_with(&given))
        .collect();
    match starts[..] {
        [i] => Ok(i),
        _ => Err(CliError::Input(format!(
            "invalid value '{given}' for '--{flag}': choose {}",
            cardgames::form::or_list(&values.iter().map(String::as_str).collect::<Vec<_>>())
        ))),
    }
}

/// The game's form as a command: one `--KEY` per field, its choices as
/// shown, its current choice the default.
fn form_command(entry: &Entry, verb: &str) -> Result<(Command, Value), CliError> {
    let setup = entry.kind.default_setup();
    let fields = entry.kind.fields(&setup).map_err(CliError::input)?;
    let mut cmd = Command::new(format!("cardgames {verb} {}", entry.id))
        .about(entry.name)
        .no_binary_name(true);
    for f in &fields {
        let values: Vec<String> = f.choices.iter().map(|c| slug(c)).collect();
        cmd = cmd.arg(
            Arg::new(f.key.clone())
                .long(flag(&f.key))
                .value_name("CHOICE")
                .help(format!(
                    "{} [possible values: {}]",
                    f.label,
                    values.join(", ")
                ))
                .default_value(values[f.selected].clone()),
        );
    }
    Ok((cmd, setup))
}

/// The game called `id`; `-h`/`--help` in its place prints how the
/// command is used and which games there are.
fn game(id: &str, verb: &str, out: &mut dyn Write) -> Result<Option<&'static Entry>, CliError> {
    if id == "-h" || id == "--help" {
        let ids: Vec<&str> = registry().entries().iter().map(|e| e.id).collect();
        writeln!(
            out,
            "Usage: cardgames {verb} GAME [OPTIONS]...\n\nGames: {}\n`cardgames {verb} GAME --help` lists the game's options.",
            ids.join(", ")
        )?;
        return Ok(None);
    }
    registry().find(id).map(Some).map_err(CliError::input)
}

/// `--seed`, with its help.
fn seed_arg(help: &'static str) -> Arg {
    Arg::new("seed")
        .long("seed")
        .help(help)
        .value_parser(clap::value_parser!(u64))
}

/// The setup the flags in `options` choose (`extra` adds flags of the
/// command's own), or a one-line error naming what is wrong.
pub(super) fn setup_from(
    entry: &Entry,
    verb: &str,
    options: &[String],
    extra: impl FnOnce(Command) -> Command,
) -> Result<(Value, ArgMatches), CliError> {
    let (cmd, mut setup) = form_command(entry, verb)?;
    let matches = extra(cmd)
        .try_get_matches_from(options)
        .map_err(|e| match e.kind() {
            clap::error::ErrorKind::DisplayHelp => e.exit(),
            _ => CliError::Input(first_paragraph(&e.to_string())),
        })?;
    for f in entry.kind.fields(&setup).map_err(CliError::input)? {
        let Some(chosen) = matches.get_one::<String>(&f.key) else {
            continue;
        };
        let index = choice_of(chosen, &f.choices, &flag(&f.key))?;
        setup = entry
            .kind
            .choose(&setup, &f.key, index)
            .map_err(CliError::input)?;
    }
    Ok((setup, matches))
}

/// Clap's message up to its first blank line, on one line.
fn first_paragraph(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .trim_start_matches("error: ")
        .to_string()
}

/// Opens the game on screen against the level's bot (or the one named).
pub fn play(args: GameArgs, ascii: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let Some(entry) = game(&args.game, "play", out)? else {
        return Ok(());
    };
    play_entry(entry, &args.options, ascii)
}

/// `cardgames GAME [OPTIONS]` (no subcommand): the game on screen, as
/// `cardgames play GAME [OPTIONS]`.
pub fn play_game(id: &str, options: &[String], ascii: bool) -> Result<(), CliError> {
    play_entry(
        registry().find(id).map_err(CliError::input)?,
        options,
        ascii,
    )
}

fn play_entry(entry: &Entry, options: &[String], ascii: bool) -> Result<(), CliError> {
    let own = |cmd: Command| {
        cmd.arg(
            Arg::new("level")
                .long("level")
                .help("How hard the computer plays")
                .value_parser(["easy", "normal", "hard"])
                .default_value("normal"),
        )
        .arg(Arg::new("ai").long("ai").value_name("BOT").help(format!(
            "The computer's AI by name, instead of --level: {}",
            cardgames::form::or_list(entry.kind.bot_names())
        )))
        .arg(seed_arg("Seed of the deals, to replay a session"))
        .arg(
            Arg::new("ascii")
                .long("ascii")
                .help("Draw suits as letters (S H D C) instead of ♠ ♥ ♦ ♣")
                .action(ArgAction::SetTrue),
        )
    };
    let (setup, matches) = setup_from(entry, "play", options, own)?;
    let level: Level = matches
        .get_one::<String>("level")
        .map_or(Ok(Level::Normal), |l| l.parse())
        .map_err(CliError::input)?;
    let bot = match matches.get_one::<String>("ai") {
        Some(ai) => {
            let ai = ai.to_ascii_lowercase();
            let names = entry.kind.bot_names();
            match names.iter().find(|n| **n == ai) {
                Some(name) => *name,
                None => {
                    return Err(CliError::Input(format!(
                        "unknown AI '{ai}': choose {}",
                        cardgames::form::or_list(names)
                    )));
                }
            }
        }
        None => entry.kind.level_bot(level),
    };
    entry.kind.seats(&setup).map_err(CliError::input)?;
    let start = Start::Game(NewGame {
        game: entry.id.into(),
        setup,
        bot: bot.into(),
    });
    let seed = matches.get_one::<u64>("seed").copied();
    let ascii = ascii || matches.get_flag("ascii");
    tui::run(start, seed, ascii).map_err(|e| CliError::Failed(e.to_string()))
}

/// Opens the menu.
pub fn menu(seed: Option<u64>, ascii: bool) -> Result<(), CliError> {
    tui::run(Start::Menu, seed, ascii).map_err(|e| CliError::Failed(e.to_string()))
}

/// Plays a bot match and prints each bot's result.
pub fn sim(args: GameArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let Some(entry) = game(&args.game, "sim", out)? else {
        return Ok(());
    };
    let own = |cmd: Command| {
        cmd.arg(
            Arg::new("bots")
                .long("bots")
                .help("The bots, comma-separated, taking the seats in turn")
                .value_delimiter(',')
                .required(true),
        )
        .arg(
            Arg::new("plays")
                .long("plays")
                .help("Plays in all (each deal is played once per seat order)")
                .value_parser(clap::value_parser!(u64).range(1..))
                .default_value("100"),
        )
        .arg(seed_arg("Seed of the cards and the bots"))
        .arg(
            Arg::new("json")
                .long("json")
                .help("Print JSON: one object per bot")
                .action(ArgAction::SetTrue),
        )
    };
    let (setup, matches) = setup_from(entry, "sim", &args.options, own)?;
    let bots: Vec<String> = matches
        .get_many::<String>("bots")
        .into_iter()
        .flatten()
        .cloned()
        .collect();
    let plays = matches.get_one::<u64>("plays").copied().unwrap_or(100);
    let json = matches.get_flag("json");
    for bot in &bots {
        if !entry.kind.bot_names().contains(&bot.as_str()) {
            return Err(CliError::Input(format!(
                "unknown bot '{bot}' for {}: choose {}",
                entry.id,
                cardgames::form::or_list(entry.kind.bot_names())
            )));
        }
    }
    let seed = seed_or_announce(matches.get_one::<u64>("seed").copied());
    let standings = entry
        .kind
        .sim(&setup, &bots, plays, seed)
        .map_err(CliError::Input)?;
    for s in standings {
        if json {
            let line = serde_json::json!({
                "bot": s.bot, "plays": s.plays, "total": s.total, "mean": s.mean, "ci95": s.ci95,
            });
            writeln!(out, "{line}")?;
        } else {
            writeln!(
                out,
                "{:<12} {:>6} plays  mean {:+.3} ± {:.3}",
                s.bot, s.plays, s.mean, s.ci95
            )?;
        }
    }
    Ok(())
}
