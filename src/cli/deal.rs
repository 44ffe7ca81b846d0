//! `cardgames deal`: bridge deals, or hands of any items, from the
//! self-reshuffling dealer.

use std::io::Write;

use clap::{Args, Subcommand, ValueEnum};
use serde_json::json;

use super::output::{Formats, Output};
use super::{CliError, Style, seed_or_announce};
use cardgames::bridge::{self, diagram, pbn_record};
use cardgames::cards::{Deck, pbn::hand_string, standard_deck};
use cardgames::game::rng_from_seed;

/// Arguments of `cardgames deal`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct DealArgs {
    /// What to deal (or use --items).
    #[command(subcommand)]
    what: Option<DealWhat>,

    /// The pack: items separated by commas, e.g. a,b,c,d.
    #[arg(long, value_name = "A,B,...")]
    items: Option<String>,

    /// Hands per deal.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    hands: u32,

    /// Items per hand [default: the whole pack shared out evenly].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    cards: Option<u32>,

    /// How many deals; one dealer deals them all and reshuffles when the
    /// pack runs short.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    count: u32,

    /// Seed for the shuffle; the same seed gives the same deals.
    #[arg(long)]
    seed: Option<u64>,

    #[command(flatten)]
    output: Output,
}

#[derive(Debug, Subcommand)]
enum DealWhat {
    /// Four bridge hands of 13, with board numbers, dealer and vulnerability.
    Bridge(BridgeArgs),
}

#[derive(Debug, Args)]
struct BridgeArgs {
    /// How many boards, numbered from 1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    count: u32,

    /// Seed for the shuffle; the same seed gives the same deals.
    #[arg(long)]
    seed: Option<u64>,

    #[command(flatten)]
    output: Output<BridgeFormat>,

    #[command(flatten)]
    style: Style,
}

/// What `deal bridge` prints.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum BridgeFormat {
    /// Hand diagrams.
    Text,
    /// PBN records.
    Pbn,
    /// One JSON object per line.
    Json,
}

impl Formats for BridgeFormat {
    const TEXT: Self = BridgeFormat::Text;
    const JSON: Self = BridgeFormat::Json;
}

/// Runs `cardgames deal`.
pub fn run(args: DealArgs, ascii: bool, out: &mut dyn Write) -> Result<(), CliError> {
    match (args.what, args.items) {
        (Some(DealWhat::Bridge(b)), _) => deal_bridge(b, ascii, out),
        (None, Some(items)) => deal_items(
            &items,
            args.hands as usize,
            args.cards.map(|c| c as usize),
            args.count,
            args.seed,
            args.output.json(),
            out,
        ),
        (None, None) => Err(CliError::Input(
            "say what to deal: `deal bridge` or `deal --items a,b,c`".into(),
        )),
    }
}

fn deal_bridge(args: BridgeArgs, ascii: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let ascii = args.style.ascii(ascii);
    let seed = seed_or_announce(args.seed);
    let mut dealer = standard_deck().dealer(rng_from_seed(seed));
    let format = args.output.format();
    if matches!(format, BridgeFormat::Pbn) {
        writeln!(out, "% PBN 2.1\n% cardgames deal bridge --seed {seed}")?;
    }
    for board in 1..=args.count {
        let deal = bridge::deal(&mut dealer, board).map_err(CliError::input)?;
        match format {
            BridgeFormat::Text => {
                if board > 1 {
                    writeln!(out)?;
                }
                write!(out, "{}", diagram(&deal, ascii))?;
            }
            BridgeFormat::Pbn => write!(out, "\n{}", pbn_record(&deal))?,
            BridgeFormat::Json => {
                let hands: serde_json::Map<String, serde_json::Value> = bridge::Direction::ALL
                    .iter()
                    .map(|&d| (d.letter().to_string(), hand_string(deal.hand(d)).into()))
                    .collect();
                let line = json!({
                    "board": deal.board,
                    "dealer": deal.dealer().letter().to_string(),
                    "vulnerable": deal.vulnerability().pbn(),
                    "hands": hands,
                });
                writeln!(out, "{line}")?;
            }
        }
    }
    Ok(())
}

fn deal_items(
    items: &str,
    hands: usize,
    cards: Option<usize>,
    count: u32,
    seed: Option<u64>,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let pack: Vec<String> = items.split(',').map(|s| s.trim().to_string()).collect();
    if let Some(i) = pack.iter().position(String::is_empty) {
        return Err(CliError::Input(format!(
            "--items: item {} is empty (write items like a,b,c)",
            i + 1
        )));
    }
    let cards = cards.unwrap_or(pack.len() / hands);
    if cards == 0 || hands * cards > pack.len() {
        return Err(CliError::Input(format!(
            "cannot deal {hands} hand(s) of {} from a pack of {} items",
            cards.max(1),
            pack.len()
        )));
    }
    let deck = Deck::new(pack).map_err(CliError::input)?;
    let mut dealer = deck.dealer(rng_from_seed(seed_or_announce(seed)));
    for _ in 0..count {
        let dealt = dealer.deal_n(hands * cards).map_err(CliError::input)?;
        let split: Vec<&[String]> = dealt.chunks(cards).collect();
        if json {
            writeln!(out, "{}", json!({ "hands": split }))?;
        } else {
            let text: Vec<String> = split.iter().map(|h| h.join(" ")).collect();
            writeln!(out, "{}", text.join(" | "))?;
        }
    }
    Ok(())
}
