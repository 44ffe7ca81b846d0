//! Notrump openings and what follows them when the opponents stay out:
//! Stayman (2♣, 3♣ over 2NT), Jacoby transfers (2♦ for hearts, 2♥ for
//! spades; a level higher over 2NT) with the super-accept, invitations
//! and the opener's answers.

use crate::bridge::contract::{Bid, Call, Strain};
use crate::cards::Suit::{self, Hearts, Spades};

use super::context::Ctx;
use super::rule::{Rule, Shows, Test, bid, strain};

/// The rules when my side opened 1NT or 2NT and the opponents have only
/// passed since, in a sequence this module knows; `None` otherwise.
pub fn rules(ctx: &Ctx) -> Option<Vec<Rule>> {
    let (opener, open) = ctx.opening()?;
    if !ctx.ours(opener) || open.strain != Strain::NoTrump || open.level > 2 {
        return None;
    }
    let start = ctx.calls.iter().position(|c| *c == Call::Bid(open))?;
    let mut ours = Vec::new();
    for (k, &c) in ctx.calls.iter().enumerate().skip(start + 1) {
        if ctx.ours(ctx.seat_of(k)) {
            ours.push(c);
        } else if c != Call::Pass {
            return None;
        }
    }
    let l = open.level;
    // Points the responder needs for game: 25 in all.
    let game = if l == 1 { 10 } else { 5 };
    let invite = if l == 1 { 8 } else { 4 };
    let o_min = if l == 1 { 15 } else { 20 };
    let o_max = o_min + if l == 1 { 2 } else { 1 };
    let stayman = bid(l + 1, Strain::Clubs);
    let to_hearts = bid(l + 1, Strain::Diamonds);
    let to_spades = bid(l + 1, Strain::Hearts);
    let nt = |k| bid(k, Strain::NoTrump);
    Some(match ours.as_slice() {
        [] => {
            let mut r = vec![
                Rule::new(
                    to_spades,
                    "transfer to spades",
                    Shows::any()
                        .min(Spades, 5)
                        .test(Test::AsLong(Spades, Hearts)),
                ),
                Rule::new(to_hearts, "transfer to hearts", Shows::any().min(Hearts, 5)),
                Rule::new(
                    stayman,
                    "Stayman: asks for a 4-card major",
                    Shows::hcp(invite, 37).test(Test::AMajor),
                ),
            ];
            if l == 1 {
                r.push(Rule::new(nt(6), "to play", Shows::hcp(18, 19)));
                r.push(Rule::new(
                    nt(2),
                    "invitational",
                    Shows::hcp(invite, game - 1),
                ));
            }
            r.push(Rule::new(nt(3), "to play", Shows::hcp(game, 17)));
            r.push(Rule::new(Call::Pass, "", Shows::hcp(0, invite - 1)));
            r
        }
        [s] if *s == stayman => vec![
            Rule::new(
                bid(l + 1, Strain::Hearts),
                "4+♥",
                Shows::any().min(Hearts, 4),
            ),
            Rule::new(
                bid(l + 1, Strain::Spades),
                "4+♠, not 4♥",
                Shows::any().min(Spades, 4).max(Hearts, 3),
            ),
            Rule::new(
                bid(l + 1, Strain::Diamonds),
                "no 4-card major",
                Shows::any().max(Hearts, 3).max(Spades, 3),
            ),
        ],
        [t] if *t == to_hearts => accept(l, Hearts, o_max),
        [t] if *t == to_spades => accept(l, Spades, o_max),
        [Call::Bid(b)]
            if *b
                == Bid {
                    level: 2,
                    strain: Strain::NoTrump,
                } =>
        {
            vec![
                Rule::new(nt(3), "accepts the invitation", Shows::hcp(o_min + 1, 37)),
                Rule::new(Call::Pass, "declines", Shows::hcp(0, o_min)),
            ]
        }
        [s, Call::Bid(answer)] if *s == stayman => after_stayman(*answer, invite, game),
        [t, Call::Bid(done)] if *t == to_hearts || *t == to_spades => {
            after_transfer(*done, l, invite, game)
        }
        [t, _, Call::Bid(inv)] if *t == to_hearts || *t == to_spades => {
            let m = if *t == to_hearts { Hearts } else { Spades };
            opener_last(*inv, m, o_min)
        }
        [s, _, Call::Bid(inv)] if *s == stayman => opener_last_stayman(*inv, o_min),
        _ => return None,
    })
}

/// The opener completes a transfer to `m`, jumping with four trumps and a
/// maximum (the super-accept).
fn accept(l: u8, m: Suit, o_max: u8) -> Vec<Rule> {
    vec![
        Rule::new(
            bid(l + 2, strain(m)),
            "super-accept: 4-card support, maximum",
            Shows::hcp(o_max, 37).min(m, 4),
        ),
        Rule::new(
            bid(l + 1, strain(m)),
            "completes the transfer",
            Shows::any(),
        ),
    ]
}

/// The responder after the opener's answer to Stayman.
fn after_stayman(answer: Bid, invite: u8, game: u8) -> Vec<Rule> {
    let nt = |k| bid(k, Strain::NoTrump);
    let l = answer.level;
    let mut r = Vec::new();
    if let Some(m) = answer
        .strain
        .trump()
        .filter(|&s| s == Hearts || s == Spades)
    {
        r.push(Rule::new(
            bid(4, strain(m)),
            "to play",
            Shows::hcp(game, 37).min(m, 4),
        ));
        if l == 2 {
            r.push(Rule::new(
                bid(3, strain(m)),
                "invitational",
                Shows::hcp(invite, game - 1).min(m, 4),
            ));
        }
    }
    r.push(Rule::new(nt(3), "to play", Shows::hcp(game, 37)));
    if l == 2 {
        r.push(Rule::new(
            nt(2),
            "invitational",
            Shows::hcp(invite, game - 1),
        ));
    }
    r.push(Rule::new(Call::Pass, "", Shows::any()));
    r
}

/// The responder after the transfer is completed (`done`).
fn after_transfer(done: Bid, l: u8, invite: u8, game: u8) -> Vec<Rule> {
    let Some(m) = done.strain.trump() else {
        return vec![Rule::new(Call::Pass, "", Shows::any())];
    };
    let t = strain(m);
    let nt = |k| bid(k, Strain::NoTrump);
    let superaccepted = done.level > l + 1;
    let mut r = vec![Rule::new(
        bid(4, t),
        "to play",
        Shows::hcp(if superaccepted { 4 } else { game }, 37).min(m, 6),
    )];
    if !superaccepted {
        r.push(Rule::new(
            nt(3),
            "choice of games: 5 cards",
            Shows::hcp(game, 37).exactly(m, 5),
        ));
        if l == 1 {
            r.push(Rule::new(
                bid(3, t),
                "invitational, 6+ cards",
                Shows::hcp(invite, game - 1).min(m, 6),
            ));
            r.push(Rule::new(
                nt(2),
                "invitational, 5 cards",
                Shows::hcp(invite, game - 1),
            ));
        }
    } else {
        r.push(Rule::new(bid(4, t), "to play", Shows::hcp(4, 37)));
    }
    r.push(Rule::new(Call::Pass, "to play", Shows::hcp(0, invite - 1)));
    r.push(Rule::new(Call::Pass, "", Shows::any()));
    r
}

/// The opener's last word after a transfer to `m` and an invitation or
/// choice of games.
fn opener_last(inv: Bid, m: Suit, o_min: u8) -> Vec<Rule> {
    let t = strain(m);
    let nt = |k| bid(k, Strain::NoTrump);
    match (inv.level, inv.strain) {
        (3, Strain::NoTrump) => vec![
            Rule::new(bid(4, t), "3-card support", Shows::any().min(m, 3)),
            Rule::new(Call::Pass, "", Shows::any()),
        ],
        (2, Strain::NoTrump) => vec![
            Rule::new(
                bid(4, t),
                "accepts, 3-card support",
                Shows::hcp(o_min + 1, 37).min(m, 3),
            ),
            Rule::new(nt(3), "accepts", Shows::hcp(o_min + 1, 37)),
            Rule::new(
                bid(3, t),
                "declines, 3-card support",
                Shows::any().min(m, 3),
            ),
            Rule::new(Call::Pass, "declines", Shows::any()),
        ],
        (3, s) if s == t => vec![
            Rule::new(bid(4, t), "accepts", Shows::hcp(o_min + 1, 37)),
            Rule::new(Call::Pass, "declines", Shows::any()),
        ],
        _ => vec![Rule::new(Call::Pass, "", Shows::any())],
    }
}

/// The opener's last word after Stayman and an invitation.
fn opener_last_stayman(inv: Bid, o_min: u8) -> Vec<Rule> {
    let nt = |k| bid(k, Strain::NoTrump);
    match (inv.level, inv.strain.trump()) {
        (2, None) => vec![
            Rule::new(nt(3), "accepts", Shows::hcp(o_min + 1, 37)),
            Rule::new(Call::Pass, "declines", Shows::any()),
        ],
        (3, Some(m)) if m == Hearts || m == Spades => vec![
            Rule::new(bid(4, strain(m)), "accepts", Shows::hcp(o_min + 1, 37)),
            Rule::new(Call::Pass, "declines", Shows::any()),
        ],
        _ => vec![Rule::new(Call::Pass, "", Shows::any())],
    }
}
