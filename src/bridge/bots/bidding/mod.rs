//! The bots' bidding system, a natural one a club player knows (written
//! out in docs/bridge-bidding.md): five-card majors, 1NT 15–17, 2♣
//! strong, weak twos, Stayman and Jacoby transfers, simple and jump
//! raises, new suits forcing, overcalls and takeout doubles, negative
//! doubles, RKCB 1430.
//!
//! The system is a list of rules for each situation ([`rules`]); a bot
//! makes the first legal call whose rule its hand fits ([`choose`]), and
//! the same rules say what any call of the auction showed ([`explain`],
//! [`context`]'s [`Known`]), which the card play's sampling uses.
//!
//! - [`rule`]: what a call shows, and a rule;
//! - [`context`]: the auction as a bidder reads it;
//! - [`opening`], [`responses`], [`notrump`], [`rebids`],
//!   [`competition`], [`captain`]: the rules by situation.

pub mod captain;
pub mod competition;
pub mod context;
pub mod notrump;
pub mod opening;
pub mod rebids;
pub mod responses;
pub mod rule;

use crate::bridge::board::{Direction, Vulnerability};
use crate::bridge::contract::Call;

use super::hand::Hand;
pub use context::{Ctx, Known};
pub use rule::{Rule, Shows};

/// The rules for the seat to call in `ctx`, first fitting first.
pub fn rules(ctx: &Ctx) -> Vec<Rule> {
    let Some((opener, open)) = ctx.opening() else {
        return opening::rules(ctx);
    };
    if let Some(r) = notrump::rules(ctx) {
        return r;
    }
    let me = ctx.me;
    let partner = ctx.partner();
    if ctx.ours(opener) {
        let my_actions = ctx
            .calls_of(me)
            .iter()
            .filter(|c| **c != Call::Pass)
            .count();
        if opener == partner && my_actions == 0 {
            let rho_acted = ctx.acted(me.step(3)) || ctx.acted(me.step(1));
            // A slam try over a natural opening of one.
            let natural =
                open.level == 1 && open.strain != crate::bridge::contract::Strain::NoTrump;
            let mut r = if natural {
                captain::slam(ctx)
            } else {
                Vec::new()
            };
            r.extend(if rho_acted {
                competition::responder(ctx, open)
            } else {
                responses::rules(ctx, open)
            });
            return r;
        }
        if opener == me && my_actions == 1 {
            let response = ctx
                .calls_of(partner)
                .into_iter()
                .rfind(|c| *c != Call::Pass);
            if let Some(resp) = response
                && let Some(rebid) = rebids::rules(ctx, open, resp)
            {
                let mut r = captain::slam(ctx);
                r.extend(rebid);
                return r;
            }
        }
        return captain::rules(ctx);
    }
    if !ctx.acted(me) && !ctx.acted(partner) {
        return competition::overcall(ctx);
    }
    if !ctx.acted(me) {
        return competition::advance(ctx);
    }
    captain::rules(ctx)
}

/// The union of what `rules` say `call` shows (`None`: no rule makes it).
fn shows_of(rules: &[Rule], call: Call) -> Option<Shows> {
    let mut out: Option<Shows> = None;
    for r in rules.iter().filter(|r| r.call == call) {
        out = Some(match out {
            None => r.shows.clone(),
            Some(s) => union(&s, &r.shows),
        });
    }
    out
}

/// What either of two rules shows: the wider ranges, no tests.
fn union(a: &Shows, b: &Shows) -> Shows {
    let hcp_of = |s: &Shows| match s.points {
        Some((_, lo, hi)) => (s.hcp.0.max(lo.saturating_sub(3)), s.hcp.1.min(hi)),
        None => s.hcp,
    };
    let (ha, hb) = (hcp_of(a), hcp_of(b));
    Shows {
        hcp: (ha.0.min(hb.0), ha.1.max(hb.1)),
        points: None,
        len: std::array::from_fn(|i| (a.len[i].0.min(b.len[i].0), a.len[i].1.max(b.len[i].1))),
        balanced: a.balanced && b.balanced,
        tests: Vec::new(),
    }
}

/// The auction `calls` from `dealer`, read from the seat to call: what
/// each seat's calls have shown.
pub fn context(dealer: Direction, vul: Vulnerability, calls: &[Call]) -> Ctx {
    let mut ctx = Ctx {
        dealer,
        calls: Vec::new(),
        me: dealer,
        vul,
        known: [Known::default(); 4],
    };
    for &call in calls {
        if let Some(shows) = shows_of(&rules(&ctx), call) {
            let k = &mut ctx.known[ctx.me.index()];
            *k = k.narrowed(&shows);
        }
        ctx.calls.push(call);
        ctx.me = ctx.me.next();
    }
    ctx
}

/// The rule the seat to call in `ctx` follows with `hand`: the first
/// legal one it fits, else a pass.
pub fn choose(ctx: &Ctx, hand: &Hand) -> Rule {
    rules(ctx)
        .into_iter()
        .find(|r| r.shows.fits(hand) && ctx.legal(r.call))
        .unwrap_or_else(|| Rule::new(Call::Pass, "nothing else fits", Shows::any()))
}

/// What call `k` of the auction `calls` from `dealer` means in the
/// system, as an alert reads ("1NT: 15–17 HCP, balanced"); for a call no
/// rule makes, says so.
pub fn explain(dealer: Direction, vul: Vulnerability, calls: &[Call], k: usize) -> String {
    let Some(&call) = calls.get(k) else {
        return String::new();
    };
    let ctx = context(dealer, vul, &calls[..k]);
    let rules = rules(&ctx);
    let named: Vec<&Rule> = rules.iter().filter(|r| r.call == call).collect();
    match named.as_slice() {
        [] => format!("{}: not part of the system", rule::call_text(call)),
        [one] => one.explain(),
        [first, ..] => {
            let shows = shows_of(&rules, call).unwrap_or_default();
            let text = shows.to_string();
            let name = if first.name.is_empty() {
                String::new()
            } else {
                format!("{} — ", first.name)
            };
            format!(
                "{}: {name}{}",
                rule::call_text(call),
                if text.is_empty() {
                    "natural".into()
                } else {
                    text
                }
            )
        }
    }
}

#[cfg(test)]
mod tests;
