//! The opener's rebid after one of a suit and partner's response: raise
//! partner's suit by strength, rebid notrump by range, show a second suit
//! (a reverse with 16+), rebid a six-card suit; after a raise, invite or
//! bid game; after 2♣ – 2♦, describe the strong hand.

use crate::bridge::contract::{Bid, Call, Strain};
use crate::cards::Suit::{self, Hearts, Spades};

use super::context::Ctx;
use super::rule::{Rule, Shows, bid, strain};

/// The opener's rebids after opening `open` and partner's `response`
/// (`None`: something this module does not describe).
pub fn rules(ctx: &Ctx, open: Bid, response: Call) -> Option<Vec<Rule>> {
    let Call::Bid(resp) = response else {
        return None;
    };
    if open
        == (Bid {
            level: 2,
            strain: Strain::Clubs,
        })
    {
        return Some(after_two_clubs());
    }
    let o = open.strain.trump()?;
    if open.level != 1 {
        return None;
    }
    let major = o == Hearts || o == Spades;
    let mut r = Vec::new();
    match (resp.level, resp.strain.trump()) {
        (2, Some(p)) if p == o => {
            let game = if major {
                bid(4, strain(o))
            } else {
                bid(3, Strain::NoTrump)
            };
            r.push(Rule::new(game, "game", Shows::pts(19, 37)));
            r.push(Rule::new(
                bid(3, strain(o)),
                "invitational",
                Shows::pts(16, 18),
            ));
            r.push(Rule::new(Call::Pass, "minimum", Shows::any()));
        }
        (3, Some(p)) if p == o => {
            let game = if major {
                bid(4, strain(o))
            } else {
                bid(3, Strain::NoTrump)
            };
            r.push(Rule::new(game, "accepts", Shows::pts(14, 37)));
            r.push(Rule::new(Call::Pass, "declines", Shows::any()));
        }
        (_, None) => {
            let nt = resp.level;
            if nt == 1 {
                r.push(Rule::new(
                    bid(2, Strain::NoTrump),
                    "",
                    Shows::hcp(18, 19).balanced(),
                ));
            }
            if nt <= 2 {
                r.push(Rule::new(
                    bid(3, Strain::NoTrump),
                    "",
                    Shows::hcp(14, 37).balanced(),
                ));
            }
            if major {
                r.push(Rule::new(
                    bid(4, strain(o)),
                    "",
                    Shows::pts(16, 37).min(o, 6),
                ));
            }
            r.push(Rule::new(
                bid(3, strain(o)),
                "",
                Shows::pts(16, 18).min(o, 6),
            ));
            r.push(Rule::new(
                bid(2, strain(o)),
                "",
                Shows::pts(12, 15).min(o, 6),
            ));
            second_suits(&mut r, o, None);
            r.push(Rule::new(Call::Pass, "", Shows::any()));
        }
        (level, Some(p)) => {
            // A new suit: forcing, so the opener always bids.
            if p == Hearts || p == Spades {
                r.push(Rule::new(
                    bid(4, strain(p)),
                    "raise to game",
                    Shows::sup(p, 19, 37).min(p, 4),
                ));
                if level == 1 {
                    r.push(Rule::new(
                        bid(3, strain(p)),
                        "jump raise",
                        Shows::sup(p, 16, 18).min(p, 4),
                    ));
                }
                r.push(Rule::new(
                    bid(level + 1, strain(p)),
                    "raise",
                    Shows::sup(p, 12, 18).min(p, 4),
                ));
            } else {
                r.push(Rule::new(
                    bid(level + 1, strain(p)),
                    "raise",
                    Shows::any().min(p, 4),
                ));
            }
            if level == 1 {
                r.push(Rule::new(
                    bid(2, Strain::NoTrump),
                    "",
                    Shows::hcp(18, 19).balanced(),
                ));
                if o < Spades && p == Hearts {
                    r.push(Rule::new(
                        bid(1, Strain::Spades),
                        "",
                        Shows::any().min(Spades, 4),
                    ));
                }
                r.push(Rule::new(
                    bid(1, Strain::NoTrump),
                    "",
                    Shows::hcp(12, 14).balanced(),
                ));
            } else {
                r.push(Rule::new(
                    bid(3, Strain::NoTrump),
                    "",
                    Shows::hcp(18, 19).balanced(),
                ));
                r.push(Rule::new(
                    bid(2, Strain::NoTrump),
                    "",
                    Shows::hcp(12, 14).balanced(),
                ));
            }
            r.push(Rule::new(
                bid(3, strain(o)),
                "",
                Shows::pts(16, 18).min(o, 6),
            ));
            r.push(Rule::new(
                ctx.cheapest_bid(strain(o)).unwrap_or(Call::Pass),
                "",
                Shows::any().min(o, 6),
            ));
            second_suits(&mut r, o, Some(p));
            if level == 2 && p < o {
                r.push(Rule::new(bid(3, strain(p)), "", Shows::any().min(p, 4)));
            }
            r.push(Rule::new(
                ctx.cheapest_bid(strain(o)).unwrap_or(Call::Pass),
                "",
                Shows::any(),
            ));
        }
    }
    Some(r)
}

/// A second suit at the two level: a lower one with 12–18, a higher one
/// (a reverse) with 16+; never partner's suit.
fn second_suits(r: &mut Vec<Rule>, o: Suit, partner: Option<Suit>) {
    for s in Suit::PBN_ORDER {
        if s == o || Some(s) == partner {
            continue;
        }
        if s < o {
            r.push(Rule::new(
                bid(2, strain(s)),
                "second suit",
                Shows::pts(12, 18).min(s, 4),
            ));
        } else if partner.is_none_or(|p| s < p || p < o) {
            r.push(Rule::new(
                bid(2, strain(s)),
                "reverse",
                Shows::pts(16, 37).min(s, 4),
            ));
        }
    }
}

/// The strong opener after 2♣ – 2♦.
fn after_two_clubs() -> Vec<Rule> {
    let mut r = vec![
        Rule::new(bid(3, Strain::NoTrump), "", Shows::hcp(25, 27).balanced()),
        Rule::new(bid(2, Strain::NoTrump), "", Shows::hcp(22, 24).balanced()),
    ];
    for s in Suit::PBN_ORDER {
        let level = if s > Suit::Diamonds { 2 } else { 3 };
        r.push(Rule::new(
            bid(level, strain(s)),
            "natural, forcing",
            Shows::any().min(s, 5),
        ));
    }
    r.push(Rule::new(bid(2, Strain::NoTrump), "", Shows::any()));
    r
}
