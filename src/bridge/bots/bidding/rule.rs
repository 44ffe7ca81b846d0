//! The words the bidding system is written in: what a call shows
//! ([`Shows`]: points, suit lengths, shape and a few named tests) and a
//! rule ([`Rule`]: a call, what it shows, what it is called). A bot makes
//! the first call of its list whose hand fits; anybody reading the
//! auction takes a call to show what its rule says.

use std::fmt;

use crate::bridge::contract::{Bid, Call, Strain};
use crate::cards::Suit;

use super::super::hand::Hand;

/// How a rule counts points beside the high-card points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// High-card points plus length (a point a card over four).
    Length,
    /// High-card points plus shortness, with this suit as trumps.
    Support(Suit),
}

/// A test beyond points and lengths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Test {
    /// The first suit at least as long as the second.
    AsLong(Suit, Suit),
    /// The first suit longer than the second.
    Longer(Suit, Suit),
    /// A stopper in the suit.
    Stopper(Suit),
    /// Four cards or more in either major.
    AMajor,
    /// Not balanced.
    Unbalanced,
    /// Keycards for the strain are one of these counts; with the trump
    /// queen or without it when given.
    Keycards(Strain, u8, u8, Option<bool>),
}

impl Test {
    fn holds(self, h: &Hand) -> bool {
        match self {
            Test::AsLong(a, b) => h.len_of(a) >= h.len_of(b),
            Test::Longer(a, b) => h.len_of(a) > h.len_of(b),
            Test::Stopper(s) => h.stopper(s),
            Test::AMajor => h.len_of(Suit::Hearts) >= 4 || h.len_of(Suit::Spades) >= 4,
            Test::Unbalanced => !h.balanced(),
            Test::Keycards(strain, a, b, queen) => {
                let k = h.keycards(strain);
                (k == a || k == b) && queen.is_none_or(|q| h.trump_queen(strain) == q)
            }
        }
    }
}

impl fmt::Display for Test {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Test::AsLong(a, b) => write!(f, "{} at least as long as {}", a.glyph(), b.glyph()),
            Test::Longer(a, b) => write!(f, "{} longer than {}", a.glyph(), b.glyph()),
            Test::Stopper(s) => write!(f, "a {} stopper", s.glyph()),
            Test::AMajor => f.write_str("a 4-card major"),
            Test::Unbalanced => f.write_str("unbalanced"),
            Test::Keycards(_, a, b, queen) => {
                if a == b {
                    write!(f, "{a} keycards")?;
                } else {
                    write!(f, "{a} or {b} keycards")?;
                }
                match queen {
                    Some(true) => f.write_str(" and the trump queen"),
                    Some(false) => f.write_str(" without the trump queen"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// What a call shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shows {
    /// High-card points, at least and at most.
    pub hcp: (u8, u8),
    /// Points counted another way (see [`Count`]), at least and at most.
    pub points: Option<(Count, u8, u8)>,
    /// Each suit's length, at least and at most (clubs … spades).
    pub len: [(u8, u8); 4],
    /// A balanced hand.
    pub balanced: bool,
    /// Further tests.
    pub tests: Vec<Test>,
}

impl Default for Shows {
    fn default() -> Shows {
        Shows {
            hcp: (0, 37),
            points: None,
            len: [(0, 13); 4],
            balanced: false,
            tests: Vec::new(),
        }
    }
}

impl Shows {
    /// Any hand.
    pub fn any() -> Shows {
        Shows::default()
    }

    /// High-card points from `lo` to `hi`.
    pub fn hcp(lo: u8, hi: u8) -> Shows {
        Shows {
            hcp: (lo, hi),
            ..Shows::default()
        }
    }

    /// High-card plus length points from `lo` to `hi`.
    pub fn pts(lo: u8, hi: u8) -> Shows {
        Shows {
            points: Some((Count::Length, lo, hi)),
            ..Shows::default()
        }
    }

    /// Support points for `trump` from `lo` to `hi`.
    pub fn sup(trump: Suit, lo: u8, hi: u8) -> Shows {
        Shows {
            points: Some((Count::Support(trump), lo, hi)),
            ..Shows::default()
        }
    }

    /// And high-card points from `lo` to `hi`.
    pub fn and_hcp(mut self, lo: u8, hi: u8) -> Shows {
        self.hcp = (self.hcp.0.max(lo), self.hcp.1.min(hi));
        self
    }

    /// And at least `n` cards in `suit`.
    pub fn min(mut self, suit: Suit, n: u8) -> Shows {
        let l = &mut self.len[suit.index()];
        l.0 = l.0.max(n);
        self
    }

    /// And at most `n` cards in `suit`.
    pub fn max(mut self, suit: Suit, n: u8) -> Shows {
        let l = &mut self.len[suit.index()];
        l.1 = l.1.min(n);
        self
    }

    /// And exactly `n` cards in `suit`.
    pub fn exactly(self, suit: Suit, n: u8) -> Shows {
        self.min(suit, n).max(suit, n)
    }

    /// And balanced.
    pub fn balanced(mut self) -> Shows {
        self.balanced = true;
        self
    }

    /// And `test`.
    pub fn test(mut self, test: Test) -> Shows {
        self.tests.push(test);
        self
    }

    /// Whether `hand` fits.
    pub fn fits(&self, hand: &Hand) -> bool {
        let points_fit = self.points.is_none_or(|(count, lo, hi)| {
            let p = match count {
                Count::Length => hand.points(),
                Count::Support(t) => hand.support_points(t),
            };
            (lo..=hi).contains(&p)
        });
        (self.hcp.0..=self.hcp.1).contains(&hand.hcp)
            && points_fit
            && Suit::ALL.iter().all(|&s| {
                let (lo, hi) = self.len[s.index()];
                (lo..=hi).contains(&hand.len_of(s))
            })
            && (!self.balanced || hand.balanced())
            && self.tests.iter().all(|t| t.holds(hand))
    }
}

/// A range as players write it: `15–17`, `12+`, `0–7`.
fn range(lo: u8, hi: u8, top: u8) -> String {
    if hi >= top {
        format!("{lo}+")
    } else if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}–{hi}")
    }
}

impl fmt::Display for Shows {
    /// `15–17 HCP, balanced`, `5+♠, 6–10 support points`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if self.hcp != (0, 37) {
            parts.push(format!("{} HCP", range(self.hcp.0, self.hcp.1, 37)));
        }
        if let Some((count, lo, hi)) = self.points {
            let what = match count {
                Count::Length => "points",
                Count::Support(_) => "support points",
            };
            parts.push(format!("{} {what}", range(lo, hi, 37)));
        }
        for s in Suit::PBN_ORDER {
            let (lo, hi) = self.len[s.index()];
            match (lo, hi) {
                (0, 13) => {}
                (0, h) => parts.push(format!("at most {h}{}", s.glyph())),
                (l, 13) => parts.push(format!("{l}+{}", s.glyph())),
                (l, h) if l == h => parts.push(format!("exactly {l}{}", s.glyph())),
                (l, h) => parts.push(format!("{l}–{h}{}", s.glyph())),
            }
        }
        if self.balanced {
            parts.push("balanced".into());
        }
        parts.extend(self.tests.iter().map(Test::to_string));
        f.write_str(&parts.join(", "))
    }
}

/// One rule of the system: a call, what it shows, and its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// The call.
    pub call: Call,
    /// What it shows.
    pub shows: Shows,
    /// What players call it ("Stayman", "limit raise"), may be empty.
    pub name: String,
}

impl Rule {
    /// `call` named `name`, showing `shows`.
    pub fn new(call: Call, name: impl Into<String>, shows: Shows) -> Rule {
        Rule {
            call,
            shows,
            name: name.into(),
        }
    }

    /// The explanation as an alert reads: `1NT: 15–17 HCP, balanced`,
    /// `2♣: Stayman — 8+ HCP, a 4-card major`.
    pub fn explain(&self) -> String {
        let call = call_text(self.call);
        let shows = self.shows.to_string();
        match (self.name.is_empty(), shows.is_empty()) {
            (true, true) => call,
            (true, false) => format!("{call}: {shows}"),
            (false, true) => format!("{call}: {}", self.name),
            (false, false) => format!("{call}: {} — {shows}", self.name),
        }
    }
}

/// The bid `level` `strain` as a call.
pub fn bid(level: u8, strain: Strain) -> Call {
    Call::Bid(Bid { level, strain })
}

/// The strain of a suit.
pub fn strain(suit: Suit) -> Strain {
    Strain::of_trump(Some(suit))
}

/// A call as an alert writes it: `1♠`, `3NT`, `Pass`, `X`, `XX`.
pub fn call_text(call: Call) -> String {
    match call {
        Call::Bid(b) => crate::bridge::contract::bid_glyph(b),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::pbn::parse_hand;

    #[test]
    fn a_rule_reads_as_an_alert_and_tests_a_hand() {
        let r = Rule::new(bid(1, Strain::NoTrump), "", Shows::hcp(15, 17).balanced());
        assert_eq!(r.explain(), "1NT: 15–17 HCP, balanced");
        let h = Hand::new(parse_hand("AKJ5.Q93.K72.Q84").unwrap_or_else(|e| panic!("{e}")));
        assert!(r.shows.fits(&h));
        let s = Shows::pts(12, 21)
            .min(Suit::Spades, 5)
            .test(Test::AsLong(Suit::Spades, Suit::Hearts));
        assert_eq!(s.to_string(), "12–21 points, 5+♠, ♠ at least as long as ♥");
        assert!(!s.fits(&h));
    }
}
