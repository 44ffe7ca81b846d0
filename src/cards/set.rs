//! `CardSet`: a set of cards in one 64-bit word, the building block the
//! engines share.
//!
//! Layout: suit-major, 16 bits a suit (clubs in bits 0..13, diamonds
//! 16..29, hearts 32..45, spades 48..61), the rank's index within the suit,
//! deuce lowest. So one suit's holding is a 13-bit rank mask, a shift away.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::card::{Card, ParseError, Rank, Suit, parse_cards};

/// A set of cards.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CardSet(u64);

/// The bits that are real cards.
const FULL: u64 = 0x1FFF_1FFF_1FFF_1FFF;

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet(FULL);

    /// The bit of one card.
    pub const fn bit(card: Card) -> u64 {
        1u64 << (card.suit() as u32 * 16 + card.rank() as u32)
    }

    /// The set holding just `card`.
    pub const fn single(card: Card) -> CardSet {
        CardSet(Self::bit(card))
    }

    /// The set whose raw word is `bits`; bits that are not cards are dropped.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & FULL)
    }

    /// The raw word (see the module doc for the layout).
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set built from one 13-bit rank mask per suit (clubs first).
    pub const fn from_suit_masks(masks: [u16; 4]) -> CardSet {
        CardSet::from_bits(
            masks[0] as u64
                | (masks[1] as u64) << 16
                | (masks[2] as u64) << 32
                | (masks[3] as u64) << 48,
        )
    }

    /// The ranks held in `suit`, as a 13-bit mask (bit 0 = deuce).
    pub const fn suit_mask(self, suit: Suit) -> u16 {
        ((self.0 >> (suit as u32 * 16)) & 0x1FFF) as u16
    }

    /// How many cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when there are no cards.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & Self::bit(card) != 0
    }

    /// Adds `card`; returns false if it was already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= Self::bit(card);
        !had
    }

    /// Removes `card`; returns false if it was not there.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !Self::bit(card);
        had
    }

    /// True when the two sets share no card.
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// True when every card of `self` is in `other`.
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The lowest card (by suit, then rank), if any.
    pub fn first(self) -> Option<Card> {
        (self.0 != 0).then(|| card_at(self.0.trailing_zeros()))
    }

    /// The cards of one suit.
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & (0x1FFF << (suit as u32 * 16)))
    }

    /// The cards sorted as people read a hand: by suit spades first, high
    /// rank first within a suit.
    pub fn sorted_for_display(self) -> Vec<Card> {
        let mut v: Vec<Card> = self.iter().collect();
        v.sort_by(|a, b| b.suit().cmp(&a.suit()).then(b.rank().cmp(&a.rank())));
        v
    }

    /// The cards from lowest bit to highest (clubs deuce first).
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }

    /// Reads a card list (see [`parse_cards`]) into a set, rejecting
    /// duplicates.
    pub fn parse(s: &str) -> Result<CardSet, ParseError> {
        let mut set = CardSet::EMPTY;
        for c in parse_cards(s)? {
            if !set.insert(c) {
                return Err(ParseError::Duplicate(c));
            }
        }
        Ok(set)
    }
}

/// The card at bit position `bit`.
fn card_at(bit: u32) -> Card {
    Card::new(
        Rank::from_index((bit & 15) as u8),
        Suit::from_index((bit >> 4) as u8),
    )
}

/// Iterator over a [`CardSet`], lowest bit first.
#[derive(Debug, Clone)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(card_at(bit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Iter {
    /// The highest remaining card (spades ace first).
    #[inline]
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let bit = 63 - self.0.leading_zeros();
        self.0 &= !(1u64 << bit);
        Some(card_at(bit))
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        CardSet(iter.into_iter().fold(0, |acc, c| acc | CardSet::bit(c)))
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for c in iter {
            self.insert(c);
        }
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}

impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The complement within the 52 cards.
    fn not(self) -> CardSet {
        CardSet(!self.0 & FULL)
    }
}

impl fmt::Display for CardSet {
    /// The cards in display order, no separators: `AsKsTd`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.sorted_for_display() {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let s = String::deserialize(d)?;
        CardSet::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_set_holds_every_card_once() {
        assert_eq!(CardSet::FULL.len(), 52);
        let all: CardSet = Card::all().collect();
        assert_eq!(all, CardSet::FULL);
        let listed: Vec<Card> = CardSet::FULL.iter().collect();
        assert_eq!(listed.len(), 52);
        let mut backwards: Vec<Card> = CardSet::FULL.iter().rev().collect();
        backwards.reverse();
        assert_eq!(backwards, listed);
        assert!(listed.iter().all(|c| all.contains(*c)));
        assert_eq!(!CardSet::EMPTY, CardSet::FULL);
    }

    #[test]
    fn set_operations() {
        let a = CardSet::parse("As Kh 2c").unwrap_or_default();
        let b = CardSet::parse("Kh Qd").unwrap_or_default();
        assert_eq!((a | b).len(), 4);
        assert_eq!((a & b).len(), 1);
        assert_eq!((a - b).len(), 2);
        assert!(!a.is_disjoint(b));
        assert_eq!(a.suit_mask(Suit::Spades), 1 << 12);
        assert_eq!(a.of_suit(Suit::Hearts).len(), 1);
        assert_eq!(a.to_string(), "AsKh2c");
        assert!(CardSet::parse("As As").is_err());
        let mut c = CardSet::EMPTY;
        assert!(c.insert(Card::new(Rank::Two, Suit::Clubs)));
        assert!(!c.insert(Card::new(Rank::Two, Suit::Clubs)));
        assert_eq!(c.first(), Some(Card::new(Rank::Two, Suit::Clubs)));
        assert!(c.remove(Card::new(Rank::Two, Suit::Clubs)));
        assert!(c.is_empty());
    }

    #[test]
    fn suit_masks_round_trip() {
        let s = CardSet::parse("AsKs 5h 2d Tc9c").unwrap_or_default();
        let masks = Suit::ALL.map(|suit| s.suit_mask(suit));
        assert_eq!(CardSet::from_suit_masks(masks), s);
    }
}
