//! `cardgames holdem sim`: a headless match between named bots, with
//! per-seat results in big blinds per 100 hands and a 95% interval, and
//! optionally one PHH file per hand.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use clap::Args;
use serde_json::json;

use super::{CliError, seed_or_announce};
use crate::holdem::phh;
use crate::holdem::pots::Chips;
use crate::holdem::sim::Match;
use crate::holdem::table::{Blinds, MAX_SEATS, Table};

/// Arguments of `cardgames holdem sim`.
#[derive(Debug, Args)]
pub struct SimArgs {
    /// How many deals to play (with --duplicate each is played once per seat).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    hands: u64,

    /// One bot per seat, 2 to 9: random, station, tight, shark, or a
    /// level: easy, normal, hard.
    #[arg(
        long,
        value_delimiter = ',',
        required = true,
        value_name = "BOT,BOT[,...]"
    )]
    seats: Vec<String>,

    /// Every stack at the start of every hand.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    stack: u64,

    /// The blinds, small/big.
    #[arg(long, default_value = "5/10", value_name = "SB/BB")]
    blinds: String,

    /// An ante from every player each hand.
    #[arg(long, default_value_t = 0, value_name = "N")]
    ante: u64,

    /// An ante from the big blind alone, for the whole table.
    #[arg(long, default_value_t = 0, value_name = "N", conflicts_with = "ante")]
    bb_ante: u64,

    /// The player after the big blind straddles two big blinds (three
    /// players or more).
    #[arg(long)]
    straddle: bool,

    /// Seed for the cards and the bots; the same seed replays the match.
    #[arg(long)]
    seed: Option<u64>,

    /// Write every hand as a PHH file into this directory, one file per
    /// hand.
    #[arg(long, value_name = "DIR")]
    phh_dir: Option<PathBuf>,

    /// Replay every deal with the bots rotated through the seats.
    #[arg(long)]
    duplicate: bool,

    /// Print JSON.
    #[arg(long)]
    json: bool,
}

fn parse_blinds(s: &str) -> Result<Blinds, CliError> {
    let bad = || CliError::Input(format!("bad --blinds '{s}': expected SB/BB, e.g. 5/10"));
    let (sb, bb) = s.split_once('/').ok_or_else(bad)?;
    let small: Chips = sb.trim().parse().map_err(|_| bad())?;
    let big: Chips = bb.trim().parse().map_err(|_| bad())?;
    if small == 0 || small > big {
        return Err(CliError::Input(format!(
            "bad --blinds '{s}': need 0 < small <= big"
        )));
    }
    Ok(Blinds { small, big })
}

fn write_phh(
    dir: &Path,
    deal: u64,
    rotation: usize,
    duplicate: bool,
    table: &Table,
) -> std::io::Result<()> {
    let name = if duplicate {
        format!("hand-{:06}-{rotation}.phh", deal + 1)
    } else {
        format!("hand-{:06}.phh", deal + 1)
    };
    std::fs::write(dir.join(name), phh::write(table))
}

/// Runs `cardgames holdem sim`.
pub fn run(args: SimArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if !(2..=MAX_SEATS).contains(&args.seats.len()) {
        return Err(CliError::Input(format!(
            "--seats needs 2 to {MAX_SEATS} bots, got {}",
            args.seats.len()
        )));
    }
    let blinds = parse_blinds(&args.blinds)?;
    if let Some(dir) = &args.phh_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Input(format!("cannot create {}: {e}", dir.display())))?;
    }
    let seed = seed_or_announce(args.seed);
    let m = Match {
        bots: args
            .seats
            .iter()
            .map(|s| s.trim().to_ascii_lowercase())
            .collect(),
        deals: args.hands,
        stack: args.stack,
        blinds,
        ante: args.ante,
        bb_ante: args.bb_ante,
        straddle: args.straddle,
        seed,
        duplicate: args.duplicate,
    };
    let write_error: Mutex<Option<std::io::Error>> = Mutex::new(None);
    let results = m
        .run(|deal, rotation, table| {
            if let Some(dir) = &args.phh_dir
                && let Err(e) = write_phh(dir, deal, rotation, args.duplicate, table)
                && let Ok(mut slot) = write_error.lock()
            {
                slot.get_or_insert(e);
            }
        })
        .map_err(CliError::input)?;
    if let Some(e) = write_error.into_inner().ok().flatten() {
        return Err(CliError::Input(format!("cannot write PHH files: {e}")));
    }
    if args.json {
        let seats: Vec<_> = results
            .iter()
            .map(|r| {
                json!({
                    "seat": r.seat,
                    "bot": r.bot,
                    "hands": r.hands,
                    "net": r.net,
                    "bb_per_100": (r.bb_per_100 * 100.0).round() / 100.0,
                    "ci95": (r.ci95 * 100.0).round() / 100.0,
                })
            })
            .collect();
        let doc = json!({
            "hands": args.hands,
            "duplicate": args.duplicate,
            "seed": seed,
            "blinds": [blinds.small, blinds.big],
            "ante": args.ante,
            "bb_ante": args.bb_ante,
            "straddle": args.straddle,
            "stack": args.stack,
            "seats": seats,
        });
        writeln!(out, "{doc}")?;
    } else {
        writeln!(
            out,
            "{} deals{}, blinds {}/{}, stack {}, seed {seed}",
            args.hands,
            if args.duplicate { " (duplicate)" } else { "" },
            blinds.small,
            blinds.big,
            args.stack
        )?;
        writeln!(
            out,
            "{:<4} {:<8} {:>9} {:>11} {:>9} {:>8}",
            "seat", "bot", "hands", "net", "bb/100", "±95%"
        )?;
        for r in &results {
            writeln!(
                out,
                "{:<4} {:<8} {:>9} {:>11} {:>9.2} {:>8.2}",
                r.seat, r.bot, r.hands, r.net, r.bb_per_100, r.ci95
            )?;
        }
    }
    Ok(())
}
