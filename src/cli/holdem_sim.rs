//! `cardgames holdem sim`: a headless match between named bots (through
//! the runner's match runner), with per-bot results in big blinds per 100
//! hands and a 95% interval, and optionally one PHH file per hand.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use clap::Args;
use serde_json::json;

use super::output::Output;
use super::progress::Progress;
use super::sim_flags::{ForcedArgs, Stakes};
use super::{CliError, seed_or_announce};
use cardgames::game::Kept;
use cardgames::holdem::formats::phh;
use cardgames::holdem::history::HandRecord;
use cardgames::holdem::session::Holdem;
use cardgames::holdem::setup::MOST_SEATS;
use cardgames::holdem::setup::{Mode, Rebuy, Setup};
use cardgames::runner::make_bot;
use cardgames::runner::matches::{self, Played, Spec};

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

    #[command(flatten)]
    stakes: Stakes,

    #[command(flatten)]
    forced: ForcedArgs,

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

    #[command(flatten)]
    output: Output,
}

/// Each bot's name in the files: its kind, numbered when two seats have
/// the same kind ("random-1", "random-2"), so a bot keeps its name as the
/// seats rotate.
fn bot_names(bots: &[String]) -> Vec<String> {
    bots.iter()
        .enumerate()
        .map(|(i, b)| {
            if bots.iter().filter(|o| *o == b).count() == 1 {
                b.clone()
            } else {
                let n = bots[..=i].iter().filter(|o| *o == b).count();
                format!("{b}-{n}")
            }
        })
        .collect()
}

/// One play as a PHH file: the seats' names (the bots') and a hand number
/// of its own, no date (a seeded match is the same on any day).
fn write_phh(
    dir: &Path,
    p: &Played<Holdem>,
    names: &[String],
    duplicate: bool,
    seats: u64,
) -> std::io::Result<()> {
    let name = if duplicate {
        format!("hand-{:06}-{}.phh", p.deal + 1, p.play % seats)
    } else {
        format!("hand-{:06}.phh", p.deal + 1)
    };
    let kept = Kept {
        names: p
            .bot_of_seat
            .iter()
            .map(|&b| names.get(b).cloned().unwrap_or_default())
            .collect(),
        me: None,
        when: None,
    };
    let record = HandRecord::kept(p.game.table(), &kept, p.play);
    std::fs::write(dir.join(name), phh::write_record(&record))
}

/// Runs `cardgames holdem sim`.
pub fn run(args: SimArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let k = args.seats.len();
    if !(2..=MOST_SEATS).contains(&k) {
        return Err(CliError::Input(format!(
            "--seats needs 2 to {MOST_SEATS} bots, got {k}"
        )));
    }
    // Every hand starts from fresh stacks: each play is a new session.
    let setup = Setup {
        seats: k,
        stack: args.stakes.stack,
        blinds: args.stakes.blinds,
        mode: Mode::Cash {
            rebuy: Rebuy::TopUp,
        },
        ante: args.forced.ante,
        bb_ante: args.forced.bb_ante,
        straddle: args.forced.straddle,
    };
    setup.check().map_err(CliError::input)?;
    let bots: Vec<String> = args
        .seats
        .iter()
        .map(|s| s.trim().to_ascii_lowercase())
        .collect();
    for name in &bots {
        make_bot::<Holdem>(name).map_err(CliError::input)?;
    }
    if let Some(dir) = &args.phh_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Input(format!("cannot create {}: {e}", dir.display())))?;
    }
    let seed = seed_or_announce(args.seed);
    let rotations = if args.duplicate { k as u64 } else { 1 };
    let spec = Spec::<Holdem> {
        setup,
        bots,
        plays: args.hands * rotations,
        rotations,
        seed,
        max_actions: None,
    };
    let names = bot_names(&spec.bots);
    let write_error: Mutex<Option<std::io::Error>> = Mutex::new(None);
    let progress = Progress::on_stderr(spec.plays, "hands");
    let results = matches::run(&spec, make_bot::<Holdem>, |p| {
        progress.done(1);
        if let Some(dir) = &args.phh_dir
            && let Err(e) = write_phh(dir, p, &names, args.duplicate, k as u64)
            && let Ok(mut slot) = write_error.lock()
        {
            slot.get_or_insert(e);
        }
    })
    .map_err(CliError::input)?;
    drop(progress);
    if let Some(e) = write_error.into_inner().ok().flatten() {
        return Err(CliError::Input(format!("cannot write PHH files: {e}")));
    }
    let bb = setup.blinds.big as f64;
    let per_100 = |chips: f64| (chips / bb * 100.0 * 100.0).round() / 100.0;
    if args.output.json() {
        let seats: Vec<_> = results
            .iter()
            .enumerate()
            .map(|(seat, r)| {
                json!({
                    "seat": seat,
                    "bot": r.bot,
                    "hands": r.plays,
                    "net": r.total.round() as i64,
                    "bb_per_100": per_100(r.mean),
                    "ci95": per_100(r.ci95),
                })
            })
            .collect();
        let doc = json!({
            "hands": args.hands,
            "duplicate": args.duplicate,
            "seed": seed,
            "blinds": [setup.blinds.small, setup.blinds.big],
            "ante": setup.ante,
            "bb_ante": setup.bb_ante,
            "straddle": setup.straddle,
            "stack": setup.stack,
            "seats": seats,
        });
        writeln!(out, "{doc}")?;
    } else {
        writeln!(
            out,
            "{} deals{}, blinds {}/{}, stack {}, seed {seed}",
            args.hands,
            if args.duplicate { " (duplicate)" } else { "" },
            setup.blinds.small,
            setup.blinds.big,
            setup.stack
        )?;
        writeln!(
            out,
            "{:<4} {:<8} {:>9} {:>11} {:>9} {:>8}",
            "seat", "bot", "hands", "net", "bb/100", "±95%"
        )?;
        for (seat, r) in results.iter().enumerate() {
            writeln!(
                out,
                "{:<4} {:<8} {:>9} {:>11} {:>9.2} {:>8.2}",
                seat,
                r.bot,
                r.plays,
                r.total.round() as i64,
                per_100(r.mean),
                per_100(r.ci95)
            )?;
        }
    }
    Ok(())
}
