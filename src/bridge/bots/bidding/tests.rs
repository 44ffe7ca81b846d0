//! The system on textbook hands: each test names the auction so far
//! (North dealing, nobody vulnerable), the hand of the seat to call, and
//! the call the system makes.

use super::*;
use crate::bridge::state::{Action, Bridge};
use crate::cards::pbn::parse_hand;
use crate::game::Game;

fn calls(text: &str) -> Vec<Call> {
    text.split_whitespace()
        .map(|c| c.parse().unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// The system's call with `hand` (PBN, spades first) after `auction`.
fn call(auction: &str, hand: &str) -> String {
    let ctx = context(Direction::North, Vulnerability::None, &calls(auction));
    let h = Hand::new(parse_hand(hand).unwrap_or_else(|e| panic!("{e}")));
    choose(&ctx, &h).call.to_string()
}

#[test]
fn openings() {
    assert_eq!(call("", "AKJ5.Q93.K72.Q84"), "1NT", "15, balanced");
    assert_eq!(call("", "AQ.KQ5.AKJ4.J932"), "2NT", "20, balanced");
    assert_eq!(call("", "AKQJ5.AK5.AK4.K9"), "2C", "25");
    assert_eq!(call("", "AQJ84.K5.K72.984"), "1S", "five spades");
    assert_eq!(call("", "AQJ84.KQ854.K7.4"), "1S", "five-five: the higher");
    assert_eq!(call("", "K4.AQJ854.K72.98"), "1H");
    assert_eq!(call("", "AQ84.K5.K742.Q84"), "1D", "4-4 minors");
    assert_eq!(call("", "AQ84.KJ5.K74.984"), "1C", "3-3 minors");
    assert_eq!(call("", "AK84.KJ54.Q74.84"), "1D", "4-4-3-2: 1♦");
    assert_eq!(call("", "84.KQJ954.Q74.84"), "2H", "weak two");
    assert_eq!(call("", "84.4.QJ7.KQJ9854"), "3C", "preempt");
    assert_eq!(call("", "Q84.K54.Q74.J842"), "Pass", "8 points");
    assert_eq!(call("P P P", "K84.K54.A74.J842"), "Pass", "11 points");
}

#[test]
fn notrump_responses_stayman_and_transfers() {
    assert_eq!(call("1NT P", "KJ84.Q954.74.Q84"), "2C", "Stayman");
    assert_eq!(call("1NT P", "84.QJ954.742.J84"), "2D", "transfer, weak");
    assert_eq!(
        call("1NT P", "KJ984.Q9.742.J84"),
        "2H",
        "transfer to spades"
    );
    assert_eq!(call("1NT P", "K84.Q95.KJ74.Q84"), "3NT", "11, no major");
    assert_eq!(call("1NT P", "K84.Q95.K742.984"), "2NT", "8, no major");
    assert_eq!(call("1NT P", "984.Q95.J742.984"), "Pass");
    // The opener answers.
    assert_eq!(call("1NT P 2C P", "AKJ5.Q93.K72.Q84"), "2S", "four spades");
    assert_eq!(call("1NT P 2C P", "AK5.Q93.K72.Q842"), "2D", "no major");
    assert_eq!(call("1NT P 2D P", "AK5.Q93.K72.Q842"), "2H", "completes");
    assert_eq!(call("1NT P 2D P", "A5.KQ93.K72.AJ42"), "3H", "super-accept");
    // The responder places the contract.
    assert_eq!(
        call("1NT P 2C P 2S P", "KJ84.Q954.A4.K84"),
        "4S",
        "a spade fit"
    );
    assert_eq!(
        call("1NT P 2C P 2S P", "KJ84.Q954.74.K84"),
        "3S",
        "invitational"
    );
    assert_eq!(call("1NT P 2C P 2D P", "KJ84.Q954.A4.K84"), "3NT", "no fit");
    assert_eq!(call("1NT P 2D P 2H P", "84.QJ954.742.J84"), "Pass", "weak");
    assert_eq!(
        call("1NT P 2D P 2H P", "K4.QJ954.A42.J84"),
        "3NT",
        "choice of games"
    );
    assert_eq!(
        call("1NT P 2D P 2H P 3NT P", "AK5.Q93.K72.Q842"),
        "4H",
        "three hearts"
    );
}

#[test]
fn raises_and_new_suits() {
    assert_eq!(call("1S P", "K84.Q954.742.J84"), "2S", "simple raise");
    assert_eq!(call("1S P", "K842.Q95.A42.J84"), "3S", "limit raise");
    assert_eq!(call("1S P", "K8542.Q9542.4.84"), "4S", "preemptive");
    assert_eq!(call("1S P", "84.Q95.A42.AKJ84"), "2C", "new suit, forcing");
    assert_eq!(call("1H P", "AJ84.95.742.KJ84"), "1S", "one-level new suit");
    assert_eq!(call("1C P", "AJ84.KQ95.742.84"), "1H", "up the line");
    assert_eq!(call("1S P", "84.Q95.K742.J984"), "1NT", "6–10, no fit");
    // The opener rebids: a new suit is forcing.
    assert_eq!(call("1C P 1H P", "AQ84.K5.K72.Q984"), "1S");
    assert_eq!(
        call("1C P 1H P", "AQ8.K54.K72.Q984"),
        "1NT",
        "12–14 balanced"
    );
    assert_eq!(
        call("1C P 1H P", "A8.KJ54.K72.Q984"),
        "2H",
        "four-card support"
    );
    assert_eq!(call("1S P 2S P", "AKQ84.K5.K72.A84"), "4S", "19+");
    assert_eq!(call("1S P 2S P", "AJ984.K5.K72.984"), "Pass", "minimum");
    assert_eq!(
        call("1S P 2C P", "AJ984.K5.K72.984"),
        "2S",
        "forced: rebids the suit"
    );
}

#[test]
fn competition() {
    assert_eq!(call("1D", "AQJ84.K54.72.984"), "1S", "overcall");
    assert_eq!(call("1D", "AQ84.K954.2.K984"), "X", "takeout double");
    assert_eq!(call("1D", "AQ4.K95.KJ2.K984"), "1NT", "16 with a stopper");
    assert_eq!(call("1D", "984.K95.KJ2.9842"), "Pass");
    assert_eq!(
        call("1D X P", "984.K954.J2.9842"),
        "1H",
        "answers the double"
    );
    // Partner opened, the opponent overcalled.
    assert_eq!(call("1C 1S", "84.KJ95.A742.984"), "X", "negative double");
    assert_eq!(
        call("1H 1S", "84.KJ9.A742.9842"),
        "2H",
        "a raise over the overcall"
    );
}

#[test]
fn key_card_blackwood_1430() {
    // 1♠ P 3♠ P 4NT: the responder counts keycards for spades.
    assert_eq!(
        call("1S P 3S P 4NT P", "K842.Q95.A42.J84"),
        "5H",
        "♠K and ♦A, not ♠Q"
    );
    assert_eq!(
        call("1S P 3S P 4NT P", "KQ42.Q95.A42.J84"),
        "5S",
        "two and the queen"
    );
    assert_eq!(
        call("1S P 3S P 4NT P", "Q842.K95.A42.J84"),
        "5C",
        "one keycard"
    );
    assert_eq!(call("1S P 3S P 4NT P", "Q842.K95.Q42.J84"), "5D", "none");
    // The asker with four keycards hears one more: small slam.
    assert_eq!(call("1S P 3S P 4NT P 5C P", "AKJ84.A5.AK72.Q4"), "6S");
    // Two missing: sign off.
    assert_eq!(call("1S P 3S P 4NT P 5D P", "AKJ84.K5.KQ72.K4"), "5S");
    // And the asker with a fit and 33 between the hands asks.
    assert_eq!(call("1S P 3S P", "AKQ84.A5.AK72.Q4"), "4NT");
    assert_eq!(
        call("1S P 3S P", "AKJ84.K5.KQ72.K4"),
        "4S",
        "31 or so: game only"
    );
}

#[test]
fn alerts_explain_each_call() {
    let auction = calls("1NT P 2C P 2S P 4S P P P");
    let explain = |k| explain(Direction::North, Vulnerability::None, &auction, k);
    assert_eq!(explain(0), "1NT: 15–17 HCP, balanced");
    assert_eq!(
        explain(2),
        "2♣: Stayman: asks for a 4-card major — 8+ HCP, a 4-card major"
    );
    assert!(explain(4).starts_with("2♠: 4+♠, not 4♥"), "{}", explain(4));
    assert!(explain(6).starts_with("4♠: to play"), "{}", explain(6));
    // What the auction showed.
    let ctx = context(Direction::North, Vulnerability::None, &auction);
    assert_eq!(ctx.known[0].hcp, (15, 17));
    assert_eq!(ctx.known[0].min_len(crate::cards::Suit::Spades), 4);
    assert!(ctx.known[2].hcp.0 >= 10);
}

#[test]
fn the_system_always_makes_a_legal_call_and_auctions_end() {
    for seed in 0..60 {
        let mut game = Bridge::dealt(seed as u32 + 1, seed);
        let mut n = 0;
        while game.auction().to_call().is_some() {
            let seat = game.auction().to_call().unwrap_or(Direction::North);
            let ctx = context(
                game.auction().dealer(),
                game.vulnerability(),
                game.auction().calls(),
            );
            let rule = choose(&ctx, &Hand::new(game.deal().hands[seat.index()]));
            game.apply(Action::Call(rule.call))
                .unwrap_or_else(|e| panic!("seed {seed}: {}: {e}", rule.explain()));
            n += 1;
            assert!(n < 60, "seed {seed}: the auction goes on");
        }
    }
}
