//! `cardgames holdem`, `cardgames doom` and `cardgames honeymoon` without
//! a subcommand: open that game on screen with these options, each flag
//! setting a field of the game's own setup type.

use clap::Args;

use super::{CliError, Style, parsed};
use cardgames::doom::{Deal, Doom, RuleSet};
use cardgames::game::{Level, Playable};
use cardgames::holdem::session::{self, Holdem, MOST_SEATS, Mode, Rebuy};
use cardgames::holdem::table::Blinds;
use cardgames::honeymoon::{Honeymoon, LeadRule, MatchLength, Scoring};
use cardgames::tui::{self, NewGame, Start};

/// The stakes of a Hold'em table, on screen or in `holdem sim`.
#[derive(Debug, Args)]
pub struct Stakes {
    /// Every seat's starting stack.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    pub stack: u64,
    /// The blinds, small/big.
    #[arg(long, default_value = "5/10", value_name = "SB/BB", value_parser = parse_blinds)]
    pub blinds: Blinds,
}

/// Antes and a straddle, on screen or in `holdem sim`.
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
    session::Setup::parse_blinds(text).map_err(|e| e.to_string())
}

/// Table options for `cardgames holdem`.
#[derive(Debug, Args)]
pub struct HoldemPlay {
    /// Players at the table, you included (2 to 9).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(2..=MOST_SEATS as i64))]
    players: u8,
    #[command(flatten)]
    stakes: Stakes,
    #[command(flatten)]
    forced: ForcedArgs,
    /// A tournament: blinds double every 10 hands, no rebuys.
    #[arg(long, conflicts_with = "rebuy")]
    tournament: bool,
    /// In a cash game: when-busted (buy the starting stack again), top-up
    /// (every stack back to the starting stack before each hand) or never.
    #[arg(long, default_value = "when-busted", value_parser = parsed::<Rebuy>)]
    rebuy: Rebuy,
    /// How well the computer plays: easy, normal or hard.
    #[arg(long, default_value = "normal", value_parser = parsed::<Level>)]
    level: Level,
    /// Seed for the cards; the same seed deals the same session.
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    style: Style,
}

/// The options of a Dice of Doom game, on screen or in `doom sim`.
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

/// Game options for `cardgames doom`.
#[derive(Debug, Args)]
pub struct DoomPlay {
    #[command(flatten)]
    options: DoomOptions,
    /// The computer's AI: book, strong or random (also greedy, oracle).
    #[arg(long, default_value = "book")]
    ai: String,
    /// Seed for the board and the dice.
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    style: Style,
}

/// The options of a honeymoon match, on screen or in `honeymoon sim`.
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

/// Match options for `cardgames honeymoon`.
#[derive(Debug, Args)]
pub struct HoneymoonPlay {
    #[command(flatten)]
    options: HoneymoonOptions,
    /// How long the match lasts: endless, N-deals (like 8-deals) or
    /// N-points (first to N, like 1000-points); then a match-over screen.
    #[arg(long = "match", default_value = "endless", value_parser = parsed::<MatchLength>)]
    length: MatchLength,
    /// How well the computer plays: easy (random), normal (greedy) or hard
    /// (strong).
    #[arg(long, default_value = "normal", value_parser = parsed::<Level>)]
    level: Level,
    /// Seed for the deals.
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    style: Style,
}

fn open<G: Playable>(
    setup: &G::Setup,
    bot: &str,
    seed: Option<u64>,
    ascii: bool,
) -> Result<(), CliError> {
    G::new(setup, 0).map_err(CliError::input)?;
    if G::bot(bot).is_none() {
        return Err(CliError::Input(format!(
            "unknown AI '{bot}': choose {}",
            cardgames::form::or_list(G::bot_names())
        )));
    }
    tui::run(Start::Game(NewGame::new::<G>(setup, bot)), seed, ascii)
        .map_err(|e| CliError::Failed(e.to_string()))
}

/// Opens the menu.
pub fn menu(seed: Option<u64>, ascii: bool) -> Result<(), CliError> {
    tui::run(Start::Menu, seed, ascii).map_err(|e| CliError::Failed(e.to_string()))
}

/// Opens a Hold'em table.
pub fn holdem(p: HoldemPlay, ascii: bool) -> Result<(), CliError> {
    let setup = session::Setup {
        seats: usize::from(p.players),
        stack: p.stakes.stack,
        blinds: p.stakes.blinds,
        mode: if p.tournament {
            Mode::Tournament {
                hands_per_level: 10,
            }
        } else {
            Mode::Cash { rebuy: p.rebuy }
        },
        ante: p.forced.ante,
        bb_ante: p.forced.bb_ante,
        straddle: p.forced.straddle,
    };
    open::<Holdem>(
        &setup,
        Holdem::level_bot(p.level),
        p.seed,
        p.style.ascii(ascii),
    )
}

/// Opens a Dice of Doom game.
pub fn doom(p: DoomPlay, ascii: bool) -> Result<(), CliError> {
    open::<Doom>(
        &p.options.setup(),
        &p.ai.to_ascii_lowercase(),
        p.seed,
        p.style.ascii(ascii),
    )
}

/// Opens a honeymoon match.
pub fn honeymoon(p: HoneymoonPlay, ascii: bool) -> Result<(), CliError> {
    let options = cardgames::honeymoon::Setup {
        length: p.length,
        ..p.options.options()
    };
    open::<Honeymoon>(
        &options,
        Honeymoon::level_bot(p.level),
        p.seed,
        p.style.ascii(ascii),
    )
}
