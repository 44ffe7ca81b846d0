//! Competitive bidding: overcalls (five-card suits, 8–16), the 1NT
//! overcall (15–18 with a stopper), takeout doubles (12+, short in their
//! suit, or any 17+), advancing partner's overcall or double, and the
//! responder's calls over an overcall: raises, new suits, notrump with a
//! stopper and the negative double.

use crate::bridge::contract::{Bid, Call, Strain};
use crate::cards::Suit::{self, Clubs, Diamonds, Hearts, Spades};

use super::context::Ctx;
use super::rule::{Rule, Shows, Test, bid, strain};

/// The opponents opened and my side has not acted: overcall, double or
/// pass.
pub fn overcall(ctx: &Ctx) -> Vec<Rule> {
    let theirs = ctx.their_suits();
    let Some((_, last)) = ctx.last_bid() else {
        return vec![Rule::new(Call::Pass, "", Shows::any())];
    };
    let mut r = Vec::new();
    let nt_level = ctx.cheapest(Strain::NoTrump);
    if nt_level == 1 {
        let mut s = Shows::hcp(15, 18).balanced();
        for &t in &theirs {
            s = s.test(Test::Stopper(t));
        }
        r.push(Rule::new(bid(1, Strain::NoTrump), "overcall", s));
    }
    for suit in Suit::PBN_ORDER {
        if theirs.contains(&suit) {
            continue;
        }
        let level = ctx.cheapest(strain(suit));
        let shows = match level {
            1 => Shows::hcp(8, 16).min(suit, 5),
            2 => Shows::hcp(10, 16)
                .min(suit, 5)
                .test(Test::AsLong(suit, longest_rival(suit))),
            3 => Shows::hcp(12, 16).min(suit, 6),
            _ => continue,
        };
        r.push(Rule::new(bid(level, strain(suit)), "overcall", shows));
    }
    if last.level <= 3 && ctx.legal(Call::Double) {
        let mut s = Shows::hcp(12, 37);
        for &t in &theirs {
            s = s.max(t, 2);
        }
        for m in [Hearts, Spades] {
            if !theirs.contains(&m) {
                s = s.min(m, 3);
            }
        }
        r.push(Rule::new(Call::Double, "takeout", s));
        r.push(Rule::new(
            Call::Double,
            "takeout, strong",
            Shows::hcp(17, 37),
        ));
    }
    r.push(Rule::new(Call::Pass, "", Shows::any()));
    r
}

/// The other minor, or the suit itself: what a two-level overcall's suit
/// is compared with.
fn longest_rival(suit: Suit) -> Suit {
    match suit {
        Clubs => Diamonds,
        Diamonds => Clubs,
        s => s,
    }
}

/// Partner overcalled or doubled an opening of the opponents and I have
/// not acted yet.
pub fn advance(ctx: &Ctx) -> Vec<Rule> {
    let theirs = ctx.their_suits();
    let partner_last = ctx
        .calls_of(ctx.partner())
        .into_iter()
        .rfind(|c| *c != Call::Pass);
    let stoppers = |mut s: Shows| {
        for &t in &theirs {
            s = s.test(Test::Stopper(t));
        }
        s
    };
    let mut r = Vec::new();
    match partner_last {
        Some(Call::Double) => {
            let unbid: Vec<Suit> = Suit::PBN_ORDER
                .into_iter()
                .filter(|s| !theirs.contains(s))
                .collect();
            r.push(Rule::new(
                bid(3, Strain::NoTrump),
                "to play",
                stoppers(Shows::hcp(13, 37)),
            ));
            for &s in &unbid {
                let level = ctx.cheapest(strain(s));
                if level < 4 {
                    r.push(Rule::new(
                        bid(level + 1, strain(s)),
                        "jump: invitational",
                        Shows::hcp(10, 12)
                            .min(s, 4)
                            .test(Test::AsLong(s, other(s, &unbid))),
                    ));
                }
            }
            if ctx.cheapest(Strain::NoTrump) == 1 {
                r.push(Rule::new(
                    bid(1, Strain::NoTrump),
                    "",
                    stoppers(Shows::hcp(6, 10)),
                ));
            }
            for &s in &unbid {
                if let Some(c) = ctx.cheapest_bid(strain(s)) {
                    r.push(Rule::new(
                        c,
                        "answers the double",
                        Shows::hcp(0, 9)
                            .min(s, 4)
                            .test(Test::AsLong(s, other(s, &unbid))),
                    ));
                }
            }
            for &s in &unbid {
                if let Some(c) = ctx.cheapest_bid(strain(s)) {
                    r.push(Rule::new(c, "answers the double", Shows::any().min(s, 3)));
                }
            }
            r.push(Rule::new(Call::Pass, "penalty", Shows::any()));
        }
        Some(Call::Bid(b)) if b.strain == Strain::NoTrump => {
            r.push(Rule::new(
                bid(3, Strain::NoTrump),
                "to play",
                Shows::hcp(10, 37),
            ));
            r.push(Rule::new(
                bid(2, Strain::NoTrump),
                "invitational",
                Shows::hcp(8, 9),
            ));
            r.push(Rule::new(Call::Pass, "", Shows::any()));
        }
        Some(Call::Bid(b)) => {
            if let Some(p) = b.strain.trump() {
                raises(ctx, &mut r, p);
                for s in Suit::PBN_ORDER {
                    if s != p
                        && !theirs.contains(&s)
                        && let Some(c) = ctx.cheapest_bid(strain(s)).filter(|c| level_of(*c) <= 2)
                    {
                        r.push(Rule::new(c, "new suit", Shows::hcp(10, 37).min(s, 5)));
                    }
                }
            }
            let nt = ctx.cheapest(Strain::NoTrump);
            r.push(Rule::new(
                bid(3, Strain::NoTrump),
                "to play",
                stoppers(Shows::hcp(15, 37)),
            ));
            if nt <= 2 {
                r.push(Rule::new(
                    bid(nt, Strain::NoTrump),
                    "",
                    stoppers(Shows::hcp(8, 14)),
                ));
            }
            r.push(Rule::new(Call::Pass, "", Shows::any()));
        }
        _ => r.push(Rule::new(Call::Pass, "", Shows::any())),
    }
    r
}

/// The level of a bid (0 for other calls).
fn level_of(c: Call) -> u8 {
    match c {
        Call::Bid(b) => b.level,
        _ => 0,
    }
}

/// Another unbid suit to compare `s` with (the one after it).
fn other(s: Suit, unbid: &[Suit]) -> Suit {
    unbid.iter().copied().find(|&u| u != s).unwrap_or(s)
}

/// Raises of partner's suit `p` at the cheapest level, a jump and game.
fn raises(ctx: &Ctx, r: &mut Vec<Rule>, p: Suit) {
    let t = strain(p);
    let major = p == Hearts || p == Spades;
    let need = if major { 3 } else { 4 };
    if major {
        r.push(Rule::new(
            bid(4, t),
            "game raise",
            Shows::sup(p, 13, 37).min(p, need),
        ));
    }
    let cheap = ctx.cheapest(t);
    if cheap < 4 {
        r.push(Rule::new(
            bid(cheap + 1, t),
            "jump raise",
            Shows::sup(p, 10, 12).min(p, 4),
        ));
    }
    if cheap <= 4 {
        r.push(Rule::new(
            bid(cheap, t),
            "raise",
            Shows::sup(p, 6, 12).min(p, need),
        ));
    }
}

/// Partner opened `open` in a suit and the opponent on my right called:
/// raise, bid a new suit, notrump with a stopper, the negative double, or
/// pass.
pub fn responder(ctx: &Ctx, open: Bid) -> Vec<Rule> {
    let theirs = ctx.their_suits();
    let Some(o) = open.strain.trump() else {
        return vec![Rule::new(Call::Pass, "", Shows::any())];
    };
    let mut r = Vec::new();
    raises(ctx, &mut r, o);
    let rho = ctx.last_action();
    if matches!(rho, Some((_, Call::Double))) {
        r.push(Rule::new(Call::Redouble, "10+, no fit", Shows::hcp(10, 37)));
    }
    let over_bid = ctx.last_bid().map(|(_, b)| b).filter(|b| *b != open);
    if over_bid.is_some_and(|b| b.level <= 2) {
        let unbid_majors: Vec<Suit> = [Hearts, Spades]
            .into_iter()
            .filter(|s| *s != o && !theirs.contains(s))
            .collect();
        if !unbid_majors.is_empty() && ctx.legal(Call::Double) {
            let mut s = Shows::hcp(6, 37);
            for &m in &unbid_majors {
                s = s.min(m, 4);
            }
            r.push(Rule::new(
                Call::Double,
                "negative: 4+ in the unbid major(s)",
                s,
            ));
        }
    }
    for s in Suit::PBN_ORDER {
        if s == o || theirs.contains(&s) {
            continue;
        }
        if let Some(c) = ctx.cheapest_bid(strain(s)) {
            let shows = match level_of(c) {
                1 => Shows::hcp(6, 37).min(s, 4),
                2 => Shows::hcp(11, 37).min(s, 5),
                _ => continue,
            };
            r.push(Rule::new(c, "new suit, forcing", shows));
        }
    }
    let stop = |mut s: Shows| {
        for &t in &theirs {
            s = s.test(Test::Stopper(t));
        }
        s
    };
    let nt = ctx.cheapest(Strain::NoTrump);
    r.push(Rule::new(
        bid(3, Strain::NoTrump),
        "to play",
        stop(Shows::hcp(13, 15)),
    ));
    if nt <= 2 {
        r.push(Rule::new(
            bid(2, Strain::NoTrump),
            "invitational",
            stop(Shows::hcp(11, 12)),
        ));
    }
    if nt == 1 {
        r.push(Rule::new(
            bid(1, Strain::NoTrump),
            "",
            stop(Shows::hcp(8, 10)),
        ));
    }
    r.push(Rule::new(Call::Pass, "", Shows::any()));
    r
}
