//! Placing the contract once the openings and first responses are over:
//! from what partner has shown, find a fit (eight cards between us) and
//! add up the points: slam (33+) through Roman Key Card Blackwood (4NT,
//! answers 1430: 5♣ 1 or 4, 5♦ 0 or 3, 5♥ 2 without the trump queen, 5♠
//! 2 with it), game (25+: four of a major, 3NT, five of a minor with
//! 28+), an invitation (23–24), a competitive bid by the law of total
//! tricks, a penalty double, or pass.

use crate::bridge::contract::{Bid, Call, Strain};
use crate::cards::Suit::{self, Clubs, Diamonds, Hearts, Spades};

use super::context::Ctx;
use super::rule::{Rule, Shows, Test, bid, strain};

/// The agreed trump suit: one both partners have bid, or a fit partner's
/// calls and `min_mine` cards of mine would make (the longest such).
fn agreed(ctx: &Ctx) -> Option<Suit> {
    let mine: Vec<Suit> = ctx
        .bids_of(ctx.me)
        .iter()
        .filter_map(|b| b.strain.trump())
        .collect();
    let theirs: Vec<Suit> = ctx
        .bids_of(ctx.partner())
        .iter()
        .filter_map(|b| b.strain.trump())
        .collect();
    mine.iter().rev().find(|s| theirs.contains(s)).copied()
}

/// Whether the last call of my partner was 4NT asking for keycards, and
/// the trump strain it asks about.
fn asked(ctx: &Ctx) -> Option<Strain> {
    let (who, last) = ctx.last_bid()?;
    if who != ctx.partner()
        || last
            != (Bid {
                level: 4,
                strain: Strain::NoTrump,
            })
    {
        return None;
    }
    let bids = ctx.bids();
    let before = bids.iter().rev().skip(1).find(|(d, _)| ctx.ours(*d))?;
    let t = before.1.strain.trump()?;
    let agreed = ctx
        .bids_of(ctx.me)
        .iter()
        .any(|b| b.strain.trump() == Some(t))
        && ctx
            .bids_of(ctx.partner())
            .iter()
            .any(|b| b.strain.trump() == Some(t));
    agreed.then_some(strain(t))
}

/// The keycard answers to 4NT for `trump`.
fn answers(trump: Strain) -> Vec<Rule> {
    let k = |a, b, q| Shows::any().test(Test::Keycards(trump, a, b, q));
    vec![
        Rule::new(bid(5, Strain::Clubs), "RKCB answer", k(1, 4, None)),
        Rule::new(bid(5, Strain::Diamonds), "RKCB answer", k(0, 3, None)),
        Rule::new(bid(5, Strain::Hearts), "RKCB answer", k(2, 2, Some(false))),
        Rule::new(bid(5, Strain::Spades), "RKCB answer", k(2, 2, Some(true))),
        Rule::new(bid(5, Strain::Spades), "RKCB answer", k(5, 5, None)),
    ]
}

/// After my 4NT and partner's answer `ans` for `trump`: sign off in five
/// with two keycards missing, else bid the small slam, the grand with all
/// five and 37 between us.
fn after_answer(ctx: &Ctx, trump: Strain, ans: Bid) -> Vec<Rule> {
    let shown: [u8; 2] = match ans.strain {
        Strain::Clubs => [1, 4],
        Strain::Diamonds => [0, 3],
        _ => [2, 2],
    };
    let pmid = ctx.partner_known().mid();
    let mut r = Vec::new();
    for mine in 0..=5u8 {
        // Of the two counts, the one that fits beside mine (at most five
        // in all); the lower when both fit.
        let theirs = if mine + shown[0] <= 5 {
            shown[0]
        } else {
            shown[1]
        };
        let total = mine + theirs;
        let k = Shows::any().test(Test::Keycards(trump, mine, mine, None));
        let call = if total <= 3 {
            if ctx.legal(bid(5, trump)) {
                bid(5, trump)
            } else {
                Call::Pass
            }
        } else if total == 5 {
            r.push(Rule::new(
                bid(7, trump),
                "grand slam",
                k.clone().and_hcp(37u8.saturating_sub(pmid), 37),
            ));
            bid(6, trump)
        } else {
            bid(6, trump)
        };
        let name = if call == Call::Pass {
            "two keycards missing"
        } else {
            "slam"
        };
        r.push(Rule::new(call, name, k));
    }
    r
}

/// The rules for placing the contract.
pub fn rules(ctx: &Ctx) -> Vec<Rule> {
    if let Some(t) = asked(ctx) {
        return answers(t);
    }
    let last_ours = ctx.last_bid().filter(|(d, _)| ctx.ours(*d));
    if let Some((who, ans)) = ctx.last_bid()
        && who == ctx.partner()
        && ans.level == 5
        && ctx.bids_of(ctx.me).last()
            == Some(&Bid {
                level: 4,
                strain: Strain::NoTrump,
            })
        && let Some(t) = agreed(ctx)
    {
        return after_answer(ctx, strain(t), ans);
    }
    let p = ctx.partner_known();
    let pmid = p.mid();
    let need = |total: u8| total.saturating_sub(pmid);
    let fit_len = |s: Suit| 8u8.saturating_sub(p.min_len(s)).max(3);
    let theirs = ctx.their_suits();
    let stoppers = |mut s: Shows| {
        for &t in &theirs {
            s = s.test(Test::Stopper(t));
        }
        s
    };
    let mut r = slam(ctx);
    // Game, unless my side is in game already.
    let in_game = last_ours.is_some_and(|(_, b)| is_game(b));
    if !in_game {
        for s in [Spades, Hearts] {
            if p.min_len(s) > 0 || agreed(ctx) == Some(s) {
                r.push(Rule::new(
                    bid(4, strain(s)),
                    "game",
                    Shows::sup(s, need(25), 37).min(s, fit_len(s)),
                ));
            }
        }
        r.push(Rule::new(
            bid(3, Strain::NoTrump),
            "game",
            stoppers(Shows::hcp(need(25), 37)),
        ));
        for s in [Diamonds, Clubs] {
            if p.min_len(s) > 0 {
                r.push(Rule::new(
                    bid(5, strain(s)),
                    "game",
                    Shows::sup(s, need(28), 37).min(s, fit_len(s)),
                ));
            }
        }
        // Invitations.
        for s in [Spades, Hearts] {
            if p.min_len(s) > 0 && ctx.cheapest(strain(s)) <= 3 {
                r.push(Rule::new(
                    bid(3, strain(s)),
                    "invitational",
                    Shows::sup(s, need(23), need(24)).min(s, fit_len(s)),
                ));
            }
        }
        if ctx.cheapest(Strain::NoTrump) <= 2 {
            r.push(Rule::new(
                bid(2, Strain::NoTrump),
                "invitational",
                stoppers(Shows::hcp(need(23), need(24))),
            ));
        }
    }
    // Part scores: a fit we are not playing in yet, or competing by the
    // total tricks.
    if !in_game {
        for s in [Spades, Hearts, Diamonds, Clubs] {
            if p.min_len(s) == 0 {
                continue;
            }
            let Some(c) = ctx.cheapest_bid(strain(s)) else {
                continue;
            };
            let level = match c {
                Call::Bid(b) => b.level,
                _ => continue,
            };
            let already = last_ours.is_some_and(|(_, b)| b.strain == strain(s));
            if already || level > 4 {
                continue;
            }
            let trumps = level + 6 - p.min_len(s);
            if last_ours.is_some() && level <= 2 {
                r.push(Rule::new(
                    c,
                    "to play",
                    Shows::any().min(s, fit_len(s).max(trumps.min(13))),
                ));
            } else if last_ours.is_none() {
                r.push(Rule::new(
                    c,
                    "competes: total tricks",
                    Shows::hcp(need(18), 37).min(s, trumps.min(13)),
                ));
            }
        }
    }
    // Penalty.
    if let Some((who, b)) = ctx.last_bid()
        && !ctx.ours(who)
        && ctx.legal(Call::Double)
        && b.level >= 2
        && let Some(t) = b.strain.trump()
    {
        r.push(Rule::new(
            Call::Double,
            "penalty",
            Shows::hcp(need(23), 37).min(t, 4),
        ));
    }
    r.push(Rule::new(Call::Pass, "", Shows::any()));
    r
}

/// Slam: RKCB with a fit and 33 between the hands, 6NT balanced.
pub fn slam(ctx: &Ctx) -> Vec<Rule> {
    let p = ctx.partner_known();
    let need = |total: u8| total.saturating_sub(p.mid());
    let fit_len = |s: Suit| 8u8.saturating_sub(p.min_len(s)).max(3);
    let mut r = Vec::new();
    let four_nt = bid(4, Strain::NoTrump);
    let asked_before = ctx.bids().iter().any(|(d, b)| {
        ctx.ours(*d)
            && *b
                == Bid {
                    level: 4,
                    strain: Strain::NoTrump,
                }
    });
    for s in [Spades, Hearts, Diamonds, Clubs] {
        if p.min_len(s) == 0 && agreed(ctx) != Some(s) {
            continue;
        }
        if !asked_before && ctx.legal(four_nt) {
            r.push(Rule::new(
                four_nt,
                format!("RKCB 1430 for {}", s.glyph()),
                Shows::sup(s, need(33), 37).min(s, fit_len(s)),
            ));
        }
    }
    r.push(Rule::new(
        bid(6, Strain::NoTrump),
        "to play",
        Shows::hcp(need(33), 37).balanced(),
    ));
    r
}

/// Whether a bid is game or more in its strain.
fn is_game(b: Bid) -> bool {
    match b.strain {
        Strain::NoTrump => b.level >= 3,
        Strain::Hearts | Strain::Spades => b.level >= 4,
        _ => b.level >= 5,
    }
}
