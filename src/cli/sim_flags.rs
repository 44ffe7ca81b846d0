//! The table options of the per-game bot matches (`holdem sim`, `doom
//! sim`, `honeymoon sim`), which take any value (a stack of 1234, a board
//! of 6), each flag setting a field of the game's own setup type. On
//! screen a game takes its form's choices instead (`any.rs`).

use clap::Args;

use super::parsed;
use cardgames::doom::{Deal, RuleSet};
use cardgames::holdem::action::Blinds;
use cardgames::holdem::setup;
use cardgames::honeymoon::{LeadRule, MatchLength, Scoring};

/// The stakes of a Hold'em table, in `holdem sim`.
#[derive(Debug, Args)]
pub struct Stakes {
    /// Every seat's starting stack.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub stack: u64,
    /// The blinds, small/big.
    #[arg(long, default_value = "5/10", value_name = "SB/BB", value_parser = parse_blinds)]
    pub blinds: Blinds,
}

/// Antes and a straddle, in `holdem sim`.
#[derive(Debug, Args)]
pub struct ForcedArgs {
    /// An ante from every player each hand.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub ante: u64,
    /// An ante from the big blind alone, for the whole table.
    #[arg(long, default_value_t = 0, value_name = "N", conflicts_with = "ante")]
    pub bb_ante: u64,
    /// The player after the big blind straddles two big blinds (three
    /// players or more).
    #[arg(long)]
    pub straddle: bool,
}

fn parse_blinds(text: &str) -> Result<Blinds, String> {
    setup::Setup::parse_blinds(text).map_err(|e| e.to_string())
}

/// The options of a Dice of Doom game, in `doom sim`.
#[derive(Debug, Args)]
pub struct DoomOptions {
    /// Board side (2 to 8).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub size: u8,
    /// Players (2 to 4).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: u8,
    /// The most dice on a hex (2 to 8) [default: 3 classic, 5 chance].
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub max_dice: Option<u8>,
    /// Rule set: classic (more dice win) or chance (dice rolls).
    #[arg(long, default_value = "classic", value_parser = parsed::<RuleSet>)]
    pub rules: RuleSet,
    /// How boards are dealt: book (the book's random boards) or balanced
    /// (equal hexes and dice for every player).
    #[arg(long, default_value = "book", value_parser = parsed::<Deal>)]
    pub boards: Deal,
}

impl DoomOptions {
    /// The game's setup.
    pub fn setup(&self) -> cardgames::doom::Setup {
        cardgames::doom::Setup {
            size: usize::from(self.size),
            players: self.players,
            max_dice: self.max_dice.unwrap_or(self.rules.book_max_dice()),
            rules: self.rules,
            boards: self.boards,
        }
    }
}

/// The options of a honeymoon match, in `honeymoon sim`.
#[derive(Debug, Args)]
pub struct HoneymoonOptions {
    /// Disallow no-trump contracts (as at the Computer Olympiad).
    #[arg(long)]
    pub no_nt: bool,
    /// Allow doubles and redoubles.
    #[arg(long)]
    pub doubling: bool,
    /// Who leads the first trick of the play: exchange-loser (the loser of
    /// the last exchange trick) or defender (declarer's opponent).
    #[arg(long, default_value = "exchange-loser", value_parser = parsed::<LeadRule>)]
    pub opening_lead: LeadRule,
    /// How a deal scores: bridge, or difference (the trick difference × 10).
    #[arg(long, default_value = "bridge", value_parser = parsed::<Scoring>)]
    pub scoring: Scoring,
    /// Duplicate: play every deal a second time with the hands swapped
    /// (same 52 cards, same face-up order, same AI).
    #[arg(long)]
    pub duplicate: bool,
    /// Practice: cards of the exchange may be taken back too.
    #[arg(long)]
    pub practice: bool,
}

impl HoneymoonOptions {
    /// The game's options.
    pub fn options(&self) -> cardgames::honeymoon::Setup {
        cardgames::honeymoon::Setup {
            no_trump: !self.no_nt,
            lead_rule: self.opening_lead,
            doubling: self.doubling,
            scoring: self.scoring,
            practice: self.practice,
            duplicate: self.duplicate,
            length: MatchLength::Endless,
        }
    }
}
