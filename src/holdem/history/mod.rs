//! Hand histories in a form that belongs to no file format: a
//! [`HandRecord`] (forced bets, stacks and actions in minor units, with the
//! scale they were written in, who was where and when, and what the room
//! says each player collected), read from and written to the files of
//! [`crate::holdem::formats`]; replayed on the table to exactly the stacks
//! the reference implementation gives, or refused with the reason
//! ([`replay`]); stepped through action by action ([`steps`]); added up
//! into player statistics ([`stats`]); and found on disk ([`files`]).

pub mod amount;
pub mod files;
mod record;
mod replay;
pub mod stats;
pub mod steps;

use amount::Units;

use super::forced::Forced;
use super::pots::Chips;
use crate::cards::Card;

pub(crate) use replay::{Applied, apply, pending};
pub use replay::{Replayed, replay, split_rule, states};

/// Each hand of a file: its label (a `.phhs` table name, a room's hand
/// number) and the hand or why it could not be read.
pub type Hands = Vec<(String, Result<HandRecord, HistoryError>)>;

/// Player `i` of a record is PHH's `p{i+1}`: in position order, the first
/// left of the button first, the button last.
pub type Player = usize;

/// One action of a hand history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Act {
    /// Hole cards dealt (`None` where unknown).
    Hole(Player, Vec<Option<Card>>),
    /// Board cards dealt (once the first board is out, a hand run twice
    /// deals the next board's cards).
    Board(Vec<Option<Card>>),
    /// Folds.
    Fold(Player),
    /// Checks or calls.
    CheckCall(Player),
    /// Bets or raises to this street total.
    BetRaise(Player, Chips),
    /// Shows these cards (empty: the cards dealt; unknown cards: goes on
    /// without showing).
    Show(Player, Vec<Option<Card>>),
    /// Mucks.
    Muck(Player),
}

/// The tournament a hand belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tournament {
    /// Its number as the room writes it.
    pub id: String,
    /// Its buy-in (and name) as the room writes it: `$3.19+$0.31 USD`,
    /// `Freeroll`.
    pub buy_in: Option<String>,
}

/// What a record says beyond the cards and chips: who, where and when.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Info {
    /// Player names, in player order.
    pub players: Option<Vec<String>>,
    /// Seat numbers at the table, in player order.
    pub seats: Option<Vec<u32>>,
    /// Seats at the table.
    pub seat_count: Option<u32>,
    /// The button's seat number, when it is no player's (a dead button).
    pub button: Option<u32>,
    /// The hand's number or name, as the room writes it.
    pub hand: Option<String>,
    /// The table's name.
    pub table: Option<String>,
    /// Where it was played: the room (`PokerStars`, `GGPoker`, ...), or
    /// `cardgames` for the hands played here.
    pub venue: Option<String>,
    /// The event: a home game's club, a televised tournament's name.
    pub event: Option<String>,
    /// The tournament, when the hand is one's.
    pub tournament: Option<Tournament>,
    /// The tournament level.
    pub level: Option<u32>,
    /// The ISO 4217 currency of the amounts (`USD`); none for chips.
    pub currency: Option<String>,
    /// The currency symbol of the amounts (`$`).
    pub currency_symbol: Option<String>,
    /// Played for play money.
    pub play_money: bool,
    /// The date, `(year, month, day)`.
    pub date: Option<(i64, i64, i64)>,
    /// The time of day, `HH:MM:SS`.
    pub time: Option<String>,
    /// The time zone's abbreviation (`ET`, `CET`, `UTC`).
    pub time_zone: Option<String>,
    /// The player the history was written for: whose hole cards it
    /// shows ("Dealt to").
    pub hero: Option<Player>,
}

/// A hand history: everything needed to replay one hand, and to write it
/// again in any format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandRecord {
    /// The forced bets (blind order, as PHH writes them).
    pub forced: Forced,
    /// Stacks at the start, per player.
    pub starting_stacks: Vec<Chips>,
    /// The actions, each with its text as PHH writes it (for messages).
    pub actions: Vec<(Act, String)>,
    /// Stacks at the end (after the rake), when the history gives them.
    pub finishing_stacks: Option<Vec<Chips>>,
    /// What each player collected from the pots, after the rake, when the
    /// history says.
    pub winnings: Option<Vec<Chips>>,
    /// What the room took from the pots (rake and every other fee), when
    /// the history says.
    pub rake: Option<Chips>,
    /// How many times the board was run once everyone was all in.
    pub runs: u8,
    /// The scale of the amounts.
    pub units: Units,
    /// Who, where and when.
    pub info: Info,
}

/// Why a hand could not be read or replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    /// Not a history we can read: the text says why.
    #[error("{0}")]
    Format(String),
    /// A variant other than no-limit Texas hold'em.
    #[error("variant '{code}' ({name}) is not supported: only 'NT' (no-limit Texas hold'em)")]
    Variant {
        /// The PHH code.
        code: String,
        /// Its name.
        name: &'static str,
    },
    /// The hand cannot start.
    #[error("cannot start the hand: {0}")]
    Setup(String),
    /// An action that does not replay.
    #[error("action {index} '{action}': {why}")]
    Action {
        /// Which action (1-based).
        index: usize,
        /// Its text.
        action: String,
        /// What went wrong.
        why: String,
    },
    /// The actions stop before the hand is over.
    #[error("the actions stop before the hand is over: {0}")]
    Unfinished(String),
    /// The replay ends with other stacks than the history says.
    #[error("finishing_stacks [{}] disagree with the replay [{}]", written.join(", "), replayed.join(", "))]
    Finishing {
        /// What the history says.
        written: Vec<String>,
        /// What the replay gives.
        replayed: Vec<String>,
    },
    /// The replay pays other amounts than the history says were
    /// collected.
    #[error("{0}")]
    Accounts(String),
}

/// The PHH variant codes the reference knows, with their names.
pub const VARIANTS: [(&str, &str); 11] = [
    ("FT", "fixed-limit Texas hold'em"),
    ("NT", "no-limit Texas hold'em"),
    ("NS", "no-limit short-deck hold'em"),
    ("PO", "pot-limit Omaha hold'em"),
    ("FO/8", "fixed-limit Omaha hold'em high/low"),
    ("F7S", "fixed-limit seven-card stud"),
    ("F7S/8", "fixed-limit seven-card stud high/low"),
    ("FR", "fixed-limit razz"),
    ("N2L1D", "no-limit deuce-to-seven single draw"),
    ("F2L3D", "fixed-limit deuce-to-seven triple draw"),
    ("FB", "fixed-limit badugi"),
];

/// Checks that `code` is `NT`, else names the variant in the error.
pub fn check_variant(code: &str) -> Result<(), HistoryError> {
    if code == "NT" {
        return Ok(());
    }
    let name = VARIANTS
        .iter()
        .find(|(c, _)| *c == code)
        .map_or("unknown", |(_, n)| n);
    Err(HistoryError::Variant {
        code: code.to_string(),
        name,
    })
}

impl HandRecord {
    /// A hand of these forced bets, stacks and actions at scale `units`,
    /// run once, with nothing else known.
    pub fn new(
        forced: Forced,
        starting_stacks: Vec<Chips>,
        actions: Vec<(Act, String)>,
        units: Units,
    ) -> HandRecord {
        HandRecord {
            forced,
            starting_stacks,
            actions,
            finishing_stacks: None,
            winnings: None,
            rake: None,
            runs: 1,
            units,
            info: Info::default(),
        }
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.starting_stacks.len()
    }

    /// The player's name: from the history, or `p1`, `p2`, ...
    pub fn name(&self, p: Player) -> String {
        self.info
            .players
            .as_ref()
            .and_then(|v| v.get(p).cloned())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| format!("p{}", p + 1))
    }

    /// The player called `name` (or written `p1`, `p2`, ...).
    pub fn player_named(&self, name: &str) -> Option<Player> {
        (0..self.players())
            .find(|&p| self.name(p) == name)
            .or_else(|| {
                name.strip_prefix('p')
                    .and_then(|n| n.parse::<usize>().ok())
                    .and_then(|n| n.checked_sub(1))
                    .filter(|&p| p < self.players())
            })
    }

    /// The same hand with one more decimal place.
    fn finer(&self) -> Option<HandRecord> {
        let m = |x: Chips| x.checked_mul(10);
        let all = |v: &[Chips]| v.iter().map(|&x| m(x)).collect::<Option<Vec<_>>>();
        let mut r = self.clone();
        r.forced.antes = all(&self.forced.antes)?;
        r.forced.blinds_or_straddles = all(&self.forced.blinds_or_straddles)?;
        r.forced.min_bet = m(self.forced.min_bet)?;
        r.starting_stacks = all(&self.starting_stacks)?;
        if let Some(f) = &self.finishing_stacks {
            r.finishing_stacks = Some(all(f)?);
        }
        if let Some(w) = &self.winnings {
            r.winnings = Some(all(w)?);
        }
        if let Some(x) = self.rake {
            r.rake = Some(m(x)?);
        }
        for (a, _) in &mut r.actions {
            if let Act::BetRaise(_, x) = a {
                *x = m(*x)?;
            }
        }
        r.units.digits += 1;
        Some(r)
    }
}

fn cards_text(cards: &[Option<Card>]) -> String {
    cards
        .iter()
        .map(|c| c.map_or("??".to_string(), |c| c.to_string()))
        .collect()
}

/// An action as PHH writes it.
pub fn act_text(act: &Act, units: Units) -> String {
    match act {
        Act::Hole(p, c) => format!("d dh p{} {}", p + 1, cards_text(c)),
        Act::Board(c) => format!("d db {}", cards_text(c)),
        Act::Fold(p) => format!("p{} f", p + 1),
        Act::CheckCall(p) => format!("p{} cc", p + 1),
        Act::BetRaise(p, x) => format!("p{} cbr {}", p + 1, units.format(*x)),
        Act::Show(p, c) if c.is_empty() => format!("p{} sm -", p + 1),
        Act::Show(p, c) => format!("p{} sm {}", p + 1, cards_text(c)),
        Act::Muck(p) => format!("p{} sm", p + 1),
    }
}

#[cfg(test)]
pub(crate) mod sample {
    //! Records written out act by act for the tests of this folder.

    use super::amount::Units;
    use super::{Act, HandRecord, act_text};
    use crate::cards::parse_cards;
    use crate::holdem::action::Blinds;
    use crate::holdem::forced::Forced;

    /// Cards for an act.
    pub fn cards(text: &str) -> Vec<Option<crate::cards::Card>> {
        parse_cards(text)
            .unwrap_or_default()
            .into_iter()
            .map(Some)
            .collect()
    }

    /// Three players of 1000 chips at blinds 5/10 and these acts.
    pub fn three_handed(acts: Vec<Act>) -> HandRecord {
        let u = Units::default();
        let actions = acts
            .into_iter()
            .map(|a| {
                let t = act_text(&a, u);
                (a, t)
            })
            .collect();
        HandRecord::new(
            Forced::blinds(Blinds { small: 5, big: 10 }),
            vec![1000; 3],
            actions,
            u,
        )
    }
}
