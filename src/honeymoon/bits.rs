//! The seed's bitboard: a two-hand position reduced to the order of the
//! remaining cards within each suit.
//!
//! Each suit has a 16-bit lane (clubs lowest, as in [`CardSet`]). A suit
//! with `L` cards left uses the lane's low `L` bits, one per remaining card
//! in rank order (bit 0 the lowest): `all` has all `L` set, `mine` has the
//! bits of the side on lead. Ranks are abstracted: an ace and a deuce that
//! are both the top remaining card of their suit look the same. Touching
//! cards of one side are adjacent bits, so `p = b & -b; b &= b + p` visits
//! one card of each run of equivalent cards, and `all ^ mine` swaps sides
//! when the lead changes.

use crate::cards::{Card, CardSet, Suit};

/// One suit's lane: 16 bits, clubs at the bottom.
pub const LANE: u64 = 0xFFFF;
/// The lowest bit of each lane: adding it to `all` gives each suit's
/// length as a sentinel bit.
const LANE_UNITS: u64 = 0x0001_0001_0001_0001;

/// A rank-abstracted two-hand position at a trick boundary, or with the
/// leader's card still in `mine` while the trick is resolved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Abs {
    /// The cards of the side on lead.
    pub mine: u64,
    /// Every remaining card (each lane's low bits).
    pub all: u64,
}

impl Abs {
    /// The abstract position of `leader` against `other` (disjoint sets).
    pub fn from_hands(leader: CardSet, other: CardSet) -> Abs {
        let mut mine = 0;
        let mut all = 0;
        for suit in Suit::ALL {
            let both = leader.suit_mask(suit) | other.suit_mask(suit);
            let shift = suit as u32 * 16;
            mine |= u64::from(compress(leader.suit_mask(suit), both)) << shift;
            all |= ((1u64 << both.count_ones()) - 1) << shift;
        }
        Abs { mine, all }
    }

    /// The other side's cards.
    #[inline]
    pub fn other(self) -> u64 {
        self.all & !self.mine
    }

    /// The same cards with the other side on lead (the seed's XOR).
    #[inline]
    pub fn swap(self) -> Abs {
        Abs {
            mine: self.all ^ self.mine,
            all: self.all,
        }
    }

    /// The position with the card at bit `p` gone.
    #[inline]
    pub fn without(self, p: u64) -> Abs {
        Abs {
            mine: remove(self.mine, p),
            all: remove(self.all, p),
        }
    }

    /// A unique 64-bit key (each lane: the owners below a sentinel bit at
    /// the suit's length), leaving bits 14 and 15 of every lane free.
    #[inline]
    pub fn key(self) -> u64 {
        self.mine | (self.all + LANE_UNITS)
    }

    /// The position with suits `a` and `b` exchanged.
    pub fn swap_suits(self, a: u32, b: u32) -> Abs {
        Abs {
            mine: swap_lanes(self.mine, a, b),
            all: swap_lanes(self.all, a, b),
        }
    }
}

/// Exchanges lanes `a` and `b` of `x`.
fn swap_lanes(x: u64, a: u32, b: u32) -> u64 {
    let (sa, sb) = (a * 16, b * 16);
    let la = (x >> sa) & LANE;
    let lb = (x >> sb) & LANE;
    (x & !(LANE << sa) & !(LANE << sb)) | (la << sb) | (lb << sa)
}

/// The lane mask of the suit holding bit `p`.
#[inline]
pub fn lane_of(p: u64) -> u64 {
    LANE << (p.trailing_zeros() & !15)
}

/// `x` with the single bit `p` taken out of its lane: the bits above it in
/// that lane move down one, other lanes are untouched.
#[inline]
pub fn remove(x: u64, p: u64) -> u64 {
    let lane = lane_of(p);
    let below = p - 1;
    let keep = x & (!lane | below);
    let above = (x & lane & !(below | p)) >> 1;
    keep | above
}

/// The lowest card of each run of touching cards in `b` (seed 004:
/// `p = b & -b; b &= b + p`), lowest first.
#[inline]
pub fn run_bottoms(mut b: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        if b == 0 {
            return None;
        }
        let p = b & b.wrapping_neg();
        b &= b.wrapping_add(p);
        Some(p)
    })
}

/// The lowest set bit of `b` (0 if none).
#[inline]
pub fn lowest(b: u64) -> u64 {
    b & b.wrapping_neg()
}

/// The bits of `mask` at the positions set in `within`, packed low
/// (a software `pext` on 13-bit rank masks).
pub fn compress(mask: u16, within: u16) -> u16 {
    let mut out = 0;
    let mut k = 0;
    let mut w = within;
    while w != 0 {
        let bit = w & w.wrapping_neg();
        if mask & bit != 0 {
            out |= 1 << k;
        }
        k += 1;
        w &= w - 1;
    }
    out
}

/// The abstract bit of `card` among the remaining cards `remaining`
/// (which must hold it).
pub fn abstract_bit(card: Card, remaining: CardSet) -> u64 {
    let suit = card.suit();
    let below = remaining.suit_mask(suit) & ((1u16 << card.rank() as u16) - 1);
    1u64 << (suit as u32 * 16 + below.count_ones())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::pbn::parse_hand;

    #[test]
    fn seed_example_runs() {
        // 0110101100: runs bottom at bits 2, 5, 7.
        let b = 0b0110101100u64;
        let got: Vec<u64> = run_bottoms(b).collect();
        assert_eq!(got, vec![1 << 2, 1 << 5, 1 << 7]);
    }

    #[test]
    fn remove_compacts_one_lane() {
        let x = 0b1011u64 << 16 | 0b111;
        assert_eq!(remove(x, 1 << 17), 0b101 << 16 | 0b111);
        assert_eq!(remove(x, 1), 0b1011 << 16 | 0b11);
    }

    #[test]
    fn abstraction_ignores_absolute_rank() {
        let a = Abs::from_hands(
            parse_hand("A2...").unwrap_or_default(),
            parse_hand("KQ...").unwrap_or_default(),
        );
        let b = Abs::from_hands(
            parse_hand("Q5...").unwrap_or_default(),
            parse_hand("J9...").unwrap_or_default(),
        );
        assert_eq!(a, b);
        assert_eq!(a.mine, 0b1001 << 48);
        assert_eq!(a.all, 0b1111 << 48);
        assert_eq!(a.swap().mine, 0b0110 << 48);
    }

    #[test]
    fn abstract_bit_counts_the_remaining_cards_below() {
        let remaining = parse_hand("AQ3.T.K84.").unwrap_or_default();
        let card = |s: &str| s.parse::<Card>().unwrap_or_else(|_| panic!("{s}"));
        assert_eq!(abstract_bit(card("As"), remaining), 1 << (48 + 2));
        assert_eq!(abstract_bit(card("3s"), remaining), 1 << 48);
        assert_eq!(abstract_bit(card("8d"), remaining), 1 << (16 + 1));
        assert_eq!(abstract_bit(card("Th"), remaining), 1 << 32);
    }
}
