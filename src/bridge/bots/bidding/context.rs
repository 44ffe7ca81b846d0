//! The auction as a bidder reads it: who opened, who bid what, the
//! cheapest legal level of a strain, and what each seat has shown so far
//! ([`Known`], read from the system's own rules for each earlier call).

use crate::bridge::auction::Auction;
use crate::bridge::board::{Direction, Vulnerability};
use crate::bridge::contract::{Bid, Call, Strain};
use crate::cards::Suit;

use super::rule::Shows;

/// What a seat's calls have shown: points and suit lengths as ranges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Known {
    /// High-card points, at least and at most.
    pub hcp: (u8, u8),
    /// Each suit's length, at least and at most (clubs … spades).
    pub len: [(u8, u8); 4],
}

impl Default for Known {
    fn default() -> Known {
        Known {
            hcp: (0, 37),
            len: [(0, 13); 4],
        }
    }
}

impl Known {
    /// What is known once `shows` is shown too; a call that contradicts
    /// what came before leaves the earlier picture.
    pub fn narrowed(self, shows: &Shows) -> Known {
        let mut k = self;
        let (mut lo, mut hi) = shows.hcp;
        if let Some((_, plo, phi)) = shows.points {
            // Extra points come from length or shortness: at most about
            // three of them.
            lo = lo.max(plo.saturating_sub(3));
            hi = hi.min(phi);
        }
        k.hcp = (k.hcp.0.max(lo), k.hcp.1.min(hi));
        for s in 0..4 {
            let (mut l, mut h) = shows.len[s];
            if shows.balanced {
                l = l.max(2);
                h = h.min(5);
            }
            k.len[s] = (k.len[s].0.max(l), k.len[s].1.min(h));
        }
        let consistent =
            k.hcp.0 <= k.hcp.1 && k.len.iter().all(|&(l, h)| l <= h) && k.min_cards() <= 13;
        if consistent { k } else { self }
    }

    /// Cards the suit minimums add up to.
    pub fn min_cards(&self) -> u8 {
        self.len.iter().map(|l| l.0).sum()
    }

    /// The least length shown in `suit`.
    pub fn min_len(&self, suit: Suit) -> u8 {
        self.len[suit.index()].0
    }

    /// The middle of the points shown (the top taken as the bottom plus
    /// four when open-ended).
    pub fn mid(&self) -> u8 {
        let hi = self.hcp.1.min(self.hcp.0 + 4);
        (self.hcp.0 + hi).div_ceil(2)
    }
}

/// The auction so far, from the seat to call.
#[derive(Debug, Clone)]
pub struct Ctx {
    /// The dealer.
    pub dealer: Direction,
    /// The calls so far.
    pub calls: Vec<Call>,
    /// The seat to call.
    pub me: Direction,
    /// Who is vulnerable.
    pub vul: Vulnerability,
    /// What each seat has shown, North … West.
    pub known: [Known; 4],
}

impl Ctx {
    /// The seat that made call `k`.
    pub fn seat_of(&self, k: usize) -> Direction {
        self.dealer.step(k)
    }

    /// My partner.
    pub fn partner(&self) -> Direction {
        self.me.partner()
    }

    /// The bids made, with who made them.
    pub fn bids(&self) -> Vec<(Direction, Bid)> {
        self.calls
            .iter()
            .enumerate()
            .filter_map(|(k, c)| match c {
                Call::Bid(b) => Some((self.seat_of(k), *b)),
                _ => None,
            })
            .collect()
    }

    /// The calls of seat `d`, in order.
    pub fn calls_of(&self, d: Direction) -> Vec<Call> {
        self.calls
            .iter()
            .enumerate()
            .filter(|(k, _)| self.seat_of(*k) == d)
            .map(|(_, c)| *c)
            .collect()
    }

    /// The bids of seat `d`, in order.
    pub fn bids_of(&self, d: Direction) -> Vec<Bid> {
        self.bids()
            .into_iter()
            .filter(|(s, _)| *s == d)
            .map(|(_, b)| b)
            .collect()
    }

    /// Whether seat `d` has made a call other than pass.
    pub fn acted(&self, d: Direction) -> bool {
        self.calls_of(d).iter().any(|c| *c != Call::Pass)
    }

    /// The first bid and who made it.
    pub fn opening(&self) -> Option<(Direction, Bid)> {
        self.bids().first().copied()
    }

    /// The last bid and who made it.
    pub fn last_bid(&self) -> Option<(Direction, Bid)> {
        self.bids().last().copied()
    }

    /// The last call that was not a pass, and who made it.
    pub fn last_action(&self) -> Option<(Direction, Call)> {
        self.calls
            .iter()
            .enumerate()
            .rev()
            .find(|(_, c)| **c != Call::Pass)
            .map(|(k, c)| (self.seat_of(k), *c))
    }

    /// Whether `d` is on my side.
    pub fn ours(&self, d: Direction) -> bool {
        d.side() == self.me.side()
    }

    /// Whether `call` is legal now.
    pub fn legal(&self, call: Call) -> bool {
        let mut a = Auction::new(self.dealer);
        self.calls.iter().all(|&c| a.call(c).is_ok()) && a.check(call).is_ok()
    }

    /// The cheapest level at which `strain` may be bid (8: none).
    pub fn cheapest(&self, strain: Strain) -> u8 {
        match self.last_bid() {
            None => 1,
            Some((_, b)) if strain > b.strain => b.level,
            Some((_, b)) => b.level + 1,
        }
    }

    /// The cheapest legal bid of `strain`, as a call, if there is one.
    pub fn cheapest_bid(&self, strain: Strain) -> Option<Call> {
        let level = self.cheapest(strain);
        (level <= 7).then_some(Call::Bid(Bid { level, strain }))
    }

    /// What my partner has shown.
    pub fn partner_known(&self) -> Known {
        self.known[self.partner().index()]
    }

    /// Whether my side is vulnerable.
    pub fn we_vul(&self) -> bool {
        self.vul.of(self.me.side())
    }

    /// The strains bid by the opponents.
    pub fn their_suits(&self) -> Vec<Suit> {
        self.bids()
            .into_iter()
            .filter(|(d, _)| !self.ours(*d))
            .filter_map(|(_, b)| b.strain.trump())
            .collect()
    }
}
