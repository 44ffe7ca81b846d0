//! `cardgames holdem`: rank hands and compute equities from the command
//! line; bot matches (`sim`) live in `holdem_sim`.

use std::io::{BufRead, Write};

use clap::{Args, Subcommand};
use serde_json::json;

use super::{CliError, seed_or_announce};
use cardgames::cards::{Card, CardSet, parse_distinct};
use cardgames::holdem::equity::{self, Equity, Spot};
use cardgames::holdem::eval::best_five;
use cardgames::holdem::range::Range;

/// The `holdem` subcommands.
#[derive(Debug, Subcommand)]
pub enum Holdem {
    /// Rank a hand of 5 to 7 cards: category, best five, value.
    Rank(RankArgs),
    /// Win, tie and equity of 2 to 9 hands or ranges.
    Equity(EquityArgs),
    /// A headless match between bots: bb/100 per seat with a 95% interval.
    Sim(super::holdem_sim::SimArgs),
    /// Replay hand histories (PHH, PHHS, PokerStars) to their final stacks.
    Replay(super::holdem_history::ReplayArgs),
    /// Convert hand histories between PHH and PokerStars text.
    Convert(super::holdem_history::ConvertArgs),
    /// Player statistics from hand histories: VPIP, PFR, 3-bet, AF, WTSD, W$SD, bb/100.
    Stats(super::holdem_history::StatsArgs),
}

/// Arguments of `cardgames holdem rank`.
#[derive(Debug, Args)]
pub struct RankArgs {
    /// The cards (5 to 7), e.g. `As Ks 7h 7c Kd` or `AsKs7h7cKd`; `-` reads
    /// one hand per line from stdin.
    #[arg(required = true, value_name = "CARDS")]
    cards: Vec<String>,

    /// One JSON object per hand.
    #[arg(long)]
    json: bool,
}

/// Arguments of `cardgames holdem equity`.
#[derive(Debug, Args)]
pub struct EquityArgs {
    /// Each player's hand or range: `AdAc`, `QQ+`, `AKs`, `AQo+`,
    /// `T9s-65s`, `random`, or a comma list such as `QQ+,AKs`.
    #[arg(required = true, num_args = 2.., value_name = "HAND")]
    hands: Vec<String>,

    /// Known board cards: 0, 3, 4 or 5.
    #[arg(long, default_value = "")]
    board: String,

    /// Cards out of play (folded or seen).
    #[arg(long, default_value = "")]
    dead: String,

    /// Enumerate every deal and board [default when there are at most
    /// 10,000 deals of the ranges].
    #[arg(long, conflicts_with = "samples")]
    exact: bool,

    /// Monte Carlo with this many random deals [default otherwise:
    /// 1,000,000].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    samples: Option<u64>,

    /// Seed for Monte Carlo; the same seed gives the same result.
    #[arg(long)]
    seed: Option<u64>,

    /// Worker threads [default: all cores]; results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    threads: Option<u32>,

    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Deals (product of range sizes) up to which equity is exact by default.
const EXACT_BY_DEFAULT: u64 = 10_000;
/// Deals beyond which `--exact` refuses (it would run for hours): random
/// against random, 1,758,276, is still allowed.
const EXACT_LIMIT: u64 = 2_000_000;
/// Monte Carlo samples when none are asked for.
const DEFAULT_SAMPLES: u64 = 1_000_000;

/// Runs `cardgames holdem ...`.
pub fn run(command: Holdem, ascii: bool, out: &mut dyn Write) -> Result<(), CliError> {
    match command {
        Holdem::Rank(args) => rank(args, ascii, out),
        Holdem::Equity(args) => equity(args, out),
        Holdem::Sim(args) => super::holdem_sim::run(args, out),
        Holdem::Replay(args) => super::holdem_history::run_replay(args, out),
        Holdem::Convert(args) => super::holdem_history::run_convert(args, out),
        Holdem::Stats(args) => super::holdem_history::run_stats(args, out),
    }
}

fn rank(args: RankArgs, ascii: bool, out: &mut dyn Write) -> Result<(), CliError> {
    if args.cards.len() == 1 && args.cards[0] == "-" {
        for (i, line) in std::io::stdin().lock().lines().enumerate() {
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            let cards =
                read_hand(&line).map_err(|e| CliError::Input(format!("line {}: {e}", i + 1)))?;
            rank_one(&cards, args.json, ascii, out)?;
        }
        return Ok(());
    }
    let cards = read_hand(&args.cards.join(" ")).map_err(CliError::Input)?;
    rank_one(&cards, args.json, ascii, out)
}

/// Five to seven distinct cards.
fn read_hand(text: &str) -> Result<Vec<Card>, String> {
    let cards = parse_distinct(text).map_err(|e| e.to_string())?;
    if !(5..=7).contains(&cards.len()) {
        return Err(format!(
            "a hand has 5 to 7 cards, '{}' has {}",
            text.trim(),
            cards.len()
        ));
    }
    Ok(cards)
}

fn rank_one(cards: &[Card], json: bool, ascii: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let (value, best) = best_five(cards);
    if json {
        let line = json!({
            "cards": cards.iter().map(Card::to_string).collect::<Vec<_>>(),
            "category": value.category().name(),
            "best": best.iter().map(Card::to_string).collect::<Vec<_>>(),
            "value": value.get(),
        });
        writeln!(out, "{line}")?;
    } else {
        let show = |c: &Card| if ascii { c.ascii() } else { c.glyph() };
        let best: Vec<String> = best.iter().map(show).collect();
        writeln!(
            out,
            "{}: {} (value {})",
            value.category(),
            best.join(" "),
            value
        )?;
    }
    Ok(())
}

fn equity(args: EquityArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let ranges = args
        .hands
        .iter()
        .enumerate()
        .map(|(i, text)| {
            Range::parse(text).map_err(|e| CliError::Input(format!("hand {}: {e}", i + 1)))
        })
        .collect::<Result<Vec<Range>, CliError>>()?;
    let board =
        CardSet::parse(&args.board).map_err(|e| CliError::Input(format!("--board: {e}")))?;
    let dead = CardSet::parse(&args.dead).map_err(|e| CliError::Input(format!("--dead: {e}")))?;
    let spot = Spot::new(&ranges, board, dead).map_err(CliError::input)?;
    let deals = ranges
        .iter()
        .map(|r| r.len() as u64)
        .try_fold(1u64, u64::checked_mul)
        .unwrap_or(u64::MAX);
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |t| t as usize,
    );
    let exact = args.exact || (args.samples.is_none() && deals <= EXACT_BY_DEFAULT);
    let result = if exact {
        if deals > EXACT_LIMIT {
            return Err(CliError::Input(format!(
                "--exact: up to {deals} deals of these ranges is too many to enumerate; use --samples N"
            )));
        }
        equity::exact(&spot, threads)
    } else {
        let seed = seed_or_announce(args.seed);
        let samples = args.samples.unwrap_or(DEFAULT_SAMPLES);
        equity::monte_carlo(&spot, samples, seed, threads).map_err(CliError::input)?
    };
    print_equity(&args.hands, &result, args.json, out)
}

fn print_equity(
    hands: &[String],
    result: &Equity,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if json {
        let players: Vec<_> = hands
            .iter()
            .zip(&result.players)
            .map(|(hand, p)| {
                json!({
                    "hand": hand.trim(),
                    "win": p.win,
                    "tie": p.tie,
                    "equity": (p.equity * 10_000.0).round() / 10_000.0,
                })
            })
            .collect();
        let line = json!({ "boards": result.boards, "exact": result.exact, "players": players });
        writeln!(out, "{line}")?;
        return Ok(());
    }
    let width = hands
        .iter()
        .map(|h| h.trim().len())
        .max()
        .unwrap_or(4)
        .max(4);
    writeln!(
        out,
        "{:width$}  {:>8}  {:>12}  {:>12}",
        "hand", "equity", "win", "tie"
    )?;
    for (hand, p) in hands.iter().zip(&result.players) {
        writeln!(
            out,
            "{:width$}  {:>7.2}%  {:>12}  {:>12}",
            hand.trim(),
            p.equity * 100.0,
            p.win,
            p.tie
        )?;
    }
    let how = if result.exact {
        "boards, exact"
    } else {
        "samples, Monte Carlo"
    };
    writeln!(out, "{} {how}", result.boards)?;
    Ok(())
}
