//! `Deck<T>`: a pack of any item type, its Fisher–Yates shuffle, and the
//! closure dealer of the Lua seed: a dealer that deals one or N items per
//! call and reshuffles itself when the pack runs short.

use rand::Rng;
use rand::seq::SliceRandom;

/// Why a deck could not be made or dealt from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// A deck needs at least one item.
    #[error("the deck is empty")]
    EmptyDeck,
    /// One deal asked for more items than the whole pack holds.
    #[error("cannot deal {asked} items at once from a pack of {pack}")]
    TooMany {
        /// Items asked for in one deal.
        asked: usize,
        /// Items in the whole pack.
        pack: usize,
    },
}

/// A pack of items of any type: cards, numbers, strings, structs.
///
/// The deck is a template: [`Deck::dealer`] makes as many independent
/// dealers from it as wanted, each with its own copy and its own generator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck<T> {
    items: Vec<T>,
}

impl<T: Clone> Deck<T> {
    /// A deck of these items, in this order. Errors if there are none.
    pub fn new(items: Vec<T>) -> Result<Deck<T>, DealError> {
        if items.is_empty() {
            return Err(DealError::EmptyDeck);
        }
        Ok(Deck { items })
    }

    /// The items, in their current order.
    pub fn items(&self) -> &[T] {
        &self.items
    }

    /// How many items.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Always false: a deck holds at least one item.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Shuffles in place, Fisher–Yates (rand's `SliceRandom::shuffle`):
    /// every order equally likely given a uniform generator.
    pub fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        self.items.shuffle(rng);
    }

    /// A dealer with its own copy of this pack and its own generator.
    pub fn dealer<R: Rng>(&self, rng: R) -> Dealer<T, R> {
        Dealer {
            pack: self.items.clone(),
            next: self.items.len(),
            rng,
            shuffles: 0,
        }
    }
}

/// The closure dealer: owns a pack, a position in it and a generator.
///
/// **Reshuffle rule.** The dealer starts with the whole pack still to
/// shuffle. A deal of `n` items takes the next `n` items of the current
/// shuffled pack. If fewer than `n` undealt items remain (always so for the
/// first deal), the *whole* pack — every item, including the undealt
/// remainder — is shuffled first and the deal starts from its top. So one
/// deal comes from one shuffle and never holds an item twice, and between
/// two reshuffles no item is dealt twice. Asking for more items than the
/// pack holds is [`DealError::TooMany`]; the dealer is left as it was.
///
/// Call [`Dealer::deal`] / [`Dealer::deal_n`], or turn it into a plain
/// closure with [`Dealer::into_fn`].
#[derive(Debug, Clone)]
pub struct Dealer<T, R> {
    pack: Vec<T>,
    next: usize,
    rng: R,
    shuffles: u64,
}

impl<T: Clone, R: Rng> Dealer<T, R> {
    /// Deals `n` distinct items (reshuffling first if fewer remain).
    pub fn deal_n(&mut self, n: usize) -> Result<Vec<T>, DealError> {
        if n > self.pack.len() {
            return Err(DealError::TooMany {
                asked: n,
                pack: self.pack.len(),
            });
        }
        if self.remaining() < n {
            self.pack.shuffle(&mut self.rng);
            self.next = 0;
            self.shuffles += 1;
        }
        let start = self.next;
        self.next += n;
        Ok(self.pack[start..self.next].to_vec())
    }

    /// Deals one item (reshuffling first if none remain).
    pub fn deal(&mut self) -> T {
        if self.remaining() == 0 {
            self.pack.shuffle(&mut self.rng);
            self.next = 0;
            self.shuffles += 1;
        }
        self.next += 1;
        self.pack[self.next - 1].clone()
    }

    /// Undealt items left in the current shuffle.
    pub fn remaining(&self) -> usize {
        self.pack.len() - self.next
    }

    /// How many times the pack has been shuffled so far.
    pub fn shuffles(&self) -> u64 {
        self.shuffles
    }

    /// The dealer as a closure: each call deals `n` items.
    pub fn into_fn(mut self) -> impl FnMut(usize) -> Result<Vec<T>, DealError> {
        move |n| self.deal_n(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn rng(seed: u64) -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(seed)
    }

    #[test]
    fn empty_deck_is_an_error() {
        assert_eq!(Deck::<u8>::new(vec![]), Err(DealError::EmptyDeck));
    }

    #[test]
    fn too_many_is_an_error_and_changes_nothing() {
        let deck = Deck::new(vec![1, 2, 3]).unwrap_or_else(|e| panic!("{e}"));
        let mut d = deck.dealer(rng(1));
        assert_eq!(d.deal_n(2).map(|v| v.len()), Ok(2));
        assert_eq!(d.deal_n(4), Err(DealError::TooMany { asked: 4, pack: 3 }));
        assert_eq!(d.remaining(), 1);
        assert_eq!(d.shuffles(), 1);
    }

    #[test]
    fn single_deals_cycle_through_the_pack() {
        let deck = Deck::new(vec!["Apple", "Banana", "Cherry", "Lemon", "Orange"])
            .unwrap_or_else(|e| panic!("{e}"));
        let mut d = deck.dealer(rng(7));
        for cycle in 0..20 {
            let mut got: Vec<&str> = (0..5).map(|_| d.deal()).collect();
            got.sort_unstable();
            assert_eq!(got, ["Apple", "Banana", "Cherry", "Lemon", "Orange"]);
            assert_eq!(d.shuffles(), cycle + 1);
        }
    }

    #[test]
    fn dealer_works_as_a_closure() {
        let deck = Deck::new((0..10).collect::<Vec<u32>>()).unwrap_or_else(|e| panic!("{e}"));
        let mut deal = deck.dealer(rng(3)).into_fn();
        let a = deal(6).unwrap_or_default();
        let b = deal(6).unwrap_or_default();
        assert_eq!((a.len(), b.len()), (6, 6));
        assert!(deal(11).is_err());
    }
}
