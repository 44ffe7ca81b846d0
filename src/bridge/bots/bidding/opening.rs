//! Opening bids: 1NT 15–17 balanced, 2NT 20–21, 2♣ strong (22+), five-card
//! majors, the better minor, weak twos (six cards, 5–10), three-level
//! preempts (seven cards), and pass.

use crate::bridge::contract::Strain;
use crate::cards::Suit::{Clubs, Diamonds, Hearts, Spades};

use super::context::Ctx;
use super::rule::{Rule, Shows, Test, bid};
use crate::bridge::contract::Call;

/// The openings, first fitting first.
pub fn rules(_ctx: &Ctx) -> Vec<Rule> {
    let one = |lo: u8| Shows::pts(12, 21).and_hcp(lo, 21);
    vec![
        Rule::new(
            bid(2, Strain::Clubs),
            "strong, artificial",
            Shows::hcp(22, 37),
        ),
        Rule::new(bid(2, Strain::NoTrump), "", Shows::hcp(20, 21).balanced()),
        Rule::new(bid(1, Strain::NoTrump), "", Shows::hcp(15, 17).balanced()),
        Rule::new(
            bid(1, Strain::Spades),
            "",
            one(11).min(Spades, 5).test(Test::AsLong(Spades, Hearts)),
        ),
        Rule::new(bid(1, Strain::Hearts), "", one(11).min(Hearts, 5)),
        Rule::new(
            bid(1, Strain::Diamonds),
            "",
            one(11).min(Diamonds, 4).test(Test::AsLong(Diamonds, Clubs)),
        ),
        Rule::new(
            bid(1, Strain::Diamonds),
            "",
            one(11).exactly(Diamonds, 3).max(Clubs, 2),
        ),
        Rule::new(bid(1, Strain::Clubs), "", one(11).min(Clubs, 3)),
        Rule::new(bid(1, Strain::Clubs), "", one(11)),
        Rule::new(bid(2, Strain::Spades), "weak two", weak(Spades)),
        Rule::new(bid(2, Strain::Hearts), "weak two", weak(Hearts)),
        Rule::new(bid(2, Strain::Diamonds), "weak two", weak(Diamonds)),
        Rule::new(bid(3, Strain::Spades), "preempt", preempt(Spades)),
        Rule::new(bid(3, Strain::Hearts), "preempt", preempt(Hearts)),
        Rule::new(bid(3, Strain::Diamonds), "preempt", preempt(Diamonds)),
        Rule::new(bid(3, Strain::Clubs), "preempt", preempt(Clubs)),
        Rule::new(Call::Pass, "", Shows::hcp(0, 12)),
    ]
}

/// A weak two: six cards, 5–10 HCP, no four-card major beside.
fn weak(suit: crate::cards::Suit) -> Shows {
    let s = Shows::hcp(5, 10).exactly(suit, 6);
    match suit {
        Spades => s.max(Hearts, 3),
        Hearts => s.max(Spades, 3),
        _ => s.max(Hearts, 3).max(Spades, 3),
    }
}

/// A three-level preempt: seven cards, 5–10 HCP.
fn preempt(suit: crate::cards::Suit) -> Shows {
    Shows::hcp(5, 10).min(suit, 7)
}
