//! Responses to partner's opening when the opponents are silent: to one of
//! a suit (simple and jump raises, new suits forcing, notrump by
//! strength), to 2♣ (2♦ waiting), to a weak two or a preempt (raise or
//! pass). Responses to 1NT and 2NT are in [`super::notrump`].

use crate::bridge::contract::{Bid, Call, Strain};
use crate::cards::Suit::{self, Clubs, Diamonds, Hearts, Spades};

use super::context::Ctx;
use super::rule::{Rule, Shows, Test, bid, strain};

/// The responses to partner's opening `open`.
pub fn rules(ctx: &Ctx, open: Bid) -> Vec<Rule> {
    match (open.level, open.strain.trump()) {
        (1, Some(s)) if s == Hearts || s == Spades => to_major(s),
        (1, Some(s)) => to_minor(s),
        (2, None) | (1, None) => Vec::new(),
        (2, Some(Clubs)) => vec![Rule::new(
            bid(2, Strain::Diamonds),
            "waiting, artificial",
            Shows::any(),
        )],
        (_, Some(s)) => to_weak(ctx, open, s),
        _ => vec![Rule::new(Call::Pass, "", Shows::any())],
    }
}

/// New suits a responder may bid at the one level over `open`, in the
/// order to bid them (up the line).
fn one_level_suits(open: Suit) -> Vec<Suit> {
    [Diamonds, Hearts, Spades]
        .into_iter()
        .filter(|&s| s > open)
        .collect()
}

/// Responses to 1♥ or 1♠.
fn to_major(m: Suit) -> Vec<Rule> {
    let t = strain(m);
    let mut r = vec![
        Rule::new(bid(4, t), "preemptive raise", Shows::hcp(0, 9).min(m, 5)),
        Rule::new(bid(3, t), "limit raise", Shows::sup(m, 10, 12).min(m, 4)),
        Rule::new(bid(2, t), "simple raise", Shows::sup(m, 6, 10).min(m, 3)),
    ];
    if m == Hearts {
        r.push(Rule::new(
            bid(1, Strain::Spades),
            "forcing",
            Shows::hcp(6, 37).min(Spades, 4).max(Hearts, 2),
        ));
    }
    for s in [Hearts, Diamonds, Clubs] {
        if s < m {
            let need = if s == Hearts { 5 } else { 4 };
            r.push(Rule::new(
                bid(2, strain(s)),
                "new suit, forcing",
                Shows::hcp(11, 37)
                    .min(s, need)
                    .max(m, 2)
                    .test(Test::AsLong(s, longest_other(s))),
            ));
        }
    }
    r.extend([
        Rule::new(bid(3, t), "limit raise", Shows::sup(m, 10, 12).min(m, 3)),
        Rule::new(
            bid(2, Strain::Clubs),
            "new suit, forcing",
            Shows::hcp(13, 37),
        ),
        Rule::new(
            bid(3, Strain::NoTrump),
            "no fit",
            Shows::hcp(13, 15).balanced().max(m, 2),
        ),
        Rule::new(
            bid(2, Strain::NoTrump),
            "invitational, no fit",
            Shows::hcp(11, 12).balanced().max(m, 2),
        ),
        Rule::new(
            bid(1, Strain::NoTrump),
            "not forcing",
            Shows::hcp(6, 10).max(m, 2),
        ),
        Rule::new(bid(1, Strain::NoTrump), "not forcing", Shows::hcp(6, 10)),
        Rule::new(Call::Pass, "", Shows::hcp(0, 5)),
    ]);
    r
}

/// A suit to compare `s` with when a responder picks the longer of two
/// new suits: the other minor.
fn longest_other(s: Suit) -> Suit {
    match s {
        Clubs => Diamonds,
        Diamonds => Clubs,
        other => other,
    }
}

/// Responses to 1♣ or 1♦.
fn to_minor(m: Suit) -> Vec<Rule> {
    let t = strain(m);
    let mut r = Vec::new();
    // A five-card major first, spades before hearts with five of each;
    // with four-card suits, up the line.
    r.push(Rule::new(
        bid(1, Strain::Spades),
        "forcing",
        Shows::hcp(6, 37)
            .min(Spades, 5)
            .test(Test::AsLong(Spades, Hearts)),
    ));
    for s in one_level_suits(m) {
        r.push(Rule::new(
            bid(1, strain(s)),
            "forcing",
            Shows::hcp(6, 37).min(s, 4),
        ));
    }
    if m == Diamonds {
        r.push(Rule::new(
            bid(2, Strain::Clubs),
            "new suit, forcing",
            Shows::hcp(11, 37).min(Clubs, 5),
        ));
    }
    let support = if m == Diamonds { 4 } else { 5 };
    r.extend([
        Rule::new(
            bid(3, Strain::NoTrump),
            "",
            Shows::hcp(13, 15).balanced().max(Hearts, 3).max(Spades, 3),
        ),
        Rule::new(
            bid(2, Strain::NoTrump),
            "invitational",
            Shows::hcp(11, 12).balanced().max(Hearts, 3).max(Spades, 3),
        ),
        Rule::new(bid(3, t), "limit raise", Shows::hcp(10, 12).min(m, support)),
        Rule::new(bid(2, t), "simple raise", Shows::hcp(6, 10).min(m, support)),
        Rule::new(
            bid(1, Strain::NoTrump),
            "",
            Shows::hcp(6, 10).max(Hearts, 3).max(Spades, 3),
        ),
        Rule::new(bid(1, Strain::NoTrump), "", Shows::hcp(6, 10)),
        Rule::new(Call::Pass, "", Shows::hcp(0, 5)),
    ]);
    r
}

/// Responses to a weak two or a preempt in `s`: game with a fit and
/// values, 3NT with stoppers, a raise to block, or pass.
fn to_weak(ctx: &Ctx, open: Bid, s: Suit) -> Vec<Rule> {
    let t = strain(s);
    let mut r = Vec::new();
    if s == Hearts || s == Spades {
        r.push(Rule::new(
            bid(4, t),
            "to play",
            Shows::hcp(16, 37).min(s, 2),
        ));
        r.push(Rule::new(
            bid(4, t),
            "to play, preemptive",
            Shows::hcp(0, 15).min(s, 4),
        ));
    } else {
        r.push(Rule::new(
            bid(3, Strain::NoTrump),
            "to play",
            Shows::hcp(16, 37).min(s, 2),
        ));
        r.push(Rule::new(
            bid(5, t),
            "to play, preemptive",
            Shows::hcp(0, 15).min(s, 5),
        ));
    }
    if open.level == 2 && ctx.cheapest(t) <= 3 {
        r.push(Rule::new(
            bid(3, t),
            "preemptive raise",
            Shows::hcp(0, 15).min(s, 3),
        ));
    }
    r.push(Rule::new(Call::Pass, "", Shows::hcp(0, 15)));
    r.push(Rule::new(Call::Pass, "", Shows::any()));
    r
}
