//! What one seat sees of a deal: its own cards, the cards played and
//! taken face up, counts of what is hidden, the match so far, and the
//! whole deal once it is over; with what a seat can work out from it.

use serde::{Deserialize, Serialize};

use super::action::{Phase, Played};
use super::auction::{Call, Contract};
use super::formats::record::DealRecord;
use super::scoring::{DealLine, DealResult};
use super::setup::Setup;
use super::tricks::lead_wins;
use crate::cards::{Card, CardSet};
use crate::game::Seat;

/// What one seat sees.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Whose view.
    pub seat: Seat,
    /// The options.
    pub options: Setup,
    /// The dealer.
    pub dealer: Seat,
    /// The phase.
    pub phase: Phase,
    /// This seat's cards.
    pub hand: CardSet,
    /// How many cards the other seat holds.
    pub other_count: usize,
    /// The face-up stock card.
    pub face_up: Option<Card>,
    /// Cards left face down in the stock.
    pub stock_left: usize,
    /// The calls so far.
    pub auction: Vec<(Seat, Call)>,
    /// The contract, once the auction is over.
    pub contract: Option<Contract>,
    /// Whose turn (`None` when over).
    pub to_act: Option<Seat>,
    /// Who leads the current trick.
    pub leader: Seat,
    /// The card led to the current trick.
    pub led: Option<Card>,
    /// Exchange tricks finished.
    pub exchange_tricks: u8,
    /// Play-phase tricks won, North and South.
    pub play_tricks: [u8; 2],
    /// Every card played, in order.
    pub history: Vec<Played>,
    /// Face-up cards taken, by whom.
    pub face_up_taken: Vec<(Seat, Card)>,
    /// The cards this seat drew face down.
    pub my_draws: Vec<Card>,
    /// How many face-down cards each seat drew (counts only).
    pub draws: [usize; 2],
    /// Match totals before this deal ends.
    pub totals: [i64; 2],
    /// The result, once over.
    pub result: Option<DealResult>,
    /// This deal replays the one before with the hands swapped.
    pub replay: bool,
    /// Cards taken back this deal.
    pub undos: u32,
    /// The match's finished deals.
    pub deals: Vec<DealLine>,
    /// The match has reached its length: the next deal starts a new one.
    #[serde(default)]
    pub match_over: bool,
    /// The whole deal, once it is over (nothing is hidden then).
    pub record: Option<DealRecord>,
}

impl View {
    /// Cards this seat cannot see: the other hand's unknown cards and the
    /// face-down stock.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.hand;
        for p in &self.history {
            seen.insert(p.card);
        }
        for &(_, c) in &self.face_up_taken {
            seen.insert(c);
        }
        if let Some(c) = self.face_up {
            seen.insert(c);
        }
        CardSet::FULL - seen
    }

    /// Cards the other seat is known to hold: face-up cards it took and
    /// has not played.
    pub fn other_known(&self) -> CardSet {
        let other = 1 - self.seat;
        let mut known: CardSet = self
            .face_up_taken
            .iter()
            .filter(|(s, _)| *s == other)
            .map(|&(_, c)| c)
            .collect();
        for p in &self.history {
            known.remove(p.card);
        }
        known
    }

    /// The last completed trick of this deal: its two cards, lead first,
    /// and its winner.
    pub fn last_trick(&self) -> Option<([Played; 2], Seat)> {
        let done = self
            .history
            .len()
            .saturating_sub(usize::from(self.led.is_some()));
        let [lead, reply] = self.history.get(done.checked_sub(2)?..done)? else {
            return None;
        };
        let trump = self.contract.and_then(|c| c.bid.strain.trump());
        let winner = if lead_wins(lead.card, reply.card, trump) {
            lead.seat
        } else {
            reply.seat
        };
        Some(([*lead, *reply], winner))
    }
}
