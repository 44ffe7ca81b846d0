//! `cardgames holdem replay | convert | stats`: hand histories (PHH,
//! PHHS, PokerStars, GGPoker or Winamax text, iPoker XML, told apart by
//! content) from files,
//! folders or standard input. The work is the library's
//! (`holdem::history`, `holdem::formats`); this file reads paths, writes
//! files and prints.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use serde_json::json;

use super::CliError;
use super::output::Output;
use cardgames::holdem::formats::{self, Format, read_any};
use cardgames::holdem::history::files;
use cardgames::holdem::history::stats::{PlayerStats, Stats};
use cardgames::holdem::history::{HistoryError, Replayed, replay};

/// Arguments of `cardgames holdem replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A file, a folder (every .phh, .phhs, .txt and .xml file in it, in name
    /// order, sub-folders too) or `-` for standard input.
    #[arg(required = true, value_name = "FILE|DIR|-")]
    paths: Vec<String>,

    #[command(flatten)]
    output: Output,
}

/// The formats `convert` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum To {
    /// PHH (one hand per .phh file, several as a .phhs).
    Phh,
    /// PokerStars hand-history text.
    Pokerstars,
    /// GGPoker hand-history text.
    Ggpoker,
    /// Winamax hand-history text.
    Winamax,
    /// iPoker XML (one session per file).
    Ipoker,
}

impl To {
    fn format(self) -> Format {
        match self {
            To::Phh => Format::Phh,
            To::Pokerstars => Format::PokerStars,
            To::Ggpoker => Format::GgPoker,
            To::Winamax => Format::Winamax,
            To::Ipoker => Format::IPoker,
        }
    }
}

/// Arguments of `cardgames holdem convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// A file, a folder or `-` for standard input.
    #[arg(required = true, value_name = "FILE|DIR|-")]
    paths: Vec<String>,

    /// The format to write (`--format` is the same).
    #[arg(long, value_enum, visible_alias = "format")]
    to: To,

    /// Write one file per input file into this folder, keeping the
    /// input folders' tree (standard output without it).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,

    /// Replace files that are already in the --out folder (without it,
    /// nothing is written when any would be replaced).
    #[arg(long)]
    force: bool,

    /// The hero (a name or p1, p2, ...) of hands whose history names none:
    /// whose hole cards the "Dealt to" line shows.
    #[arg(long, value_name = "NAME")]
    hero: Option<String>,
}

/// Arguments of `cardgames holdem stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Files or folders of hand histories (`-` for standard input).
    #[arg(required = true, value_name = "FILES|DIR")]
    paths: Vec<String>,

    /// Every player's figures (by default only the hero's: the player
    /// each history was written for, you in the hands kept here).
    #[arg(long, conflicts_with = "player")]
    all: bool,

    /// This player's figures (again for more players).
    #[arg(long, value_name = "NAME")]
    player: Vec<String>,

    #[command(flatten)]
    output: Output,
}

/// One input: its name, its path under the folder given (for `--out`),
/// and its text.
struct Input {
    name: String,
    relative: PathBuf,
    text: String,
}

/// Every input, in order.
fn inputs(paths: &[String]) -> Result<Vec<Input>, CliError> {
    let mut out = Vec::new();
    for p in paths {
        if p == "-" {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| CliError::Input(format!("standard input: {e}")))?;
            out.push(Input {
                name: "-".into(),
                relative: PathBuf::from("stdin"),
                text,
            });
            continue;
        }
        let path = Path::new(p);
        if path.is_dir() {
            let found = files::history_files(path)
                .map_err(|(dir, e)| CliError::Input(format!("{}: {e}", dir.display())))?;
            for f in found {
                let relative = f.strip_prefix(path).unwrap_or(&f).to_path_buf();
                out.push(Input {
                    name: f.display().to_string(),
                    relative,
                    text: read_file(&f)?,
                });
            }
        } else {
            let relative = PathBuf::from(path.file_name().unwrap_or(path.as_os_str()));
            out.push(Input {
                name: p.clone(),
                relative,
                text: read_file(path)?,
            });
        }
    }
    Ok(out)
}

fn read_file(path: &Path) -> Result<String, CliError> {
    files::read_text(path).map_err(|e| CliError::Input(format!("{}: {e}", path.display())))
}

/// Every hand of every input (by name, with its path under its folder),
/// replayed or refused.
type Outcomes = Vec<(String, PathBuf, Vec<Result<Replayed, HistoryError>>)>;

fn replay_all(paths: &[String]) -> Result<Outcomes, CliError> {
    Ok(inputs(paths)?
        .into_iter()
        .map(
            |Input {
                 name,
                 relative,
                 text,
             }| {
                let hands = match read_any(&text) {
                    Ok(hands) if hands.is_empty() => {
                        vec![Err(HistoryError::Format("no hand in it".into()))]
                    }
                    Ok(hands) => hands
                        .into_iter()
                        .map(|(_, r)| r.and_then(|r| replay(&r)))
                        .collect(),
                    Err(e) => vec![Err(e)],
                };
                (name, relative, hands)
            },
        )
        .collect())
}

fn refused(outcomes: &Outcomes) -> usize {
    outcomes
        .iter()
        .flat_map(|(_, _, h)| h)
        .filter(|h| h.is_err())
        .count()
}

fn total(outcomes: &Outcomes) -> usize {
    outcomes.iter().map(|(_, _, h)| h.len()).sum()
}

fn one_line(e: &HistoryError) -> String {
    e.to_string().lines().next().unwrap_or_default().to_string()
}

/// Runs `cardgames holdem replay`.
pub fn run_replay(args: ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let outcomes = replay_all(&args.paths)?;
    for (file, _, hands) in &outcomes {
        let mut ok = 0;
        for (i, h) in hands.iter().enumerate() {
            match (h, args.output.json()) {
                (Ok(h), true) => {
                    // Amounts exactly as the history writes them.
                    let stacks = h.finishing_text().join(",");
                    writeln!(
                        out,
                        "{{\"file\":{},\"hand\":{},\"finishing_stacks\":[{stacks}]}}",
                        json!(file),
                        i + 1
                    )?;
                }
                (Err(e), true) => {
                    let line = json!({"file": file, "hand": i + 1, "error": one_line(e)});
                    writeln!(out, "{line}")?;
                }
                (Ok(_), false) => ok += 1,
                (Err(e), false) => writeln!(out, "{file} hand {}: {}", i + 1, one_line(e))?,
            }
        }
        if !args.output.json() {
            writeln!(out, "{file}: {ok} of {} hands replayed", hands.len())?;
        }
    }
    let bad = refused(&outcomes);
    if bad > 0 {
        return Err(CliError::Input(format!(
            "{bad} of {} hands refused",
            total(&outcomes)
        )));
    }
    Ok(())
}

/// Runs `cardgames holdem convert`.
pub fn run_convert(args: ConvertArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let outcomes = replay_all(&args.paths)?;
    let format = args.to.format();
    for (file, _, hands) in &outcomes {
        for (i, h) in hands.iter().enumerate() {
            if let Err(e) = h {
                cardgames::stderr_line(format_args!("{file} hand {}: {}", i + 1, one_line(e)));
            }
        }
    }
    // Every file's text first: nothing is written when any hand cannot be.
    let mut written: Vec<(PathBuf, String)> = Vec::new();
    for (file, relative, hands) in &outcomes {
        let good: Vec<&Replayed> = hands.iter().filter_map(|h| h.as_ref().ok()).collect();
        if good.is_empty() {
            continue;
        }
        let text = formats::write(format, &good, args.hero.as_deref())
            .map_err(|e| CliError::Input(format!("{file}: {}", one_line(&e))))?;
        written.push((relative.with_extension(format.extension(good.len())), text));
    }
    match &args.out {
        Some(dir) => write_tree(dir, &written, args.force)?,
        None => {
            for (_, text) in &written {
                out.write_all(text.as_bytes())?;
                writeln!(out)?;
            }
        }
    }
    let bad = refused(&outcomes);
    if bad > 0 {
        return Err(CliError::Input(format!(
            "{bad} of {} hands refused (not converted)",
            total(&outcomes)
        )));
    }
    Ok(())
}

/// Writes each file under `dir` at its path, folders made as needed;
/// refuses (writing nothing) when two inputs would make one file, or when
/// a file is there already and `force` is not given.
fn write_tree(dir: &Path, files: &[(PathBuf, String)], force: bool) -> Result<(), CliError> {
    let mut seen = BTreeSet::new();
    for (path, _) in files {
        if !seen.insert(path) {
            return Err(CliError::Input(format!(
                "two inputs would both be written as {}: convert them apart",
                dir.join(path).display()
            )));
        }
        let target = dir.join(path);
        if target.exists() && !force {
            return Err(CliError::Input(format!(
                "{} exists: --force replaces it (nothing was written)",
                target.display()
            )));
        }
    }
    for (path, text) in files {
        let target = dir.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| CliError::Input(format!("cannot create {}: {e}", parent.display())))?;
        }
        std::fs::write(&target, text)
            .map_err(|e| CliError::Input(format!("cannot write {}: {e}", target.display())))?;
    }
    Ok(())
}

fn round(x: Option<f64>) -> serde_json::Value {
    x.map_or(serde_json::Value::Null, |v| {
        json!((v * 100.0).round() / 100.0)
    })
}

fn cell(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_string(), |v| format!("{v:.1}"))
}

/// Runs `cardgames holdem stats`.
pub fn run_stats(args: StatsArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let outcomes = replay_all(&args.paths)?;
    let mut stats = Stats::default();
    let mut heroes: BTreeSet<String> = BTreeSet::new();
    for (file, _, hands) in &outcomes {
        for (i, h) in hands.iter().enumerate() {
            match h {
                Ok(h) => {
                    stats.add(h);
                    if let Some(p) = h.record.info.hero {
                        heroes.insert(h.record.name(p));
                    }
                }
                Err(e) => cardgames::stderr_line(format_args!(
                    "{file} hand {}: {} (not counted)",
                    i + 1,
                    one_line(e)
                )),
            }
        }
    }
    // The hero's rows unless asked for others (everyone when no history
    // names its hero).
    let wanted = |name: &str| {
        if args.all {
            true
        } else if !args.player.is_empty() {
            args.player.iter().any(|p| p == name)
        } else {
            heroes.is_empty() || heroes.contains(name)
        }
    };
    let rows: Vec<(&String, &PlayerStats)> =
        stats.players.iter().filter(|(n, _)| wanted(n)).collect();
    if rows.is_empty() && !args.player.is_empty() {
        return Err(CliError::Input(format!(
            "no hand of {}",
            args.player.join(", ")
        )));
    }
    if args.output.json() {
        for (name, s) in rows {
            let line = json!({
                "player": name,
                "hands": s.hands,
                "vpip": round(s.vpip_pct()),
                "pfr": round(s.pfr_pct()),
                "three_bet": round(s.three_bet_pct()),
                "af": round(s.af()),
                "wtsd": round(s.wtsd_pct()),
                "wsd": round(s.wsd_pct()),
                "bb_per_100": round(s.bb_per_100()),
            });
            writeln!(out, "{line}")?;
        }
    } else {
        writeln!(
            out,
            "{:<16} {:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>9}",
            "player", "hands", "VPIP", "PFR", "3-bet", "AF", "WTSD", "W$SD", "bb/100"
        )?;
        for (name, s) in rows {
            writeln!(
                out,
                "{:<16} {:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>9}",
                name,
                s.hands,
                cell(s.vpip_pct()),
                cell(s.pfr_pct()),
                cell(s.three_bet_pct()),
                s.af().map_or_else(|| "-".into(), |v| format!("{v:.2}")),
                cell(s.wtsd_pct()),
                cell(s.wsd_pct()),
                s.bb_per_100()
                    .map_or_else(|| "-".into(), |v| format!("{v:.1}")),
            )?;
        }
        writeln!(out, "{} hands", stats.hands)?;
    }
    let bad = refused(&outcomes);
    if bad > 0 {
        return Err(CliError::Input(format!(
            "{bad} of {} hands refused (not counted)",
            total(&outcomes)
        )));
    }
    Ok(())
}
