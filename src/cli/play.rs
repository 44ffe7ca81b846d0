//! The options of `cardgames holdem`, `cardgames doom` and `cardgames
//! honeymoon` without a subcommand: open that game on screen, started with
//! these settings.

use clap::{Args, ValueEnum};

use super::CliError;
use crate::doom::RuleSet;
use crate::holdem::table::Blinds;
use crate::honeymoon::game::{LeadRule, Options, Scoring};
use crate::tui::doom::{AiChoice, Setup};
use crate::tui::holdem::TableSetup;
use crate::tui::settings::Level;
use crate::tui::{self, Start};

/// Table options for `cardgames holdem`.
#[derive(Debug, Args)]
pub struct HoldemPlay {
    /// Players at the table, you included (2 to 9).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(2..=9))]
    players: u8,
    /// Starting stack.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    stack: u64,
    /// The blinds, small/big.
    #[arg(long, default_value = "5/10", value_name = "SB/BB")]
    blinds: String,
    /// A tournament: blinds double every 10 hands, no rebuys.
    #[arg(long)]
    tournament: bool,
    /// How well the computer plays.
    #[arg(long, value_enum, default_value_t = Level::Normal)]
    level: Level,
    /// Seed for the cards; the same seed deals the same session.
    #[arg(long)]
    seed: Option<u64>,
}

/// Game options for `cardgames doom`.
#[derive(Debug, Args)]
pub struct DoomPlay {
    /// Board side (2 to 8).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(2..=8))]
    size: u8,
    /// Players, you included (2 to 4).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: u8,
    /// The most dice on a hex (2 to 8) [default: 3 classic, 5 chance].
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=8))]
    max_dice: Option<u8>,
    /// Rule set: classic (more dice win) or chance (dice rolls).
    #[arg(long, value_enum, default_value_t = PlayRules::Classic)]
    rules: PlayRules,
    /// The computer's AI.
    #[arg(long, value_enum, default_value_t = PlayAi::Book)]
    ai: PlayAi,
    /// Seed for the board and the dice.
    #[arg(long)]
    seed: Option<u64>,
}

/// The rule sets, on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum PlayRules {
    /// v1/v2: the attacker needs more dice and always wins.
    Classic,
    /// v4: dice rolls decide attacks.
    Chance,
}

/// The Dice of Doom AIs, on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum PlayAi {
    /// Random legal moves.
    Random,
    /// The book's AI.
    Book,
    /// Our own search.
    Strong,
}

/// Match options for `cardgames honeymoon`.
#[derive(Debug, Args)]
pub struct HoneymoonPlay {
    /// How well the computer plays: easy = random, normal = greedy,
    /// hard = strong.
    #[arg(long, value_enum, default_value_t = Level::Normal)]
    level: Level,
    /// Disallow no-trump contracts (as at the Computer Olympiad).
    #[arg(long)]
    no_nt: bool,
    /// Allow doubles and redoubles.
    #[arg(long)]
    doubling: bool,
    /// Declarer's opponent makes the opening lead of the play (default:
    /// the loser of the last exchange trick).
    #[arg(long)]
    defender_leads: bool,
    /// Score the trick difference × 10 instead of bridge scores.
    #[arg(long)]
    difference_scoring: bool,
    /// Seed for the deals.
    #[arg(long)]
    seed: Option<u64>,
}

fn run(start: Start, seed: Option<u64>, ascii: bool) -> Result<(), CliError> {
    tui::run(start, seed, ascii).map_err(|e| CliError::Input(e.to_string()))
}

/// Opens a Hold'em table.
pub fn holdem(p: HoldemPlay, ascii: bool) -> Result<(), CliError> {
    let bad = || {
        CliError::Input(format!(
            "--blinds '{}': write small/big, like 5/10",
            p.blinds
        ))
    };
    let (small, big) = p.blinds.split_once('/').ok_or_else(bad)?;
    let (small, big): (u64, u64) = (
        small.trim().parse().map_err(|_| bad())?,
        big.trim().parse().map_err(|_| bad())?,
    );
    if small == 0 || small > big {
        return Err(CliError::Input(format!(
            "--blinds {small}/{big}: need 0 < small <= big"
        )));
    }
    let setup = TableSetup {
        players: usize::from(p.players),
        stack: p.stack,
        blinds: Blinds { small, big },
        tournament: p.tournament,
        level: p.level,
    };
    run(Start::Holdem(setup), p.seed, ascii)
}

/// Opens a Dice of Doom game.
pub fn doom(p: DoomPlay, ascii: bool) -> Result<(), CliError> {
    let rules = match p.rules {
        PlayRules::Classic => RuleSet::Classic,
        PlayRules::Chance => RuleSet::Chance,
    };
    let setup = Setup {
        size: usize::from(p.size),
        players: p.players,
        max_dice: p.max_dice.unwrap_or(rules.book_max_dice()),
        rules,
        ai: match p.ai {
            PlayAi::Random => AiChoice::Random,
            PlayAi::Book => AiChoice::Book,
            PlayAi::Strong => AiChoice::Strong,
        },
    };
    run(Start::Doom(setup), p.seed, ascii)
}

/// Opens a honeymoon match.
pub fn honeymoon(p: HoneymoonPlay, ascii: bool) -> Result<(), CliError> {
    let options = Options {
        no_trump: !p.no_nt,
        lead_rule: if p.defender_leads {
            LeadRule::Defender
        } else {
            LeadRule::ExchangeLoser
        },
        doubling: p.doubling,
        scoring: if p.difference_scoring {
            Scoring::Difference
        } else {
            Scoring::Bridge
        },
    };
    let bot = match p.level {
        Level::Easy => "random",
        Level::Normal => "greedy",
        Level::Hard => "strong",
    };
    run(Start::Honeymoon(options, bot.to_string()), p.seed, ascii)
}
