//! Hand ranking: the comparable [`HandValue`] of five to seven cards, its
//! [`Category`], and the best five cards to show.
//!
//! Two rankers agree. [`mod@reference`] is the readable one (slice
//! patterns on sorted cards, best of every five-card subset); it is the
//! specification and names the cards shown. [`fast`] answers from tables
//! generated at build time (`build.rs`, from the `keys` they share), one
//! card at a time if wanted ([`Hand`]), and is what showdowns, equity and
//! the bots use. The tests check the two against each other. [`name`]
//! words a hand for the log ("two pair, kings and sevens, ace kicker").

pub mod fast;
pub(crate) mod keys;
pub mod name;
pub mod reference;

use std::fmt;

use serde::Serialize;

use crate::cards::{Card, CardSet};

pub use fast::{Hand, evaluate};
pub use name::name_five;

/// The nine hand categories, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// Five unpaired cards, no straight, no flush.
    HighCard,
    /// Two cards of one rank.
    OnePair,
    /// Two pairs.
    TwoPair,
    /// Three cards of one rank.
    ThreeOfAKind,
    /// Five ranks in a row (A-2-3-4-5 the lowest, T-J-Q-K-A the highest).
    Straight,
    /// Five cards of one suit.
    Flush,
    /// Three of one rank and two of another.
    FullHouse,
    /// Four cards of one rank.
    FourOfAKind,
    /// A straight in one suit.
    StraightFlush,
}

impl Category {
    /// All categories, weakest first.
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::OnePair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
    ];

    /// The name used in text and JSON output: "two pair", "full house", …
    pub const fn name(self) -> &'static str {
        match self {
            Category::HighCard => "high card",
            Category::OnePair => "one pair",
            Category::TwoPair => "two pair",
            Category::ThreeOfAKind => "three of a kind",
            Category::Straight => "straight",
            Category::Flush => "flush",
            Category::FullHouse => "full house",
            Category::FourOfAKind => "four of a kind",
            Category::StraightFlush => "straight flush",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The strength of a poker hand: the best five cards' class, numbered
/// 1 (7-5-4-3-2 offsuit) to 7462 (a royal flush). Higher wins, equal ties.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
#[repr(transparent)]
pub struct HandValue(u16);

/// The first class of each category, weakest category first.
const CATEGORY_START: [u16; 9] = [1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453];

/// How many distinct five-card hand classes there are.
pub const CLASSES: usize = 7462;

impl HandValue {
    /// The class number, 1 ..= 7462.
    pub const fn get(self) -> u16 {
        self.0
    }

    /// The value numbered `n`, if it is a class (1 ..= 7462).
    pub const fn new(n: u16) -> Option<HandValue> {
        if n >= 1 && n as usize <= CLASSES {
            Some(HandValue(n))
        } else {
            None
        }
    }

    /// The category.
    pub fn category(self) -> Category {
        let i = CATEGORY_START.partition_point(|&start| start <= self.0);
        Category::ALL[i.saturating_sub(1)]
    }
}

impl fmt::Display for HandValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The value and the best five of five to seven cards, ordered for display:
/// the value from the fast evaluator, the five from the reference ranker.
///
/// # Panics
/// If `cards` holds fewer than five cards.
pub fn best_five(cards: &[Card]) -> (HandValue, [Card; 5]) {
    let (_, five) = reference::best_of(cards);
    (evaluate(cards.iter().copied().collect::<CardSet>()), five)
}

/// Every distinct five-card strength of the reference ranker, weakest
/// first: a hand's value is its place in this list, counted from 1.
#[cfg(test)]
static CLASS_LIST: std::sync::LazyLock<Vec<reference::Strength>> = std::sync::LazyLock::new(|| {
    use crate::cards::{Rank, Suit};
    let mut list = Vec::with_capacity(CLASSES);
    for_each_rank_multiset(|ranks: [Rank; 5]| {
        let mut i = 0;
        let offsuit = ranks.map(|r| {
            i += 1;
            Card::new(r, Suit::from_index(i as u8))
        });
        list.push(reference::rank_five(&offsuit));
        if ranks.windows(2).all(|w| w[0] != w[1]) {
            let suited = ranks.map(|r| Card::new(r, Suit::Spades));
            list.push(reference::rank_five(&suited));
        }
    });
    list.sort_unstable();
    list.dedup();
    list
});

/// The value of a reference strength: its place among the classes.
#[cfg(test)]
pub(crate) fn class_value(s: reference::Strength) -> HandValue {
    let i = CLASS_LIST
        .binary_search(&s)
        .unwrap_or_else(|_| unreachable!("every five-card strength is listed"));
    HandValue(i as u16 + 1)
}

/// Calls `f` with every multiset of `N` ranks that a deck holds (no rank
/// more than four times), sorted low to high.
#[cfg(test)]
pub(crate) fn for_each_rank_multiset<const N: usize>(mut f: impl FnMut([crate::cards::Rank; N])) {
    use crate::cards::Rank;
    fn go<const N: usize>(
        next: usize,
        filled: usize,
        ranks: &mut [Rank; N],
        f: &mut impl FnMut([Rank; N]),
    ) {
        if filled == N {
            f(*ranks);
            return;
        }
        for r in next..13 {
            let copies = ranks[..filled].iter().filter(|x| x.index() == r).count();
            if copies < 4 {
                ranks[filled] = Rank::from_index(r as u8);
                go(r, filled + 1, ranks, f);
            }
        }
    }
    go(0, 0, &mut [Rank::Two; N], &mut f);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_and_categories() {
        assert_eq!(CLASS_LIST.len(), CLASSES);
        for (i, s) in CLASS_LIST.iter().enumerate() {
            let v = HandValue(i as u16 + 1);
            assert_eq!(v.category(), s.category, "class {}", i + 1);
        }
        let names: Vec<String> = Category::ALL.iter().map(Category::to_string).collect();
        assert_eq!(
            names,
            [
                "high card",
                "one pair",
                "two pair",
                "three of a kind",
                "straight",
                "flush",
                "full house",
                "four of a kind",
                "straight flush"
            ]
        );
        assert_eq!(HandValue::new(0), None);
        assert_eq!(HandValue::new(7463), None);
    }

    #[test]
    fn best_five_values_order_by_strength() {
        let royal = crate::cards::parse_cards("As Ks Qs Js Ts 2c 2d").unwrap_or_default();
        let (v, _) = best_five(&royal);
        assert_eq!(v.get() as usize, CLASSES);
        let worst = crate::cards::parse_cards("7c 5d 4h 3s 2c").unwrap_or_default();
        assert_eq!(best_five(&worst).0.get(), 1);
    }
}
