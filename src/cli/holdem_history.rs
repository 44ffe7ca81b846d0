//! `cardgames holdem replay | convert | stats`: hand histories (PHH,
//! PHHS or PokerStars text, told apart by content) from files, folders
//! or standard input. The work is the library's (`holdem::history`); this
//! file reads paths and prints.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use serde_json::json;

use super::CliError;
use super::output::Output;
use cardgames::holdem::history::files;
use cardgames::holdem::history::stats::{PlayerStats, Stats};
use cardgames::holdem::history::{HandRecord, HistoryError, Replayed, read_any, replay};
use cardgames::holdem::{phh, pokerstars};

/// Arguments of `cardgames holdem replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A file, a folder (every .phh, .phhs and .txt file in it, in name
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

    /// Write one file per input file into this folder (standard output
    /// without it).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,

    /// For PokerStars text: the player whose hole cards the "Dealt to"
    /// line shows (a name or p1, p2, ...); by default the first player
    /// whose cards are known.
    #[arg(long, value_name = "NAME")]
    hero: Option<String>,
}

/// Arguments of `cardgames holdem stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Files or folders of hand histories (`-` for standard input).
    #[arg(required = true, value_name = "FILES|DIR")]
    paths: Vec<String>,

    #[command(flatten)]
    output: Output,
}

/// Every input: its name and text.
fn inputs(paths: &[String]) -> Result<Vec<(String, String)>, CliError> {
    let mut out = Vec::new();
    for p in paths {
        if p == "-" {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| CliError::Input(format!("standard input: {e}")))?;
            out.push(("-".to_string(), text));
            continue;
        }
        let path = Path::new(p);
        if path.is_dir() {
            let found = files::history_files(path)
                .map_err(|(dir, e)| CliError::Input(format!("{}: {e}", dir.display())))?;
            for f in found {
                out.push((f.display().to_string(), read_file(&f)?));
            }
        } else {
            out.push((p.clone(), read_file(path)?));
        }
    }
    Ok(out)
}

fn read_file(path: &Path) -> Result<String, CliError> {
    files::read_text(path).map_err(|e| CliError::Input(format!("{}: {e}", path.display())))
}

/// Every hand of every input, replayed or refused.
type Outcomes = Vec<(String, Vec<Result<Replayed, HistoryError>>)>;

fn replay_all(paths: &[String]) -> Result<Outcomes, CliError> {
    Ok(inputs(paths)?
        .into_iter()
        .map(|(name, text)| {
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
            (name, hands)
        })
        .collect())
}

fn refused(outcomes: &Outcomes) -> usize {
    outcomes
        .iter()
        .flat_map(|(_, h)| h)
        .filter(|h| h.is_err())
        .count()
}

fn total(outcomes: &Outcomes) -> usize {
    outcomes.iter().map(|(_, h)| h.len()).sum()
}

fn one_line(e: &HistoryError) -> String {
    e.to_string().lines().next().unwrap_or_default().to_string()
}

/// Runs `cardgames holdem replay`.
pub fn run_replay(args: ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let outcomes = replay_all(&args.paths)?;
    for (file, hands) in &outcomes {
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

fn hero_of(r: &HandRecord, hero: Option<&str>) -> Option<usize> {
    let h = hero?;
    (0..r.players()).find(|&p| r.name(p) == h).or_else(|| {
        h.strip_prefix('p')
            .and_then(|n| n.parse::<usize>().ok())
            .and_then(|n| n.checked_sub(1))
            .filter(|&p| p < r.players())
    })
}

/// Runs `cardgames holdem convert`.
pub fn run_convert(args: ConvertArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let outcomes = replay_all(&args.paths)?;
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Input(format!("cannot create {}: {e}", dir.display())))?;
    }
    let mut number = 0u64;
    for (file, hands) in &outcomes {
        let good: Vec<&Replayed> = hands.iter().filter_map(|h| h.as_ref().ok()).collect();
        for (i, h) in hands.iter().enumerate() {
            if let Err(e) = h {
                cardgames::stderr_line(format_args!("{file} hand {}: {}", i + 1, one_line(e)));
            }
        }
        if good.is_empty() {
            continue;
        }
        let text = match args.to {
            To::Phh => {
                let records: Vec<HandRecord> = good.iter().map(|h| h.record.clone()).collect();
                if records.len() == 1 {
                    phh::write_record(&records[0])
                } else {
                    phh::write_all(&records)
                }
            }
            To::Pokerstars => good
                .iter()
                .map(|h| {
                    number += 1;
                    let hero = hero_of(&h.record, args.hero.as_deref());
                    let n = h
                        .record
                        .info
                        .hand
                        .as_deref()
                        .and_then(|s| s.parse().ok())
                        .unwrap_or(number);
                    pokerstars::write(h, hero, n)
                })
                .collect::<Vec<_>>()
                .join("\n\n"),
        };
        match &args.out {
            Some(dir) => {
                let stem = Path::new(file)
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .filter(|s| *s != "-")
                    .unwrap_or("stdin");
                let ext = match (args.to, good.len()) {
                    (To::Phh, 1) => "phh",
                    (To::Phh, _) => "phhs",
                    (To::Pokerstars, _) => "txt",
                };
                let path = dir.join(format!("{stem}.{ext}"));
                std::fs::write(&path, text).map_err(|e| {
                    CliError::Input(format!("cannot write {}: {e}", path.display()))
                })?;
            }
            None => {
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
    for (file, hands) in &outcomes {
        for (i, h) in hands.iter().enumerate() {
            match h {
                Ok(h) => stats.add(h),
                Err(e) => cardgames::stderr_line(format_args!(
                    "{file} hand {}: {} (not counted)",
                    i + 1,
                    one_line(e)
                )),
            }
        }
    }
    let rows: Vec<(&String, &PlayerStats)> = stats.players.iter().collect();
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
