//! `cardgames holdem`: rank hands and compute equities from the command
//! line; bot matches (`sim`) live in `holdem_sim`, the AI's gauntlet in
//! `holdem_gauntlet`.

use std::io::{BufRead, Write};

use clap::{Args, Subcommand};
use serde_json::json;

use super::output::Output;
use super::progress::Progress;
use super::{CliError, Style, seed_or_announce};
use cardgames::cards::{Card, CardSet, parse_distinct};
use cardgames::holdem::equity::{self, Equity, Plan, Spot, Stop};
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
    /// The AI level against reference opponents, heads-up and six-handed:
    /// bb/100 with a 95% interval per opponent.
    Gauntlet(super::holdem_gauntlet::GauntletArgs),
    /// Replay hand histories (PHH, PHHS, PokerStars, GGPoker, Winamax) to their final stacks.
    Replay(super::holdem_history::ReplayArgs),
    /// Convert hand histories between PHH and PokerStars, GGPoker and Winamax text.
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

    #[command(flatten)]
    output: Output,

    #[command(flatten)]
    style: Style,
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

    /// Enumerate every deal and board [default when that takes about a
    /// second or less].
    #[arg(long, conflicts_with_all = ["samples", "stderr"])]
    exact: bool,

    /// Monte Carlo with this many random deals.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), conflicts_with = "stderr")]
    samples: Option<u64>,

    /// Monte Carlo until every hand's standard error is at most this,
    /// from 0.00001 to 0.5 [default when not exact: 0.0005].
    #[arg(long, value_name = "ERROR", value_parser = stderr_target)]
    stderr: Option<f64>,

    /// Seed for Monte Carlo; the same seed gives the same result.
    #[arg(long)]
    seed: Option<u64>,

    /// Worker threads [default: all cores]; results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    threads: Option<u32>,

    #[command(flatten)]
    output: Output,
}

/// Deals (product of range sizes) up to which the default looks at the
/// work of an exact count.
const PLAN_BY_DEFAULT: u64 = 2_000_000;
/// The work (see `Plan::work`) up to which equity is exact by default:
/// about a second on one thread.
const EXACT_WORK_BY_DEFAULT: u64 = 100_000_000;
/// Deals (product of range sizes) beyond which `--exact` refuses: only
/// counting them would take long.
const EXACT_LIMIT: u64 = 20_000_000;
/// The standard error Monte Carlo aims at when not told.
const DEFAULT_STDERR: f64 = 0.0005;

/// Runs `cardgames holdem ...`.
pub fn run(command: Holdem, ascii: bool, out: &mut dyn Write) -> Result<(), CliError> {
    match command {
        Holdem::Rank(args) => rank(args, ascii, out),
        Holdem::Equity(args) => equity(args, out),
        Holdem::Sim(args) => super::holdem_sim::run(args, out),
        Holdem::Gauntlet(args) => super::holdem_gauntlet::run(args, out),
        Holdem::Replay(args) => super::holdem_history::run_replay(args, out),
        Holdem::Convert(args) => super::holdem_history::run_convert(args, out),
        Holdem::Stats(args) => super::holdem_history::run_stats(args, out),
    }
}

fn rank(args: RankArgs, ascii: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let ascii = args.style.ascii(ascii);
    if args.cards.len() == 1 && args.cards[0] == "-" {
        for (i, line) in std::io::stdin().lock().lines().enumerate() {
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            let cards =
                read_hand(&line).map_err(|e| CliError::Input(format!("line {}: {e}", i + 1)))?;
            rank_one(&cards, args.output.json(), ascii, out)?;
        }
        return Ok(());
    }
    let cards = read_hand(&args.cards.join(" ")).map_err(CliError::Input)?;
    rank_one(&cards, args.output.json(), ascii, out)
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
    let deals = spot.deals_bound();
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        |t| t as usize,
    );
    let plan = if args.exact {
        if deals > EXACT_LIMIT {
            return Err(CliError::Input(format!(
                "--exact: up to {deals} deals of these ranges is too many to enumerate; use --stderr or --samples"
            )));
        }
        Some(Plan::new(&spot, threads))
    } else if args.samples.is_none() && args.stderr.is_none() && deals <= PLAN_BY_DEFAULT {
        Some(Plan::new(&spot, threads)).filter(|p| p.work() <= EXACT_WORK_BY_DEFAULT)
    } else {
        None
    };
    let result = match plan {
        Some(plan) => {
            let passes = plan.passes() as u64;
            let progress = if plan.work() > EXACT_WORK_BY_DEFAULT {
                Progress::on_stderr(passes, "passes")
            } else {
                Progress::hidden(passes)
            };
            plan.run_with(threads, &|n| progress.done(n))
        }
        None => {
            let stop = match args.samples {
                Some(samples) => Stop::Samples(samples),
                None => Stop::StdErr(args.stderr.unwrap_or(DEFAULT_STDERR)),
            };
            let seed = seed_or_announce(args.seed);
            let progress = Progress::on_stderr(0, "samples");
            equity::monte_carlo_with(&spot, stop, seed, threads, &|n, total| {
                progress.done_of(n, total)
            })
            .map_err(CliError::input)?
        }
    };
    print_equity(&args.hands, &result, args.output.json(), out)
}

/// A standard error to aim at: a number from 0.00001 to 0.5.
fn stderr_target(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(e) if (0.00001..=0.5).contains(&e) => Ok(e),
        _ => Err("the standard error to aim at is a number from 0.00001 to 0.5".into()),
    }
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
                let mut player = json!({
                    "hand": hand.trim(),
                    "win": p.win,
                    "tie": p.tie,
                    "equity": (p.equity * 10_000.0).round() / 10_000.0,
                });
                if let (Some(se), Some(fields)) = (p.stderr, player.as_object_mut()) {
                    fields.insert("stderr".into(), json!((se * 1e6).round() / 1e6));
                }
                player
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
    let error = if result.exact { "" } else { "  std. error" };
    writeln!(
        out,
        "{:width$}  {:>8}{error}  {:>12}  {:>12}",
        "hand", "equity", "win", "tie"
    )?;
    for (hand, p) in hands.iter().zip(&result.players) {
        let error = p
            .stderr
            .map(|se| format!("  {:>9.3}%", se * 100.0))
            .unwrap_or_default();
        writeln!(
            out,
            "{:width$}  {:>7.2}%{error}  {:>12}  {:>12}",
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
