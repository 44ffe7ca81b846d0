//! The fast evaluator: hand values from tables, one card at a time.
//!
//! A hand is two words ([`Hand`]). The first adds up, for every card, its
//! rank's key (low 32 bits) and a one in its suit's 4-bit counter (high
//! 32 bits, each counter starting at 3 so that its top bit lights up at the
//! fifth card of a suit). The rank keys are chosen so that every multiset
//! of up to seven ranks has its own sum. The second word is the
//! [`CardSet`] of the cards.
//!
//! Without a flush the value depends only on the ranks: the key sum goes
//! through a perfect hash (row displacement: the key's high bits pick a
//! row offset, its low bits are added to it) into a table of values. With
//! a flush (at most one suit can have five of seven cards) the 13-bit rank
//! mask of that suit indexes a table of flush values.
//!
//! Tables are built once, on first use, from the reference ranker: five
//! ranks are ranked by it, six and seven ranks take the best of dropping
//! one card. Sizes: the rank-value table holds 76,155 keys in
//! `Evaluator::rank_table_len` slots of 2 bytes (about 170 KB), its row
//! offsets 4,491 × 4 bytes, the flush table and the per-suit key sums
//! 8,192 entries each (16 KB and 32 KB).

use std::collections::HashMap;
use std::sync::LazyLock;

use crate::cards::{Card, CardSet, Rank, Suit};

use super::{HandValue, class_value, for_each_rank_multiset, offsuit, reference};

/// Each rank's key, deuce first: all sums of up to seven of them (no key
/// more than four times) differ. Found by a greedy search taking, rank
/// after rank, the smallest key that keeps the sums distinct; the test
/// below checks the property.
const RANK_KEYS: [u32; 13] = [
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
];

/// Where the suit counters start in the key word.
const SUIT_SHIFT: u32 = 32;
/// Each suit counter starts at 3, so its top bit is set at five cards.
const EMPTY_KEY: u64 = 0x3333 << SUIT_SHIFT;
/// The counters' top bits: a flush.
const FLUSH_BITS: u64 = 0x8888 << SUIT_SHIFT;
/// Low key bits taken as the column within a row of the perfect hash.
const ROW_SHIFT: u32 = 12;
const COLUMN_MASK: u32 = (1 << ROW_SHIFT) - 1;

/// Each card's key: its rank key plus one in its suit's counter.
const CARD_KEYS: [u64; 52] = {
    let mut keys = [0u64; 52];
    let mut i = 0;
    while i < 52 {
        keys[i] = RANK_KEYS[i / 4] as u64 + (1u64 << (SUIT_SHIFT + 4 * (i as u32 % 4)));
        i += 1;
    }
    keys
};

/// Each card's bit in a [`CardSet`].
const CARD_BITS: [u64; 52] = {
    let mut bits = [0u64; 52];
    let mut i = 0;
    while i < 52 {
        bits[i] = 1u64 << ((i as u32 % 4) * 16 + i as u32 / 4);
        i += 1;
    }
    bits
};

/// A hand being built one card at a time: cheap to copy and to extend, so
/// an enumeration extends a shared prefix rather than starting over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand {
    key: u64,
    mask: u64,
}

impl Default for Hand {
    fn default() -> Hand {
        Hand::EMPTY
    }
}

impl Hand {
    /// No cards.
    pub const EMPTY: Hand = Hand {
        key: EMPTY_KEY,
        mask: 0,
    };

    /// This hand with `card` added (the card must not be in it already).
    #[inline(always)]
    #[must_use]
    pub const fn add(self, card: Card) -> Hand {
        let i = card.index();
        Hand {
            key: self.key + CARD_KEYS[i],
            mask: self.mask | CARD_BITS[i],
        }
    }

    /// This hand with every card of `other` added (no card may be in both).
    #[inline(always)]
    #[must_use]
    pub const fn combine(self, other: Hand) -> Hand {
        Hand {
            key: self.key + other.key - EMPTY_KEY,
            mask: self.mask | other.mask,
        }
    }

    /// The hand of these cards.
    pub fn of(cards: CardSet) -> Hand {
        cards.iter().fold(Hand::EMPTY, Hand::add)
    }

    /// The cards.
    pub const fn cards(self) -> CardSet {
        CardSet::from_bits(self.mask)
    }

    /// How many cards.
    pub const fn len(self) -> usize {
        self.mask.count_ones() as usize
    }

    /// True when there are no cards.
    pub const fn is_empty(self) -> bool {
        self.mask == 0
    }

    /// The value of a hand of five to seven cards.
    #[inline]
    pub fn value(self) -> HandValue {
        Evaluator::get().value(self)
    }
}

/// The tables. Get them with [`Evaluator::get`] and keep the reference in
/// a hot loop.
#[derive(Debug)]
pub struct Evaluator {
    /// Row offsets of the perfect hash, by `key >> ROW_SHIFT`.
    offsets: Box<[u32]>,
    /// Values of the non-flush hands, by perfect hash of the rank key.
    ranks: Box<[u16]>,
    /// Values of flushes, by the 13-bit rank mask of the flush suit.
    flushes: Box<[u16]>,
    /// The sum of the rank keys of a 13-bit rank mask.
    mask_keys: Box<[u32]>,
}

static TABLES: LazyLock<Evaluator> = LazyLock::new(Evaluator::build);

impl Evaluator {
    /// The tables, built on first use.
    #[inline]
    pub fn get() -> &'static Evaluator {
        &TABLES
    }

    /// The value of a hand of five to seven cards.
    #[inline(always)]
    pub fn value(&self, hand: Hand) -> HandValue {
        if hand.key & FLUSH_BITS != 0 {
            let suit = ((hand.key & FLUSH_BITS) >> SUIT_SHIFT).trailing_zeros() / 4;
            HandValue(self.flushes[((hand.mask >> (16 * suit)) & 0x1FFF) as usize])
        } else {
            self.rank_value(hand.key as u32)
        }
    }

    /// The value of five to seven cards given as a set.
    #[inline]
    pub fn evaluate(&self, cards: CardSet) -> HandValue {
        debug_assert!((5..=7).contains(&cards.len()), "{cards} is not 5-7 cards");
        let b = cards.bits();
        let masks = [b, b >> 16, b >> 32, b >> 48].map(|m| (m & 0x1FFF) as usize);
        let mut key = 0;
        for m in masks {
            if m.count_ones() >= 5 {
                return HandValue(self.flushes[m]);
            }
            key += self.mask_keys[m];
        }
        self.rank_value(key)
    }

    #[inline(always)]
    fn rank_value(&self, key: u32) -> HandValue {
        let slot = self.offsets[(key >> ROW_SHIFT) as usize] + (key & COLUMN_MASK);
        HandValue(self.ranks[slot as usize])
    }

    /// How many slots the rank-value table has.
    pub fn rank_table_len(&self) -> usize {
        self.ranks.len()
    }

    fn build() -> Evaluator {
        let rank_values = rank_values();
        let (offsets, slots) = perfect_hash(rank_values.keys().copied());
        let mut ranks = vec![0u16; slots].into_boxed_slice();
        for (&key, &value) in &rank_values {
            let slot = offsets[(key >> ROW_SHIFT) as usize] + (key & COLUMN_MASK);
            ranks[slot as usize] = value.0;
        }
        let mask_keys = (0..1u32 << 13)
            .map(|m| {
                (0..13)
                    .filter(|r| m >> r & 1 != 0)
                    .map(|r| RANK_KEYS[r])
                    .sum()
            })
            .collect();
        Evaluator {
            offsets,
            ranks,
            flushes: flush_values(),
            mask_keys,
        }
    }
}

/// The key sum of some ranks.
fn key_of(ranks: &[Rank]) -> u32 {
    ranks.iter().map(|r| RANK_KEYS[r.index()]).sum()
}

/// The non-flush value of every multiset of five, six and seven ranks, by
/// key: five from the reference ranker, more by dropping each card in turn.
fn rank_values() -> HashMap<u32, HandValue> {
    let mut values = HashMap::with_capacity(80_000);
    for_each_rank_multiset(|ranks: [Rank; 5]| {
        let strength = reference::rank_five(&offsuit(ranks));
        values.insert(key_of(&ranks), class_value(strength));
    });
    let best_dropping_one = |values: &HashMap<u32, HandValue>, ranks: &[Rank]| {
        let key = key_of(ranks);
        ranks
            .iter()
            .map(|r| values[&(key - RANK_KEYS[r.index()])])
            .max()
            .unwrap_or_default()
    };
    let mut six = Vec::new();
    for_each_rank_multiset(|ranks: [Rank; 6]| six.push((key_of(&ranks), ranks)));
    for (key, ranks) in six {
        let v = best_dropping_one(&values, &ranks);
        values.insert(key, v);
    }
    let mut seven = Vec::new();
    for_each_rank_multiset(|ranks: [Rank; 7]| seven.push((key_of(&ranks), ranks)));
    for (key, ranks) in seven {
        let v = best_dropping_one(&values, &ranks);
        values.insert(key, v);
    }
    values
}

/// The flush value of every 13-bit rank mask of five or more ranks: five
/// from the reference ranker, more by dropping each rank in turn.
fn flush_values() -> Box<[u16]> {
    let mut values = vec![0u16; 1 << 13];
    for mask in 0..1usize << 13 {
        let ranks: Vec<Rank> = (0..13u8)
            .filter(|r| mask >> r & 1 != 0)
            .map(Rank::from_index)
            .collect();
        values[mask] = match ranks.len() {
            0..5 => 0,
            5 => {
                let cards: [Card; 5] = std::array::from_fn(|i| Card::new(ranks[i], Suit::Spades));
                class_value(reference::rank_five(&cards)).0
            }
            _ => ranks
                .iter()
                .map(|r| values[mask & !(1 << r.index())])
                .max()
                .unwrap_or_default(),
        };
    }
    values.into_boxed_slice()
}

/// Row displacement: places each row of keys (same `key >> ROW_SHIFT`) at
/// the lowest offset where its columns fall on free slots, fullest rows
/// first. Returns the offsets by row and the number of slots used.
fn perfect_hash(keys: impl Iterator<Item = u32>) -> (Box<[u32]>, usize) {
    let mut rows: HashMap<u32, Vec<u32>> = HashMap::new();
    for key in keys {
        rows.entry(key >> ROW_SHIFT)
            .or_default()
            .push(key & COLUMN_MASK);
    }
    let row_count = rows.keys().max().map_or(0, |&r| r as usize + 1);
    let mut order: Vec<(u32, Vec<u32>)> = rows.into_iter().collect();
    order.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(&b.0)));
    let mut offsets = vec![0u32; row_count];
    let mut used: Vec<bool> = Vec::new();
    let mut first_free = 0usize;
    for (row, columns) in order {
        let lowest = columns.iter().copied().min().unwrap_or(0) as usize;
        let mut offset = first_free.saturating_sub(lowest);
        while columns
            .iter()
            .any(|&c| used.get(offset + c as usize).copied().unwrap_or(false))
        {
            offset += 1;
        }
        for &c in &columns {
            let slot = offset + c as usize;
            if slot >= used.len() {
                used.resize(slot + 1, false);
            }
            used[slot] = true;
        }
        while used.get(first_free).copied().unwrap_or(false) {
            first_free += 1;
        }
        offsets[row as usize] = offset as u32;
    }
    // Keys of rows never seen land on slot 0 + column: pad so every such
    // lookup stays inside the table.
    let slots = used.len().max(COLUMN_MASK as usize + 1);
    (offsets.into_boxed_slice(), slots)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_keys_sum_uniquely() {
        let mut sums = std::collections::HashSet::new();
        let mut count = 0;
        for_each_rank_multiset(|r: [Rank; 5]| {
            count += 1;
            sums.insert(key_of(&r));
        });
        for_each_rank_multiset(|r: [Rank; 6]| {
            count += 1;
            sums.insert(key_of(&r));
        });
        for_each_rank_multiset(|r: [Rank; 7]| {
            count += 1;
            sums.insert(key_of(&r));
        });
        assert_eq!(count, 6175 + 18395 + 49205);
        assert_eq!(sums.len(), count);
    }

    /// Every five-card hand: the fast value equals the reference's, through
    /// both entry points, and the 7,462 classes and the category counts
    /// come out as the combinatorics says.
    #[test]
    fn every_five_card_hand_matches_the_reference() {
        let ev = Evaluator::get();
        let mut seen = vec![false; super::super::CLASSES + 1];
        let mut per_category = [0u32; 9];
        let cards: Vec<Card> = Card::all().collect();
        for a in 0..52 {
            let ha = Hand::EMPTY.add(cards[a]);
            for b in a + 1..52 {
                let hb = ha.add(cards[b]);
                for c in b + 1..52 {
                    let hc = hb.add(cards[c]);
                    for d in c + 1..52 {
                        let hd = hc.add(cards[d]);
                        for e in d + 1..52 {
                            let five = [cards[a], cards[b], cards[c], cards[d], cards[e]];
                            let want = class_value(reference::rank_five(&five));
                            let hand = hd.add(cards[e]);
                            assert_eq!(ev.value(hand), want, "{five:?}");
                            assert_eq!(ev.evaluate(hand.cards()), want, "{five:?}");
                            seen[want.0 as usize] = true;
                            per_category[want.category() as usize] += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(seen.iter().filter(|&&s| s).count(), super::super::CLASSES);
        assert_eq!(
            per_category,
            [
                1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40
            ]
        );
    }

    /// A million random six-card and a million random seven-card hands
    /// (seeded): the fast value equals the reference's best of the subsets.
    #[test]
    fn random_six_and_seven_card_hands_match_the_reference() {
        use rand::seq::SliceRandom;
        let ev = Evaluator::get();
        let mut rng = crate::game::rng_from_seed(3);
        let mut deck: Vec<Card> = Card::all().collect();
        for n in [6, 7] {
            for _ in 0..1_000_000 {
                let (hand, _) = deck.partial_shuffle(&mut rng, n);
                let want = super::super::best_five(hand).0;
                let set: CardSet = hand.iter().copied().collect();
                assert_eq!(ev.evaluate(set), want, "{hand:?}");
                assert_eq!(ev.value(Hand::of(set)), want, "{hand:?}");
            }
        }
    }

    #[test]
    fn hand_tracks_cards() {
        let set = CardSet::parse("As Kd 7h 7c 2s").unwrap_or_default();
        let hand = Hand::of(set);
        assert_eq!(hand.cards(), set);
        assert_eq!(hand.len(), 5);
        let split = Hand::of(CardSet::parse("As Kd").unwrap_or_default())
            .combine(Hand::of(CardSet::parse("7h 7c 2s").unwrap_or_default()));
        assert_eq!(split, hand);
    }
}
