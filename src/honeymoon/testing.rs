//! Cards and deals the honeymoon tests share.

use super::action::{Action, Event};
use super::auction::{Bid, Contract, Strain};
use super::setup::Setup;
use super::state::Honeymoon;
use super::tricks::NORTH;
use crate::cards::pbn::parse_hand;
use crate::cards::{Card, CardSet};
use crate::game::Game;

/// A card from its text.
pub fn card(s: &str) -> Card {
    s.parse().unwrap_or_else(|_| panic!("bad card {s}"))
}

/// A hand from its PBN text.
pub fn hand(s: &str) -> CardSet {
    parse_hand(s).unwrap_or_else(|e| panic!("{e}"))
}

/// Applies `a`, which must be legal.
pub fn ok(g: &mut Honeymoon, a: Action) -> Vec<Event> {
    g.apply(a).unwrap_or_else(|e| panic!("{a:?}: {e}"))
}

/// North declares 1♥ with an exchange of one trick to go.
pub fn exchange_deal_with(options: Setup) -> Honeymoon {
    // North declares 1 heart; stock (next card last): 3c drawn by the
    // loser, Ad face up.
    let contract = Contract {
        bid: Bid {
            level: 1,
            strain: Strain::Hearts,
        },
        declarer: NORTH,
        doubled: 0,
    };
    Honeymoon::at_exchange(
        options,
        [hand("A2.3.."), hand("K.4..5")],
        vec![card("3c"), card("Ad")],
        contract,
    )
}
