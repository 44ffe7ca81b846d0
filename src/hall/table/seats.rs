//! Who sits where at a hall table: each seat's occupant (nobody, a person,
//! or a bot, perhaps playing for an absent person) and how they are doing
//! (sitting out, leaving after the deal, joining at the next one, away
//! since when, time outs, time bank). The seats are saved with the table,
//! so a restarted hall seats everyone again, buy-ins on the way included.

use serde::{Deserialize, Serialize};
use tokio::time::{Duration, Instant};

use crate::game::Seat;
use crate::runner::SeatInfo;

/// Who sits in a seat, as the hall keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Occupant {
    /// Nobody.
    Empty,
    /// A person.
    Person {
        /// Their number.
        player: i64,
        /// Their name.
        name: String,
    },
    /// A bot, perhaps playing for an absent person.
    Bot {
        /// The bot's name.
        bot: String,
        /// The person it plays for.
        #[serde(default)]
        for_player: Option<(i64, String)>,
    },
}

/// A seat: who is in it and how they are doing.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Slot {
    /// Who sits here.
    pub occupant: Occupant,
    /// Chips bought in that the session does not hold yet, before it
    /// began or while `joining` ([`Slot::pending`]; games for chips).
    #[serde(default)]
    pub chips: u64,
    /// Sits out: the game's default action is played at once.
    #[serde(default)]
    pub sitting_out: bool,
    /// Sat out by the table (absent, or timed out), not by choice.
    #[serde(skip)]
    pub auto_out: bool,
    /// Stands up once the deal is over.
    #[serde(default)]
    pub leaving: bool,
    /// Bought chips during a session (sat down, or a rebuy): its `chips`
    /// go to the session once no deal is being played.
    #[serde(default)]
    pub joining: bool,
    /// Time outs in a row.
    #[serde(skip)]
    pub timeouts: u8,
    /// The person's connection dropped at this moment.
    #[serde(skip)]
    pub away_since: Option<Instant>,
    /// The time bank used this deal (games for chips).
    #[serde(skip)]
    pub bank_used: Duration,
    /// The time bank is running for this seat's turn since then.
    #[serde(skip)]
    pub banking: Option<Instant>,
}

impl Slot {
    /// A seat nobody sits in.
    pub fn empty() -> Slot {
        Slot {
            occupant: Occupant::Empty,
            chips: 0,
            sitting_out: false,
            auto_out: false,
            leaving: false,
            joining: false,
            timeouts: 0,
            away_since: None,
            bank_used: Duration::ZERO,
            banking: None,
        }
    }

    /// A seat of `occupant`, who brings `chips` not yet in the session.
    pub fn of(occupant: Occupant, chips: u64, joining: bool) -> Slot {
        Slot {
            occupant,
            chips,
            joining,
            ..Slot::empty()
        }
    }

    /// Chips bought in that the session does not hold yet, once the
    /// session has `begun` or before.
    pub fn pending(&self, begun: bool) -> u64 {
        if !begun || self.joining {
            self.chips
        } else {
            0
        }
    }

    /// `amount` more chips bought in, not yet in the session.
    pub fn buy(&mut self, amount: u64, begun: bool) {
        self.chips = self.pending(begun) + amount;
        self.joining = begun;
    }

    /// The person sitting here (not a bot playing for them).
    pub fn person(&self) -> Option<i64> {
        match &self.occupant {
            Occupant::Person { player, .. } => Some(*player),
            _ => None,
        }
    }

    /// The person this seat is theirs, sitting or played for by a bot.
    pub fn owner(&self) -> Option<i64> {
        match &self.occupant {
            Occupant::Person { player, .. } => Some(*player),
            Occupant::Bot {
                for_player: Some((p, _)),
                ..
            } => Some(*p),
            _ => None,
        }
    }

    /// Whether nobody sits here.
    pub fn is_empty(&self) -> bool {
        self.occupant == Occupant::Empty
    }

    /// Whether a bot sits here.
    pub fn is_bot(&self) -> bool {
        matches!(self.occupant, Occupant::Bot { .. })
    }

    /// The seat as the session knows it.
    pub fn info(&self) -> SeatInfo {
        match &self.occupant {
            Occupant::Empty => SeatInfo::person("—"),
            Occupant::Person { name, .. } => SeatInfo::person(name.clone()),
            Occupant::Bot {
                bot,
                for_player: Some((_, name)),
            } => SeatInfo::bot(name.clone(), bot.clone()),
            Occupant::Bot { bot, .. } => SeatInfo::bot(format!("bot:{bot}"), bot.clone()),
        }
    }
}

/// The seat that is `player`'s, sitting or played for.
pub fn seat_of(slots: &[Slot], player: i64) -> Option<Seat> {
    slots.iter().position(|s| s.owner() == Some(player))
}
